"""The Creepy Cellar table check (issue 6 "Table check"): the lines, each correction with
its exact values, the bounds the rules keep (notes.md 1.5 "Ghost placement": three ghosts
become a haunting; creepy-cellar.txt "Ghost King card": the King and two ghosts become a
haunting; "Winning the Game": the 8th haunting loses) and that a correction never triggers
a rule."""

from __future__ import annotations

from dataclasses import replace

import pytest
from cellar_checks import board as with_board
from cellar_checks import new_game

from companion.engine import get_game
from companion.errors import RuleViolation
from companion.games.creepy_cellar import tablecheck
from companion.games.creepy_cellar.state import Step
from companion.i18n import render

SPEC = get_game("creepy_cellar")


def lines(state) -> dict[str, tuple[str, list[str]]]:
    """label -> (value, fix keys), in English."""
    return {str(line.label): (str(line.value), [f.key for f in line.fixes]) for line in SPEC.check(state)}


def test_the_check_at_set_up_lists_the_whole_board():
    """Set Up: one ghost in C, F, I and L; hunters outside; passages in A, F, G, K (Nightmare)."""
    seen = lines(new_game())
    assert list(seen) == [*(f"Room {r}" for r in "ABCDEFGHIJKL"), "Cellar M", "Cellar N",
                          "Hauntings on the board", "Ghost King",
                          # 2 players move two hunters each (notes.md 1.5 "Setup")
                          "Ada's red hunter", "Bo's yellow hunter", "Ada's blue hunter", "Bo's green hunter",
                          "Locked doors", "Secret passage tiles", "Treasures in the cellar"]
    assert seen["Room C"] == ("1 ghost", ["fix:ghosts:C:+1", "fix:ghosts:C:-1", "fix:hauntings:C:+1"])
    assert seen["Room E"] == ("0 ghosts", ["fix:ghosts:E:+1", "fix:hauntings:E:+1"])
    assert seen["Hauntings on the board"] == ("0 of 8", [])
    # any room in one touch (issue 17 item 9), not one room a touch
    assert seen["Ghost King"] == ("off the board", [f"fix:king:{r}" for r in "ABCDEFGHIJKLMN"])
    assert seen["Ada's red hunter"] == ("outside", ["fix:hunter:red:hallway"]
                                        + [f"fix:hunter:red:{r}" for r in "ABCDEFGHIJKLMN"])
    assert seen["Locked doors"] == ("no doors are locked", ["fix:locked:green", "fix:locked:blue"])
    assert seen["Secret passage tiles"] == ("rooms A, F, G, K", [])
    assert seen["Treasures in the cellar"] == ("0 of 12", [])


def test_basic_mode_has_no_passage_line_and_8_slots():
    seen = lines(new_game(mode="basic"))
    assert "Secret passage tiles" not in seen
    assert seen["Treasures in the cellar"] == ("0 of 8", [])


def test_ghost_corrections_set_the_count_and_say_so():
    state = SPEC.apply(new_game(), "fix:ghosts:E:+1")
    assert state.ghosts_in("E") == 1 and state.news == ("Correction: room E now has 1 ghost (was 0).",)
    state = SPEC.apply(state, "fix:ghosts:E:+1")
    assert state.ghosts_in("E") == 2 and state.news == ("Correction: room E now has 2 ghosts (was 1).",)
    state = SPEC.apply(state, "fix:ghosts:C:-1")
    assert state.ghosts_in("C") == 0 and state.news == ("Correction: room C now has 0 ghosts (was 1).",)
    assert sum(state.ghosts) == 5 and state.total_hauntings == 0


def test_haunting_corrections_set_the_count_and_say_so():
    state = SPEC.apply(new_game(), "fix:hauntings:H:+1")
    assert state.hauntings_in("H") == 1 and state.total_hauntings == 1
    assert state.news == ("Correction: room H now has 1 haunting (was 0).",)
    assert lines(state)["Room H"] == ("0 ghosts, 1 haunting",
                                      ["fix:ghosts:H:+1", "fix:hauntings:H:+1", "fix:hauntings:H:-1"])
    assert lines(state)["Hauntings on the board"] == ("1 of 8", [])
    state = SPEC.apply(state, "fix:hauntings:H:-1")
    assert state.hauntings_in("H") == 0 and state.news == ("Correction: room H now has 0 hauntings (was 1).",)


def test_king_hunter_and_door_corrections():
    state = SPEC.apply(new_game(), "fix:king:A")
    assert state.king == "A"
    assert state.news == ("Correction: the Ghost King is now in room A (was off the board).",)
    assert lines(state)["Ghost King"] == ("in room A", [f"fix:king:{r}" for r in "BCDEFGHIJKLMN"])  # never off
    state = SPEC.apply(state, "fix:hunter:green:hallway")
    assert [h.at for h in state.hunters] == ["outside", "outside", "outside", "hallway"]
    assert state.news == ("Correction: Bo's green hunter is now in a hallway (was outside).",)
    assert lines(state)["Bo's green hunter"] == ("in a hallway", ["fix:hunter:green:outside"]
                                                 + [f"fix:hunter:green:{r}" for r in "ABCDEFGHIJKLMN"])
    three = SPEC.apply(new_game(("Ada", "Bo", "Cy")), "fix:hunter:yellow:hallway")  # one hunter each
    assert [h.at for h in three.hunters] == ["outside", "hallway", "outside"]
    assert three.news == ("Correction: Bo is now in a hallway (was outside).",)
    assert lines(three)["Bo's hunter"][1][:2] == ["fix:hunter:yellow:outside", "fix:hunter:yellow:A"]
    state = SPEC.apply(state, "fix:locked:blue")
    assert state.locked == "blue"
    assert state.news == ("Correction: the blue doors are locked (was: no doors are locked).",)
    assert lines(state)["Locked doors"] == ("the blue doors are locked", ["fix:locked:none", "fix:locked:green"])
    state = SPEC.apply(state, "fix:locked:none")
    assert state.locked is None


