"""One game's board drawn alone in a real Kivy window (``board_shot.py`` in a subprocess)
with a view the test gives, for the board tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pngread

from tests.checkout import checkout_env

ROOT = Path(__file__).resolve().parents[2]
SHOT = Path(__file__).with_name("board_shot.py")


def draw_board(board: str, view: dict, out: Path, display: str, kivy_home: Path, work: Path,
               *args: str) -> None:
    """Draw ``board`` (``module:Class`` under ``ui.boards``) showing ``view`` and save
    ``out``; ``args``: more of ``board_shot.py``'s options (``--choices FILE``)."""
    view_path = work / "view.json"
    view_path.write_text(json.dumps(view), encoding="utf-8")
    env = checkout_env(DISPLAY=display, KIVY_HOME=str(kivy_home), KIVY_NO_ARGS="1")
    command = [sys.executable, str(SHOT), board, str(out), str(view_path), *args]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]


def assert_drawn(out: Path, size: tuple[int, int] = (800, 480)) -> None:
    """The shot is ``size`` and not blank: more than 20 colours on an 8-pixel grid."""
    assert pngread.size(out) == size
    png = pngread.read(out)
    colours = {png.pixel(x, y) for x in range(0, size[0], 8) for y in range(0, size[1], 8)}
    assert len(colours) > 20  # not blank: tiles, text, marks
