"""``companion play`` and ``companion tap``: a game on a laptop, without the Pi (issue 18).

``play`` runs ``companion daemon`` (the user's own event store; virtual readers when the
config names no reader) as a child process and the table screen in this one, opened on the
game; without a display it plays in the terminal (:mod:`companion.terminal`). Closing the
window, Ctrl-C or the end of the terminal stops both. ``tap`` puts a card on the running
daemon's virtual reader (the daemon's ``tap`` command) and says what the table made of it.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

#: Seconds the daemon may take to listen, and to stop.
START_WAIT, STOP_WAIT = 20.0, 10.0


def play_command(args, new) -> int:
    """``companion play GAME --players A,B [--option NAME=VALUE ...]``; returns the exit code."""
    from companion.i18n import msg, render
    from companion.paths import PathRefused, default_db, default_socket
    from companion.startup import StartRefused, check_before_open, header

    lang = _asked_language(args)
    try:
        header(new)  # a bad game, player list or option is said before anything starts
        _check_paths(args)
        check_before_open(new, Path(args.db or default_db()))  # options the card data cannot play
    except (StartRefused, PathRefused) as exc:  # in the language asked: a Msg
        return _say(render(exc.args[0] if exc.args else str(exc), lang))
    socket = Path(args.socket or default_socket())
    if _answers(socket):
        return _say(render(msg("a companion daemon already runs at {socket} (the table's service, or another "
                               "companion play): use companion ui to see it, or stop it first", socket=str(socket)),
                           lang))
    windowed = not args.terminal and bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if not windowed and not args.terminal:
        print(render(msg("No display found: playing in the terminal."), lang), flush=True)
    app = _window(socket, args.fullscreen) if windowed else None
    if isinstance(app, str):
        terminal = f"companion play {new.game} --players {','.join(new.players)} --terminal"
        return _say(render(msg("{reason}. To play in the terminal: {command}", reason=app, command=terminal), lang))
    daemon, log_path = _start_daemon(args, new, socket)
    voice = _start_voice(args, socket, log_path)
    _stop_on_signals(app)
    try:
        return _run(app, new, socket, daemon, log_path, getattr(args, "lang", None), lang)
    finally:
        _stop(daemon)
        if voice is not None:
            _stop(voice)


def players_to_resume(args) -> str:
    """``companion play GAME`` without ``--players``: the players (``"Ada,Bo"``) of GAME's
    unfinished game in the event store, which the daemon then goes on with.

    Raises:
        companion.cli.common.UsageError: no unfinished game of GAME (or ``--set-aside``, which
            starts a new one), an unknown GAME, or a store that cannot be read; one line, exit 2.
    """
    from companion.cli.common import UsageError
    from companion.engine import get_game
    from companion.engine.registry import UnknownGame
    from companion.errors import StoreError
    from companion.i18n import msg
    from companion.paths import PathRefused, check_db_path, default_db

    example = f"companion play {args.game} --players Ada,Bo"
    try:
        title = get_game(args.game).title
        db = Path(args.db or default_db())
        check_db_path(db)
        record = _unfinished(db, args.game) if not args.abandon else None
    except UnknownGame as exc:
        raise UsageError(msg("cannot start {game}: {problem}", game=args.game, problem=exc.args[0])) from None
    except (PathRefused, StoreError) as exc:
        raise UsageError(exc.args[0] if exc.args else str(exc)) from None
    if args.abandon:
        raise UsageError(msg("--set-aside starts a new game of {title}: give its players, e.g. {command}",
                             title=title, command=example))
    if record is None:
        raise UsageError(msg("there is no unfinished game of {title} to go on with: give the players to start "
                             "one, e.g. {command}", title=title, command=example))
    return ",".join(record.header.get("players") or [])


def _unfinished(db: Path, game: str):
    """The newest unfinished game of ``game`` in the event store ``db`` (as the daemon's
    ``--new`` resumes it), or None: none, or no store yet."""
    from companion.startup import last_unfinished
    from companion.store import EventStore

    if not db.is_file():
        return None
    store = EventStore(db)
    try:
        return last_unfinished(store, game)
    finally:
        store.close()


def _start_voice(args, socket: Path, log_path: Path | None = None) -> subprocess.Popen | None:
    """With ``--voice``: ``companion voice`` beside the game (issue 28; its log into
    ``log_path``), else None."""
    if not getattr(args, "voice", False):
        return None
    from companion.voice.command import voice_process

    return voice_process(socket, args.config, log_path)


def _asked_language(args) -> str:
    """The language ``play`` speaks before its daemon listens: ``--lang``, else the one the
    table keeps (chosen with ``--lang`` or on the screen, in the store: newcomer20 found the
    first lines in English before an Italian game), else the config's, else English."""
    asked = getattr(args, "lang", None)
    if asked:
        return asked
    from companion.i18n import LANGUAGES
    from companion.paths import default_db

    kept = kept_language(Path(getattr(args, "db", None) or default_db()))
    if kept in LANGUAGES:
        return kept
    from companion.config import ConfigError, load_config

    try:
        return load_config(getattr(args, "config", None)).language
    except ConfigError:  # refused later (_check_paths), in English
        return "en"


