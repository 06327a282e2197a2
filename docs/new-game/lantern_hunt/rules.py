"""Lantern Hunt's rules: ``setup`` and the rule of each action (``HANDLERS``). The engine has
checked the players and each action's legality already, and clears the news before each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine.news import say
from companion.engine.why import because
from companion.i18n import msg, todo

from .state import State

#: The rule card section that decides every step (the ``rule`` of each line's ``why``).
TURN_RULE = msg("Taking a Turn")


def setup(players: Sequence[str], options: Mapping[str, Any], content=None) -> State:
    """A new game: no lantern lit, the first player's turn."""
    news = (todo("setup", "Give each player {count} unlit lanterns.", count=options["lanterns"]),)
    return State(tuple(players), options["lanterns"], (0,) * len(players), news=news)


def _roll(state: State, _: str) -> State:
    return replace(state, step="rolling")


def _rolled(state: State, face: str) -> State:
    """A 4-6 lights a lantern (and may win); a 1 lets a ghost blow one out."""
    lit = list(state.lit)
    if int(face) >= 4:
        lit[state.active] += 1
        line = todo("flip", "{player}: light a lantern.", player=state.player)
        state = say(state, because(line, TURN_RULE, msg("A roll of 4 to 6 lights a lantern."), face))
    elif face == "1" and lit[state.active]:
        lit[state.active] -= 1
        line = todo("flip", "{player}: a ghost blows out one of your lanterns.", player=state.player)
        state = say(state, because(line, TURN_RULE, msg("A roll of 1 lets a ghost blow out a lit lantern."), face))
    else:
        state = say(state, msg("{player} rolled {face}: nothing happens.", player=state.player, face=int(face)))
    won = lit[state.active] >= state.goal
    return replace(state, lit=tuple(lit), step="end", outcome=state.player if won else None)


def _end_turn(state: State, _: str) -> State:
    """The next player in seat order takes the die."""
    state = replace(state, active=(state.active + 1) % len(state.players), step="roll")
    line = todo("move", "Pass the die to {player}.", player=state.player)
    return say(state, because(line, TURN_RULE, msg("Players take their turns in seat order.")))


#: Each action's rule by its kind (the part of its key before ``:``): ``roll``, ``die:N``, ``end-turn``.
HANDLERS = {"roll": _roll, "die": _rolled, "end-turn": _end_turn}
