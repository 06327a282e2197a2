"""The odds meter for Ghost at Home (issue 33 item 5): the chance that the next card drawn is
a ghost card, from public facts only.

Every card the table has not seen (in the deck, in a hand, or discarded face down) is as
likely as any other to be any of the copies not accounted for (:func:`cards.unseen`), so the
top card of the deck is a ghost with probability ghosts unseen / cards unseen: an exact
figure, no playouts. It never looks at a hand: hands are numbers to the companion.
"""

from __future__ import annotations

from fractions import Fraction

from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.cards import unseen
from companion.games.ghost_at_home.state import State
from companion.i18n import Msg, msg


def ghost_draw(state: State) -> Fraction | None:
    """P(the next card drawn is a ghost card); None with an empty deck or a finished game."""
    if state.outcome is not None or state.deck <= 0:
        return None
    hidden = state.deck + sum(state.hands) + state.secret
    return Fraction(unseen(state, gc.GHOST), hidden) if hidden else Fraction(0)


def odds(state: State) -> tuple[Msg, Fraction] | None:
    """The meter: the chance of a ghost on the next draw."""
    chance = ghost_draw(state)
    return None if chance is None else (msg("Next card a ghost"), chance)
