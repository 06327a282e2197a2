"""What the table puts back of its own step when an input is undone
(:attr:`~companion.engine.game.Game.undo_steps`): the steps the table took before it touched
or tapped, which no news line told it to take, so the reverses of the news' instructions
miss them. Before, each said only "Undone: Play Lightning. Put back anything you moved for
it." (session 16).

- ``ghost``, ``cat``, ``special``: the card played from the hand ("Gioca una carta
  fantasma / gatto / speciale"), its target still to be chosen; the Room Wild Card is
  played as a room, whose own instruction says where it went.
- ``pay``: a card tapped to pay for a light ("Accendi la luce: scarta 2 o 3 carte").
- ``cancel`` while paying: the cards paid so far, taken back; undone, they are laid down
  again.

Hands are real cards the companion only counts: a line never names the card, which goes
back into (or comes out of) a hand. Read from the state the input was played on and the
action's own key, never from the words of a news line.
"""

from __future__ import annotations

from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.state import State
from companion.i18n import NewsLine, ntodo, todo


def undo_steps(state: State, action: str) -> tuple[NewsLine, ...]:
    """The reverse of the table's own step for ``action`` played on ``state``; () for an
    action with none (a choice on the screen, a card the companion already told of)."""
    kind, _, rest = action.partition(":")
    if kind in ("ghost", "cat") or (kind == "special" and rest != gc.WILD):
        return (todo("return", "{player}: take the card you played back into your hand.", player=state.player),)
    if kind == "pay":
        return (todo("return", "{player}: take the card you paid last back into your hand.", player=state.player),)
    if kind == "cancel" and state.paying:
        return (ntodo("return", "{player}: lay the {n} card paid for the light down again.",
                      "{player}: lay the {n} cards paid for the light down again.", "n", player=state.player,
                      n=len(state.paying)),)
    return ()
