"""Whose turn in the header (screen21b): the fullest of its forms that holds one line.

"Turn 18 · Cy's turn" was one 24 sp line; the name, the one word every player looks up for
from a metre, is now drawn at :data:`ui.layout.TURN_NAME_FONT` inside it, and where the
whole line does not hold the header's box ("Turno 18 · turno di Margherita" at 800×480)
a shorter form shows ("Turno di Margherita", then the name alone). The header's buttons
keep their widths: nothing moves, only the words between them change.
"""

from __future__ import annotations

from functools import lru_cache

from kivy.clock import Clock
from kivy.core.text.markup import MarkupLabel
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty

from ui.layout import first_within
from ui.widgets.shown import ShownLabel


@lru_cache(maxsize=512)
def markup_width(markup: str, font_size: float, bold: bool, font_name: str) -> float:
    """Pixels ``markup`` takes on one line at ``font_size`` (its ``[size]`` tags as drawn)."""
    core = MarkupLabel(text=markup, font_size=font_size, bold=bold, font_name=font_name, markup=True)
    core.refresh()
    return core.content_width


class TurnLabel(ShownLabel):
    """A one-line label showing the first of ``forms`` (markups, the fullest first) that
    holds its width; the last (cut with "…") where none does, or nothing with ``whole``.

    :attr:`forms` is a ListProperty of markup strings and defaults to [].
    :attr:`whole` is a BooleanProperty and defaults to False: True shows no text rather than
    a cut one (portrait's header, where the name is a second telling of the row under it).
    """

    forms = ListProperty([])
    whole = BooleanProperty(False)

    def __init__(self, **kwargs):
        self._refit = Clock.create_trigger(self.refit, -1)
        super().__init__(**kwargs)
        self.fbind("forms", self._refit)
        self.fbind("width", self._refit)
        self.fbind("font_size", self._refit)
        self.fbind("whole", self._refit)

    def refit(self, *_args) -> None:
        """Show the fullest form that holds the label's width (called before the next frame)."""
        forms = list(self.forms)
        if not forms:
            self.text = ""
            return
        widths = [markup_width(form, self.font_size, self.bold, self.font_name) for form in forms]
        room = self.width - self.padding[0] - self.padding[2]
        chosen = first_within(widths, room)
        fits = widths[chosen] <= room
        self.text = "" if self.whole and not fits else forms[chosen]


Factory.register("TurnLabel", cls=TurnLabel)
