"""The ``companion`` command: games, replay, demo, daemon, play, ui and the rest, one module per
command group (each with its ``add_...`` parser function); :func:`main` is the entry point.
The command modules import their work inside each command, so that ``companion daemon`` loads
no optional part (tests/test_daemon_imports.py)."""

from __future__ import annotations

import argparse
import logging
import sys

from companion.cli import daemon, games, replay, service, table, tags
from companion.cli.common import EXIT_BAD_PATH, EXIT_BAD_SCRIPT, EXIT_NO_DAEMON, EXIT_REFUSED, UsageError
from companion.client import NoDaemon
from companion.console import READER_LEFT, reader_left
from companion.errors import CompanionError, LineRefused, ReplayFailed, ScriptError, UnusablePath

log = logging.getLogger("companion")


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    parser = _parser(_command(sys.argv[1:] if argv is None else argv))
    args, extra = parser.parse_known_args(argv)
    if extra:  # refused with the whole usage, as for any other command (not a parser built alone)
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
    except UsageError as exc:  # in the language asked (play --lang it), when it is a message
        from companion.i18n import render

        said = render(exc.args[0], getattr(args, "lang", None) or "en") if exc.args else str(exc)
        print(f"companion: {said}", file=sys.stderr)
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
    except UnusablePath as exc:  # a path refused, another program's file, a store or socket in use
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


#: The exit-code convention, said by ``companion --help`` (and README "Exit codes").
EXIT_STATUS = ("exit status: 0 done; 1 the command ran and something was refused or failed while it worked "
               "(a refused input, a store failing mid-way, doctor's findings, a config whose contents are wrong); "
               "2 the command line cannot be used as given: a usage error, a bad table script, no daemon at "
               "the socket, or a path refused (a directory or another program's file where a store goes, a "
               "folder that cannot be written, a store or socket another companion holds), with nothing changed; "
               "except that daemon and play keep the game in memory when its store's folder cannot be written "
               "(said on every screen; lost when they stop if no write succeeds)")


#: Commands whose parser is built alone when they are the one asked for: ``companion daemon``
#: starts at every boot, and the ~20 other commands' parsers cost it about 6% of its start-up
#: work (argparse asks gettext for a catalogue at every help string; notes/coldstart.md).
ALONE = {"daemon": daemon.add_daemon}


def _command(argv: list[str]) -> str | None:
    """The command word of ``argv`` (the global options take no value), or None."""
    return next((word for word in argv if not word.startswith("-")), None)


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone when it is in :data:`ALONE`."""
    parser = argparse.ArgumentParser(
        prog="companion", description="Haunt Companion: a table companion for haunted-house board games.",
        epilog=EXIT_STATUS)
    from companion import __version__

    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages to stderr")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(title="commands")
    if command in ALONE:
        ALONE[command](sub)
        return parser
    from companion import desk_cli

    for add in (games.add_parser, replay.add_parser, daemon.add_daemon, service.add_doctor, tags.add_parser,
                table.add_content, daemon.add_play, table.add_tap, service.add_venue, table.add_phones_ui):
        add(sub)
    __import__("companion.voice.args").voice.args.add_parser(sub)  # companion voice (issue 28)
    service.add_install(sub)
    desk_cli.register(sub)
    return parser