def kept_language(db: Path) -> str | None:
    """The language kept in the event store ``db`` (read only: nothing is made or changed), or
    None: no store, no language kept, or a file that is no store (refused later)."""
    import sqlite3

    if not db.is_file():
        return None
    try:
        with contextlib.closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as db_file:
            row = db_file.execute("SELECT value FROM settings WHERE name = 'language'").fetchone()
    except sqlite3.Error:
        return None
    return row[0] if row and isinstance(row[0], str) else None


def _choose_language(socket: Path, lang: str | None) -> None:
    """``--lang``: the table's language, chosen as on the screen (kept in the store)."""
    if not lang:
        return
    from companion.client import Client, DaemonUnavailable

    try:
        with Client(socket).connect(timeout=2.0) as client:
            client.request({"cmd": "language", "language": lang})
    except DaemonUnavailable:
        pass


def _run(app, new, socket: Path, daemon: subprocess.Popen, log_path: Path, lang: str | None = None,
         words: str = "en") -> int:
    """Once the daemon listens: say which game, play it, and say what became of it. ``lang``:
    ``--lang`` (chosen for the table), ``words``: the language said before the daemon listens."""
    try:
        if not _wait_listening(daemon, socket):
            return _daemon_failed(daemon, log_path, lang or words)
        _choose_language(socket, lang)
        opened = [line.split(" companion: ", 1)[1] for line in _this_run(log_path)
                  if " companion: resumed game " in line or " companion: started a new game " in line]
        _line(opening_line(opened[0] if opened else "", _first_state(socket), log_path))
        if _play(app, socket):
            return 0  # the daemon stopped: the terminal said so, and that was the last word
    except KeyboardInterrupt:
        if daemon.poll() is not None:
            return 0
    _line(_last_word(socket))
    return 0


_STARTED = re.compile(r"started a new game (\d+) of (\S+) for (.*?)(?:; the unfinished game (\d+) \((\S+)\) "
                      r"stays in the store(?: \(.*\))?)?$")
_RESUMED = re.compile(r"resumed game (\d+) \((\S+): (.*?)\) after (\d+) inputs?; --new GAME --set-aside starts another"
                      r"(.*)$")


def opening_line(logged: str, state: dict, log_path: Path) -> str:
    """What ``play`` says once its daemon listens: the game (by its name, and its number in
    the store) started or resumed, from the daemon's log line ``logged``; in the table's
    language (``state``'s)."""
    from companion.i18n import msg, render

    lang = state.get("language") or "en"
    started, resumed = _STARTED.match(logged), _RESUMED.match(logged)
    if started:
        what = _started_words(*started.groups())
    elif resumed:
        what = _resumed_words(lang, *resumed.groups())
    elif state.get("table_game"):  # the daemon's structure when its log line says nothing known
        from companion.now_playing import now_playing

        what = now_playing(state["table_game"])
    else:
        what = msg("Playing {title}.", title=state.get("title") or "")
    return render(msg("{what} The daemon's log: {path}", what=what, path=str(log_path)), lang)


def _started_words(number: str, game: str, players: str, other: str | None, other_game: str | None):
    from companion.i18n import msg

    what = msg("Started a new game of {title} for {players} (game no. {number}).",
               title=_title(game), players=players, number=int(number))
    if other and other_game == game:
        what = msg("{what} The unfinished game no. {number} ({title}) stays in the store: once this one is over, "
                   "companion play {game} goes back to it.", what=what, number=int(other), title=_title(other_game),
                   game=other_game)
    elif other:
        what = msg("{what} The unfinished game no. {number} ({title}) stays in the store: companion play {game} "
                   "goes back to it.", what=what, number=int(other), title=_title(other_game), game=other_game)
    return what


def _resumed_words(lang: str, number: str, game: str, players: str, count: str, rest: str) -> str:
    from companion.i18n import nmsg, render

    what = nmsg("Going on with game no. {number} of {title} ({players}) after {n} input; --set-aside "
                "starts a new one and keeps this one in the store.", "Going on with game no. {number} of {title} "
                "({players}) after {n} inputs; --set-aside starts a new one and keeps this one in the store.", "n",
                number=int(number), title=_title(game), players=players, n=int(count))
    return render(what, lang) + _notes(rest, lang)


