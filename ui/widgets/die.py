"""A movement-die face drawn with pips (0 means "not rolled yet": an empty face)."""

from __future__ import annotations

from kivy.graphics import BindTexture, Canvas, Color, Ellipse, Line, RoundedRectangle
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
    """A square die face centred in the widget. The faces drawn at its place and size are
    kept and put back (issue 27 item 7: a roll and its undo drew a face anew each time).

    Attributes:
        face: 1–6, or 0 before the first roll.
    """

    face = NumericProperty(0)
    redraw_on = ("face",)

    def __init__(self, **kwargs):
        self._faces: dict[tuple, list] = {}  # (face, pos, size) -> its instructions
        super().__init__(**kwargs)

    def draw(self) -> None:
        key = (int(self.face), tuple(self.pos), tuple(self.size))
        drawn = self._faces.get(key)
        if drawn is None:
            if any(known[1:] != key[1:] for known in self._faces):
                self._faces.clear()  # moved or resized: the faces drawn before are of no use
            made = Canvas()
            self._draw_face(made)
            # a shape's texture binding comes back with the shape (Kivy adds it before it)
            drawn = self._faces[key] = [i for i in made.children if not isinstance(i, BindTexture)]
            made.clear()
        for instruction in drawn:
            self.canvas.add(instruction)

    def _draw_face(self, canvas) -> None:
        x, y, side = self.centred_square()
        radius = side * 0.18
        with canvas:
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