def test_a_third_ghost_is_never_offered_a_correction_makes_no_haunting():
    """notes.md 1.5: three ghosts become a haunting. A correction never triggers that: the
    room holding 2 offers no +1, and applying it anyway is refused and changes nothing."""
    state = with_board(new_game(), ghosts={"E": 2})
    assert "fix:ghosts:E:+1" not in lines(state)["Room E"][1]
    with pytest.raises(RuleViolation, match="no longer fits the table check"):
        SPEC.apply(state, "fix:ghosts:E:+1")


def test_the_king_room_holds_at_most_one_ghost_and_the_king_skips_rooms_with_two():
    """"Ghost King card": the King with 2 ghosts is a haunting, so neither correction makes it."""
    state = with_board(new_game(), ghosts={"B": 1, "C": 2}, king="B")
    assert lines(state)["Room B"][1] == ["fix:ghosts:B:-1", "fix:hauntings:B:+1"]
    assert lines(state)["Ghost King"] == ("in room B", [f"fix:king:{r}" for r in "ADEFGHIJKLMN"])  # C skipped
    moved = SPEC.apply(state, "fix:king:D")
    assert moved.king == "D" and moved.ghosts == state.ghosts and moved.hauntings == state.hauntings


def test_no_count_below_zero_and_no_eighth_haunting():
    """"Winning the Game": the 8th haunting loses; a correction stops at 7."""
    state = with_board(new_game(), ghosts={}, hauntings={"A": 4, "B": 3})
    assert lines(state)["Room C"] == ("0 ghosts", ["fix:ghosts:C:+1"])
    assert lines(state)["Room A"] == ("0 ghosts, 4 hauntings", ["fix:ghosts:A:+1", "fix:hauntings:A:-1"])
    for bad in ("fix:ghosts:C:-1", "fix:hauntings:C:+1", "fix:hauntings:C:-1"):
        with pytest.raises(RuleViolation):
            SPEC.apply(state, bad)


def test_a_correction_keeps_the_step_the_moves_and_the_prompt():
    state = SPEC.apply(SPEC.apply(new_game(), "roll"), "die:6")  # moving, 6 spaces
    assert state.step == Step.MOVE and state.moves == 6
    fixed = SPEC.apply(state, "fix:hunter:red:hallway")
    assert fixed.step == Step.MOVE and fixed.moves == 6 and fixed.active == 0 and fixed.turn == 1
    assert fixed.ghost_deck == state.ghost_deck and fixed.die == 6


def test_remove_ghost_step_keeps_the_last_ghost_on_the_board():
    """A Remove Ghost Cellar card waits for a pick: the last ghost cannot be corrected away
    (the card would be left with nothing to remove)."""
    state = with_board(new_game(), ghosts={"D": 1}, step=Step.REMOVE)
    assert lines(state)["Room D"] == ("1 ghost", ["fix:ghosts:D:+1", "fix:hauntings:D:+1"])
    two = with_board(state, ghosts={"D": 1, "E": 1})
    assert "fix:ghosts:D:-1" in lines(two)["Room D"][1]


def test_the_check_is_empty_once_the_game_is_over_and_corrections_are_refused():
    over = replace(new_game(), step=Step.OVER, outcome="won")
    assert SPEC.check(over) == ()
    with pytest.raises(RuleViolation):
        SPEC.apply(over, "fix:ghosts:E:+1")


def test_unknown_or_malformed_fix_keys_are_refused():
    state = new_game()
    for bad in ("fix:", "fix:ghosts:Z:+1", "fix:ghosts:E:+2", "fix:hunter:Cy:A", "fix:king:Q", "fix:locked:red"):
        with pytest.raises(RuleViolation):
            SPEC.apply(state, bad)


def test_check_lines_render_in_italian():
    line = SPEC.check(new_game())[2]
    assert render(line.label, "it") == "Stanza C"
    assert render(line.value, "it") == "1 fantasma"
    assert [render(f.label, "it") for f in line.fixes] == ["+1 fantasma", "−1 fantasma", "+1 infestazione"]


def test_no_hidden_information_in_the_check():
    """Face-down treasures and deck contents never appear (the view shows only counts)."""
    state = new_game()
    text = " ".join(str(line.value) + " " + str(line.label) for line in SPEC.check(state))
    assert "cursed" not in text and "treasure-" not in text and "room-" not in text
    assert tablecheck.PREFIX == "fix:"


def test_no_passage_tile_left():
    line = lines(replace(new_game(), passages=()))["Secret passage tiles"]
    assert line == ("none left", [])
    assert render(SPEC.check(replace(new_game(), passages=()))[-2].value, "it") == "nessuna rimasta"
