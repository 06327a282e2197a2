"""Where the cards are, from public facts only: which copies may still be in a hand or the deck.

A tapped card is known; a card in a hand, in the deck or discarded face down is not. The
prompts list a card only while a copy of it may be unknown (this never depends on a hand).
"""

from __future__ import annotations

from collections import Counter

from companion.games.ghost_at_home.state import State, Step


def placed(state: State) -> Counter:
    """Cards lying in the houses, by name."""
    return state.placed


def incoming(state: State) -> int:
    """Ghost cards on their way to a floor (played, waiting for the target's cat defence)."""
    return 1 if state.step == Step.DEFEND else 0


def unseen(state: State, card: str) -> int:
    """Copies of ``card`` that may be in a hand or the deck: not in a house, not among the
    known discards, not tapped to pay for a light, not a ghost on its way (all public): one
    lookup in the state's :attr:`~State.unseen`, worked out once a state for every card."""
    return state.unseen[card]


def playable(state: State, player: int, card: str) -> bool:
    """``player`` holds a card, and a copy of ``card`` may be among the unknown cards."""
    return state.hands[player] > 0 and state.unseen[card] > 0


def accounted(state: State) -> int:
    """Cards counted in every place: deck, hands, houses, discard pile, a ghost on its way.
    Always 53 (:data:`~components.DECK_SIZE`)."""
    return (state.deck + sum(state.hands) + sum(placed(state).values()) + len(state.discard)
            + state.secret + incoming(state))
