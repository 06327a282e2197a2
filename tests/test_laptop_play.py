"""Issue 18: a game on a laptop. ``companion play`` (in the terminal here: no display) runs
the real daemon with no config file, so it has virtual readers; ``companion tap`` puts
cards on them. Every command is a real subprocess with its own user directories."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from companion.client import Client, DaemonUnavailable
from tests.checkout import ctrl_c_as_at_a_terminal
from tests.collector import wait_until

ROOM_H = "creepy_cellar:ghost:room-H"


@pytest.fixture
def laptop(tmp_path):
    """The environment of a laptop user with no config file and no display."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "COMPANION_CONFIG", "COMPANION_DB", "COMPANION_SOCKET",
                        "STATE_DIRECTORY", "RUNTIME_DIRECTORY")}
    for name in ("CONFIG", "DATA", "STATE", "CACHE"):
        env[f"XDG_{name}_HOME"] = str(tmp_path / name.lower())
    run = tmp_path / "run"
    run.mkdir(mode=0o700)
    env["XDG_RUNTIME_DIR"] = str(run)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def companion(env, *args, timeout=60, **kwargs):
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env, capture_output=True,
                          text=True, timeout=timeout, **kwargs)


def socket_of(env) -> Path:
    return Path(env["XDG_RUNTIME_DIR"]) / "haunt-companion" / "companion.sock"


def wait_for(env, check, what, timeout=30.0):
    """Poll the daemon's state until ``check(state)`` holds; returns that state."""
    seen = [None]

    def holds() -> bool:
        try:
            with Client(socket_of(env)).connect(timeout=1.0) as client:
                seen[0] = client.state
        except DaemonUnavailable:
            seen[0] = None
        return seen[0] is not None and check(seen[0])

    wait_until(holds, timeout, lambda: f"{what}; last state: {json.dumps(seen[0])[:400]}", poll=0.1)
    return seen[0]


def roll_until_a_ghost_card(env) -> dict:
    """After a roll: the state asking for a Ghost card. A 6 flips none (the die is the
    daemon's own): that turn ends and the next player rolls, until a face 1-5 comes."""
    for _ in range(20):
        state = wait_for(env, lambda s: s["view"].get("step") != "roll", "the roll")
        if "flip the top Ghost card" in state["prompt"]["text"]:
            return state
        assert state["view"]["die"] == 6, state["prompt"]["text"]
        with Client(socket_of(env)).connect() as client:
            assert client.choose("end-turn")["ok"]
            assert client.choose("roll")["ok"]
    pytest.fail("twenty sixes in a row")


class Play:
    """``companion play`` running in the terminal, fed through its stdin."""

    def __init__(self, env, *args):
        self.process = subprocess.Popen([sys.executable, "-m", "companion", "play", *args], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)

    def type(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def quit(self) -> tuple[int, str, str]:
        out, err = self.process.communicate("q\n", timeout=30)
        return self.process.returncode, out, err

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=10)


