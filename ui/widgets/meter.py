"""The haunting meter: one segment per haunting the game allows, red as it fills."""

from __future__ import annotations

from kivy.graphics import Color
from kivy.properties import NumericProperty

from ui import theme
from ui.widgets.drawn import DrawnWidget
from ui.widgets.onemesh import OneMesh

#: Colour of the first filled segment; the last one is :data:`theme.HAUNTING`.
EMPTYISH = (1.0, 0.72, 0.22, 1)


def fill_colour(count: int, limit: int) -> tuple:
    """Amber for a few hauntings, turning red as ``count`` nears ``limit``."""
    return theme.blend(EMPTYISH, theme.HAUNTING, count / limit if limit else 1.0)


class HauntingMeter(DrawnWidget):
    """Segments (``limit`` of them), the first ``count`` filled (one mesh a colour, issue 27
    item 7: 8 rounded rectangles were 24 instructions, every frame).

    Attributes:
        count: hauntings on the board.
        limit: hauntings that end the game.
    """

    count = NumericProperty(0)
    limit = NumericProperty(8)
    redraw_on = ("count", "limit")

    def draw(self) -> None:
        limit = max(1, int(self.limit))
        gap = max(2.0, self.width * 0.015)
        seg = (self.width - gap * (limit - 1)) / limit
        filled, empty = OneMesh(), OneMesh()  # one mesh a colour: the segments never overlap
        for i in range(limit):
            (filled if i < self.count else empty).rounded_rectangle(
                (self.x + i * (seg + gap), self.y), (seg, self.height), min(seg, self.height) * 0.25, 4)
        for colour, mesh in ((fill_colour(int(self.count), limit), filled), (theme.DOORS_OPEN, empty)):
            if mesh.indices:
                self.canvas.add(Color(*colour))
                mesh.add_to(self.canvas)
