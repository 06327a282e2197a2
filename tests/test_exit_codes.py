"""One exit-code convention for path refusals (words15; restore14's note: ``daemon --db``
on another program's SQLite file exited 1 where a text file exited 2, ``restore`` 2): every
command that takes a path exits 2, in one line, changing nothing, when the path cannot be used
(a directory, a text file, another program's database, a folder it cannot write, a store
another companion holds). 1 stays for what fails while the command works (a refused input)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.common import EXIT_BAD_PATH
from companion.store import EventStore
from tests.checkout import checkout_env
from tests.test_laptop_play import laptop, socket_of  # noqa: F401  (laptop: a fixture)
from tests.test_storage_faults import tiny_tmpfs


def _places(root: Path) -> dict[str, Path]:
    """A directory, a text file and another program's SQLite file, each where a store may be given."""
    (root / "dir.sqlite3").mkdir()
    (root / "text.sqlite3").write_text("my notes\n")
    other = sqlite3.connect(root / "foreign.sqlite3")
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.commit()
    other.close()
    return {"dir": root / "dir.sqlite3", "text": root / "text.sqlite3", "foreign": root / "foreign.sqlite3"}


def _snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


def _backup(tmp_path: Path) -> Path:
    (tmp_path / "made").mkdir()
    store = EventStore(tmp_path / "made" / "g.sqlite3")
    store.close()
    assert main(["backup", str(tmp_path / "made" / "good.backup"), "--db", str(tmp_path / "made" / "g.sqlite3")]) == 0
    return tmp_path / "made" / "good.backup"


SCRIPT = '{"script": 1, "game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1}\n'


#: Each path-taking command with its store path last (``{db}``), and its other files.
COMMANDS = {
    "daemon": ["daemon", "--socket", "{tmp}/c.sock", "--db", "{db}"],
    "play": ["play", "creepy_cellar", "--players", "Ada,Bo", "--terminal", "--socket", "{tmp}/p.sock",
             "--db", "{db}"],
    "replay": ["replay", "{tmp}/script.jsonl", "--db", "{db}"],
    "games": ["games", "--saved", "--db", "{db}"],
    "history": ["history", "--db", "{db}"],
    "backup": ["backup", "{tmp}/new.backup", "--db", "{db}"],
    "restore": ["restore", "{backup}", "--db", "{db}"],
}