def test_a_ghost_card_tapped_with_companion_tap_is_drawn_in_a_physical_deck_game(laptop):
    play = Play(laptop, "creepy_cellar", "--players", "Ada,Bo", "--option", "ghost_deck=physical")
    try:
        state = wait_for(laptop, lambda s: s.get("game") == "creepy_cellar" and all(
            r["online"] for r in s["hardware"]["readers"]), "the game, its readers online")
        assert state["hardware"] == {
            "dice_button": False, "virtual": True, "broker": None,
            "readers": [{"name": "cards", "role": "cards", "online": True, "virtual": True, "dropouts": 0},
                        {"name": "tiles", "role": "tiles", "online": True, "virtual": True, "dropouts": 0}]}
        assert state["prompt"]["text"] == "Ada: touch “Roll the die”"  # no dice button, and it says so

        refused = companion(laptop, "tap", ROOM_H)  # the die first: the table's refusal, exit 1
        assert refused.returncode == 1, refused
        assert refused.stderr.strip() == ("No Ghost card is due now: one is flipped after a roll of 1 to 5. "
                                          "Ada: touch “Roll the die”.")
        unknown = companion(laptop, "tap", "creepy_cellar:ghost:room-Z")
        assert unknown.returncode == 2, unknown
        assert "no card 'creepy_cellar:ghost:room-Z' in creepy_cellar; did you mean" in unknown.stderr

        play.type("1")  # 1) Roll the die, typed in the terminal
        state = roll_until_a_ghost_card(laptop)
        assert {"component": ROOM_H, "label": "Ghost card room H"} in state["tap_components"]
        assert state["view"]["rooms"]["H"]["ghosts"] == 0

        drawn = companion(laptop, "tap", "ghost:room-H")  # the game's own prefix may be left out
        assert drawn.returncode == 0, drawn
        assert drawn.stdout.strip() == "Drawn: Ghost card room H. Place a ghost in room H."
        state = wait_for(laptop, lambda s: "move up to" in s["prompt"]["text"], "the move prompt")
        assert state["view"]["rooms"]["H"]["ghosts"] == 1
        assert "Drawn: Ghost card room H." in state["log"]

        again = companion(laptop, "tap", ROOM_H)  # drawn already: the table says so
        assert again.returncode == 1, again
        assert again.stderr.startswith("No Ghost card is due now"), again.stderr
        code, out, err = play.quit()
    finally:
        play.kill()
    assert code == 0, err
    log_path = Path(laptop["XDG_STATE_HOME"]) / "haunt-companion" / "log" / "play.log"
    assert out.splitlines()[:2] == ["No display found: playing in the terminal.",
                                    "Started a new game of Ghost Fightin' Treasure Hunters: Creepy Cellar for "
                                    f"Ada, Bo (game no. 1). The daemon's log: {log_path}"]
    assert re.search(r"(Ada|Bo): flip the top Ghost card and tap it on the reader", out)
    assert "1) Roll the die" in out
    assert not socket_of(laptop).exists()  # the daemon stopped with it
    log = (Path(laptop["XDG_STATE_HOME"]) / "haunt-companion" / "log" / "play.log").read_text()
    assert "started a new game 1 of creepy_cellar for Ada, Bo" in log
    assert "SIGTERM received: shutting down in order" in log and "shutdown done: the event store" in log


def test_play_resumes_its_game_and_the_daemon_refuses_a_new_game_of_another_kind_over_it(laptop):
    play = Play(laptop, "creepy_cellar", "--players", "Ada,Bo", "--terminal")
    try:
        wait_for(laptop, lambda s: s.get("game") == "creepy_cellar", "the game")
        play.type("1")
        wait_for(laptop, lambda s: "move up to" in s["prompt"]["text"], "the move prompt")
        code, _out, err = play.quit()
    finally:
        play.kill()
    assert code == 0, err

    other = companion(laptop, "daemon", "--new", "children", "--players", "Ada,Bo")
    assert other.returncode == 2
    assert other.stderr.strip().endswith(
        "the unfinished game 1 is creepy_cellar (Ada, Bo), not children: add --set-aside to keep it unfinished "
        "in the store and start children (--new creepy_cellar goes back to it later), or leave out --new to go on "
        "with it")
    via_play = companion(laptop, "play", "children", "--players", "Ada,Bo", "--terminal")
    assert via_play.returncode == 2
    assert via_play.stderr.strip().endswith("start children, or companion play creepy_cellar to go on with it")
    assert not socket_of(laptop).exists()
    players = companion(laptop, "daemon", "--players", "Ada,Bo")
    assert players.returncode == 2
    assert "--players goes with --new GAME" in players.stderr

    play = Play(laptop, "creepy_cellar", "--players", "Ada,Bo", "--terminal")
    try:
        state = wait_for(laptop, lambda s: s.get("game") == "creepy_cellar", "the resumed game")
        assert "move up to" in state["prompt"]["text"]  # where the first run left it
        _code, out, _err = play.quit()
    finally:
        play.kill()
    log = (Path(laptop["XDG_STATE_HOME"]) / "haunt-companion" / "log" / "play.log").read_text()
    assert "resumed game 1 (creepy_cellar: Ada, Bo) after 1 input;" in log
    assert out.splitlines()[0].startswith("Going on with game no. 1 of Ghost Fightin' Treasure Hunters: "
                                          "Creepy Cellar (Ada, Bo) after 1 input; --set-aside starts a new one "
                                          "and keeps this one in the store. The daemon's log: ")


