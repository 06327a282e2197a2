"""What the table puts back of its own step when an input is undone
(:attr:`~companion.engine.game.Game.undo_steps`): no news line told the table to flip the
top card of a real deck or to move its pawn, so the reverses of the news' instructions miss
them (a newcomer, session 15: "Undone: Rogue Ghost card (a tap on the cards reader)." and
"Undone: Room A. Put back anything you moved for it.").

Read from the state the input was played on and the action's own key, never from the words
of a news line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.state import State
from companion.i18n import Msg, NewsLine, msg, todo

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
        return (_DECKS[kind](cc.card_label(rest)),)
    if kind in ("move", "passage"):
        return (_back(state),)
    return ()


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