@pytest.mark.parametrize("case", ["dir", "text", "foreign"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_store_path_that_cannot_be_used_exits_2_in_one_line(command, case, tmp_path, capsys, monkeypatch):
    for name in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    backup = _backup(tmp_path)
    places = tmp_path / "places"
    places.mkdir()
    db = _places(places)[case]
    (tmp_path / "script.jsonl").write_text(SCRIPT)
    before = _snapshot(places)
    capsys.readouterr()
    argv = [word.format(tmp=tmp_path, db=db, backup=backup) for word in COMMANDS[command]]
    assert main(argv) == EXIT_BAD_PATH == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("companion: ") and str(db) in err, err
    assert _snapshot(places) == before


@pytest.mark.parametrize("command", ["replay", "restore", "backup"])
def test_a_store_in_a_folder_that_cannot_be_written_exits_2(command, tmp_path):
    """A read-only folder (root may write anywhere else): the same convention. (``daemon`` and
    ``play`` go on with the game in memory there, and say so: issue 26, not a refusal.)"""
    backup = _backup(tmp_path)
    (tmp_path / "script.jsonl").write_text(SCRIPT)
    with tiny_tmpfs(tmp_path / "ro", "1m") as ro:
        if command == "backup":
            EventStore(ro / "g.sqlite3").close()
            argv = ["backup", str(ro / "new.backup"), "--db", str(ro / "g.sqlite3")]
        else:
            argv = [word.format(tmp=tmp_path, db=ro / "g.sqlite3", backup=backup) for word in COMMANDS[command]]
        subprocess.run(["mount", "-o", "remount,ro", str(ro)], check=True)
        before = sorted(p.name for p in ro.iterdir())
        done = subprocess.run([sys.executable, "-m", "companion", *argv], capture_output=True, text=True,
                              timeout=120, env=checkout_env())
        assert sorted(p.name for p in ro.iterdir()) == before
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("companion: "), done.stderr


def test_the_convention_is_in_the_help():
    done = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, text=True,
                          timeout=60, env=checkout_env())
    assert "exit status: 0 done; 1" in " ".join(done.stdout.split())


# ---------------------------------------------------------------------- newcomer15's report (cli15)

def _fixtures(root: Path) -> dict[str, Path]:
    """A directory, a missing file and a file of invalid TOML, each given as ``--config``."""
    root.mkdir(exist_ok=True)
    (root / "dir").mkdir()
    (root / "bad.toml").write_text("not = [toml\n")
    return {"dir": root / "dir", "missing": root / "missing.toml", "invalid": root / "bad.toml"}


#: What a ``--config`` that cannot be used exits with, the same for every command that takes one:
#: 2 for a path that names no config file, 1 for a file whose contents are wrong (README, Exit codes).
CONFIG_EXIT = {"dir": 2, "missing": 2, "invalid": 1}


@pytest.mark.parametrize("case", list(CONFIG_EXIT))
@pytest.mark.parametrize("where", ["before", "after"])
def test_voice_refuses_a_config_it_cannot_use_as_the_daemon_does(case, where, tmp_path, capsys):
    """Newcomer15: ``voice --config DIR test --to D`` spoke and exited 0 (the subcommand's own
    ``--config`` default of None overwrote the one given before it)."""
    config = _fixtures(tmp_path / "fx")[case]
    out = tmp_path / "spoken"
    options = ["--config", str(config)]
    argv = ["voice", *options, "test", "--to", str(out)] if where == "before" else \
        ["voice", "test", *options, "--to", str(out)]
    assert main(argv) == CONFIG_EXIT[case]
    voice_err = capsys.readouterr().err
    assert main(["daemon", *options, "--db", str(tmp_path / "d.sqlite3"), "--socket", str(tmp_path / "d.sock")]) \
        == CONFIG_EXIT[case]
    assert voice_err == capsys.readouterr().err  # word for word the daemon's line
    assert len(voice_err.splitlines()) == 1 and voice_err.startswith("companion: ") and str(config) in voice_err
    assert not out.exists() and not (tmp_path / "d.sqlite3").exists()


def test_voice_keeps_the_options_given_before_its_subcommand():
    from companion.cli import _parser

    args = _parser().parse_args(["voice", "--config", "c.toml", "--engine", "espeak-ng", "--cache", "K", "test",
                                 "--to", "D"])
    assert (args.config, args.engine, args.cache, args.to) == (Path("c.toml"), "espeak-ng", Path("K"), Path("D"))
    args = _parser().parse_args(["voice", "--to", "D", "test"])  # the top-level --to is test's too
    assert args.to == Path("D") and args.config is None and args.engine is None
    args = _parser().parse_args(["voice", "prepare", "--config", "c.toml"])
    assert args.config == Path("c.toml") and args.cache is None


@pytest.mark.parametrize("case", list(CONFIG_EXIT))
def test_doctor_exits_as_the_daemon_does_for_a_config_it_cannot_use(case, tmp_path, capsys):
    """Newcomer15: ``doctor --config DIR`` exited 1 where ``daemon --config DIR`` exited 2."""
    config = _fixtures(tmp_path / "fx")[case]
    code = main(["doctor", "--config", str(config)])
    said = capsys.readouterr()
    assert code == CONFIG_EXIT[case], said
    lines = (said.err or said.out).splitlines()
    assert len(lines) == 1 and str(config) in lines[0] and "Traceback" not in said.err


@pytest.mark.parametrize("command", [["daemon", "--new", "nosuch"], ["play", "nosuch", "--terminal"]])
def test_an_unknown_game_exits_2_for_daemon_as_for_play(command, tmp_path, capsys):
    """Newcomer15: the same line exited 1 from ``daemon --new nosuch``, 2 from ``play nosuch``."""
    argv = [*command, "--players", "Ada,Bo", "--db", str(tmp_path / "d.sqlite3"), "--socket", str(tmp_path / "s")]
    assert main(argv) == 2
    assert capsys.readouterr().err == ("companion: cannot start nosuch: unknown game 'nosuch'; known games: "
                                       "creepy_cellar, house_of_spirits, clue_it, ghost_at_home, children\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("kind", ["directory", "regular file"])
def test_ui_refuses_a_socket_path_that_is_no_socket(kind, tmp_path, capsys, monkeypatch):
    """Newcomer15: ``ui --socket DIR`` said "no daemon answers … the window waits", exit 0."""
    import ui.app

    opened = []
    monkeypatch.setattr("companion.cli.table.has_display", lambda: True)
    monkeypatch.setattr(ui.app, "run_app", lambda *a, **k: opened.append(a))
    path = tmp_path / "sock"
    path.mkdir() if kind == "directory" else path.write_text("notes\n")
    assert main(["ui", "--socket", str(path)]) == 2
    assert capsys.readouterr().err == (f"companion: {path} is a {kind}, not a companion's socket: give the socket "
                                       "the daemon listens on (companion daemon says it when it starts), or leave "
                                       "out --socket\n")
    assert opened == []


def test_ui_waits_for_a_daemon_at_a_socket_path_not_made_yet(tmp_path, capsys, monkeypatch):
    import ui.app

    opened = []
    monkeypatch.setattr("companion.cli.table.has_display", lambda: True)
    monkeypatch.setattr(ui.app, "run_app", lambda socket, **k: opened.append(socket))
    assert main(["ui", "--socket", str(tmp_path / "later.sock")]) == 0
    assert opened == [tmp_path / "later.sock"]
    assert "the window waits for it" in capsys.readouterr().err


def test_a_backup_into_a_missing_folder_is_said_in_words(tmp_path, capsys):
    """Newcomer15: "could not copy … unable to open database file" (SQLite's words)."""
    EventStore(tmp_path / "g.sqlite3").close()
    (tmp_path / "notes.txt").write_text("shopping\n")
    before = _snapshot(tmp_path)
    assert main(["backup", str(tmp_path / "missing" / "b.db"), "--db", str(tmp_path / "g.sqlite3")]) == 2
    assert capsys.readouterr().err == (f"companion: no backup: the folder {tmp_path / 'missing'} does not exist: "
                                       "create it first, or give the backup a path in a folder that exists\n")
    assert main(["backup", str(tmp_path / "notes.txt" / "b.db"), "--db", str(tmp_path / "g.sqlite3")]) == 2
    assert capsys.readouterr().err == (f"companion: no backup: {tmp_path / 'notes.txt'} is a regular file, not a "
                                       "folder: give the backup a path in a folder\n")
    assert _snapshot(tmp_path) == before


def test_a_replay_of_a_missing_file_is_said_in_words(tmp_path, capsys):
    """Newcomer15: "[Errno 2] No such file or directory: '…'"."""
    assert main(["replay", str(tmp_path / "missing" / "e.toml")]) == 2
    assert capsys.readouterr().err == (f"companion: bad table script: there is no file at "
                                       f"{tmp_path / 'missing' / 'e.toml'} (the folder {tmp_path / 'missing'} does "
                                       "not exist)\n")
    assert main(["replay", str(tmp_path / "e.jsonl")]) == 2
    assert capsys.readouterr().err == f"companion: bad table script: there is no file at {tmp_path / 'e.jsonl'}\n"


def test_a_store_path_under_a_file_says_it_is_a_file(tmp_path, capsys):
    """Newcomer15: ``--db notes.txt/x.db`` said the folder "is not a folder (create it first…)"."""
    (tmp_path / "notes.txt").write_text("shopping\n")
    for db in (tmp_path / "notes.txt" / "x.db", tmp_path / "notes.txt" / "a" / "x.db"):
        assert main(["daemon", "--db", str(db), "--socket", str(tmp_path / "s")]) == 2
        assert capsys.readouterr().err == (f"companion: --db {db}: {tmp_path / 'notes.txt'} is a regular file, not "
                                           "a folder: give a path in a folder that exists\n")
    assert (tmp_path / "notes.txt").read_text() == "shopping\n"


@pytest.fixture
def fresh_user(tmp_path, monkeypatch) -> Path:
    """A user who never played: the XDG folders are empty, COMPANION_DB is not set."""
    for name in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.delenv("COMPANION_DB", raising=False)
    return tmp_path


@pytest.mark.parametrize("command", [["history"], ["history", "--csv"], ["games", "--saved"]])
def test_a_fresh_install_has_no_games_yet(command, fresh_user, capsys):
    """Newcomer15: "there is no event store at … (give --db)", exit 2, before the first game."""
    assert main(command) == 0
    said = capsys.readouterr()
    assert "no event store" not in said.err + said.out and "Traceback" not in said.err
    assert said.out.strip() in ("No game has been finished yet.", "id,game,players,started,minutes,outcome,winners,"
                                "hauntings,scores", "")
    if command[0] == "games":
        assert said.err.startswith("No game yet: the event store ")
    assert [p for p in fresh_user.rglob("*") if not p.is_dir()] == []  # no store made (default_db makes its folder)


@pytest.mark.parametrize("command", [["history"], ["games", "--saved"]])
def test_a_store_given_that_does_not_exist_is_still_refused(command, fresh_user, capsys):
    db = fresh_user / "nope.sqlite3"
    assert main([*command, "--db", str(db)]) == 2
    assert capsys.readouterr().err == f"companion: there is no event store at {db}\n"


def test_games_saved_says_which_unfinished_game_was_set_aside(tmp_path, capsys, make_session):
    """Newcomer15: the game set aside by ``play --set-aside`` was listed "in progress"."""
    store = EventStore(tmp_path / "g.sqlite3")
    make_session(store=store)  # set aside by the next
    make_session(players=("Cy", "Di"), store=store)
    store.close()
    assert main(["games", "--saved", "--db", str(tmp_path / "g.sqlite3")]) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()[1:]]  # under the header
    assert [(row[0], row[2], row[-1]) for row in rows] == [("2", "Cy, Di", "in progress"),
                                                           ("1", "Ada, Bo", "set aside (unfinished)")]


def test_the_readme_says_which_commands_keep_the_game_in_memory_in_a_folder_they_cannot_write():
    """Newcomer15: README said a folder that cannot be written exits 2, but ``daemon`` and ``play``
    go on with the game in memory there (docs/reliability.md 3b, deliberate): both say it."""
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text().split())
    paragraph = readme[readme.index("Exit codes, the same for every command"):]
    paragraph = paragraph[:paragraph.index("Hardware is described")]
    assert "`companion daemon` and `companion play` are the exception" in paragraph
    assert "in memory" in paragraph and "lost when they stop" in paragraph
    from companion.cli import EXIT_STATUS

    assert "daemon and play keep the game in memory" in EXIT_STATUS


