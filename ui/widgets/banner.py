"""The notice banner: an orange strip for what the players must know now (touch hides it)."""

from __future__ import annotations

from kivy.properties import StringProperty
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
