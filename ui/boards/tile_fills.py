"""Room tiles' fills drawn as one mesh a colour (issue 27 item 7).

Each Creepy Cellar room drew its tile as a Color, a texture binding and a
``RoundedRectangle`` of its own, 16 tiles every frame, and under a software renderer
(Mesa's llvmpipe) each draw call's set-up runs on the main thread. The tiles never overlap
(the layouts leave a gap between them, and what a tile holds stays inside it), so drawing
all the fills first, one mesh a colour with Kivy's own vertices
(:meth:`ui.widgets.onemesh.OneMesh.rounded_rectangle`), leaves the pixels as they were.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kivy.graphics import Color, InstructionGroup

from ui.widgets.frame import before_frame
from ui.widgets.onemesh import OneMesh


class TileFills:
    """The fills of ``tiles`` (widgets) in ``canvas`` (drawn before them), each in
    ``colour(tile)`` with rounded corners of ``radius()`` pixels (4 segments a corner),
    redrawn before the next frame when a tile moves, resizes or changes one of ``watch``."""

    def __init__(self, canvas, tiles: Iterable, colour: Callable, radius: Callable[[], float],
                 watch: tuple[str, ...] = ()) -> None:
        self.tiles, self.colour, self.radius = list(tiles), colour, radius
        self.group = InstructionGroup()
        canvas.add(self.group)
        self.redraw = before_frame(self.draw)
        for tile in self.tiles:
            tile.bind(**{name: self.redraw for name in ("pos", "size", *watch)})
        self.redraw()

    def draw(self, *_args) -> None:
        meshes: dict[tuple, OneMesh] = {}
        radius = self.radius()
        for tile in self.tiles:
            meshes.setdefault(tuple(self.colour(tile)), OneMesh()).rounded_rectangle(tile.pos, tile.size, radius, 4)
        self.group.clear()
        for colour, mesh in meshes.items():
            if mesh.indices:
                self.group.add(Color(*colour))
                mesh.add_to(self.group)