STOPPED = {"en": "The companion stopped: its daemon no longer answers at {socket}. Every input it accepted is kept: "
                 "run the same command again to go on with the game.",
           "it": "Il companion si è fermato: il suo servizio non risponde più sul socket {socket}. Ogni input che "
                 "aveva accettato è conservato: lanciate di nuovo lo stesso comando per continuare la partita."}


@pytest.mark.parametrize("lang", list(STOPPED))
def test_the_terminal_says_in_words_that_the_daemon_stopped(lang, tmp_path):
    """Newcomer15: "The companion went away: daemon connection lost: [Errno 32] Broken pipe"."""
    import io
    import threading

    from companion.daemon import Daemon, DaemonThread
    from companion.daemon.settings import DaemonSettings
    from companion.terminal import TerminalTable

    store = EventStore(tmp_path / "d.sqlite3")
    running = DaemonThread(Daemon(store, tmp_path / "c.sock", DaemonSettings(language=lang)))
    daemon = running.__enter__()

    said = threading.Event()

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            if text.startswith(STOPPED[lang][:15]):
                said.set()
            return super().write(text)

    def typed():
        yield ""
        running.__exit__(None, None, None)  # the daemon stops (killed, or its process ended)
        assert said.wait(30)  # said at once, not at the next typed line (newcomer15)
        yield "1"  # typed after: nothing more is said

    out = Out()
    try:
        assert TerminalTable(daemon.socket_path, inp=typed(), out=out).run() == 0
    finally:
        store.close()
    assert out.getvalue().count(STOPPED[lang][:15]) == 1
    last = out.getvalue().splitlines()[-1]
    assert last == STOPPED[lang].format(socket=daemon.socket_path), out.getvalue()
    assert "Errno" not in out.getvalue()


