"""Several of a piece's shapes of one colour drawn as one ``Mesh`` (issue 27 item 7).

Kivy draws every ``Ellipse`` and ``Rectangle`` as a draw call of its own, each after a
texture binding: a ghost was 16 instructions, a pawn 14, and under a software renderer
(Mesa's llvmpipe, the Pi without its GPU driver) each draw call's set-up runs on the main
thread. Here the shapes of one colour go into one triangle list, with the very vertices
Kivy 2.3's own shapes have (positions and sizes kept in single precision, an ellipse's rim
by an iterated rotation in double precision, a rectangle's corners added in single
precision), so the pixels stay the same (tests/ui/test_onemesh.py draws both and compares).
"""

from __future__ import annotations

import math
from array import array
from functools import cache

from kivy.graphics import Mesh


@cache
def unit_rim(segments: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The ``segments + 1`` rim points of a full ellipse of Kivy's ``Ellipse`` in the unit
    square, as Kivy 2.3 computes them (an iterated rotation, in double precision): ``(xs, ys)``."""
    angle_range = -1 * (360.0 * 0.017453292519943295) / segments  # degrees to radians, as Kivy writes it
    tangential, radial = math.tan(angle_range), math.cos(angle_range)
    x, y = 0.5 * math.sin(0.0), 0.5 * math.cos(0.0)
    xs, ys = [], []
    for _ in range(segments + 1):
        xs.append(0.5 + x)
        ys.append(0.5 + y)
        fx, fy = -y, x
        x += fx * tangential
        y += fy * tangential
        x *= radial
        y *= radial
    return tuple(xs), tuple(ys)


class OneMesh:
    """Shapes of one colour gathered into one triangle list (:meth:`add_to` draws them, in
    the order they were given: where they overlap, the later one is on top as before)."""

    def __init__(self) -> None:
        self.vertices: list[float] = []
        self.indices: list[int] = []

    def _fan(self, xs, ys) -> None:
        """A triangle fan: the first point in the middle, the rest its rim, in order."""
        first = len(self.vertices) // 4
        for x, y in zip(xs, ys):
            self.vertices.extend((x, y, 0.0, 0.0))
        for i in range(1, len(xs) - 1):
            self.indices.extend((first, first + i, first + i + 1))

    def ellipse(self, pos: tuple[float, float], size: tuple[float, float], segments: int) -> None:
        """Kivy's ``Ellipse(pos=pos, size=size, segments=segments)``."""
        x, y, w, h = array("f", (*pos, *size))  # Kivy keeps them in single precision
        if w == 0 or h == 0:
            return  # Kivy draws nothing either
        rim_x, rim_y = unit_rim(segments)
        self._fan([x + 0.5 * w, *(x + u * w for u in rim_x)], [y + 0.5 * h, *(y + u * h for u in rim_y)])

    def rectangle(self, pos: tuple[float, float], size: tuple[float, float]) -> None:
        """Kivy's ``Rectangle(pos=pos, size=size)``: two triangles."""
        x, y, w, h = array("f", (*pos, *size))
        right, top = array("f", (x + w, y + h))  # Kivy adds in single precision
        first = len(self.vertices) // 4
        self.vertices.extend((x, y, 0.0, 0.0, right, y, 0.0, 0.0, right, top, 0.0, 0.0, x, top, 0.0, 0.0))
        self.indices.extend((first, first + 1, first + 2, first + 2, first + 3, first))

    def polygon(self, points: list[tuple[float, float]], centre: tuple[float, float]) -> None:
        """A filled polygon, star-shaped around ``centre`` (:func:`ui.widgets.shapes._polygon`)."""
        fan = [centre, *points, points[0]]
        self._fan([x for x, _y in fan], [y for _x, y in fan])

    def add_to(self, group) -> None:
        """Add the one ``Mesh`` to ``group`` (nothing when no shape was given)."""
        if self.indices:
            group.add(Mesh(vertices=self.vertices, indices=self.indices, mode="triangles"))
