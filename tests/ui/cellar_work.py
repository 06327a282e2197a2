"""Run by test_cellar_work.py in a child process (Kivy stays out of the test process, no
window): the canvas instructions the Creepy Cellar board leaves in the drawing, which Kivy
walks and submits at every frame (issue 27 item 7). Prints one JSON line:
``{"board": n, "empty_room": {kind: n}, "hidden": {part: n}, "pieces": {piece: {kind: n}},
"fills": {kind: n}}``.
"""

from __future__ import annotations

import collections
import json
import os
import sys

os.environ.setdefault("KIVY_NO_ARGS", "1")

#: The script's view counted (hunters on the board, a passage tile, ghosts, hauntings).
VIEW = 10


def main() -> int:
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.event import EventDispatcher
    from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty

    from benchmarks.board_views import views
    from ui.boards import board_class, update
    from ui.i18n import Translator

    class FakeApp(EventDispatcher):  # what the board's kv reads of the app
        portrait = BooleanProperty(False)
        scale = NumericProperty(1.0)
        tr = ObjectProperty(None)

    App._running_app = FakeApp(tr=Translator())
    all_views, colours = views("creepy_cellar")
    board = board_class("creepy_cellar")()
    board.size = (780, 330)  # the board's slot at 800x480
    assert update(board, all_views[VIEW], colours)
    for _ in range(4):
        Clock.tick()
    empty = next(t for t in board.tiles.values() if not (t.hunters or t.ghosts or t.hauntings or t.passage))
    hidden = {"passage tile": sum(drawn(t.ids.get("passage") or _passage(t)) for t in board.tiles.values()
                                  if not t.passage),
              "pick frame": sum(_frame(t) for t in board.tiles.values() if not t.pickable),
              "hunters' names": sum(drawn(_child(t, "ShownFitLabel", "FitLabel")) for t in board.tiles.values()
                                    if not t.hunters)}
    fills: collections.Counter = collections.Counter()
    _walk(board.fills.group, fills)
    print(json.dumps({"board": drawn(board), "empty_room": kinds(empty), "hidden": hidden, "pieces": _pieces(),
                      "fills": dict(fills)}))
    return 0


def _pieces() -> dict[str, dict[str, int]]:
    """The instructions of one ghost and one pawn, by kind."""
    from kivy.graphics import InstructionGroup

    from ui.widgets import shapes

    found = {}
    for kind in ("ghost", "pawn"):
        group, counts = InstructionGroup(), collections.Counter()
        shapes.PIECES[kind](group, 10, 10, 20)
        _walk(group, counts)
        found[kind] = dict(counts)
    return found


def _frame(tile) -> int:
    """The instructions of a room's pick frame in the drawing (it was the tile's own
    ``canvas.after``)."""
    frame = _child(tile, "PickFrame")
    if frame is not tile:
        return drawn(frame)
    counts: collections.Counter = collections.Counter()
    _walk(tile.canvas.after, counts)
    return sum(counts.values())


def _child(tile, *names):
    """The tile's first child of one of the classes ``names``; the tile itself when it has
    none (the pick frame was in its own ``canvas.after``)."""
    return next((w for w in tile.children if type(w).__name__ in names), tile)


def _passage(tile):
    return next(w for w in tile.children if getattr(w, "kind", "") == "passage")


def in_drawing(widget) -> bool:
    """``widget``'s canvas is in its parent's (a hidden ShownBehavior widget's is not)."""
    parent = widget.parent
    return parent is None or widget.canvas in parent.canvas.children


def drawn(widget) -> int:
    """The instructions of ``widget`` and its children that are in the drawing (canvas
    groups themselves not counted)."""
    return sum(kinds(widget).values())


def kinds(widget) -> dict[str, int]:
    counts: collections.Counter = collections.Counter()
    if in_drawing(widget):
        _walk(widget.canvas, counts)
    return dict(counts)


def _walk(group, counts) -> None:
    from kivy.graphics.instructions import Canvas, CanvasBase, InstructionGroup

    for child in group.children:
        if isinstance(child, (Canvas, CanvasBase)):
            _walk(child, counts)
            continue
        counts[type(child).__name__] += 1
        if isinstance(child, InstructionGroup):
            _walk(child, counts)


if __name__ == "__main__":
    sys.exit(main())
