"""The Children board in a real Kivy window (Xvfb): the mansion grid, ghosts calm and
enraged, left-card counts and the hand limit in large type, from a real game's view."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pngread
from test_table_screen import ARTIFACTS, display, kivy_home  # noqa: F401  (fixtures)

from ui.boards.children import room_text, side_text

ROOT = Path(__file__).resolve().parents[2]
SHOT = Path(__file__).with_name("children_board_shot.py")


def _game_view() -> dict:
    """The view of the bundled ghosts-win script just before the end (enraged ghosts on the board)."""
    from companion import script
    from companion.session import Session

    table = script.load(ROOT / "tests" / "scripts" / "children" / "ghosts_win.jsonl")
    session = Session.start(table.header)
    for line in table.lines[: len(table.lines) - 12]:
        session.handle(line.input, line.number)
    return session.view()


def test_room_tiles_show_counts_and_tempers_never_cards():
    room = {"ghosts": [{"name": "Penny", "enraged": True}, {"name": "Rosie", "enraged": False}],
            "players": ["Ada"], "kitty": True, "left_cards": 3}
    text = room_text("Spire", room)
    assert text.splitlines() == ["[b]Spire[/b]", "[color=ff4d47]Penny (enraged)[/color]",
                                 "[color=6bfa8c]Rosie[/color]", "[color=ffcc33]Ada[/color]",
                                 "[color=ffa64d]Kitty Kitty[/color]", "[color=a89ec2]3 cards left[/color]"]
    view = {"turn": "Ada", "step": 2, "actions_left": 1, "players": {"Ada": {"cards": 4, "skulls": 1,
            "trapped": ["Rosie"], "kitty_card": False}}, "skull_pool": 5, "deck": 40}
    assert side_text(view).splitlines()[:3] == ["[b]Ada[/b]", "2 Take 2 actions", "Actions left: 1"]


@pytest.mark.ui
def test_children_board_draws_the_mansion(display, kivy_home, tmp_path):  # noqa: F811
    view = _game_view()
    assert view["enraged"], "the picture should show enraged ghosts"
    view_path = tmp_path / "view.json"
    view_path.write_text(json.dumps(view), encoding="utf-8")
    out = ARTIFACTS / "children-board.png"
    env = {**os.environ, "DISPLAY": display, "KIVY_HOME": str(kivy_home), "KIVY_NO_ARGS": "1"}
    done = subprocess.run([sys.executable, str(SHOT), str(out), str(view_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    assert pngread.size(out) == (800, 480)
    png = pngread.read(out)
    colours = {png.pixel(x, y) for x in range(0, 800, 8) for y in range(0, 480, 8)}
    assert len(colours) > 20  # not blank: tiles, text, the large hand limit
