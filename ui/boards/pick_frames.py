"""The gold frames over the Creepy Cellar rooms that pick a choice now (issue 17 item 3),
shown and hidden without kv rules (issue 27 item 7).

A frame was a kv widget, the tile's last child, with ``shown: root.pickable``: a move
turned the frames of most rooms on or off, each a kv rule, its opacity and its canvas taken
out or put back. Here a frame is a Color and a Line made once for its tile's place and
size, put at the end of the tile's canvas (where the last child's canvas was: over the
pieces, under the tile's ``canvas.after``) while the room picks something, and taken out
otherwise. A frame on show is made again before the next frame when its tile moves or
resizes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kivy.graphics import Color, InstructionGroup, Line
from kivy.metrics import dp

from ui import theme
from ui.widgets.frame import before_frame


class PickFrames:
    """The pick frames of ``tiles`` (widgets), ``scale()`` the app's size factor."""

    def __init__(self, tiles: Iterable, scale: Callable[[], float]) -> None:
        self.scale = scale
        self.frames = {tile: _Frame() for tile in tiles}
        self.redraw = before_frame(self._redraw)
        for tile in self.frames:
            tile.bind(pos=self.redraw, size=self.redraw)

    def show(self, tiles: set) -> None:
        """Frame ``tiles`` (of those given) and no others."""
        scale = self.scale()
        for tile, frame in self.frames.items():
            frame.show(tile, scale) if tile in tiles else frame.hide(tile)

    def _redraw(self, *_args) -> None:
        scale = self.scale()
        for tile, frame in self.frames.items():
            if frame.shown:
                frame.show(tile, scale)


class _Frame:
    """One tile's frame: its instructions and the place they were made for."""

    def __init__(self) -> None:
        self.group = InstructionGroup()
        self.made_for: tuple | None = None
        self.shown = False

    def show(self, tile, scale: float) -> None:
        shape = rounded(tile, scale)
        if shape != self.made_for:
            self.made_for = shape
            self.group.clear()
            self.group.add(Color(*theme.GOLD))
            self.group.add(Line(rounded_rectangle=shape, width=dp(1.6) * scale, joint="miter"))
        if not self.shown:
            tile.canvas.add(self.group)
            self.shown = True

    def hide(self, tile) -> None:
        if self.shown:
            tile.canvas.remove(self.group)
            self.shown = False


def rounded(tile, scale: float) -> tuple:
    """The frame's ``rounded_rectangle``: 3 dp inside the tile, corners of 5 dp (4 segments),
    computed as the kv rule did (the same floats: the same pixels)."""
    return (tile.x + dp(3) * scale, tile.y + dp(3) * scale, tile.width - dp(6) * scale, tile.height - dp(6) * scale,
            dp(5) * scale, 4)
