"""The Children table check (issue 6 "Table check"): the lines and each correction with its
exact values; bounds from children.txt "Take a Skull Token" (at most 3 held, from the pile)
and "Enraged Ghosts" (hand limit 5 minus the enraged ghosts present; a correction never
forces a cut-down or the ghosts' win)."""

from __future__ import annotations

import pytest
from children_checks import RULEBOOK_ROOMS, SPEC, arrange, check, started

from companion.errors import RuleViolation
from companion.games.children.state import Ghost


def lines(state) -> dict[str, tuple[str, list[str]]]:
    return {str(line.label): (str(line.value), [f.key for f in line.fixes]) for line in SPEC.check(state)}


def table(where=("parlor", "kitchen", "spire"), hands=(3, 3, 3)):
    """Ada in the Parlor, Bo in the Kitchen, Cy in the Spire; Rosie calm in the Wash Room,
    Penny enraged in the Dormitory; Kitty Kitty in the Parlor; hands of 3."""
    state = started()
    return arrange(state, RULEBOOK_ROOMS, where=where,
                   ghosts=(Ghost("rosie", "wash-room"), Ghost("penny", "dormitory", enraged=True)),
                   hands=hands, kitty="parlor")


def test_nothing_to_check_before_the_start():
    state = SPEC.setup(["Ada", "Bo"], {o.name: o.default for o in SPEC.options})
    assert SPEC.check(state) == ()


def test_the_check_lists_rooms_ghosts_players_skulls_and_kitty():
    seen = lines(table())
    assert list(seen)[:8] == ["Wine Cellar", "Parlor", "Billiards Room", "Kitchen", "Master Bedroom",
                              "Wash Room", "Dormitory", "Spire"]
    assert seen["Parlor"] == ("Ada, Kitty Kitty", [])
    assert seen["Wash Room"] == ("Rosie (calm)", [])
    assert seen["Dormitory"] == ("Penny (enraged)", [])
    assert seen["Wine Cellar"] == ("empty", [])
    assert seen["Rosie"] == ("in the Wash Room, calm", ["fix:enraged:rosie:1", "fix:ghost:rosie:master-bedroom",
                                                        "fix:ghost:rosie:dormitory"])
    assert seen["Penny"] == ("in the Dormitory, enraged", ["fix:enraged:penny:0", "fix:ghost:penny:wash-room",
                                                           "fix:ghost:penny:spire"])
    assert seen["Ada"] == ("in the Parlor", ["fix:player:Ada:wine-cellar", "fix:player:Ada:billiards-room"])
    assert seen["Ada's skull tokens"] == ("0", ["fix:skulls:Ada:+1"])
    assert seen["Kitty Kitty"] == ("in the Parlor", ["fix:kitty:wine-cellar", "fix:kitty:billiards-room"])
    assert seen["Hand limit"] == ("4", [])
    assert seen["Skull tokens in the pile"] == ("6", [])


def test_turning_a_ghost_changes_the_hand_limit_and_says_so():
    state = SPEC.apply(table(), "fix:enraged:rosie:1")
    assert state.ghost("rosie").enraged and state.hand_limit == 3
    assert state.news == ("Correction: Rosie is now enraged (was calm).", "The hand limit is now 3.")
    state = SPEC.apply(state, "fix:enraged:penny:0")
    assert not state.ghost("penny").enraged and state.hand_limit == 4
    assert state.news == ("Correction: Penny is now calm (was enraged).", "The hand limit is now 4.")
    check(state)


def test_a_ghost_is_not_turned_enraged_when_a_hand_would_be_over_the_limit():
    """Hand limit 4 with a hand of 4: enraging one more would force a cut-down (a rule)."""
    state = table(hands=(4, 3, 3))
    assert "fix:enraged:rosie:1" not in lines(state)["Rosie"][1]
    with pytest.raises(RuleViolation, match="no longer fits the table check"):
        SPEC.apply(state, "fix:enraged:rosie:1")


def test_moving_a_ghost_a_player_and_kitty():
    state = SPEC.apply(table(), "fix:ghost:rosie:dormitory")
    assert state.ghost("rosie").room == "dormitory"
    assert state.news == ("Correction: Rosie is now in the Dormitory (was in the Wash Room).",)
    state = SPEC.apply(state, "fix:player:Ada:billiards-room")
    assert state.where[0] == "billiards-room"
    assert state.news == ("Correction: Ada is now in the Billiards Room (was in the Parlor).",)
    state = SPEC.apply(state, "fix:kitty:wine-cellar")
    assert state.kitty == "wine-cellar"
    assert state.news == ("Correction: Kitty Kitty is now in the Wine Cellar (was in the Parlor).",)
    assert state.step == "actions" and state.actions == 2  # the turn stays where it was
    check(state)


def test_skull_tokens_come_from_the_pile_and_stop_at_three():
    state = table()
    for n in (1, 2, 3):
        state = SPEC.apply(state, "fix:skulls:Bo:+1")
        assert state.skulls[1] == n and state.skull_pool == 6 - n
    assert state.news == ("Correction: Bo now holds 3 skull tokens (was 2).",)
    assert lines(state)["Bo's skull tokens"] == ("3", ["fix:skulls:Bo:-1"])
    state = SPEC.apply(state, "fix:skulls:Bo:-1")
    assert state.skulls[1] == 2 and state.skull_pool == 4
    check(state)


def test_a_player_outside_the_mansion_is_not_moved_by_a_correction():
    state = table(where=(None, "kitchen", "spire"))
    assert lines(state)["Ada"] == ("not in the mansion", [])
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "fix:player:Ada:parlor")


def test_corrections_are_accepted_whatever_the_prompt_lists():
    state = table()
    assert all(not c.key.startswith("fix:") for c in SPEC.prompt(state).choices)
    assert SPEC.apply(state, "fix:skulls:Cy:+1").skulls == (0, 0, 1)


def test_the_check_names_ghosts_and_rooms_as_the_owner_entered_them():
    content = {"children:ghost:rosie": {"name": "Rosalind"}, "children:tablet:parlor": {"name": "Front Parlour"}}
    state = arrange(started(content=content), RULEBOOK_ROOMS, where=("parlor", "kitchen", "spire"),
                    ghosts=(Ghost("rosie", "wash-room"),), hands=(3, 3, 3), kitty="parlor")
    seen = lines(state)
    assert seen["Rosalind"][0] == "in the Wash Room, calm"
    assert seen["Front Parlour"][0] == "Ada, Kitty Kitty"
    assert seen["Ada"][0] == "in the Front Parlour"
    assert SPEC.apply(state, "fix:enraged:rosie:1").news[0] == "Correction: Rosalind is now enraged (was calm)."
