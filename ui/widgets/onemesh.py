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


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, segments: int) -> list[tuple[float, float]]:
    """A quarter arc's ``segments`` points from ``start`` degrees clockwise, as Kivy 2.3's
    ``RoundedRectangle.draw_arc`` computes them (an iterated rotation, in double precision)."""
    begin, end = start * 0.017453292519943295, (start - 90) * 0.017453292519943295
    theta = (end - begin) / segments
    tangential, radial = math.tan(theta), math.cos(theta)
    x, y = math.cos(begin), math.sin(begin)
    points = []
    for _ in range(segments):
        points.append((cx + x * rx, cy + y * ry))
        fx, fy = -y, x
        x += fx * tangential
        y += fy * tangential
        x *= radial
        y *= radial
    return points


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

    def rounded_rectangle(self, pos: tuple[float, float], size: tuple[float, float], radius: float,
                          segments: int) -> None:
        """Kivy 2.3's ``RoundedRectangle(pos=pos, size=size, radius=[radius], segments=segments)``
        (``radius`` and ``segments`` above 0): a fan from the middle through each corner's arc,
        then the corner's closing point, as Kivy builds it."""
        x, y, w, h = array("f", (*pos, *size))
        if w == 0 or h == 0:
            return
        right, top = array("f", (x + w, y + h))  # Kivy adds these in single precision
        rx, ry = min(radius, w / 2), min(radius, h / 2)
        xs, ys = [x + w / 2], [y + h / 2]
        corners = ((x + rx, top - ry, 0, 1), (right - rx, top - ry, 1, 1), (right - rx, y + ry, 1, 0),
                   (x + rx, y + ry, 0, 0))
        for corner, (px, py, dw, dh) in enumerate(corners):
            arc = _arc(px, py, rx, ry, 180 - 90 * corner, segments)
            xs.extend(ax for ax, _ay in arc)
            ys.extend(ay for _ax, ay in arc)
            xs.append(px * (dw != dh) + x * (dw == dh) + w * (dw * dh))
            ys.append(py * (dw == dh) + y * (dw != dh) + h * (dh > dw))
        xs.append(xs[1])
        ys.append(ys[1])
        self._fan(array("f", xs), array("f", ys))

    def polygon(self, points: list[tuple[float, float]], centre: tuple[float, float]) -> None:
        """A filled polygon, star-shaped around ``centre`` (:func:`ui.widgets.shapes._polygon`)."""
        fan = [centre, *points, points[0]]
        self._fan([x for x, _y in fan], [y for _x, y in fan])

    def add_to(self, group) -> None:
        """Add the one ``Mesh`` to ``group`` (nothing when no shape was given)."""
        if self.indices:
            group.add(Mesh(vertices=self.vertices, indices=self.indices, mode="triangles"))
