"""What everyone at the table may see of Lantern Hunt (nothing in it is hidden)."""

from __future__ import annotations

from typing import TypedDict

from companion.engine.core import CheckLine
from companion.i18n import nmsg

from .state import State


class LanternHuntView(TypedDict):
    """What :func:`view` returns: the board as the table screen and every client get it."""

    players: list[str]
    active: str
    lanterns: dict[str, int]
    goal: int


def view(state: State) -> LanternHuntView:
    """The public facts, JSON-ready: each player's lit lanterns and the goal."""
    return {
        "players": list(state.players),
        "active": state.player,
        "lanterns": dict(zip(state.players, state.lit)),
        "goal": state.goal,
    }


def check(state: State) -> tuple[CheckLine, ...]:
    """The table check: each player's lit lanterns, as the companion counts them (read only;
    nothing to check once the game is over)."""
    if state.outcome is not None:
        return ()
    return tuple(CheckLine(name, nmsg("{n} lantern lit", "{n} lanterns lit", "n", n=lit))
                 for name, lit in zip(state.players, state.lit))
