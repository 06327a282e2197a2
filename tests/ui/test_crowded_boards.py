"""Crowded boards on the real table screen (Xvfb; ``boards_scenario.py``) at 800×480, 1024×600
and 720×1280 (issue 29): Creepy Cellar's Ghost King room with three hunters ("Player 1" …
"Player 3"), Children's room with three ghosts, Kitty and two players, CLUE: IT with four
players ("Giulia" among them).

Before, the King's room piled its hunters' marks up as "123" beside the crown, Children's
ghosts overlapped like a fanned hand, and "Giulia" read "Giul". Now no two figures of a room
overlap, a player's name reads whole (or as a mark the board explains), and every text is at
least 20 px. Screenshots: ``tests/artifacts/crowded/<shot>.png``.
"""

from __future__ import annotations

import json

import pytest
from test_boards import _crowded_cellar, _crowded_children, _full_table, _messages
from test_table_screen import ARTIFACTS

SHOTS = ARTIFACTS / "crowded"
SIZES = ((800, 480), (1024, 600), (720, 1280))


def _shots(size: tuple[int, int]) -> list[dict]:
    tag = f"{size[0]}x{size[1]}"
    cellar, children, clue = (_messages(game) for game in ("creepy_cellar", "children", "clue_it"))
    return [{"name": f"creepy_cellar-crowded-en-{tag}", "message": _crowded_cellar(cellar["mid"]["en"])},
            {"name": f"children-crowded-en-{tag}", "message": _crowded_children(children["mid"]["en"])},
            {"name": f"clue_it-four-it-{tag}", "message": _full_table(clue["mid"]["it"], "clue_it", 4)}]


@pytest.fixture(scope="module")
def report(display, kivy_home, tmp_path_factory) -> dict:
    from conftest import file_scenario

    SHOTS.mkdir(parents=True, exist_ok=True)
    tmp = tmp_path_factory.mktemp("crowded")
    sizes = [{"size": list(size), "shots": _shots(size)} for size in SIZES]
    found = file_scenario("boards", "BOARDS_MESSAGES", sizes, display, kivy_home, SHOTS, tmp, timeout=400)
    (SHOTS / "report.json").write_text(json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8")
    return found


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_crowded_rooms_and_long_names_read(report):
    sizes = report["sizes"]
    assert sorted(sizes) == sorted(f"{w}x{h}" for w, h in SIZES)
    for part in sizes.values():
        figures = part["figures"]
        assert {name: found for name, found in figures.items() if found["overlap"]} == {}
        assert {name: found["cut"] for name, found in figures.items() if found["cut"]} == {}
        small = {name: [row for row in fonts if row[2] < 20 - 0.05] for name, fonts in part["fonts"].items()}
        assert {name: rows for name, rows in small.items() if rows} == {}
