"""The ``companion`` command: games, replay, demo, daemon and ui."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import tempfile
import threading
import time
from importlib import resources
from pathlib import Path

from companion.client import NoDaemon
from companion.console import READER_LEFT, reader_left
from companion.errors import CompanionError, LineRefused, ReplayFailed, ScriptError
from companion.paths import PathRefused

log = logging.getLogger("companion")

EXIT_BAD_SCRIPT = 2

#: ``companion replay``: the game refused a line the script did not expect it to refuse.
EXIT_REFUSED = 1

#: A path argument names a file the command must not touch (companion.paths.PathRefused).
EXIT_BAD_PATH = 2

#: A client command finds no daemon to talk to (like ``companion tap``).
EXIT_NO_DAEMON = 2


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    level = logging.DEBUG if args.verbose else getattr(args, "log_level", logging.WARNING)
    logging.basicConfig(level=level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    if not hasattr(args, "run"):
        parser.print_help()
        return 0
    try:
        code = args.run(args)
        sys.stdout.flush()  # a reader gone shows here, not in the interpreter's flush at exit
        return code
    except UsageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    except ScriptError as exc:
        print(f"companion: bad table script: {exc}", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    except LineRefused as exc:  # a strict replay: the line is named, nothing after it ran
        print(f"companion: {str(exc).rstrip('.')}; the lines after it were not played", file=sys.stderr)
        return EXIT_BAD_SCRIPT if exc.bad_script else EXIT_REFUSED
    except ReplayFailed as exc:
        print(f"companion: the table script cannot go on: {exc}", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    except PathRefused as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_BAD_PATH
    except NoDaemon as exc:
        print(f"companion: {exc.sentence()}", file=sys.stderr)
        return EXIT_NO_DAEMON
    except CompanionError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 141 if READER_LEFT.is_set() else 130  # the console view's reader left, or Ctrl-C
    except BrokenPipeError:  # `companion doctor | head`: the reader left; say nothing more
        reader_left(sys.stdout)
        return 141


def _speed(text: str) -> float:
    """A ``--speed`` factor: a finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"the speed is a number above 0, not {text}")
    return value