def test_tap_without_a_daemon_and_with_real_readers_exits_2(laptop, tmp_path):
    alone = companion(laptop, "tap", ROOM_H)
    assert alone.returncode == 2
    assert alone.stderr == (f"companion: No companion is running (nothing answers at {socket_of(laptop)}; "
                            f"start one with companion play GAME --players A,B)\n")

    config = tmp_path / "real.toml"
    config.write_text('[dice]\nenabled = false\n[[readers]]\nname = "table"\ndriver = "fake"\n')
    daemon = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--config", str(config)], env=laptop,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        state = wait_for(laptop, lambda s: s["hardware"]["readers"][0]["online"], "the reader online")
        assert state["hardware"] == {"dice_button": False, "virtual": False, "broker": None,
                                     "readers": [{"name": "table", "role": "cards", "online": True,
                                                  "virtual": False, "dropouts": 0}]}
        real = companion(laptop, "tap", ROOM_H)
        assert real.returncode == 2
        assert real.stderr.strip() == ("This table reads real cards (readers: table): virtual taps are off. "
                                       "To allow them, set virtual_taps = true in the config file.")
    finally:
        daemon.terminate()
        daemon.communicate(timeout=20)


def test_version():
    done = subprocess.run([sys.executable, "-m", "companion", "--version"], capture_output=True, text=True,
                          timeout=30)
    from companion import __version__

    assert (done.returncode, done.stdout) == (0, f"companion {__version__}\n")


def test_ctrl_c_during_replay_says_after_which_line_the_same_command_resumes(laptop, tmp_path):
    import signal

    db = tmp_path / "game.sqlite"
    script = Path(__file__).resolve().parents[1] / "companion" / "data" / "demo.jsonl"
    process = subprocess.Popen([sys.executable, "-m", "companion", "replay", str(script), "--db", str(db),
                                "--realtime", "--speed", "4", "--progress"], env=laptop, stderr=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, text=True, preexec_fn=ctrl_c_as_at_a_terminal)
    said = []
    for line in process.stderr:  # a few lines played, then Ctrl-C
        said.append(line)
        if line.startswith("line 8: accepted"):
            process.send_signal(signal.SIGINT)
            break
    said += process.stderr.read().splitlines(keepends=True)
    assert process.wait(20) == 130
    accepted = [int(m[1]) for line in said if (m := re.match(r"line (\d+): accepted", line))]
    assert said[-1] == (f"companion: replay stopped: line {accepted[-1]} was the last one played; {db} keeps "
                        f"the game: the same command resumes after line {accepted[-1]}\n")
    again = companion(laptop, "replay", str(script), "--db", str(db), "--progress")
    assert again.returncode == 0
    assert again.stderr.splitlines()[0] == f"line {accepted[-1] + 1}: accepted"


def _rootless_runtime(laptop, tmp_path, xdg=None):
    """A shell without XDG_RUNTIME_DIR (su, ssh): platformdirs falls back to TMPDIR's runtime-UID.
    TMPDIR is a short folder beside pytest's: under pytest-xdist, tmp_path/temp/runtime-UID/...
    is longer than a Unix socket's path may be (the daemon then refuses the socket)."""
    env = {k: v for k, v in laptop.items() if k != "XDG_RUNTIME_DIR"}
    temp = Path(tempfile.mkdtemp(prefix="rt", dir=tmp_path.parent))
    env["TMPDIR"] = str(temp)
    if xdg is not None:
        env["XDG_RUNTIME_DIR"] = str(xdg)
    return env, temp


