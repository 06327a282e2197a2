"""House of Spirits, issue 19: rule bugs 6-8, the secret-card privacy refusal (14), refusals
that name the rule, words, and the table's todo lines and main choices.

Sources: ``house-of-spirits.txt`` (sections in quotes), notes.md 3.D.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.state import Step
from companion.i18n import render
from test_house_of_spirits import (
    SPEC, holding, in_room, in_round_one, keys, new_game, play, with_monster,
)


def texts(state) -> list[str]:
    return [str(line) for line in state.news]


# --------------------------------------------------------------------------- bug 6


def test_players_critical_hit_kills_with_no_defence_roll():
    """"Attack a Monster": an attack "higher than 6 + the monster's defense score" means
    "the monster has no chance of defending against it": no defence die is rolled. Olivia
    (attack 2) with the wooden stake (+3 against a vampire, "Combat Example") rolls 4: 9 >
    6 + 2, the vampire (defence 2) dies at once."""
    state = with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire", "use:wooden-stake", "face:4", "keep")
    assert "vampire" not in state.in_play and state.monster_deck.bottom == ("vampire",)
    assert state.step != Step.ROLL or state.roll != "monster-defence"
    assert "Critical hit: 9 is more than 6 + 2, so the monster cannot defend: no defence roll." in texts(state)
    assert state.scores[1] == 3 and "wooden-stake" in state.main_discard


def test_monsters_critical_hit_kills_with_no_defence_roll():
    """House rule ``monster_crit`` (H-A3, "identical to that of a player"): Monster 8
    (attack 4) rolls 5 against Kraig (defence 2): 9 > 6 + 2: Kraig dies, no defence die."""
    state = with_monster(in_round_one(), "monster-08")
    state = play(state, "attack:monster-08", "face:1", "face:6", "face:5")  # a miss, then 4 + 5 = 9
    assert state.dead[0] and state.scores[0] == -2
    assert state.active != 0 or state.step != Step.ROLL
    assert ("Critical hit by Monster 8 (placeholder): 9 is more than 6 + 2, so Ada cannot defend: "
            "no defence roll.") in texts(state)


def test_a_monster_critical_counts_the_defensive_items():
    """Defensive items are chosen before the monster's roll ("they must decide to play them
    before the monster's attack roll"): Kraig 2 + item 11 (+2) = 4; 4 + 5 = 9 is not above
    6 + 4, so the defence die is rolled."""
    state = with_monster(holding(in_round_one(), 0, "item-11"), "monster-08")
    state = play(state, "attack:monster-08", "face:1", "face:6", "guard:item-11", "face:5")
    assert state.step == Step.ROLL and state.roll == "defence" and not state.dead[0]


# --------------------------------------------------------------------------- bug 7


def _two_garage_plots():
    """Round 1 in the Garage; Ada holds plot 3 and Bo plot 6, both room plots listing the
    Garage as 3 (plot 6 entered so), both gained before this round."""
    state = in_room(in_round_one(), "garage")
    cards = dict(state.cards)
    cards["plot-6"] = replace(cards["plot-6"], rooms={"garage": 3, "library": 1}, items={})
    state = replace(state, cards=cards)
    return holding(holding(state, 0, "plot-3"), 1, "plot-6")


def test_two_room_plots_in_one_room_both_get_its_room_card():
    """"Playing Plot Cards": "when the players move to the next room, the plot room card is
    placed on top of its associated plot card". Both plots were played in the Garage (Olivia's
    example: the Garage is 3, ±2; a 3 plays): both get the Garage card, and the next room's
    card stays in the room cycle."""
    state = play(_two_garage_plots(), "play:plot-3", "face:3", "play:plot-6", "face:4", "pick:flashlight")
    assert state.plots_played == ("plot-3", "plot-6")
    assert state.attached == (("plot-3", "garage"), ("plot-6", "garage"))
    assert state.room_plots == () and state.step == Step.ROOM
    assert ("Put the Garage card across Plot card 3 (placeholder) and Plot card 6 (placeholder): each was "
            "played in this room.") in texts(state)
    room = sorted(state.room_deck.possible())[0]
    state = play(state, f"draw:{room}")
    assert state.room == room and room not in dict(state.attached).values()


# --------------------------------------------------------------------------- bug 8


@pytest.mark.parametrize("decks", ["virtual", "physical"])
def test_the_vestibule_never_lays_a_monster(decks):
    """"Exploring": the Vestibule "is the only room in the house that has no chance of
    monster attacks", so with ``monsters_in_main_deck`` (H-A1) its refill lays no monster;
    in a room with skulls a monster may come up with the main cards."""
    state = new_game(monsters_in_main_deck=True, decks=decks)
    assert state.room == "vestibule" and state.step == Step.MAIN
    prompt = SPEC.prompt(state)
    drawn = [o.value for o in prompt.chance.outcomes] if prompt.chance else [c.key[5:] for c in prompt.choices]
    assert drawn and not any(hc.card(card).kind == "monster" for card in drawn)
    garage = replace(in_room(state, "garage"), step=Step.MAIN)
    prompt = SPEC.prompt(garage)
    drawn = [o.value for o in prompt.chance.outcomes] if prompt.chance else [c.key[5:] for c in prompt.choices]
    assert "vampire" in drawn