def _seconds(name: str, low: float, high: float):
    """An argparse type for a number of seconds from ``low`` to ``high`` (``--wait``, ``--hold``)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"the {name} is {low:g} to {high:g} seconds, not {text}")
        return value
    return parse


_wait = _seconds("wait", 1, 120)
_hold = _seconds("hold", 0, 120)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Haunt Companion: a table companion for haunted-house board games.")
    from companion import __version__, desk_cli

    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages to stderr")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(title="commands")

    games = sub.add_parser("games", help="list the game ids")
    games.set_defaults(run=cmd_games)
    desk_cli.games_arguments(games)
    cards = sub.add_parser("cards", help="a game's card ids and printed names (what companion tap takes)")
    cards.add_argument("game", help="the game id (see companion games)")
    cards.add_argument("--lang", default="en", choices=("en", "it"), help="the names' language (default en)")
    cards.set_defaults(run=cmd_cards)

    replay = sub.add_parser("replay", help="feed a table script through the daemon, headless")
    replay.add_argument("file", type=Path, help="table script (JSON Lines)")
    replay.add_argument("--db", type=Path, help="record inputs in this event store; resume its game if it holds it")
    replay.add_argument("--realtime", action="store_true", help="honour each line's 'at' seconds")
    replay.add_argument("--speed", type=_speed, default=1.0, help="with --realtime: times faster (default 1)")
    replay.add_argument("--json", action="store_true", help="print the final public state as one JSON object")
    replay.add_argument("--progress", action="store_true",
                        help="print 'line N: accepted' for each line to stderr (stdout stays --json's)")
    replay.set_defaults(run=cmd_replay)

    demo = sub.add_parser("demo", help="play the bundled Creepy Cellar game through the real daemon")
    demo.add_argument("--headless", action="store_true", help="print to the terminal even when a display exists")
    demo.add_argument("--speed", type=_speed, default=1.0, help="times faster than the script (default 1)")
    demo.set_defaults(run=cmd_demo)

    daemon = sub.add_parser("daemon", help="run the daemon with the configured readers and dice button")
    daemon.add_argument("--db", type=Path, help="event store (default: the user data dir)")
    daemon.add_argument("--socket", type=Path, help="Unix socket (default: the user runtime dir)")
    daemon.add_argument("--data-mount", type=Path, metavar="DIR",
                        help="refuse to start unless DIR is mounted and holds the event store's folder "
                             "(default: $COMPANION_DATA_MOUNT; docs/pi-setup.md, the read-only root option)")
    _new_game_arguments(daemon)
    daemon.add_argument("--config", type=Path, help="config file (default: $COMPANION_CONFIG or the user config dir)")
    daemon.set_defaults(run=cmd_daemon, log_level=logging.INFO)

    doctor = sub.add_parser("doctor", help="check the readers, the dice button, the display and permissions")
    doctor.add_argument("--config", type=Path, help="config file to check (default: the user config dir)")
    doctor.set_defaults(run=cmd_doctor)

    tags = sub.add_parser("tags", help="NFC tags: the registry, programming a tag, inspecting a dump")
    tags.set_defaults(run=lambda _args: tags.print_help() or 0)
    tags_sub = tags.add_subparsers(title="tags commands")
    inspect = tags_sub.add_parser("inspect", help="what a tag dump (.nfc, .bin, .mfd, .json, .eml) holds")
    inspect.add_argument("file", help="the dump file")
    inspect.add_argument("--json", action="store_true", help="print one JSON object")
    inspect.set_defaults(run=cmd_tags_inspect)
    enroll = tags_sub.add_parser("enroll", help="tell the running daemon what a tag stands for")
    enroll.add_argument("uid", help="the tag's UID in hex, as the daemon logs it for an unknown tag")
    enroll.add_argument("component", help="a component id such as creepy_cellar:ghost:room-H")
    forget = tags_sub.add_parser("forget", help="take a tag out of the daemon's registry")
    forget.add_argument("uid", help="the tag's UID in hex")
    listing = tags_sub.add_parser("list", help="the daemon's tag registry")
    write = tags_sub.add_parser("write", help="program a blank NTAG with a component id (NDEF text record)")
    write.add_argument("component", help="a component id such as creepy_cellar:ghost:room-H")
    write.add_argument("--reader", help="the reader to use (default: the only one, or the one for that card)")
    write.add_argument("--wait", type=_wait, default=15.0, help="seconds to wait for a tag, 1-120 (default 15)")
    write.add_argument("--force", action="store_true", help="overwrite a tag that already carries another text")
    for command, run in ((enroll, cmd_tags_daemon), (forget, cmd_tags_daemon), (listing, cmd_tags_daemon),
                         (write, cmd_tags_daemon)):
        command.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
        command.set_defaults(run=run, tags_command=command.prog.split()[-1])
    desk_cli.tags_commands(tags_sub)

    walk = sub.add_parser("enroll", help="tap every tagged piece of a game in turn to enroll its tags")
    walk.add_argument("game", help="the game id (see companion games)")
    walk.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    walk.set_defaults(run=cmd_enroll)

    content = sub.add_parser(
        "content", help="what is printed on your copy of the cards (games whose card data is not public)",
        description="List a game's cards with printed data to enter (companion content GAME), "
                    "record what one card shows (companion content PIECE --set bulbs=3 doors=left,up), "
                    "or forget it (companion content PIECE --reset). Entries count from the next new game.")
    content.add_argument("target", metavar="GAME|PIECE",
                         help="a game id to list, or the card (piece id) to set or reset")
    change = content.add_mutually_exclusive_group()
    change.add_argument("--set", nargs="+", action="extend", metavar="FIELD=VALUE", dest="assign",
                        help="e.g. bulbs=3 doors=left,up (repeatable)")
    change.add_argument("--reset", action="store_true", help="forget what was entered for this card")
    content.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    content.set_defaults(run=cmd_content)
    desk_cli.content_arguments(content)
    private = sub.add_parser("private", help="what one player alone may see (a secret card): JSON, "
                                             "for that player's eyes only")
    private.add_argument("player", help="the player's name, as in the game")
    private.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    private.set_defaults(run=cmd_private)

    play = sub.add_parser("play", help="play a game on this computer: the daemon and the table screen together",
                          description="Start the daemon (your own event store; virtual card readers when no "
                                      "reader is configured) and the table screen, go on with GAME's unfinished "
                                      "game or start one, and stop both when the window closes or on Ctrl-C. "
                                      "Without a display it plays in the terminal.")
    play.add_argument("game", help="the game id (see companion games)")
    play.add_argument("--players", required=True, help="comma-separated player names, e.g. Ada,Bo")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", dest="options",
                      help="a game option, e.g. ghost_deck=physical (repeatable)")
    play.add_argument("--set-aside", action="store_true", dest="abandon",
                      help="start a new game even over an unfinished one, which is set aside, unfinished, in the "
                           "store (companion play ITS-GAME goes back to it)")
    play.add_argument("--abandon", action="store_true", dest="abandon", help=argparse.SUPPRESS)  # the old name
    play.add_argument("--terminal", action="store_true", help="play in the terminal even when a display exists")
    play.add_argument("--fullscreen", action="store_true", help="fill the screen")
    play.add_argument("--db", type=Path, help="event store (default: the user data dir)")
    play.add_argument("--config", type=Path, help="config file (default: $COMPANION_CONFIG or the user config dir)")
    play.add_argument("--socket", type=Path, help="Unix socket (default: the user runtime dir)")
    play.add_argument("--voice", action="store_true", help="say every instruction aloud too (companion voice)")
    play.set_defaults(run=cmd_play)

    tap = sub.add_parser("tap", help="put a card on the daemon's virtual reader and lift it (no reader needed)",
                         description="Tap a card on a virtual reader of the running daemon, as if it lay on a "
                                     "real one. Exit 0: the game accepted it; 1: the table refused it (the "
                                     "reason is printed); 2: no such component, or no daemon.")
    tap.add_argument("card", metavar="COMPONENT|NAME|UID",
                     help="a component id such as creepy_cellar:ghost:room-H, in any case (the game's own prefix "
                          "may be left out: ghost:room-H), a card's printed name (\"Ghost card room H\"), or a tag "
                          "UID in hex; companion cards GAME lists them")
    tap.add_argument("--reader", metavar="ROLE", help="cards or tiles (default: the one that reads that card)")
    tap.add_argument("--hold", type=_hold, default=0.5, metavar="S",
                     help="seconds the card stays on the reader, 0-120 (default 0.5)")
    tap.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    tap.set_defaults(run=cmd_tap)

    venue = sub.add_parser("venue", help="the staff dashboard of a venue's tables (issue 32; [mqtt] and [venue] in "
                                         "the config; docs/venue.md)")
    venue.add_argument("--config", type=Path, help="config file (default: $COMPANION_CONFIG or the user config dir)")
    venue.set_defaults(run=cmd_venue)

    phones = sub.add_parser("phones", help="each player's phone link and its QR code (phones enabled in the config)")
    phones.add_argument("--no-codes", action="store_true", help="the links only, no QR codes")
    phones.add_argument("--renew", action="store_true",
                        help="new links for every seat first (the old ones stop working; everyone scans again)")
    phones.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    phones.set_defaults(run=cmd_phones)

    ui = sub.add_parser("ui", help="run the Kivy touchscreen client")
    ui.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    ui.add_argument("--fullscreen", action="store_true", help="fill the screen")
    ui.add_argument("--kiosk", action="store_true",
                    help="the Pi's table screen: Kivy's settings come from $KIVY_HOME/config.ini as they are")
    ui.set_defaults(run=cmd_ui)

    __import__("companion.voice.args").voice.args.add_parser(sub)  # companion voice (issue 28)

    install = sub.add_parser("install", help="install the services that boot a Raspberry Pi to the table screen")
    install.add_argument("--root", type=Path, help="write into this directory instead of / and run no command")
    install.add_argument("--prefix", help="the virtualenv the services run (default: this one)")
    install.add_argument("--uninstall", action="store_true",
                         help="stop and remove the services and files (the game data and users stay)")
    install.set_defaults(run=cmd_install)
    desk_cli.register(sub)
    return parser


def _new_game_arguments(command) -> None:
    """``--new GAME``, ``--players``, ``--option NAME=VALUE`` and ``--set-aside`` (daemon; ``--abandon``, its
    old name, still works)."""
    command.add_argument("--new", metavar="GAME",
                         help="go on with the unfinished game of GAME, or start a new one (refused over "
                              "an unfinished game of another kind: see --set-aside)")
    command.add_argument("--players", help="comma-separated names for --new (default: Player 1,Player 2)")
    command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", dest="options",
                         help="a game option for --new, e.g. ghost_deck=physical (repeatable)")
    command.add_argument("--set-aside", action="store_true", dest="abandon",
                         help="with --new: start a new game even over an unfinished one, which is set aside, "
                              "unfinished, in the store (--new ITS-GAME goes back to it)")
    command.add_argument("--abandon", action="store_true", dest="abandon", help=argparse.SUPPRESS)  # the old name


def _new_game(args, parser=None):
    """The :class:`~companion.startup.NewGame` that ``--new`` asks for, or None; ``--players``,
    ``--option`` or ``--set-aside`` without ``--new`` is a usage error (exit 2)."""
    from companion.startup import NewGame, parse_option

    if args.new is None:
        given = [flag for flag, value in (("--players", args.players), ("--option", args.options),
                                          ("--set-aside", args.abandon)) if value]
        if given:
            raise UsageError(f"{given[0]} goes with --new GAME (without --new the daemon goes on with "
                             f"the unfinished game, which keeps its players and options)")
        return None
    names = [p.strip() for p in (args.players if args.players is not None else "Player 1,Player 2").split(",")]
    players = tuple(name for name in names if name)
    if not players:
        raise UsageError(f"--players {args.players!r} names no player: give the names with commas between "
                         f"them, e.g. --players Ada,Bo")
    if len(players) < len(names):  # "Ada,,Bo": a name left out is no player to drop quietly
        raise UsageError(f"--players {args.players!r} has an empty name between its commas: give every "
                         f"player's name, e.g. --players Ada,Bo")
    try:
        options = dict(parse_option(text) for text in args.options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return NewGame(args.new, players, options, args.abandon)


class UsageError(CompanionError):
    """A command line that asks for something impossible (exit 2)."""


def cmd_games(args) -> int:
    from companion.engine import all_games

    if getattr(args, "saved", False):
        from companion.desk_cli import saved_command
        return saved_command(args)

    for game_id, spec in all_games().items():
        print(f"{game_id}\t{spec.title}")
    return 0


def cmd_cards(args) -> int:
    """``companion cards GAME``: each component id and its printed name, one a line."""
    from companion.card_names import listing
    from companion.engine.registry import UnknownGame

    try:
        rows = listing(args.game, args.lang)
    except UnknownGame as exc:
        print(exc, file=sys.stderr)
        return 2
    for component, name in rows:
        print(f"{component}\t{name}")
    return 0


def cmd_replay(args) -> int:
    from companion import script as scripts
    from companion.replay import replay

    if not args.verbose:  # a replay reports refusals and failures itself, once
        logging.getLogger("companion.daemon").setLevel(logging.CRITICAL)
    if args.db is not None:
        from companion.paths import check_db_path

        check_db_path(args.db)
    script = scripts.load(args.file)

    recorded: list[int] = []  # the last line the game recorded

    def report(line, reply):
        if reply is not None and reply.accepted:
            recorded[:] = [line.number]
        if reply is not None and not reply.accepted and not reply.ignored and line.expect == "refused":
            print(f"line {line.number}: refused as expected: {reply.text}", file=sys.stderr, flush=True)
        elif args.progress and reply is not None and reply.accepted:
            print(f"line {line.number}: accepted", file=sys.stderr, flush=True)

    try:
        result = replay(script, db=args.db, realtime=args.realtime, speed=args.speed, on_line=report,
                        strict=True)
    except KeyboardInterrupt:
        print(_interrupted(args, recorded[0] if recorded else None), file=sys.stderr, flush=True)
        return 130
    if result.unused_stack:
        left = "; ".join(f"{source}: {', '.join(map(str, values))}" for source, values in result.unused_stack.items())
        print(f"companion: warning: the script's stack was not used up (left: {left})", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps({**result.state["view"], "prompt": result.state["prompt"]["text"]}, sort_keys=True))
    print(_replayed(args.file, result), file=sys.stderr if args.json else sys.stdout, flush=True)
    return 0


def _replayed(path: Path, result) -> str:
    """The one line a replay that went through says: the game, the inputs, where it ended."""
    state = result.state
    prompt = state.get("prompt") or {}
    inputs = f"{result.fed} input{'s' if result.fed != 1 else ''}"
    if result.resumed_after is not None:
        inputs += f" after line {result.resumed_after}"
    where = f"game over: {prompt.get('text')}" if prompt.get("over") else f"now: {prompt.get('text')}"
    return f"{path.name}: {state.get('title') or state.get('game')}, {inputs} played; {where}"


def _interrupted(args, last: int | None) -> str:
    """What ``replay`` says when Ctrl-C stops it: where it got to, and how to go on."""
    done = f"line {last} was the last one played" if last is not None else "no line was played in this run"
    if args.db is None:
        return f"companion: replay stopped: {done}; without --db nothing was kept"
    where = f"after line {last}" if last is not None else "after the last line it recorded"
    return f"companion: replay stopped: {done}; {args.db} keeps the game: the same command resumes {where}"


def bundled_demo():
    """The demo table script shipped in the package (a :class:`~companion.script.TableScript`)."""
    from companion import script as scripts

    text = resources.files("companion.data").joinpath("demo.jsonl").read_text(encoding="utf-8")
    return scripts.parse(text)


def cmd_demo(args) -> int:
    from companion.console import ConsoleView
    from companion.replay import replay

    script = bundled_demo()
    started = time.monotonic()
    result = None
    if not args.headless and not _has_display():
        print("No display found: showing the game in the terminal (use a desktop to see the table screen).")
    elif not args.headless:
        result = _demo_with_window(script, args.speed)
    if result == "closed":
        print("The window was closed: demo stopped.")
        return 0
    if result is None:
        result = replay(script, realtime=True, speed=args.speed, on_message=ConsoleView())
    outcome = result.state["view"].get("outcome")
    print(f"Demo over after {time.monotonic() - started:.1f} s: the hunters {outcome}.")
    return 0


#: Seconds the driver waits, once the window is closed, for a replay that had ended to finish.
DEMO_CLOSE_WAIT = 5.0


def _demo_with_window(script, speed: float):
    """Run the daemon and the script in a thread, the Kivy window (open on the table) in
    the main thread, the prompts printed in the terminal too. None, after a line saying
    why, when the window cannot open: the caller plays the demo in the terminal; "closed"
    when the window was closed before the game ended (the driver thread goes with the
    process). Once the game is over the window holds its game-over summary, the daemon
    serving on, until it is closed (issue 31: it used to close by itself)."""
    from companion.console import ConsoleView
    from companion.replay import replay
    from ui.app import WindowUnavailable, build_app

    holder: dict = {}
    done = threading.Event()  # set on a failure: the window closes and says nothing more
    closed = threading.Event()  # the window was closed: the daemon may stop
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as tmp:
        sock = Path(tmp) / "companion.sock"
        try:
            app = build_app(sock, stop_event=done, linger=0.3, first_page="table")
        except WindowUnavailable as exc:
            print(f"{str(exc)[0].upper()}{str(exc)[1:]}. Showing the game in the terminal instead.", flush=True)
            return None

        def drive():
            try:
                for _ in range(200):  # the window is built before the first input (at most 10 s)
                    if app.root is not None:
                        break
                    time.sleep(0.05)
                holder["result"] = replay(script, realtime=True, speed=speed, socket_path=sock,
                                          on_message=_EndSaid(ConsoleView()), hold_until=closed)
            except BaseException as exc:  # re-raised in the main thread
                holder["error"] = exc
                done.set()

        driver = threading.Thread(target=drive, name="demo-driver", daemon=True)
        driver.start()
        app.run()
        closed.set()
        driver.join(DEMO_CLOSE_WAIT)
        if driver.is_alive():
            return "closed"
    if "error" in holder:
        raise holder["error"]
    return holder["result"]


class _EndSaid:
    """The demo's console view, which also says, once the game is over, that the window
    holds the summary until it is closed."""

    def __init__(self, view):
        self.view, self.said = view, False

    def __call__(self, message: dict) -> None:
        self.view(message)
        if not self.said and (message.get("prompt") or {}).get("over"):
            self.said = True
            try:
                print("The game is over: the window shows how it ended; close it to end the demo.", flush=True)
            except OSError:  # the terminal's reader left (a pipe into head): the window says it
                pass


def cmd_daemon(args) -> int:
    import asyncio
    import signal

    from companion.config import load_config
    from companion.daemon import Daemon
    from companion.daemon.taps import off_reason, plan
    from companion.paths import (
        check_data_mount,
        check_db_path,
        check_private_dir,
        check_socket_path,
        default_db,
        default_socket,
    )
    from companion.service import ServiceNotifier
    from companion.startup import StartRefused, header, open_game

    config = load_config(args.config)
    new = _new_game(args)
    if new is not None:
        header(new)  # a bad --new is said before the store is opened
    db = args.db or default_db()
    sock = args.socket or default_socket()
    check_socket_path(sock, db)  # before anything is opened or created (issue 20)
    _say_socket_place(args.socket)
    check_db_path(db)
    check_data_mount(Path(db), args.data_mount or os.environ.get("COMPANION_DATA_MOUNT") or None)
    check_private_dir(Path(db))
    store, recovery, unwritable = _open_store(db)
    virtual = plan(config)
    daemon = Daemon(store, sock, hold_time=config.dice.hold_time, language=config.language,
                    reader_roles={**{reader.name: reader.role for reader in config.readers}, **virtual},
                    phones=config.phones, mqtt=config.mqtt)
    daemon.desk_config = config.desk
    daemon.taps.off = off_reason(config)
    _warn_storage(daemon, store, unwritable)
    try:
        log.info("%s", open_game(daemon, new, lambda: _resume(daemon)))
    except StartRefused as exc:
        store.close()
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    if recovery is not None:
        daemon.recent.append(_recovery_news(recovery))
    notifier = ServiceNotifier()

    def started() -> None:
        for stop in _start_hardware(daemon, config, virtual):  # stopped by the daemon, before its worker
            daemon.on_shutdown(stop)
        print(f"companion daemon listening on {daemon.socket_path}", flush=True)
        # systemd (Type=notify): ready once the store is open, the socket listens and the
        # readers are started (not necessarily online: they retry by themselves).
        game = f"game {daemon.session.game_id}" if daemon.session is not None else "no game"
        notifier.ready(f"listening on {daemon.socket_path}; {game}")
        daemon.start_task(notifier.keep_alive(daemon.heartbeat))  # cancelled by the daemon when it stops
        if unwritable is None and store.no_room is None:
            daemon.start_task(_keep_good_copy(db))

    def on_signal(sig: signal.Signals) -> None:
        log.info("%s received: shutting down in order (readers and dice button, input worker, clients and "
                 "socket, event store)", sig.name)
        daemon.stop()

    async def serve():
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, on_signal, sig)
        try:
            await daemon.serve(on_ready=started)
        finally:
            notifier.stopping()

    try:
        asyncio.run(serve())
    except BaseException as exc:
        log.error("companion daemon stopped: %s", exc or type(exc).__name__)
        raise
    finally:
        store.close()
        log.info("shutdown done: the event store %s is closed", db)
    return 0


def _warn_storage(daemon, store, unwritable) -> None:
    """Put on every screen why games are not being saved: a read-only data directory (its
    games go on in memory) or a full disk (inputs kept in memory until there is room)."""
    from companion.i18n import msg

    if unwritable is not None:
        daemon.recent.append(unwritable)
        daemon.storage_warning = unwritable
    elif store.no_room is not None:
        daemon.not_saving(msg("The disk is full: the game is not being saved. Its inputs are kept in memory and "
                              "saved as soon as there is room again: keep the companion on."))


def _say_socket_place(given) -> None:
    """Log once why the default socket is not in the usual runtime dir (clients say nothing)."""
    from companion.paths import runtime_dir_note

    if given is None and runtime_dir_note():
        log.info("%s", runtime_dir_note())


def _open_store(db):
    """``(store, recovery, unwritable)``: :func:`companion.store.open_store`; when the data
    directory cannot be written, an in-memory copy of the store and the sentence that says so
    (issue 8: never a crash at every start over a read-only directory)."""
    from companion.errors import StoreError
    from companion.i18n import msg
    from companion.store import NotOurs, StoreInUse, memory_copy, open_store

    try:
        store, recovery = open_store(db, save_copy=False)  # copied just after READY (_keep_good_copy)
        return store, recovery, None
    except (NotOurs, StoreInUse):
        raise
    except StoreError as exc:
        log.error("%s; keeping the game in memory", exc)
        reason = str(exc).rsplit(": ", 1)[-1][:120]
        return memory_copy(db), None, msg("The event store {path} cannot be written ({reason}). The game goes "
                                          "on in memory and is lost when the companion stops.",
                                          path=str(db), reason=reason)


def _resume(daemon):
    """Resume the last unfinished game, or put the last game back on the table when it is
    finished (issue 26); one that does not replay is kept in the store and
    named on the screen, and the daemon starts without it (never a crash at every start)."""
    from companion.errors import StoreError

    try:
        return daemon.resume_last() or daemon.show_last_finished()
    except StoreError as exc:
        log.error("%s", exc)
        daemon.recent.append(str(exc))
        return None


#: Seconds between two refreshes of the event store's last good copy while the daemon runs.
GOOD_COPY_EVERY = 300.0


async def _keep_good_copy(db: Path, every: float = GOOD_COPY_EVERY) -> None:
    """Refresh the store's last good copy (:func:`companion.store.save_good_copy`) at once
    (the daemon is READY by then: the copy stays off the start-up path) and then every
    ``every`` seconds when the database changed, in a worker thread (its own connection)."""
    import asyncio

    from companion.errors import StoreError
    from companion.store import save_good_copy

    def signature() -> tuple:
        return tuple((s.st_mtime_ns, s.st_size) if (s := _stat(Path(str(db) + suffix))) else None
                     for suffix in ("", "-wal"))

    copied, wait = None, 0.0
    while True:
        await asyncio.sleep(wait)
        wait = every
        now = signature()
        if now == copied:
            continue
        try:
            await asyncio.to_thread(save_good_copy, db)
            copied = now
        except StoreError as exc:
            log.warning("%s", exc)


def _stat(path: Path):
    try:
        return path.stat()
    except OSError:
        return None


def _recovery_news(recovery):
    """The sentence for the table's log after :func:`companion.store.recover`."""
    from companion.i18n import msg

    if recovery.copy_saved is None:
        return msg("The game record was damaged (a power cut?) and was set aside as {file}. No earlier "
                   "copy existed; inputs read back from the damaged record: {count}.",
                   file=recovery.moved_to.name, count=recovery.salvaged)
    return msg("The game record was damaged (a power cut?) and was set aside as {file}. The game was "
               "rebuilt from the copy saved at {time}; later inputs read back from the damaged record: {count}.",
               file=recovery.moved_to.name, time=time.strftime("%H:%M", time.localtime(recovery.copy_saved)),
               count=recovery.salvaged)


