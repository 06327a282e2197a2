"""The game registry: game id -> :class:`~companion.engine.game.Game`.

Each game's package is imported only when that game is asked for, so a daemon resuming
one game never loads the others (start-up time, issue 9).
"""

from __future__ import annotations

from importlib import import_module

from companion.engine.game import Game
from companion.errors import CompanionError
from companion.i18n import Msg, msg

#: Registered games in their listing order: game id -> the package whose ``SPEC`` it is.
GAMES: dict[str, str] = {
    "creepy_cellar": "companion.games.creepy_cellar",
    "house_of_spirits": "companion.games.house_of_spirits",
    "clue_it": "companion.games.clue_it",
    "ghost_at_home": "companion.games.ghost_at_home",
    "children": "companion.games.children",
}

#: The reader roles each registered game reads its pieces on (the values of its
#: ``reader_roles``), known without importing the game: the daemon names its virtual
#: readers after them at start (issue 35: importing the five games cost a third of the
#: start-up). ``tests/test_registry.py`` checks them against the games.
READER_ROLES: dict[str, tuple[str, ...]] = {
    "creepy_cellar": ("cards", "tiles"),
    "house_of_spirits": (),
    "clue_it": (),
    "ghost_at_home": (),
    "children": ("cards", "tiles"),
}


def reader_roles(game_id: str) -> tuple[str, ...]:
    """The reader roles of ``game_id`` (:data:`READER_ROLES`; a game not listed there is
    imported to read them), sorted."""
    known = READER_ROLES.get(game_id)
    return known if known is not None else tuple(sorted(set(get_game(game_id).reader_roles.values())))


class UnknownGame(CompanionError, KeyError):
    """No game with that id is registered."""

    def __str__(self) -> str:
        return str(self.args[0])


def all_games() -> dict[str, Game]:
    """Every registered game, by id, in a stable order."""
    return {game_id: get_game(game_id) for game_id in GAMES}


def get_game(game_id: str) -> Game:
    """The game with ``game_id`` (its package is imported on first use).

    Raises:
        UnknownGame: no such game; the message lists the known ids.
    """
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise UnknownGame(_unknown(game_id))
    return import_module(GAMES[game_id]).SPEC


def _unknown(game_id: object) -> Msg:
    """The refusal of an unknown ``game_id``: the known ids, and first the one it looks like
    when it is one slip away ("creepy_celar", "Children", "house-of-spirits")."""
    games = ", ".join(GAMES)
    if isinstance(game_id, str):
        from difflib import get_close_matches

        close = get_close_matches(game_id.lower().replace("-", "_").replace(" ", "_"), GAMES, n=1, cutoff=0.8)
        if close:
            return msg("unknown game {game}: did you mean {close}? known games: {games}", game=repr(game_id),
                       close=close[0], games=games)
    return msg("unknown game {game}; known games: {games}", game=repr(game_id), games=games)


def known_component(component: object) -> bool:
    """True when ``component`` is a component id (``game:kind:name``) of a registered game."""
    if not isinstance(component, str) or component.count(":") != 2:
        return False
    game = component.split(":", 1)[0]
    return game in GAMES and component in get_game(game).components


def split_piece(piece: str) -> tuple[str, int | None]:
    """A piece id's component and copy number: ``"ghost_at_home:room:first-floor#3"`` ->
    ``("ghost_at_home:room:first-floor", 3)``; a plain component id -> ``(id, None)``; a
    malformed copy number -> ``(id, 0)`` (never a known piece)."""
    component, sep, copy = piece.partition("#")
    if not sep:
        return component, None
    return component, int(copy) if copy.isdigit() and copy[0] != "0" and len(copy) <= 4 else 0


def copies(spec: Game, component: str) -> int:
    """How many physical copies of ``component`` the game has (its pieces list; 1 if absent)."""
    return spec.pieces.count(component) or 1


def known_piece(piece: object) -> bool:
    """True for a component id, or a *piece id* ``component#n`` naming copy ``n`` (1-based)
    of a component the game has several copies of, whose copies the game tells apart
    (:attr:`ContentSpec.per_copy`: their printed data differs, e.g. light bulbs)."""
    if not isinstance(piece, str):
        return False
    component, copy = split_piece(piece)
    if not known_component(component):
        return False
    if copy is None:
        return True
    spec = get_game(component.split(":", 1)[0])
    return spec.content is not None and spec.content.per_copy(component) and 1 <= copy <= copies(spec, component)
