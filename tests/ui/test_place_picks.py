"""Touching a place on the board picks its choice (issue 17 item 3) on the Creepy Cellar,
CLUE: IT and Children boards: which choices name which places (from the real games'
prompts, English and Italian), and in a real Kivy window (Xvfb) a touch on each place
picks exactly its choice (``board_shot.py --choices``; shots
``tests/artifacts/picks-<game>.png``, the places framed in gold)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from board_shots import draw_board
from test_table_screen import ARTIFACTS

from ui.boards import PlacePicks, set_picks
from ui.boards.children import place_of_choice
from ui.boards.clue_it import stop_place

ROOT = Path(__file__).resolve().parents[2]


def _message(game: str, name: str, line: int, lang: str = "en") -> dict:
    """The state message after the first ``line`` lines of a bundled script."""
    from companion import script
    from companion.protocol import state_message
    from companion.session import Session

    table = script.load(ROOT / "tests" / "scripts" / game / f"{name}.jsonl")
    session = Session.start(table.header)
    for entry in table.lines[:line]:
        session.handle(entry.input, entry.number)
    return state_message(session, [], (), lang)


def _places(choices: list[dict], place_for) -> dict[str, str]:
    return {c["key"]: place_for(c) for c in choices if place_for(c) is not None}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_clue_it_kid_stops_are_the_locations_the_centre_and_the_corridors(lang):
    message = _message("clue_it", "solved", 50, lang)
    places = message["view"]["places"]
    found = _places(message["prompt"]["choices"], lambda c: stop_place(c, places))
    library = "Derry Public Library" if lang == "en" else "Biblioteca Pubblica di Derry"
    assert found["stop:derry-public-library"] == library
    assert found["stop:centre"] == places["centre"] and found["stop:corridor"] == places["corridor"]
    assert "stop:intrigue" not in found  # an Intrigue space is no one place on the board
    assert set(found.values()) <= {*places["locations"], places["centre"], places["corridor"]}
    assert len(found) == len(message["prompt"]["choices"]) - 1


@pytest.mark.parametrize("lang", ["en", "it"])
def test_children_rooms_and_gaps_are_the_cells_the_choices_name(lang):
    # (script rebuilt for issue 31: the line numbers and rooms of the new game)
    placing = _message("children", "ghosts_win", 245, lang)
    assert _places(placing["prompt"]["choices"], lambda c: place_of_choice(c, placing["view"]["mansion"])) \
        == {"place:3-2": "3rd-2", "place:3-3": "3rd-3", "place:3-4": "3rd-4"}  # the 3rd floor, columns 3 to 5
    fleeing = _message("children", "ghosts_win", 201, lang)
    mansion = fleeing["view"]["mansion"]
    found = _places(fleeing["prompt"]["choices"], lambda c: place_of_choice(c, mansion))
    kitchen = next(f"{floor}-{column}" for floor, row in mansion.items() for column, name in enumerate(row)
                   if name == {"en": "Kitchen", "it": "Cucina"}[lang])  # in the table's language (issue 29)
    assert found["flee:kitchen"] == kitchen
    assert set(found) == {"flee:billiards-room", "flee:kitchen", "flee:master-bedroom"}
    # "Move Ghost 05 to the Wash Room": several ghosts may go to one room, so no place picks it
    assert place_of_choice({"key": "haunt:ghost-05:wash-room", "label": "Move Ghost 05 to the Wash Room"},
                           mansion) is None
    # the longest name in the label wins ("Wash Room", not a room called "Room")
    assert place_of_choice({"key": "move:wash-room", "label": "Move to the Wash Room"},
                           {"1st": ["Room", "Wash Room"]}) == "1st-1"


def test_set_picks_gives_each_place_its_first_choice_and_the_callback():
    class Board(PlacePicks):
        shown = 0

        def place_for_choice(self, key):
            return key.partition(":")[2] or None

        def show_picks(self):
            self.shown += 1

    board, picked = Board(), []
    assert set_picks(board, [{"key": "move:E"}, {"key": "passage:E"}, {"key": "end-turn"}], picked.append) \
        == {"E": "move:E"}
    assert board.pick("E") and picked == ["move:E"]
    assert not board.pick("F")  # no choice there now
    set_picks(board, [{"key": "move:E"}], picked.append)
    assert board.shown == 1  # unchanged picks: no redraw
    assert set_picks(object(), [{"key": "move:E"}], picked.append) == {}  # a board without places


def _touch_every_place(display, kivy_home, tmp_path, board: str, message: dict, name: str) -> dict:
    choices_path = tmp_path / "choices.json"
    choices_path.write_text(json.dumps(message["prompt"]["choices"]), encoding="utf-8")
    draw_board(board, message["view"], ARTIFACTS / f"picks-{name}.png", display, kivy_home, tmp_path,
               "--choices", str(choices_path))
    return json.loads(choices_path.with_suffix(".picked").read_text())


@pytest.mark.ui
@pytest.mark.parametrize("board, game, script, line, name", [
    ("clue_it:ClueBoard", "clue_it", "solved", 50, "clue_it"),
    ("children:ChildrenBoard", "children", "ghosts_win", 201, "children"),
    ("creepy_cellar:CellarBoard", "creepy_cellar", "nightmare-won", 2, "creepy_cellar"),
])
def test_touching_a_place_picks_its_choice(display, kivy_home, tmp_path, board, game, script, line, name):
    message = _message(game, script, line)
    result = _touch_every_place(display, kivy_home, tmp_path, board, message, name)
    assert result["picks"], "the prompt should offer places"
    assert result["touched"] == result["picks"]  # each place picks its own choice, the others none
