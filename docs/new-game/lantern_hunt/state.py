"""Lantern Hunt's state: frozen, so that every step makes a new one and undo is free."""

from __future__ import annotations

from dataclasses import dataclass

GAME_ID = "lantern_hunt"


@dataclass(frozen=True)
class State:
    """One moment of a game.

    Attributes:
        players: the names in turn order.
        goal: the lanterns a player must light to win (the ``lanterns`` option).
        lit: each player's lit lanterns, in turn order.
        active: the index of the player whose turn it is.
        step: ``"roll"`` (the die is due), ``"rolling"`` (the session rolls it: a chance
            node) or ``"end"`` (the roll is done: End turn).
        news: what the last action did, as sentences for the table.
        outcome: None while the game goes on, else the winner's name.
    """

    players: tuple[str, ...]
    goal: int
    lit: tuple[int, ...]
    active: int = 0
    step: str = "roll"
    news: tuple[str, ...] = ()
    outcome: str | None = None

    @property
    def player(self) -> str:
        """The active player's name."""
        return self.players[self.active]
