"""Widgets that draw pieces: one marker (legend, badges) and a row of markers (room tiles)."""

from __future__ import annotations

from kivy.properties import ColorProperty, ListProperty, NumericProperty, OptionProperty

from ui.widgets import shapes
from ui.widgets.drawn import DrawnWidget


class Marker(DrawnWidget):
    """One piece (``kind``: ghost, haunting or crown), as large as fits the widget."""

    kind = OptionProperty("ghost", options=list(shapes.PIECES))
    colour = ColorProperty(None, allownone=True)
    redraw_on = ("kind", "colour")

    def draw(self) -> None:
        x, y, size = self.centred_square()
        draw = shapes.PIECES[self.kind]
        if self.colour is None:
            draw(self.canvas, x, y, size)
        else:
            draw(self.canvas, x, y, size, tuple(self.colour))


class PieceRow(DrawnWidget):
    """Ghosts then hauntings, left to right, shrunk to fit the widget's width.

    Attributes:
        ghosts, hauntings: how many of each to draw.
        piece_size: the preferred size of one piece in pixels (shrinks when they do not fit).
    """

    ghosts = NumericProperty(0)
    hauntings = NumericProperty(0)
    piece_size = NumericProperty(16)
    redraw_on = ("ghosts", "hauntings", "piece_size")

    def draw(self) -> None:
        kinds = ["haunting"] * int(self.hauntings) + ["ghost"] * int(self.ghosts)
        if not kinds:
            return
        gap = self.piece_size * 0.2
        size = min(self.piece_size, self.height, (self.width + gap) / len(kinds) - gap)
        y = self.y + (self.height - size) / 2
        for i, kind in enumerate(kinds):
            shapes.PIECES[kind](self.canvas, self.x + i * (size + gap), y, size)


class PawnRow(DrawnWidget):
    """Hunters' pawns (``colours``, one RGBA each), left to right in that order and flush
    with the widget's right edge, shrunk to fit its width."""

    colours = ListProperty([])
    piece_size = NumericProperty(16)
    redraw_on = ("colours", "piece_size")

    def draw(self) -> None:
        if not self.colours:
            return
        gap = self.piece_size * 0.15
        size = min(self.piece_size, self.height, (self.width + gap) / len(self.colours) - gap)
        y = self.y + (self.height - size) / 2
        left = self.right - len(self.colours) * (size + gap) + gap  # in the names' order, flush right
        for i, colour in enumerate(self.colours):
            shapes.pawn(self.canvas, left + i * (size + gap), y, size, tuple(colour))
