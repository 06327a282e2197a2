"""``companion daemon`` (the daemon and the configured table hardware) and ``companion play``
(the daemon and the table screen on this computer). :mod:`companion.daemon.boot` builds the daemon."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from companion.cli.common import EXIT_BAD_SCRIPT, UsageError

log = logging.getLogger("companion")


def add_daemon(sub) -> None:
    """``daemon``."""
    daemon = sub.add_parser("daemon", help="run the daemon with the configured readers and dice button")
    daemon.add_argument("--db", type=Path, help="event store (default: the user data dir)")
    daemon.add_argument("--socket", type=Path, help="Unix socket (default: the user runtime dir)")
    daemon.add_argument("--data-mount", type=Path, metavar="DIR",
                        help="refuse to start unless DIR is mounted and holds the event store's folder "
                             "(default: $COMPANION_DATA_MOUNT; docs/pi-setup.md, the read-only root option)")
    new_game_arguments(daemon)
    daemon.add_argument("--config", type=Path, help="config file (default: $COMPANION_CONFIG or the user config dir)")
    daemon.set_defaults(run=cmd_daemon, log_level=logging.INFO)


def add_play(sub) -> None:
    """``play``."""
    play = sub.add_parser("play", help="play a game on this computer: the daemon and the table screen together",
                          description="Start the daemon (your own event store; virtual card readers when no "
                                      "reader is configured) and the table screen, go on with GAME's unfinished "
                                      "game or start one, and stop both when the window closes or on Ctrl-C. "
                                      "Without a display it plays in the terminal.")
    play.add_argument("game", help="the game id (see companion games)")
    play.add_argument("--players", help="comma-separated player names, e.g. Ada,Bo (needed for a new game; "
                                        "without it, GAME's unfinished game goes on with its own players)")
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
    play.add_argument("--lang", choices=("en", "it"),
                      help="the table's language, as chosen on the screen (kept for the next games)")
    play.set_defaults(run=cmd_play)


def new_game_arguments(command) -> None:
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


def new_game(args, parser=None):
    """The :class:`~companion.startup.NewGame` that ``--new`` asks for, or None; ``--players``,
    ``--option`` or ``--set-aside`` without ``--new`` is a usage error (exit 2)."""
    from companion.i18n import msg
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
        raise UsageError(msg("--players {players} names no player: give the names with commas between them, "
                             "e.g. --players Ada,Bo", players=repr(args.players)))
    if len(players) < len(names):  # "Ada,,Bo": a name left out is no player to drop quietly
        raise UsageError(msg("--players {players} has an empty name between its commas: give every player's "
                             "name, e.g. --players Ada,Bo", players=repr(args.players)))
    try:
        options = dict(parse_option(text) for text in args.options)
    except ValueError as exc:
        raise UsageError(exc.args[0]) from None  # a Msg: play --lang it says it in Italian
    return NewGame(args.new, players, options, args.abandon)


def cmd_daemon(args) -> int:
    """``companion daemon``: the paths checked, the daemon built (:func:`companion.daemon.boot.build_daemon`)
    and served until a signal stops it."""
    from companion.config import load_config
    from companion.daemon.boot import build_daemon
    from companion.daemon.hub import BoundSocket
    from companion.startup import StartRefused, check_before_open, header

    config = load_config(args.config)
    new = new_game(args)
    if new is not None:
        try:
            header(new)  # a bad --new is said before the store is opened
        except StartRefused as exc:  # the command line asks for a game that cannot start: exit 2, as play
            raise UsageError(exc.args[0]) from None
    db, sock = _checked_paths(args)
    if new is not None:
        try:
            check_before_open(new, db)  # options the table's card data cannot play: nothing is made
        except StartRefused as exc:
            raise UsageError(exc.args[0]) from None
    # Bound before the store is opened: a socket that cannot be bound (the folder changed since
    # the check, another daemon took the path) stops the daemon with no game made or resumed.
    bound = BoundSocket(sock, db)
    try:
        booted = build_daemon(config, db, bound, new)
    except StartRefused as exc:
        bound.release()
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    except BaseException:
        bound.release()
        raise
    return _serve(booted, db, bound)


def _checked_paths(args) -> tuple[Path, Path]:
    """The event store and the socket the arguments name (or the defaults), checked before
    anything is opened or created (issue 20)."""
    from companion.paths import (
        check_data_mount,
        check_db_path,
        check_private_dir,
        check_socket_folder,
        check_socket_path,
        default_db,
        default_socket,
    )

    db = args.db or default_db()
    sock = args.socket or default_socket()
    check_socket_path(sock, db)
    say_socket_place(args.socket)
    check_db_path(db)
    check_data_mount(Path(db), args.data_mount or os.environ.get("COMPANION_DATA_MOUNT") or None)
    check_private_dir(Path(db))
    check_socket_folder(sock)  # after the store's checks: a refused --db is said first
    return db, sock


def _serve(booted, db, bound) -> int:
    """Serve ``booted``'s daemon on ``bound`` (its :class:`~companion.daemon.hub.BoundSocket`) until
    SIGTERM, SIGINT or SIGHUP; the store is closed after."""
    import asyncio
    import signal

    from companion.daemon.boot import keep_good_copy
    from companion.service import ServiceNotifier

    daemon, store = booted.daemon, booted.store
    notifier = ServiceNotifier()

    def started() -> None:
        for stop in booted.hardware.start(daemon):  # stopped by the daemon, before its worker
            daemon.on_shutdown(stop)
        print(f"companion daemon listening on {daemon.socket_path}", flush=True)
        # systemd (Type=notify): ready once the store is open, the socket listens and the
        # readers are started (not necessarily online: they retry by themselves).
        game = f"game {daemon.session.game_id}" if daemon.session is not None else "no game"
        notifier.ready(f"listening on {daemon.socket_path}; {game}")
        daemon.start_task(notifier.keep_alive(daemon.heartbeat))  # cancelled by the daemon when it stops
        if booted.keeps_good_copy:
            daemon.start_task(keep_good_copy(db))

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
        bound.release()  # the hub removed it when it served; not when it stopped before
        store.close()
        log.info("shutdown done: the event store %s is closed", db)
    return 0


def say_socket_place(given) -> None:
    """Log once why the default socket is not in the usual runtime dir (clients say nothing)."""
    from companion.paths import runtime_dir_note

    if given is None and runtime_dir_note():
        log.info("%s", runtime_dir_note())


def cmd_play(args) -> int:
    from companion.play import play_command, players_to_resume

    if args.players is None:  # newcomer 16: "companion play ITS-GAME goes back to it" needed --players
        args.players = players_to_resume(args)
    return play_command(args, new_game(_as_new(args)))


def _as_new(args):
    """``play GAME --players ...`` read as the daemon's ``--new GAME --players ...``."""
    return argparse.Namespace(new=args.game, players=args.players, options=args.options, abandon=args.abandon)
