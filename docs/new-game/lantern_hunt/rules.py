"""Lantern Hunt's rules: ``setup`` and ``act`` (the engine has checked legality already)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.errors import RuleViolation
from companion.i18n import msg, todo

from .state import State

MIN_PLAYERS = 1
MAX_PLAYERS = 4


def setup(players: Sequence[str], options: Mapping[str, Any], content=None) -> State:
    """A new game: no lantern lit, the first player's turn.

    Raises:
        RuleViolation: a player count outside 1-4 or a name given twice.
    """
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleViolation(msg("Lantern Hunt is played by 1 to 4 players."))
    if len(set(players)) != len(players):
        raise RuleViolation(msg("Each player needs a name of their own."))
    news = (todo("setup", "Give each player {count} unlit lanterns.", count=options["lanterns"]),)
    return State(tuple(players), options["lanterns"], (0,) * len(players), news=news)


def act(state: State, key: str) -> State:
    """The state after the legal action ``key``: ``roll``, ``die:N`` or ``end-turn``."""
    if key == "roll":
        return replace(state, step="rolling", news=())
    if key.startswith("die:"):
        return _rolled(state, int(key.split(":")[1]))
    return replace(state, active=(state.active + 1) % len(state.players), step="roll", news=())


def _rolled(state: State, face: int) -> State:
    """A 4-6 lights a lantern (and may win); a 1 lets a ghost blow one out."""
    lit = list(state.lit)
    if face >= 4:
        lit[state.active] += 1
        news = (todo("flip", "{player}: light a lantern.", player=state.player),)
    elif face == 1 and lit[state.active]:
        lit[state.active] -= 1
        news = (todo("flip", "{player}: a ghost blows out one of your lanterns.", player=state.player),)
    else:
        news = (msg("{player} rolled {face}: nothing happens.", player=state.player, face=face),)
    won = lit[state.active] >= state.goal
    return replace(state, lit=tuple(lit), step="end", news=news,
                   outcome=state.player if won else None)
