"""Ghost at Home engine speed (issue 35 item 1): the unseen copies of every card worked out
once a state, and the turn's choices made once. Work counts and equalities, never times."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.state import State
from tests.games.seeded_games import seeded_states, shared_choices


def _states(seed: int, actions: int):
    """Every state of a seeded random Ghost at Home game (random house rules on odd seeds)."""
    return seeded_states("ghost_at_home", seed, actions)


def _unseen_by_hand(state: State, card: str) -> int:
    """The copies of ``card`` that may be in a hand or the deck, counted as the rules say:
    the deck's copies less those in a house, the known discards, the cards tapped to pay for
    a light and a ghost on its way."""
    placed = sum(floor.rooms.count(card) for house in state.houses for floor in house)
    if card == gc.GHOST:
        placed += sum(floor.ghosts for house in state.houses for floor in house) + (state.step == "defend")
    if card == gc.CAT:
        placed += sum(floor.cats for house in state.houses for floor in house)
    return gc.DECK[card] - placed - state.discard.count(card) - state.paying.count(card)


@pytest.mark.parametrize("seed", range(4))
def test_the_unseen_copies_are_the_rules_count_and_shared_facts_equal_fresh_ones(seed):
    """``State.unseen`` gives every card's count as the rules count it, and what a state got
    from the one before (``on_fields``) equals what its own fields give."""
    shared = 0
    for state in _states(seed, 300):
        shared += "unseen" in state.__dict__
        fresh = dataclasses.replace(state)  # through __init__: nothing derived yet
        for card in gc.DECK:
            assert state.unseen[card] == fresh.unseen[card] == _unseen_by_hand(state, card), card
    assert shared > 0


def test_the_unseen_copies_are_worked_out_once_a_state_at_most(monkeypatch):
    """The prompts ask the unseen copies of each card several times a state (the room cards,
    a ghost, a cat, five special cards, the cards to pay with): worked out at most once a
    state for every card, not once per card asked (before: about 6 times an action)."""
    made = []
    count = State.unseen.function
    monkeypatch.setattr(State.unseen, "function", lambda state: made.append(1) or count(state))
    actions = sum(1 for seed in range(8) for _ in _states(seed, 300))
    assert actions > 800
    assert len(made) <= actions


def test_the_turn_choices_are_made_once_for_every_prompt_that_offers_them():
    """Two prompts offering the same room card, light, special card or card to pay share the
    choice object (made once, not at every prompt: its label is a formatted sentence)."""
    shared = shared_choices("ghost_at_home", 4, lambda choice: choice.key.startswith(("room:", "light:", "special:",
                                                                                      "pay:"))
                            or choice.key in ("ghost", "cat", "discard", "pass-turn", "done"))
    assert shared > 100