def _start_hardware(daemon, config, virtual: dict[str, str] | None = None) -> list:
    """Start the dice button, one supervised runner per configured reader and the
    ``virtual`` readers (name -> role, :func:`companion.daemon.taps.plan`).

    Returns:
        The callables that stop them, for shutdown.
    """
    from functools import partial

    from hardware.factory import build_reader
    from hardware.nfc.supervisor import ReaderSupervisor

    stops = []
    feedback = _tag_feedback(config.feedback)
    if feedback is not None:
        daemon.on_tag = feedback.tag
        stops.append(feedback.close)
    if config.dice.enabled:
        button = _dice_button(daemon, config.dice.pin)
        if button is not None:
            stops.append(button.close)
            daemon.dice_button = True
    for reader in config.readers:
        supervisor = ReaderSupervisor(
            reader.name, partial(build_reader, reader.driver, reader.name, **reader.driver_kwargs()),
            daemon.on_presence, daemon.on_reader_status, interval=config.interval_for(reader),
            on_dropout=daemon.on_reader_dropout)
        daemon.attach_reader(reader.name, supervisor.run_job)
        supervisor.start()
        stops.append(supervisor.stop)
    if virtual:
        stops.extend(daemon.taps.start(virtual))
        log.info("virtual readers: %s (companion tap CARD puts a card on one)",
                 ", ".join(f"{name} ({role})" for name, role in virtual.items()))
    return stops


