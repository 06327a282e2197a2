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
    stepping = _messages("creepy_cellar", todo_mid=True)  # "The Ghost King moves to room M.", step 1 of 2
    home = _messages("ghost_at_home")
    return [{"name": f"creepy_cellar-crowded-en-{tag}", "message": _crowded_cellar(cellar["mid"]["en"])},
            {"name": f"children-crowded-en-{tag}", "message": _crowded_children(children["mid"]["en"])},
            {"name": f"clue_it-four-it-{tag}", "message": _full_table(clue["mid"]["it"], "clue_it", 4)},
            # (board15) the lead's shots: names over pieces, rooms outlined under a step box,
            # CLUE: IT's bare "3 3" die, Ghost at Home's gold floors with no legend
            {"name": f"creepy_cellar-mid-en-{tag}", "message": stepping["mid"]["en"], "steps": size == (800, 480)},
            {"name": f"creepy_cellar-over-it-{tag}", "message": cellar["over"]["it"]},
            {"name": f"clue_it-over-en-{tag}", "message": clue["over"]["en"]},
            {"name": f"clue_it-over-it-{tag}", "message": clue["over"]["it"]},
            {"name": f"ghost_at_home-over-en-{tag}", "message": home["over"]["en"]},
            {"name": f"ghost_at_home-over-it-{tag}", "message": home["over"]["it"]}]


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


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_room_names_never_over_their_pieces(report):
    """(board15) A Creepy Cellar room's hunters' names are never drawn over its ghosts or
    pawns: at 800×480 the 36 px rooms drew "Ada" over a ghost in J and "Bo" over the pawns in
    M (shots of the lead's audit); there the pawns stand alone on the tile and a key under
    the board names each pawn's player."""
    for size, part in report["sizes"].items():
        assert {name: found for name, found in part["names_over"].items() if found} == {}, size
    shot = report["sizes"]["800x480"]
    assert shot["pawn_key"]["creepy_cellar-mid-en-800x480"] == ["Ada", "Bo", "Cy"]


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_rooms_pick_nothing_while_a_step_box_hides_the_choices(report):
    """(board15) While a physical step is on show ("The Ghost King moves to room M.", step 1
    of 2) the choices are hidden under it: the rooms are not outlined and a touch on one
    picks nothing (it moved a hunter before the King was moved); once the steps are done,
    the rooms the choices name are outlined again."""
    part = report["sizes"]["800x480"]
    shot = "creepy_cellar-mid-en-800x480"
    assert part["picks"][shot]["step"] is True
    assert part["picks"][shot]["picks"] == [] and part["picks"][shot]["outlined"] == []
    after = part["steps"][shot]["after"]["picks"]
    assert after["step"] is False and after["picks"] and after["outlined"] == after["picks"]


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_the_die_and_the_lit_floors_say_what_they_are(report):
    """(board15) CLUE: IT's die under the players read "3 3" with nothing saying what it is:
    now "Last roll: 3 and 3" ("Ultimo tiro: 3 e 3"); Ghost at Home's gold (lit) floors, room
    cards and hand cards get a legend, in both languages, at 20 px or more."""
    for size, part in report["sizes"].items():
        words = part["board_words"]
        assert any(w.startswith("Last roll:") for w in words[f"clue_it-over-en-{size}"]), size
        assert any(w.startswith("Ultimo tiro:") for w in words[f"clue_it-over-it-{size}"]), size
        assert {"Light on", "Room", "Cards in hand"} <= set(words[f"ghost_at_home-over-en-{size}"]), size
        assert {"Luce accesa", "Stanza", "Carte in mano"} <= set(words[f"ghost_at_home-over-it-{size}"]), size
        for shot in (f"clue_it-over-en-{size}", f"ghost_at_home-over-it-{size}"):
            assert part["overflow"][shot] == [] and part["spilled"][shot] == [], (size, shot)
