"""A movement-die face drawn with pips (0 means "not rolled yet": an empty face)."""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, RoundedRectangle
from kivy.properties import NumericProperty

from ui import theme
from ui.widgets.drawn import DrawnWidget

#: Segments of a small drawn circle (Kivy's default 180 costs the software renderer of the
#: Pi-like run for nothing at a few millimetres).
SEGMENTS = 20

#: Pip positions per face on a 3×3 grid, (column, row) from the bottom-left.
PIPS = {
    1: [(1, 1)],
    2: [(0, 2), (2, 0)],
    3: [(0, 2), (1, 1), (2, 0)],
    4: [(0, 0), (0, 2), (2, 0), (2, 2)],
    5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
    6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
}


class DieFace(DrawnWidget):
    """A square die face centred in the widget.

    Attributes:
        face: 1–6, or 0 before the first roll.
    """

    face = NumericProperty(0)
    redraw_on = ("face",)

    def draw(self) -> None:
        x, y, side = self.centred_square()
        radius = side * 0.18
        with self.canvas:
            Color(*(theme.DIE_FACE if self.face else theme.DOORS_OPEN))
            RoundedRectangle(pos=(x, y), size=(side, side), radius=[radius], segments=4)
            Color(*theme.PANEL_EDGE)
            Line(rounded_rectangle=(x, y, side, side, radius, 4), width=1.2, joint="miter")
            Color(*theme.PIP)
            pip = side * 0.2
            for col, row in PIPS.get(int(self.face), []):
                cx = x + side * (0.22 + 0.28 * col)
                cy = y + side * (0.22 + 0.28 * row)
                Ellipse(pos=(cx - pip / 2, cy - pip / 2), size=(pip, pip), segments=SEGMENTS)