#: The daemon's notes after a resumed game's line (companion.startup): an option or
#: --players that is only for a new game.
_NOTE = re.compile(r" \((.+?) is for a new game: this one keeps (.+?); add --set-aside to start a new one\)")


def _notes(rest: str, lang: str) -> str:
    """The notes of the daemon's log line in ``lang``."""
    from companion.i18n import msg, render

    notes = []
    for asked, kept in _NOTE.findall(rest):
        if kept == "its players":
            note = msg("({asked} is for a new game: this one keeps its players; add --set-aside to start a new one)",
                       asked=asked)
        else:
            note = msg("({asked} is for a new game: this one keeps {kept}; add --set-aside to start a new one)",
                       asked=asked, kept=kept)
        notes.append(" " + render(note, lang))
    return "".join(notes) if notes else rest


def _title(game: str) -> str:
    from companion.engine import get_game
    from companion.engine.registry import UnknownGame

    try:
        return get_game(game).title
    except UnknownGame:  # an id the daemon logged that this checkout does not know
        return game


def _first_state(socket: Path) -> dict:
    """The daemon's first state (its title and language), or ``{}``."""
    from companion.client import Client, DaemonUnavailable

    try:
        with Client(socket).connect(timeout=2.0) as client:
            return client.state or {}
    except DaemonUnavailable:
        return {}