@pytest.mark.parametrize("argv", [["tap", ROOM_H], ["content", "creepy_cellar"], ["tags", "list"], ["phones"],
                                  ["private", "Ada"]])
def test_client_commands_say_nothing_about_the_runtime_dir(laptop, tmp_path, argv):
    env, _temp = _rootless_runtime(laptop, tmp_path)
    done = companion(env, *argv)
    assert "XDG_RUNTIME_DIR" not in done.stderr and "WARNING" not in done.stderr, done.stderr


def test_the_runtime_dir_note_is_true_when_the_fallback_is_the_directory_named(laptop, tmp_path):
    from companion.paths import _say_runtime_dir, runtime_dir_note

    run = tmp_path / "runtime-0"
    _say_runtime_dir(f"XDG_RUNTIME_DIR {run} has mode 0755, not 0700, falling back to {run}",
                     str(run / "haunt-companion"))
    note = runtime_dir_note()
    assert "falling back" not in note
    assert note == (f"XDG_RUNTIME_DIR {run} has mode 0755 (other users may look in it; chmod 700 {run} makes it "
                    f"private): the daemon socket goes in {run / 'haunt-companion'} all the same")


def test_the_daemon_logs_the_runtime_dir_note_once_at_info(laptop, tmp_path):
    env, temp = _rootless_runtime(laptop, tmp_path)
    daemon = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--new", "creepy_cellar"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        sock = temp / f"runtime-{os.getuid()}" / "haunt-companion" / "companion.sock"
        wait_until(sock.exists, 30, "the daemon's socket")
    finally:
        daemon.terminate()
        _out, err = daemon.communicate(timeout=20)
    said = [line for line in err.splitlines() if "XDG_RUNTIME_DIR" in line]
    assert len(said) == 1 and " INFO companion: XDG_RUNTIME_DIR is not set: the daemon socket goes in " in said[0], err


@pytest.mark.parametrize("argv", [["content", "creepy_cellar"], ["private", "Ada"], ["tags", "list"],
                                  ["tags", "enroll", "04112233445566", ROOM_H], ["phones"],
                                  ["enroll", "creepy_cellar"], ["tap", ROOM_H]])
def test_client_commands_without_a_daemon_say_so_in_one_line_and_exit_2(laptop, argv):
    done = companion(laptop, *argv)
    assert (done.returncode, done.stderr) == (
        2, f"companion: No companion is running (nothing answers at {socket_of(laptop)}; start one with "
           f"companion play GAME --players A,B)\n")


NO_X = ":4711"  # no X server runs there (checked by the tests that use it)


def test_play_with_a_display_nobody_answers_on_says_why_and_exits_2(laptop):
    from ui.app import display_problem

    assert display_problem({"DISPLAY": NO_X})
    done = companion({**laptop, "DISPLAY": NO_X}, "play", "clue_it", "--players", "Ada,Bo,Cy", timeout=30)
    assert done.returncode == 2
    assert done.stderr == ("companion: the table window cannot open: no display server answers (DISPLAY=:4711: "
                           "nothing runs there); start the desktop, or set DISPLAY to a display that runs. "
                           "To play in the terminal: companion play clue_it --players Ada,Bo,Cy --terminal\n")
    assert not socket_of(laptop).exists()  # nothing started