def test_a_client_whose_daemon_stopped_says_it_in_words(tmp_path):
    from companion.client import Client, DaemonUnavailable
    from tests.daemon_fixture import running_daemon

    with running_daemon(tmp_path) as daemon:
        client = Client(daemon.socket_path).connect()
    with pytest.raises(DaemonUnavailable) as raised:
        for _ in range(5):
            client.send({"cmd": "undo"})
    client.close()
    assert str(raised.value) == f"the daemon at {daemon.socket_path} stopped: its connection closed"


def test_play_in_the_terminal_ends_by_itself_when_its_daemon_is_killed(laptop):  # noqa: F811
    """Newcomer15: after the daemon died, ``play --terminal`` said nothing until the next typed
    line, then "[Errno 32] Broken pipe". Now it says it in words at once and ends (its input
    stays open: nothing more is typed)."""
    import os
    import signal

    env = laptop
    play = subprocess.Popen([sys.executable, "-m", "companion", "play", "creepy_cellar", "--players", "Ada,Bo",
                             "--terminal"], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        seen = []
        for line in play.stdout:  # until the table's first prompt
            seen.append(line)
            if "Roll the die" in line:
                break
        children = Path(f"/proc/{play.pid}/task/{play.pid}/children").read_text().split()
        assert len(children) == 1 and socket_of(env).exists(), seen
        os.kill(int(children[0]), signal.SIGKILL)
        rest = play.stdout.read()  # play ends by itself: its stdin is still open
        assert play.wait(30) == 0
    finally:
        if play.poll() is None:
            play.kill()
            play.wait()
        play.stdin.close()
    assert rest.strip().splitlines()[-1].startswith("The companion stopped: its daemon no longer answers at "), rest
    assert "Errno" not in rest and "Traceback" not in rest


def test_a_replay_leaves_the_daemons_log_as_it_found_it(tmp_path):
    """A replay silences the daemon's log while it runs; run in-process it left it at CRITICAL,
    and a later test in the same worker lost the daemon's errors from its caplog (found when
    test_daemon's NaN test ran after this file)."""
    import logging

    from companion.cli import main

    log = logging.getLogger("companion.daemon")
    before = log.level
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert log.level == before


def test_play_its_game_without_players_goes_on_with_the_saved_game(tmp_path, make_session, monkeypatch):
    """Newcomer 16: ``companion play creepy_cellar`` (what the set-aside line and the README say
    goes back to it) exited 2 with argparse's "the following arguments are required: --players"."""
    import companion.play

    store = EventStore(tmp_path / "g.sqlite3")
    make_session(players=("Cy", "Di"), store=store)
    make_session(players=("Ada", "Bo"), store=store, options={"first_game": True})  # the newest of its kind
    store.close()
    asked = []
    monkeypatch.setattr(companion.play, "play_command", lambda args, new: asked.append(new) or 0)
    assert main(["play", "creepy_cellar", "--terminal", "--db", str(tmp_path / "g.sqlite3")]) == 0
    assert [(new.game, new.players, new.abandon) for new in asked] == [("creepy_cellar", ("Ada", "Bo"), False)]


@pytest.mark.parametrize(("argv", "lang", "said"), [
    ([], "en", "there is no unfinished game of Children to go on with: give the players to start one, e.g. "
               "companion play children --players Ada,Bo"),
    (["--lang", "it"], "it", "non c'è una partita non finita di Children da riprendere: indicate chi gioca per "
                             "iniziarne una, per esempio companion play children --players Ada,Bo"),
    (["--set-aside"], "en", "--set-aside starts a new game of Children: give its players, e.g. companion play "
                            "children --players Ada,Bo"),
])
def test_play_without_players_and_no_game_to_go_on_with_says_what_is_missing(argv, lang, said, tmp_path, capsys,
                                                                              make_session):
    store = EventStore(tmp_path / "g.sqlite3")
    make_session(store=store)  # creepy_cellar, not children
    store.close()
    before = _snapshot(tmp_path)
    assert main(["play", "children", "--terminal", "--db", str(tmp_path / "g.sqlite3"), *argv]) == 2
    assert capsys.readouterr().err == f"companion: {said}\n"
    assert _snapshot(tmp_path) == before  # nothing started or changed


@pytest.mark.parametrize("command", [["daemon"], ["play", "creepy_cellar", "--players", "Ada,Bo", "--terminal"]])
def test_a_socket_in_a_missing_folder_is_refused_as_a_store_there_is(command, fresh_user, capsys):
    """Newcomer 16: ``--socket /nope/s.sock`` made /nope (as root) and started, where ``--db
    /nope/s.db`` is refused "the folder /nope does not exist"."""
    sock = fresh_user / "nope" / "s.sock"
    assert main([*command, "--socket", str(sock), "--db", str(fresh_user / "g.sqlite3")]) == 2
    assert capsys.readouterr().err == (f"companion: --socket {sock}: the folder {sock.parent} does not exist (create "
                                       f"it first, or give a path in a folder that exists)\n")
    assert not sock.parent.exists() and not (fresh_user / "g.sqlite3").exists()


def test_the_default_sockets_folder_is_still_made(fresh_user):
    from companion.paths import check_socket_folder, default_socket

    assert not default_socket().parent.exists()  # the runtime dir's own folder, made by the daemon as it binds
    check_socket_folder(default_socket())
    check_socket_folder(fresh_user / "here.sock")
    assert not default_socket().parent.exists()  # a check changes nothing