def _tag_feedback(feedback):
    """The buzzer/LED of ``[feedback]``, or None (none configured, or its pin is unusable)."""
    if feedback.pin is None:
        return None
    import warnings

    from hardware.feedback import TagFeedback

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            device = TagFeedback(feedback.pin, feedback.device)
        log.info("tag feedback: %s on GPIO %d", feedback.device, feedback.pin)
        return device
    except Exception as exc:  # gpiozero raises its own errors, OSError or RuntimeError here
        log.warning("no tag feedback %s on GPIO %d (%s); reads work without it",
                    feedback.device, feedback.pin, exc)
        return None


def _dice_button(daemon, pin: int):
    """The dice button on GPIO ``pin`` (BCM) when this machine has GPIO (gpiozero's default
    pin factory, or ``GPIOZERO_PIN_FACTORY``); None, with a log line, where it has none."""
    import warnings

    from hardware.dice.button import DiceButton

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # gpiozero warns once per pin library it lacks
            button = DiceButton(daemon.on_dice, pin=pin)
        factory = type(button.button.pin_factory).__name__
        log.info("dice button on %s through gpiozero's %s", button.button.pin.info.name, factory)
        return button
    except Exception as exc:  # gpiozero raises its own errors, OSError or RuntimeError here
        log.warning("%s", no_dice_button(exc))
        return None


