"""Which game a starting daemon puts on the table: what ``--players`` and ``--option`` that
the resumed game does not have are said to be (newcomer: options were dropped silently)."""

from __future__ import annotations

from companion.daemon import Daemon
from companion.startup import NewGame, open_game
from companion.store import EventStore


def _daemon(tmp_path):
    return Daemon(EventStore(tmp_path / "g.sqlite3"), tmp_path / "d.sock")


def test_options_the_resumed_game_does_not_have_are_said_not_dropped_silently(tmp_path):
    first = _daemon(tmp_path)
    open_game(first, NewGame("creepy_cellar", ("Ada", "Bo")), lambda: None)
    first.store.close()

    again = _daemon(tmp_path)
    line = open_game(again, NewGame("creepy_cellar", ("Ada", "Bo"), {"ghost_deck": "physical"}), lambda: None)
    assert line == ("resumed game 1 (creepy_cellar: Ada, Bo) after 0 inputs; --new GAME --set-aside starts another "
                    "(--option ghost_deck=physical is for a new game: this one keeps ghost_deck=virtual; "
                    "add --set-aside to start a new one)")
    assert again.session.header.options.get("ghost_deck", "virtual") == "virtual"


def test_the_same_options_resume_without_a_word(tmp_path):
    first = _daemon(tmp_path)
    open_game(first, NewGame("creepy_cellar", ("Ada", "Bo"), {"ghost_deck": "physical"}), lambda: None)
    first.store.close()
    line = open_game(_daemon(tmp_path), NewGame("creepy_cellar", ("Ada", "Bo"), {"ghost_deck": "physical"}),
                     lambda: None)
    assert line == "resumed game 1 (creepy_cellar: Ada, Bo) after 0 inputs; --new GAME --set-aside starts another"
