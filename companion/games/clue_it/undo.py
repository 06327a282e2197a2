"""What the table puts back of its own step when an input is undone
(:attr:`~companion.engine.game.Game.undo_steps`): the steps the table took before it touched
or tapped, which no news line told it to take, so the reverses of the news' instructions
miss them. Before, each said only "Undone: Derry Public Library. Put back anything you moved
for it." (session 16).

- ``kid``: "Select the Kid you will be playing as and take the matching Personality Card."
- ``seal``: the Rumor card tapped and laid face-down at the end of the row (issue 11).
- ``stop``: the active Kid's mover, moved by the dice to where it stopped ("1. Move").
- ``intrigue`` (option ``intrigue_deck = physical``): the top Intrigue card, drawn and
  tapped ("pick up the top Intrigue Card").
- ``play`` (physical Intrigue deck): the Intrigue card played from the hand and discarded.

A line never names a card that is or goes back into a hand or the envelope: the Intrigue
card drawn or played is "the Intrigue card", a Rumor card of the row is its number. Read
from the state the input was played on and the action's own key, never from the words of a
news line.
"""

from __future__ import annotations

from typing import Any

from companion.engine.news import cleared
from companion.engine.present import present
from companion.games.clue_it import components as ci
from companion.games.clue_it.prompts import PILE_WORD
from companion.games.clue_it.state import State
from companion.i18n import Msg, NewsLine, msg, todo


def undo_steps(state: State, action: str) -> tuple[NewsLine, ...]:
    """The reverse of the table's own step for ``action`` played on ``state``; () for an
    action with none (a die, a choice on the screen)."""
    kind, _, rest = action.partition(":")
    step = _STEPS.get(kind)
    line = step(state, rest) if step is not None else None
    return ((line,) if line is not None else ()) + (_moved_back(state, kind, rest) if kind != "stop" else ())


def _moved_back(state: State, kind: str, rest: str) -> tuple[NewsLine, ...]:
    """Movers and Item tokens an input moved (a question: "Move that Kid mover and Item token
    there"; a secret passage), each back where it stood on ``state`` (before, session 16:
    "Move it back where it was. It said: ..."). The mover moved by the dice has its own line."""
    from companion.games.clue_it import rules  # rules imports the prompts this module's callers build

    handler = rules.HANDLERS.get(kind)
    if handler is None:
        return ()
    after = handler(cleared(state), rest)
    lines = []
    for kid, was, now in zip(ci.KIDS, state.movers, after.movers, strict=True):
        if was != now:
            lines.append(_mover_back(state, kid, was))
    for item, was, now in zip(ci.ITEMS, state.tokens, after.tokens, strict=True):
        if was != now:
            lines.append(todo("return", "Move the {item} token back to {place}.", item=state.name(item),
                              place=state.name(was)))
    return tuple(lines)


def _mover_back(state: State, kid: str, was: str) -> NewsLine:
    if was == ci.CORRIDOR:
        return todo("return", "Move the mover of {kid} back to the corridor space it stood on.", kid=state.name(kid))
    return todo("return", "Move the mover of {kid} back to {place}.", kid=state.name(kid), place=state.name(was))


def _kid(state: State, kid: str) -> NewsLine:
    return todo("return", "{player}: put the Personality card of {kid} back with the others.",
                player=state.players[state.chooser], kid=state.name(kid))


def _seal(state: State, card: str) -> NewsLine | None:
    if card != ci.UNREAD and card in state.seal_taps:  # a card tapped twice: nothing was laid
        return None
    return todo("return", "Take {pile} card {n} back off the end of the row, face-down, without looking.",
                pile=PILE_WORD[ci.PILES[state.pile]], n=len(state.seal_taps) + 1)


def _stop(state: State, _where: str) -> NewsLine:
    """"Ada: move the mover of Kid 4 back to the Derry Public Library." (where it stood)."""
    kid = state.name(present(state.kids[state.active], "the active player's kid"))
    place = state.place
    if place == ci.CORRIDOR:
        return todo("return", "{player}: move the mover of {kid} back to the corridor space it stood on.",
                    player=state.player, kid=kid)
    return todo("return", "{player}: move the mover of {kid} back to {place}.", player=state.player, kid=kid,
                place=state.name(place))


def _intrigue(state: State, card: str) -> NewsLine | None:
    if state.options["intrigue_deck"] != "physical" or (card not in state.intrigue_deck
                                                         and card in state.held[state.active]):
        return None  # the companion drew it, or the drawer's own card named: that changed nothing
    return todo("return", "{player}: put the Intrigue card you drew back on top of the Intrigue deck, face-down.",
                player=state.player)


def _play(state: State, _card: str) -> NewsLine | None:
    if state.options["intrigue_deck"] != "physical":
        return None  # a virtual hand: no real card was played
    return todo("return", "{player}: take the Intrigue card you played back into your hand.", player=state.player)


_STEPS: dict[str, Any] = {"kid": _kid, "seal": _seal, "stop": _stop, "intrigue": _intrigue, "play": _play}


def undo_refusal(state: State, action: str) -> Msg | None:
    """Why ``action`` played on ``state`` cannot be undone
    (:attr:`~companion.engine.game.Game.undo_refusal`): an accusation the companion checked
    against the envelope it sealed. The accuser saw the answer ("Then, secretly look at the
    cards in the envelope"), which nobody can un-see: undone, a player out of the game would
    accuse again, testing the envelope one guess at a time (newcomer 20). A right one showed
    the envelope to everyone ("Reveal the cards in the mystery Envelope to everyone"): the
    game has nothing left to play. A right or wrong the table says itself (its own envelope,
    or cards the companion did not read) stays undoable: that answer is a touch, and a
    mis-touch must be put right."""
    if action != "accuse-check":
        return None
    return msg("{player}'s accusation was checked against the envelope and cannot be undone: {player} has seen "
               "the answer.", player=state.player)
