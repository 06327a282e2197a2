"""The notice banner: an orange strip for what the players must know now (touch hides it)."""

from __future__ import annotations

from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

from ui.widgets.shown import ShownBehavior


class NoticeBanner(ShownBehavior, ButtonBehavior, Label):
    """Shows ``text``; not drawn (and not touchable) while ``text`` is empty.

    Attributes:
        level: ``"info"``, ``"warning"`` or ``"error"`` (errors are red).
    """

    level = StringProperty("warning")

    def on_touch_down(self, touch):
        if not self.text:
            return False
        return super().on_touch_down(touch)


class NoticeCopy(ShownBehavior, ButtonBehavior, Label):
    """The instruction under a refusal banner that lies over it (issue 29): the prompt or the
    physical step the banner would hide, in the room left under the banner, a page at a time
    (touch it for the next). Not drawn while it has no pages.

    Attributes:
        pages: the instruction's pages as markup, each with its mark ("› 1/2"); ``[]``: none.
        page: the page on show (from 0).
        fill: the colour behind it (the screen's for a prompt, the step box's for a step).
    """

    pages = ListProperty([])
    page = NumericProperty(0)
    fill = ListProperty([0, 0, 0, 1])

    def on_pages(self, *_args) -> None:
        self.page = 0

    def on_touch_down(self, touch):
        if not self.pages:
            return False
        return super().on_touch_down(touch)

    def on_release(self) -> None:
        if self.pages:
            self.page = (int(self.page) + 1) % len(self.pages)