def no_dice_button(exc: BaseException) -> str:
    """The plain sentence for a dice button that cannot be used (issue 20: not gpiozero's
    "Unable to load any default pin factory!" in brackets)."""
    if type(exc).__name__ == "BadPinFactory" or "pin factory" in str(exc):
        return ("No dice button: this machine has no GPIO library gpiozero can use (on a Raspberry Pi, "
                "install lgpio: sudo apt install python3-lgpio). Touches on the screen still work.")
    return (f"No dice button: its pin could not be set up ({type(exc).__name__}: {exc}). Touches on the screen "
            "still work; on a Pi, check the wiring and that the daemon's user is in the gpio group.")


def cmd_doctor(args) -> int:
    from companion.doctor import doctor_command

    return doctor_command(args.config)


def cmd_tags_inspect(args) -> int:
    from companion.tags_cli import inspect_command

    return inspect_command(args.file, args.json)


def cmd_tags_daemon(args) -> int:
    """``companion tags enroll|forget|list``: through the daemon, which owns the store."""
    from companion.client import Client
    from companion.paths import default_socket

    replies: list[dict] = []
    with Client(args.socket or default_socket(), on_message=replies.append).connect(timeout=3.0) as client:
        if args.tags_command == "list":
            client.request({"cmd": "tags"})
            registry = next(m["tags"] for m in replies if m.get("type") == "tags")
            for uid, component in registry.items():
                print(f"{uid}\t{component}")
            if not registry:
                print("No tags are enrolled (companion enroll GAME walks you through it).", file=sys.stderr)
            return 0
        if args.tags_command == "write":
            from companion.engine import known_piece

            if not known_piece(args.component):  # said before asking for a tag, not after the wait
                print(f"companion: no component {args.component!r} in any game "
                      f"(ids look like creepy_cellar:ghost:room-H; companion games lists the games)", file=sys.stderr)
                return 2
            print(f"Put a blank NTAG on the reader (waiting up to {args.wait:g} s)...", flush=True)
            message = {"cmd": "write_tag", "component": args.component, "wait": args.wait, "force": args.force}
            if args.reader:
                message["reader"] = args.reader
            ack = client.request(message, timeout=args.wait + 10)
            print(ack["text"], file=sys.stdout if ack["ok"] else sys.stderr)
            return 0 if ack["ok"] else 2
        message = {"cmd": args.tags_command, "uid": args.uid}
        if args.tags_command == "enroll":
            message["component"] = args.component
        ack = client.request(message)
    print(ack["text"], file=sys.stdout if ack["ok"] else sys.stderr)
    return 0 if ack["ok"] else 2