def _line(text: str) -> None:
    """Print one whole line in one write: a signal (Ctrl-C, SIGTERM) that stops ``play``
    raises between two writes, never inside one, so the line is never left without its end
    (print() writes the text and the newline apart)."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _play(app, socket: Path) -> bool:
    """Until the window closes, or ``q`` or the end of the terminal's input; True when the
    terminal ended because the daemon stopped (it said so)."""
    if app is not None:
        app.run()
        return False
    from companion.terminal import TerminalTable

    table = TerminalTable(socket)
    try:
        table.run()
    except KeyboardInterrupt:  # the terminal's own, once it said the daemon stopped; or Ctrl-C
        if not table.daemon_gone:
            raise
    return table.daemon_gone


def _stop_on_signals(app) -> None:
    """SIGINT and SIGTERM stop ``play`` promptly, window and daemon alike: in the terminal as
    Ctrl-C does; with a window, by closing it (SDL turns them into a quit request the app
    may keep waiting on, so they are taken back here)."""
    def stop(_sig, _frame):
        if app is None:
            raise KeyboardInterrupt
        from kivy.clock import Clock

        Clock.schedule_once(lambda _dt: app.stop())

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, stop)


def _last_word(socket: Path) -> str:
    """What ``play`` says when it stops: whether the game is over or kept for next time."""
    from companion.client import Client, DaemonUnavailable

    try:
        with Client(socket).connect(timeout=2.0) as client:
            state = client.state or {}
    except DaemonUnavailable:
        state = {}
    return last_word(state)


def last_word(state: dict) -> str:
    """Game over, kept, or not saved (with the daemon's storage warning, in ``state``'s
    language, its first letter lowered after the colon: issue 29 read "not saved: The event
    store")."""
    from companion.i18n import LowerFirst, msg, render
    from companion.storage_words import was_not_saved, why_of

    lang = state.get("language") or "en"
    warning = state.get("storage_warning")
    why = why_of(warning, lang) if warning else None
    if why is not None:  # the reason, without "keep the companion on" once it stopped (newcomer 19)
        return render(was_not_saved(why), lang)
    if warning:  # never "Game kept" while inputs are not saved (issue 26)
        return render(msg("The game was not saved: {warning}", warning=LowerFirst(warning)), lang)
    if (state.get("prompt") or {}).get("over"):
        return render(msg("Game over."), lang)
    return render(msg("Game kept: run the same command to go on."), lang)


def _check_paths(args) -> None:
    """Refuse a bad ``--db``, ``--socket`` or ``--config`` before anything starts, as the daemon
    would (in the language asked: the daemon's own refusal is logged in English)."""
    from companion.config import load_config
    from companion.paths import check_db_path, check_private_dir, check_socket_folder, check_socket_path, default_db

    db = Path(args.db or default_db())
    check_db_path(db)
    check_private_dir(db)
    if args.socket:
        check_socket_path(args.socket, db)
        check_socket_folder(args.socket)
    load_config(args.config)


def _say(text: str, code: int = 2) -> int:
    print(f"companion: {text}", file=sys.stderr, flush=True)
    return code


def _answers(socket: Path) -> bool:
    from companion.client import Client, DaemonUnavailable

    try:
        Client(socket).connect(timeout=0.5).close()
    except DaemonUnavailable:
        return False
    return True


def _window(socket: Path, fullscreen: bool):
    """The table screen's app, its window open on the game; or the sentence saying why the
    window cannot open."""
    from ui.app import WindowUnavailable, build_app

    try:
        return build_app(socket, fullscreen=fullscreen, first_page="table")
    except WindowUnavailable as exc:
        return str(exc)


def daemon_command(args, new, socket: Path) -> list[str]:
    """The ``companion daemon`` command line that ``play`` runs (``-P``: this companion, never
    a ``companion`` folder in the current one)."""
    command = [sys.executable, "-P", "-m", "companion", "daemon", "--socket", str(socket), "--new", new.game,
               "--players", ",".join(new.players)]
    for name, value in new.options.items():
        command += ["--option", f"{name}={value}"]
    if new.abandon:
        command.append("--set-aside")
    for flag, value in (("--db", args.db), ("--config", args.config)):
        if value is not None:
            command += [flag, str(value)]
    return command


def _start_daemon(args, new, socket: Path) -> tuple[subprocess.Popen, Path]:
    """Start the daemon, its output going to a log file in the user's log directory."""
    from platformdirs import user_log_path

    from companion.paths import PathRefused, ensure_dir

    log_path = ensure_dir(user_log_path("haunt-companion"), "XDG_STATE_HOME") / "play.log"
    try:
        log_file = _private_log(log_path)
    except OSError as exc:
        raise PathRefused(f"cannot write the daemon's log {log_path} ({exc.strerror or exc}): set XDG_STATE_HOME "
                          f"to a folder you can write") from None
    with log_file:
        log_file.write(f"--- companion play {new.game} at {time.strftime('%Y-%m-%d %H:%M:%S')}\n".encode())
        log_file.flush()
        daemon = subprocess.Popen(daemon_command(args, new, socket), stdin=subprocess.DEVNULL,
                                  stdout=log_file, stderr=log_file, preexec_fn=_stop_with_parent)
    return daemon, log_path


def _private_log(path: Path):
    """``path`` opened to append, readable and writable by its owner only (0600, made so
    when an older one was not): the daemon's log says what the table was told, which a
    player at the table must not read back over another's shoulder (newcomer 20). The
    service logs to the journal instead (docs/pi-setup.md, "Logs")."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.fchmod(fd, 0o600)
    except OSError:  # a file system without modes (vfat): the file is usable all the same
        pass
    return os.fdopen(fd, "ab")


def _stop_with_parent() -> None:
    """In the daemon's process before it starts: on Linux it gets SIGTERM when ``play``
    dies, however it dies (killed, crashed), so no daemon is left holding the game."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _wait_listening(daemon: subprocess.Popen, socket: Path) -> bool:
    """Wait until the daemon answers (True) or has exited (False)."""
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        if daemon.poll() is not None:
            return False
        if _answers(socket):
            return True
        time.sleep(0.1)
    return False


def _daemon_failed(daemon: subprocess.Popen, log_path: Path, lang: str = "en") -> int:
    """The daemon stopped (or never listened): show why from the end of its log."""
    said = [line for line in _this_run(log_path) if line.startswith("companion: ")]
    if not said:
        from companion.i18n import msg, render

        return _say(render(msg("the daemon did not start (see {path})", path=str(log_path)), lang))
    reason = said[-1][len("companion: "):]
    return _say(play_words(reason, lang))


#: The daemon's refusal of a new game over an unfinished one of another kind (companion.startup).
_OTHER_UNFINISHED = re.compile(r"the unfinished game (\d+) is (\w+) \((.*?)\), not (\w+): add --set-aside ")


def play_words(reason: str, lang: str) -> str:
    """The daemon's refusal ``reason`` in ``play``'s own words (it has no ``--new``) and, for
    an unfinished game in the way, in the language asked with ``--lang`` (trial3: English
    under ``--lang it``)."""
    other = _OTHER_UNFINISHED.match(reason)
    if other is None:
        return reason
    from companion.i18n import msg, render

    number, game, players, new = other.groups()
    return render(msg("the unfinished game {number} is {game} ({players}), not {new}: add --set-aside to keep it "
                      "unfinished in the store and start {new}, or companion play {game} to go on with it",
                      number=int(number), game=game, players=players, new=new), lang)


def _this_run(log_path: Path) -> list[str]:
    """The log's lines since this ``companion play`` started its daemon."""
    lines = log_path.read_text(encoding="utf-8", errors="replace").splitlines()
    start = max((i for i, line in enumerate(lines) if line.startswith("--- companion play")), default=-1)
    return lines[start + 1:]


def _stop(daemon: subprocess.Popen) -> None:
    """Stop the daemon (SIGTERM; it saves nothing late: every input is recorded already)."""
    if daemon.poll() is None:
        daemon.send_signal(signal.SIGTERM)
    try:
        daemon.wait(STOP_WAIT)
    except subprocess.TimeoutExpired:
        daemon.kill()
        daemon.wait()
