"""The neutral board: shown for a game without a board of its own, and instead of a board
that could not draw its view (see :func:`ui.boards.update`). It says so in the table's
language and names no piece of the game, so nothing wrong or hidden can appear."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import sp
from kivy.properties import DictProperty, NumericProperty

from ui import theme
from ui.boards.fit import FitLabel


class GenericBoard(FitLabel):
    """A calm sentence in the board's place: the game goes on with the prompt and its buttons.

    Attributes:
        view, colours: as every board's (not drawn).
        scale: the app's scale (bound in :meth:`__init__`).
    """

    view = DictProperty({})
    colours = DictProperty({})
    scale = NumericProperty(1.0)
    game = None  # any game's view

    def __init__(self, **kwargs):
        super().__init__(color=theme.TEXT_DIM, **kwargs)
        app = App.get_running_app()
        self.tr = app.tr
        app.bind(scale=lambda _a, s: setattr(self, "scale", s))
        self.scale = app.scale
        self.tr.on_switch(lambda _lang: self.on_view())  # also while off the screen: it cannot fail
        self.on_view()

    def on_scale(self, *_args) -> None:
        self.max_font, self.min_font = sp(20) * self.scale, sp(14) * self.scale

    def on_view(self, *_args) -> None:
        self.text = self.tr._("No picture of the board here: follow the instructions and the buttons.")