def cmd_content(args) -> int:
    """``companion content GAME`` / ``content PIECE --set FIELD=VALUE...`` / ``content PIECE --reset``."""
    from companion.content_cli import list_command, set_command
    from companion.paths import default_socket

    socket = args.socket or default_socket()
    if args.target in ("export", "import") or args.file:
        from companion.desk_cli import content_command
        return content_command(args)
    if args.assign:
        return set_command(args.target, args.assign, socket)
    if args.reset:
        return set_command(args.target, None, socket)
    return list_command(args.target, socket)


def cmd_private(args) -> int:
    """``companion private PLAYER``: the daemon's ``private`` answer for PLAYER, one JSON
    object on stdout (hidden information: the public state never carries it)."""
    import json

    from companion.client import Client
    from companion.paths import default_socket

    replies: list[dict] = []
    with Client(args.socket or default_socket(), on_message=replies.append).connect(timeout=3.0) as client:
        ack = client.request({"cmd": "private", "player": args.player})
        if not ack["ok"]:
            print(ack["text"], file=sys.stderr)
            return 2
    answer = next(m for m in replies if m.get("type") == "private")  # it comes before its ack
    print(json.dumps({k: answer[k] for k in ("player", "view", "prompt")}, ensure_ascii=False, indent=2))
    return 0


