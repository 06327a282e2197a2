"""Widgets that draw pieces: one marker (legend, badges) and a row of markers (room tiles)."""

from __future__ import annotations

from kivy.properties import ColorProperty, NumericProperty, OptionProperty
from kivy.uix.widget import Widget

from ui.widgets import shapes


class Marker(Widget):
    """One piece (``kind``: ghost, haunting or crown), as large as fits the widget."""

    kind = OptionProperty("ghost", options=list(shapes.PIECES))
    colour = ColorProperty(None, allownone=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, kind=self._draw, colour=self._draw)
        self._draw()

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        size = min(self.width, self.height)
        x = self.x + (self.width - size) / 2
        y = self.y + (self.height - size) / 2
        draw = shapes.PIECES[self.kind]
        if self.colour is None:
            draw(self.canvas, x, y, size)
        else:
            draw(self.canvas, x, y, size, tuple(self.colour))


class PieceRow(Widget):
    """Ghosts then hauntings, left to right, shrunk to fit the widget's width.

    Attributes:
        ghosts, hauntings: how many of each to draw.
        piece_size: the preferred size of one piece in pixels (shrinks when they do not fit).
    """

    ghosts = NumericProperty(0)
    hauntings = NumericProperty(0)
    piece_size = NumericProperty(16)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, ghosts=self._draw, hauntings=self._draw,
                  piece_size=self._draw)
        self._draw()

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        kinds = ["haunting"] * int(self.hauntings) + ["ghost"] * int(self.ghosts)
        if not kinds:
            return
        gap = self.piece_size * 0.2
        size = min(self.piece_size, self.height, (self.width + gap) / len(kinds) - gap)
        y = self.y + (self.height - size) / 2
        for i, kind in enumerate(kinds):
            shapes.PIECES[kind](self.canvas, self.x + i * (size + gap), y, size)