def test_demo_with_a_display_nobody_answers_on_plays_in_the_terminal_and_says_why(laptop):
    done = companion({**laptop, "DISPLAY": NO_X}, "demo", "--speed", "500", timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (
        "The table window cannot open: no display server answers (DISPLAY=:4711: nothing runs there); "
        "start the desktop, or set DISPLAY to a display that runs. Showing the game in the terminal instead.")


def test_the_display_probe_knows_an_x_server_from_something_else():
    import socket
    import threading

    from ui.app import display_problem

    def serve(listener, reply):
        conn, _ = listener.accept()
        conn.recv(12)
        conn.sendall(reply)
        conn.close()

    for number, reply, answer in ((4712, b"\x00\x10", None), (4713, b"HTTP/1.1 400", "not an X server")):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
            listener.bind(f"\0/tmp/.X11-unix/X{number}")
            listener.listen(1)
            threading.Thread(target=serve, args=(listener, reply), daemon=True).start()
            problem = display_problem({"DISPLAY": f":{number}"})
        assert problem is None if answer is None else answer in problem


def test_play_says_the_game_is_kept_when_it_stops(laptop):
    play = Play(laptop, "creepy_cellar", "--players", "Ada,Bo", "--terminal")
    try:
        wait_for(laptop, lambda s: s.get("game") == "creepy_cellar", "the game")
        code, out, err = play.quit()
    finally:
        play.kill()
    assert code == 0, err
    assert out.splitlines()[-1] == "Game kept: run the same command to go on."


def test_play_in_italian_says_everything_in_italian(laptop):
    """Issue 29: ``--lang it`` chooses the table's language (as the screen does), and play's
    own lines are Italian too (they were English: "No display found", "Game kept")."""
    env = {k: v for k, v in laptop.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    play = Play(env, "creepy_cellar", "--players", "Ada,Bo", "--lang", "it")
    try:
        wait_for(laptop, lambda s: s.get("game") == "creepy_cellar" and s.get("language") == "it", "the game")
        code, out, err = play.quit()
    finally:
        play.kill()
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Nessuno schermo trovato: si gioca nel terminale."
    assert lines[1].startswith("Nuova partita di ") or "partita" in lines[1], lines[1]
    assert lines[-1] == "Partita conservata: date di nuovo lo stesso comando per continuare."


#: Creepy Cellar's title, as a refusal names the game.
CC = "Ghost Fightin' Treasure Hunters: Creepy Cellar"

MISTAKES = [  # (play's arguments, what it says in English, and in Italian)
    (("nosuchgame", "--players", "Ada,Bo"),
     "cannot start nosuchgame: unknown game 'nosuchgame'; known games: creepy_cellar, house_of_spirits, clue_it, "
     "ghost_at_home, children",
     "non si può iniziare nosuchgame: il gioco 'nosuchgame' non esiste; i giochi sono: creepy_cellar, "
     "house_of_spirits, clue_it, ghost_at_home, children"),
    (("creepy_cellar", "--players", "Ada,ada"), "cannot start {cc}: each player needs a different name",
     "non si può iniziare {cc}: ogni giocatore ha bisogno di un nome diverso"),
    (("creepy_cellar", "--players", "Ada,Bo", "--option", "ghost_deck=zzz"),
     "cannot start {cc}: option ghost_deck is one of virtual, physical, not 'zzz'",
     "non si può iniziare {cc}: l'opzione ghost_deck è una tra virtual, physical, non 'zzz'"),
    (("children", "--players", "Ada", "--option", "nosuch=1"),
     "cannot start Children: it is for 2–4 players, not 1",
     "non si può iniziare Children: si gioca in 2–4, non in 1"),
    (("creepy_cellar", "--players", "Ada,,Bo"),
     "--players 'Ada,,Bo' has an empty name between its commas: give every player's name, e.g. --players Ada,Bo",
     "--players 'Ada,,Bo' ha un nome vuoto tra le virgole: date il nome di ogni giocatore, per esempio "
     "--players Ada,Bo"),
    (("creepy_cellar", "--players", ","),
     "--players ',' names no player: give the names with commas between them, e.g. --players Ada,Bo",
     "--players ',' non nomina nessun giocatore: date i nomi separati da virgole, per esempio --players Ada,Bo"),
    (("creepy_cellar", "--players", "Ada,Bo", "--option", "noeq"),
     "an option is NAME=VALUE (e.g. ghost_deck=physical), not 'noeq'",
     "un'opzione è NOME=VALORE (per esempio ghost_deck=physical), non 'noeq'"),
]


@pytest.mark.parametrize(("argv", "english", "italian"), MISTAKES)
def test_play_refuses_a_mistake_in_the_language_asked(laptop, argv, english, italian):
    """Issue 29: ``--lang it`` refuses a bad game, player list or option in Italian (they
    were English); without it, as before."""
    english, italian = english.replace("{cc}", CC), italian.replace("{cc}", CC)
    assert companion(laptop, "play", *argv, "--terminal").stderr == f"companion: {english}\n"
    assert companion(laptop, "play", *argv, "--terminal", "--lang", "it").stderr == f"companion: {italian}\n"


#: Path arguments play refuses before anything starts: (the argument, given the test's
#: folder; what it says in English, and in Italian; ``{t}`` is the folder).
PATH_MISTAKES = [
    (("--db", "{t}"), "--db {t} is a directory, not an event store file: give the path of a file, e.g. "
     "--db {t}/companion.sqlite3",
     "--db {t} è una cartella, non un file dell'archivio delle partite: date il percorso di un file, per esempio "
     "--db {t}/companion.sqlite3"),
    (("--db", "{t}/nodir/x.db"), "--db {t}/nodir/x.db: the folder {t}/nodir does not exist (create it first, or "
     "give a path in a folder that exists)",
     "--db {t}/nodir/x.db: la cartella {t}/nodir non esiste (createla prima, o date un percorso in una cartella "
     "che esiste)"),
    (("--socket", "{t}/afile"), "--socket {t}/afile is a regular file, not a socket: the daemon replaces only a "
     "socket nobody answers on, so it leaves it alone (give another path)",
     "--socket {t}/afile è un file, non un socket: il servizio sostituisce solo un socket a cui nessuno risponde, "
     "quindi non lo tocca (date un altro percorso)"),
    (("--config", "{t}/nope.toml"), "--config {t}/nope.toml: no such config file",
     "--config {t}/nope.toml: questo file di configurazione non esiste"),
    (("--config", "{t}"), "--config {t} is a directory, not a config file",
     "--config {t} è una cartella, non un file di configurazione"),
]


@pytest.mark.parametrize(("argv", "english", "italian"), PATH_MISTAKES)
def test_play_refuses_a_path_in_the_language_asked(laptop, tmp_path, argv, english, italian):
    """Issue 29: a bad --db, --socket or --config is refused in the language asked with
    ``--lang`` (they were English under ``--lang it``), before anything starts."""
    (tmp_path / "afile").write_text("mine")
    argv = [arg.format(t=tmp_path) for arg in argv]
    for lang, said in (("en", english), ("it", italian)):
        done = companion(laptop, "play", "creepy_cellar", "--players", "Ada,Bo", *argv, "--terminal", "--lang", lang)
        assert (done.returncode, done.stderr) == (2, f"companion: {said.format(t=tmp_path)}\n")
    assert (tmp_path / "afile").read_text() == "mine"


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_a_signal_to_play_stops_it_and_its_daemon(laptop, sig):
    import signal

    play = Play(laptop, "creepy_cellar", "--players", "Ada,Bo", "--terminal")
    try:
        wait_for(laptop, lambda s: s.get("game") == "creepy_cellar", "the game")
        play.process.send_signal(getattr(signal, sig))
        out, err = play.process.communicate(timeout=20)
    finally:
        play.kill()
    assert play.process.returncode == 0, err
    assert out.splitlines()[-1] == "Game kept: run the same command to go on."
    assert "Traceback" not in err
    with pytest.raises(DaemonUnavailable):
        Client(socket_of(laptop)).connect(timeout=1.0)


def _started(daemon, header: dict) -> list:
    """``header``'s game started on ``daemon``, with a virtual ``cards`` reader (as a laptop's
    daemon has); returns the reader's stop callables."""
    from companion.daemon.table_hardware import start_virtual
    from companion.header import GameHeader

    stops = daemon.call(lambda: start_virtual(daemon, {"cards": "cards"}))
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(header)))
    daemon.drain()
    return stops