def cmd_phones(args) -> int:
    """``companion phones``: each player's phone link for this game, and its QR code (from the
    daemon's ``phone_links`` answer; the links open that player's private page)."""
    from companion.client import Client
    from companion.paths import default_socket
    from companion.qr import print_links

    replies: list[dict] = []
    with Client(args.socket or default_socket(), on_message=replies.append).connect(timeout=3.0) as client:
        ack = client.request({"cmd": "phone_links", "renew": bool(args.renew)})
        if not ack["ok"]:
            print(ack["text"], file=sys.stderr)
            return 2
    links = next(m for m in replies if m.get("type") == "phone_links")["links"]  # it comes before its ack
    if not links:
        print("No game is running: start one, then ask again.", file=sys.stderr)
        return 1
    print("Each player scans their own code (only theirs: it opens their private page).")
    print_links(links, sys.stdout, codes=not args.no_codes)
    return 0


def cmd_venue(args) -> int:
    """``companion venue``: the staff dashboard (:mod:`companion.venue.dashboard`) until
    SIGTERM or Ctrl-C."""
    from companion.config import load_config
    from companion.venue.cli import run_dashboard

    return run_dashboard(load_config(args.config))


def cmd_enroll(args) -> int:
    from companion.enroll_cli import enroll_command
    from companion.paths import default_socket

    return enroll_command(args.game, args.socket or default_socket())


