"""What the table puts back of its own step when an input is undone
(:attr:`~companion.engine.game.Game.undo_steps`): no news line told the table to flip the
top card of a real deck or to move its pawn, so the reverses of the news' instructions miss
them (a newcomer, session 15: "Undone: Rogue Ghost card (a tap on the cards reader)." and
"Undone: Room A. Put back anything you moved for it.").

A card drawn may have set off a shuffle (the last card of a deck, a Shuffle card, the end of
a Draw 2/3 + Shuffle): a shuffle cannot be undone as such, so the table takes the cards the
companion counts in the discard piles again back out of the deck, face up (the piles are
public), and the drawn card back on top (session 16: the undo said "Undo this on the table.
It said: Shuffle all Ghost cards back into the deck.").

Read from the state the input was played on and the action's own key, never from the words
of a news line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.engine.words import and_names
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar import rules
from companion.games.creepy_cellar.state import State
from companion.i18n import Msg, NewsLine, msg, ntodo, todo

#: A physical draw's action kind -> the card's way back to the top of the deck it came off.
_DECKS: dict[str, Callable[[Any], NewsLine]] = {
    "ghost": lambda card: todo("return", "Put the {card} back on top of the Ghost deck.", card=card),
    "king": lambda card: todo("return", "Put the {card} back on top of the Ghost King deck.", card=card),
    "cellar": lambda card: todo("return", "Put the {card} back on top of the Cellar deck.", card=card),
}


def undo_steps(state: State, action: str) -> tuple[NewsLine, ...]:
    """The reverse of the table's own step for ``action`` played on ``state``: the card drawn
    from a real deck back on its top (option ``ghost_deck = physical``), the hunter moved
    (a move or a secret passage) back where it stood on ``state``; () for anything else."""
    kind, _, rest = action.partition(":")
    if kind in _DECKS and state.physical:
        return _drawn(state, kind, rest)
    if kind in ("move", "passage"):
        return (_back(state),)
    return ()


#: The discard piles a shuffle takes back into their decks (fields), and the line that takes
#: the cards back out of that deck.
_SHUFFLED: tuple[tuple[str, Callable[[Any, int], NewsLine]], ...] = (
    ("ghost_discard", lambda cards, n: ntodo(
        "return", "The shuffle is undone: take this card back out of the Ghost deck and lay it face up on its "
                  "discard pile: {cards}.",
        "The shuffle is undone: take these cards back out of the Ghost deck and lay them face up on its "
        "discard pile: {cards}.", "n", cards=cards, n=n)),
    ("king_discard", lambda cards, n: ntodo(
        "return", "The shuffle is undone: take this card back out of the Ghost King deck and lay it face up on "
                  "its discard pile: {cards}.",
        "The shuffle is undone: take these cards back out of the Ghost King deck and lay them face up on its "
        "discard pile: {cards}.", "n", cards=cards, n=n)),
)
#: The deck field a drawn card's kind comes off.
_DECK_FIELD = {"ghost": "ghost_deck", "king": "king_deck", "cellar": "cellar_deck"}


def _drawn(state: State, kind: str, card: str) -> tuple[NewsLine, ...]:
    """The card drawn back on top of its deck; before it, the cards a shuffle it set off took
    back into a deck come out again (``state`` and the state after the draw compared)."""
    after = rules.HANDLERS[kind](state, card)
    lines = []
    for pile, line in _SHUFFLED:
        back_out = Counter(getattr(state, pile)) - Counter(getattr(after, pile))
        if back_out:
            cards = sorted(back_out.elements())
            lines.append(line(and_names([cc.card_label(c) for c in cards]), len(cards)))
    label = cc.card_label(card)
    field = _DECK_FIELD[kind]
    if lines and getattr(after, field).count(card) >= getattr(state, field).count(card):  # shuffled in with them
        lines.append(_OUT_AND_ON_TOP[kind](label))
    else:
        lines.append(_DECKS[kind](label))
    return tuple(lines)


_OUT_AND_ON_TOP: dict[str, Callable[[Any], NewsLine]] = {
    "ghost": lambda card: todo("return", "Take the {card} out of the Ghost deck and put it back on top.", card=card),
    "king": lambda card: todo("return", "Take the {card} out of the Ghost King deck and put it back on top.",
                              card=card),
    "cellar": lambda card: todo("return", "Put the {card} back on top of the Cellar deck.", card=card),
}


def _back(state: State) -> NewsLine:
    """"Ada: move your hunter back to room E." (with two hunters each: "the red hunter")."""
    place = _place(state.hunter.at)
    if len(state.hunters) > len(state.players):
        return todo("return", "{player}: move the {hunter} back {place}.", player=state.player,
                    hunter=cc.HUNTER_NAMES[state.colour], place=place)
    return todo("return", "{player}: move your hunter back {place}.", player=state.player, place=place)


def _place(at: str) -> Msg | Any:
    """Where a hunter stood, as the end of "move it back ...": "to room E"."""
    if at == cc.HALLWAY:
        return msg("to the hallway it stood in")
    if at == cc.OUTSIDE:
        return msg("out of the castle")
    if at in cc.CELLAR_ROOMS:
        return msg("to cellar room {room}", room=at)
    return msg("to room {room}", room=at)
