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
- every draw the input made ("pesca fino a 3 carte", "pesca lo stesso numero di carte") and
  a shuffle between them ("Se il mazzo esaurisce le carte, viene rimescolato"), last first:
  the cards drawn after the shuffle go back on the deck, which is then the discard pile
  again (its known cards named, the face-down ones counted), and the cards drawn before it
  go back as the deck. Before (session 16), "Undo this on the table. It said: The deck is
  empty: shuffle ..." and "put the card you drew back on top of the deck" (of the new deck).

Hands are real cards the companion only counts: a line never names the card, which goes
back into (or comes out of) a hand. Read from the state the input was played on and the
action's own key, never from the words of a news line.
"""

from __future__ import annotations

from typing import Any

from companion.engine import news as step_news
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home import rules
from companion.games.ghost_at_home.state import State
from companion.i18n import NewsLine, ntodo, todo

_DRAW = "{player}: draw {n} card."
_SHUFFLE = "The deck is empty: shuffle the discard pile into a new deck."
_DISCARDED = "{player} discards {n} card face down."


def undo_steps(state: State, action: str) -> tuple[NewsLine, ...]:
    """The reverse of the table's own step for ``action`` played on ``state``; () for an
    action with none (a choice on the screen, a card the companion already told of)."""
    return _drawn_back(state, action) + _own_step(state, action)


def _own_step(state: State, action: str) -> tuple[NewsLine, ...]:
    kind, _, rest = action.partition(":")
    if kind in ("ghost", "cat") or (kind == "special" and rest != gc.WILD):
        return (todo("return", "{player}: take the card you played back into your hand.", player=state.player),)
    if kind == "pay":
        return (todo("return", "{player}: take the card you paid last back into your hand.", player=state.player),)
    if kind == "cancel" and state.paying:
        return (ntodo("return", "{player}: lay the {n} card paid for the light down again.",
                      "{player}: lay the {n} cards paid for the light down again.", "n", player=state.player,
                      n=len(state.paying)),)
    if kind == "cancel" and state.card is not None:  # the card played went back into the hand
        return (todo("return", "{player}: lay the card you took back down again, as you had played it.",
                     player=state.player),)
    return ()


def _drawn_back(state: State, action: str) -> tuple[NewsLine, ...]:
    """The draws ``action`` made and a shuffle between them, undone last first (a draw with
    no shuffle: "Ada: put the card you drew back on top of the deck.")."""
    kind, _, rest = action.partition(":")
    handler = rules.HANDLERS.get(kind)
    if handler is None:
        return ()
    steps = [line.text for line in handler(step_news.cleared(state), rest).news
             if getattr(getattr(line, "text", None), "msgid", None) in (_DRAW, _SHUFFLE, _DISCARDED)]
    shuffled = any(step.msgid == _SHUFFLE for step in steps)
    lines, after = [], False
    for step in steps:  # in drawing order; which draws came after the shuffle
        if step.msgid == _SHUFFLE:
            lines.append(_unshuffled(step.params.get("cards"), step.params["secret"]))
            after = True
        elif step.msgid == _DISCARDED and shuffled:  # the discards went into the shuffle: none can be told apart
            lines.append(ntodo("return", "{player}: the card you discarded was shuffled in with the others: take {n} "
                                         "face-down card from the discard pile into your hand.",
                               "{player}: the cards you discarded were shuffled in with the others: take {n} "
                               "face-down cards from the discard pile into your hand.", "n", **step.params))
        elif step.msgid == _DISCARDED:  # "Scarta una o più carte": before its draw
            lines.append(ntodo("return", "{player}: take the card you discarded face down back from the discard pile "
                                         "into your hand.",
                               "{player}: take the cards you discarded face down back from the discard pile into your "
                               "hand.", "n", **step.params))
        else:
            lines.append(_put_back(step.params, shuffled, after))
    return tuple(reversed(lines))


def _put_back(params, shuffled: bool, after: bool) -> NewsLine:
    player, n = params["player"], params["n"]
    if not shuffled:
        return ntodo("return", "{player}: put the card you drew back on top of the deck.",
                     "{player}: put the cards you drew back on top of the deck.", "n", player=player, n=n)
    if after:
        return ntodo("return", "{player}: put the card you drew after the shuffle back on top of the deck.",
                     "{player}: put the cards you drew after the shuffle back on top of the deck.", "n",
                     player=player, n=n)
    return ntodo("return", "{player}: put the card you drew before the shuffle back as the deck.",
                 "{player}: put the cards you drew before the shuffle back as the deck.", "n",
                 player=player, n=n)


def _unshuffled(cards: Any, secret: int) -> NewsLine:
    """The deck is the shuffled pile again: back to the discard pile, its public cards named."""
    if cards is None:
        return ntodo("return", "The shuffle is undone: the whole deck goes back to the discard pile, face down ({n} "
                               "card).",
                     "The shuffle is undone: the whole deck goes back to the discard pile, face down ({n} cards).",
                     "n", n=secret)
    if not secret:
        return todo("return", "The shuffle is undone: the whole deck goes back to the discard pile, face up: {cards}.",
                    cards=cards)
    return ntodo("return", "The shuffle is undone: the whole deck goes back to the discard pile: {cards} face up "
                           "and {n} card face down.",
                 "The shuffle is undone: the whole deck goes back to the discard pile: {cards} face up and {n} cards "
                 "face down.", "n", cards=cards, n=secret)