def cmd_ui(args) -> int:
    from companion.paths import default_socket
    from ui.app import WindowUnavailable, run_app

    socket = args.socket or default_socket()
    if not args.kiosk and not _has_display():
        print("companion: no display (DISPLAY and WAYLAND_DISPLAY are not set): the table screen needs a "
              "desktop; companion play GAME --players A,B plays in the terminal", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    if not _daemon_answers(socket):
        print(f"companion: no daemon answers at {socket} yet: the window waits for it. Start one with "
              f"companion daemon, or play with companion play GAME --players A,B", file=sys.stderr, flush=True)
    try:
        run_app(socket, fullscreen=args.fullscreen or args.kiosk, kiosk=args.kiosk)
    except WindowUnavailable as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    return 0


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _daemon_answers(socket: Path, timeout: float = 1.0) -> bool:
    """A daemon answers at ``socket`` (it sends its first state within ``timeout`` s)."""
    from companion.client import Client, DaemonUnavailable

    try:
        Client(socket).connect(timeout=timeout).close()
    except DaemonUnavailable:
        return False
    return True


def cmd_play(args) -> int:
    from companion.play import play_command

    return play_command(args, _new_game(_as_new(args)))


def _as_new(args):
    """``play GAME --players ...`` read as the daemon's ``--new GAME --players ...``."""
    return argparse.Namespace(new=args.game, players=args.players, options=args.options, abandon=args.abandon)


def cmd_tap(args) -> int:
    from companion.paths import default_socket
    from companion.play import tap_command

    return tap_command(args.card, args.reader, args.hold, args.socket or default_socket())


def cmd_install(args) -> int:
    from companion.install import install_command

    return install_command(args.root, args.uninstall, args.prefix)