def test_a_card_tapped_twice_while_sealing_is_refused_exit_1(tmp_path, capsys):
    """newcomer20, finding 10: the table's "That card was tapped already" came with exit 0
    although README says 1 means refused. The game records the tap and changes nothing; for
    ``companion tap`` that is a refusal: the sentence on stderr, exit 1."""
    from companion.games.clue_it import components as ci
    from companion.tapping import TAP_ACCEPTED, TAP_REFUSED, tap_command
    from tests.daemon_fixture import running_daemon

    with running_daemon(tmp_path, reader_roles={"cards": "cards"}) as daemon:
        stops = _started(daemon, {"game": "clue_it", "players": ["Ada", "Bo", "Cy"], "seed": 3,
                                  "options": {"envelope": "companion"}})
        with Client(daemon.socket_path).connect() as client:
            for kid in ci.KIDS[:3]:
                assert client.choose(f"kid:{kid}")["ok"]
        card = f"clue_it:kid:{ci.KIDS[4]}"
        assert tap_command(card, None, 0.0, daemon.socket_path) == TAP_ACCEPTED
        capsys.readouterr()
        assert tap_command(card, None, 0.0, daemon.socket_path) == TAP_REFUSED
        out, err = capsys.readouterr()
        for stop in stops:
            stop()
    assert out == "" and err.strip() == "That card was tapped already: tap the next card of the pile.", (out, err)


