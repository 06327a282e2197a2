"""A movement-die face drawn with pips (0 means "not rolled yet": an empty face)."""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, RoundedRectangle
from kivy.properties import NumericProperty
from kivy.uix.widget import Widget

from ui import theme

#: Pip positions per face on a 3×3 grid, (column, row) from the bottom-left.
PIPS = {
    1: [(1, 1)],
    2: [(0, 2), (2, 0)],
    3: [(0, 2), (1, 1), (2, 0)],
    4: [(0, 0), (0, 2), (2, 0), (2, 2)],
    5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
    6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
}


class DieFace(Widget):
    """A square die face centred in the widget.

    Attributes:
        face: 1–6, or 0 before the first roll.
    """

    face = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, face=self._draw)
        self._draw()

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        side = min(self.width, self.height)
        x = self.x + (self.width - side) / 2
        y = self.y + (self.height - side) / 2
        radius = side * 0.18
        with self.canvas:
            Color(*(theme.DIE_FACE if self.face else theme.DOORS_OPEN))
            RoundedRectangle(pos=(x, y), size=(side, side), radius=[radius])
            Color(*theme.PANEL_EDGE)
            Line(rounded_rectangle=(x, y, side, side, radius), width=1.2)
            Color(*theme.PIP)
            pip = side * 0.2
            for col, row in PIPS.get(int(self.face), []):
                cx = x + side * (0.22 + 0.28 * col)
                cy = y + side * (0.22 + 0.28 * row)
                Ellipse(pos=(cx - pip / 2, cy - pip / 2), size=(pip, pip))
