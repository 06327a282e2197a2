"""The ``boards`` scenario of ``harness.py``: state messages of real games (made by the test
with the daemon's own ``state_message``) handed to the real client one after another, as
if the daemon had sent them; the table screen shows each game's board.

The messages file (``$BOARDS_MESSAGES``, JSON) holds ``{"shots": [...], "switches": [...]}``:
each shot ``{"name", "message"}`` is shown and saved as ``NAME.png``, with the labels of the
board that overflow and the board's class; ``switches`` are messages handed over without
waiting for a frame between them (every game after every other: the board-switch crash),
then the last one is checked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path


def board_of(app):
    """The widget in the table screen's board slot (the game's board or the neutral one)."""
    slot = app.root.ids.screens.get_screen("table").ids.board_slot
    return slot.children[0] if slot.children else None


def boards_scenario(app, out: Path, report: dict):
    from harness import Until, screen_is
    from overflow import overflowing

    from ui.shot import save_screenshot

    data = json.loads(Path(os.environ["BOARDS_MESSAGES"]).read_text(encoding="utf-8"))
    report.update(screenshots=[], overflow={}, boards={}, switches=[])
    yield 0.3
    for message in data.get("switches") or []:
        app._handle(message)  # the daemon's path: DaemonLink -> Clock -> _handle
        app.model.go("table")
        yield 0.05
        report["switches"].append([message["game"], type(board_of(app)).__name__])
    for shot in data.get("shots") or []:
        app._handle(shot["message"])
        app.model.go("table")
        yield Until("the table screen", screen_is(app, "table"))
        yield Until("the language", lambda lang=shot["message"]["language"]: app.tr.lang == lang)
        yield 0.35  # the fit labels settle (one frame after each change)
        name = shot["name"]
        report["screenshots"].append(str(save_screenshot(out / f"{name}.png")))
        board = board_of(app)
        report["boards"][name] = type(board).__name__
        report["overflow"][name] = overflowing(board) if board is not None else ["no board"]