def test_an_accepted_tap_with_nothing_to_tell_is_said_in_the_tables_language(tmp_path, capsys):
    """newcomer20, finding 10: ``companion tap "carta fantasma"`` at an Italian Ghost at Home
    table printed "accepted", in English: every accepted tap prints a sentence in the table's
    language."""
    from companion.tapping import TAP_ACCEPTED, tap_command
    from tests.daemon_fixture import running_daemon

    with running_daemon(tmp_path, language="it", reader_roles={"cards": "cards"}) as daemon:
        stops = _started(daemon, {"game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 3, "options": {}})
        with Client(daemon.socket_path).connect() as client:  # Ada plays her room cards; Bo may play a ghost
            for key in ("room:first-floor", "room:first-floor", "room:second-floor", "done"):
                assert client.choose(key)["ok"], key
        code = tap_command("carta fantasma", None, 0.0, daemon.socket_path)
        out, err = capsys.readouterr()
        for stop in stops:
            stop()
    assert (code, err) == (TAP_ACCEPTED, ""), (code, out, err)
    assert out.strip() == "Carta letta: il gioco l'ha presa.", out


def test_play_speaks_the_kept_language_from_its_first_line(tmp_path, monkeypatch):
    """newcomer20, finding 11: after ``play … --lang it`` the next ``play`` said "No display
    found: playing in the terminal." and its refusal of another unfinished game in English,
    then played in Italian. The language kept in the store is play's from the start; the
    store is only read (a file that is no store stays as it was, and the words are English)."""
    import argparse

    from companion.play import _asked_language, play_words
    from companion.store import EventStore

    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    db = tmp_path / "games.sqlite3"
    store = EventStore(db)
    store.set_setting("language", "it", 1.0)
    store.close()
    kept = _asked_language(argparse.Namespace(lang=None, db=str(db), config=None))
    assert kept == "it"
    assert _asked_language(argparse.Namespace(lang="en", db=str(db), config=None)) == "en"
    reason = ("the unfinished game 1 is creepy_cellar (Ada, Bo), not house_of_spirits: add --set-aside to keep it "
              "unfinished in the store and start house_of_spirits")
    assert play_words(reason, kept).startswith("la partita non finita n. 1 è creepy_cellar")
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    for other in (notes, tmp_path / "none.sqlite3"):
        assert _asked_language(argparse.Namespace(lang=None, db=str(other), config=None)) == "en"
    assert notes.read_text() == "my notes\n" and not (tmp_path / "none.sqlite3").exists()
