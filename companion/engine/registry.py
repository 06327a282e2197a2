"""The game registry: game id -> :class:`~companion.engine.core.GameSpec`."""

from __future__ import annotations

from companion.engine.core import GameSpec
from companion.errors import CompanionError


class UnknownGame(CompanionError, KeyError):
    """No game with that id is registered."""

    def __str__(self) -> str:
        return str(self.args[0])


def all_games() -> dict[str, GameSpec]:
    """Every registered game, by id, in a stable order."""
    from companion.games import children, clue_it, creepy_cellar, house_of_spirits

    specs = [creepy_cellar.SPEC, house_of_spirits.SPEC, clue_it.SPEC, children.SPEC]
    return {spec.id: spec for spec in specs}


def get_game(game_id: str) -> GameSpec:
    """The game with ``game_id``.

    Raises:
        UnknownGame: no such game; the message lists the known ids.
    """
    games = all_games()
    if game_id not in games:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(games)}")
    return games[game_id]
