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


def test_a_finished_game_is_back_on_the_table_after_a_restart_and_its_last_input_can_be_undone(tmp_path):
    """Issue 26: after a restart a finished game was gone ("No game yet"): a power cut just
    after a game-ending mis-tap lost the game and its summary."""
    import subprocess
    import sys
    from importlib import resources

    from companion.client import Client
    from tests.checkout import checkout_env

    db, sock = tmp_path / "g.sqlite3", tmp_path / "d.sock"
    demo = resources.files("companion.data").joinpath("demo.jsonl")
    done = subprocess.run([sys.executable, "-m", "companion", "replay", str(demo), "--db", str(db)],
                          capture_output=True, text=True, env=checkout_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    finished = EventStore(db)
    record = finished.games()[-1]
    assert record.outcome in ("won", "lost")
    inputs = len(finished.events(record.id))
    finished.close()

    def daemon():
        return subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--db", str(db), "--socket", str(sock)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=checkout_env())

    first = daemon()
    try:
        assert "listening on" in first.stdout.readline()
        with Client(sock).connect() as client:
            state = client.state
            assert state["prompt"]["over"] and state["game"] == "creepy_cellar"
            assert state["finished_game"] == {"id": record.id, "after_restart": True}
            assert client.undo()["ok"]  # the game-ending mis-tap, taken back
            client.request({"cmd": "state"})
            assert not client.state["prompt"]["over"] and client.state["finished_game"] is None
    finally:
        first.terminate()
        first.wait(10)
    assert "showing the finished game 1 (creepy_cellar: Ada, Bo" in first.stderr.read()
    store = EventStore(db)
    assert store.last_unfinished().id == record.id and len(store.events(record.id)) == inputs + 1
    store.close()


def test_first_game_mode_is_an_option_the_command_line_takes():
    """Found by the trial helper: ``companion play GAME --option first_game=true`` (README:
    every option with ``--option NAME=VALUE``) was refused, "option 'first_game' cannot be
    'true'; it is one of False, True": the engine's own option was not matched like a game's."""
    import pytest

    from companion.startup import StartRefused, header

    assert header(NewGame("creepy_cellar", ("Ada", "Bo"), {"first_game": "true"})).options["first_game"] is True
    assert header(NewGame("clue_it", ("Ada", "Bo"), {"first_game": "False"})).options["first_game"] is False
    with pytest.raises(StartRefused, match="first_game is one of false, true, not 'yes'"):
        header(NewGame("children", ("Ada", "Bo"), {"first_game": "yes"}))


def test_play_says_the_daemon_notes_in_the_tables_language():
    """Issue 29: ``play`` at an Italian table printed the daemon's "--players … is for a new
    game" note in English."""
    from companion.play import _notes

    rest = (" (--players Ada,Cy is for a new game: this one keeps its players; add --set-aside to start a new one)"
            " (--option mode=basic is for a new game: this one keeps mode=nightmare; add --set-aside to start a "
            "new one)")
    assert _notes(rest, "en") == rest
    assert _notes(rest, "it") == (
        " (--players Ada,Cy vale per una nuova partita: questa tiene i suoi giocatori; aggiungete --set-aside per "
        "iniziarne una nuova) (--option mode=basic vale per una nuova partita: questa tiene mode=nightmare; "
        "aggiungete --set-aside per iniziarne una nuova)")
