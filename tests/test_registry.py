"""The registry knows what the daemon needs at start without importing the games (issue 35)."""

from __future__ import annotations

from companion.daemon.taps import game_roles
from companion.engine import all_games
from companion.engine.registry import GAMES, READER_ROLES, reader_roles


def test_every_game_s_reader_roles_are_listed_as_the_game_has_them():
    """The bundled games' roles are listed (the daemon starts without importing a game); a game
    added later may be left out of the list, and is asked (docs/new-game.md: one registry line)."""
    assert {"children", "clue_it", "creepy_cellar", "ghost_at_home", "house_of_spirits"} <= set(READER_ROLES)
    assert set(READER_ROLES) <= set(GAMES)
    for game_id, spec in all_games().items():
        assert reader_roles(game_id) == tuple(sorted(set(spec.reader_roles.values()))), game_id


def test_a_game_not_listed_is_asked(monkeypatch):
    monkeypatch.delitem(READER_ROLES, "ghost_at_home")
    monkeypatch.setattr(type(all_games()["ghost_at_home"]), "reader_roles", {"room": "rooms"})
    assert reader_roles("ghost_at_home") == ("rooms",)
    assert game_roles() == ["cards", "rooms", "tiles"]


def test_the_virtual_readers_are_named_after_the_games_roles():
    assert game_roles() == ["cards", "tiles"]
