"""``companion voice``'s arguments, apart from the speech parts: every command line builds
this parser, and the daemon's must not load the voice (tests/test_daemon_imports.py)."""

from __future__ import annotations

import argparse
import importlib
import logging
from collections.abc import Callable
from pathlib import Path

from companion.voice.names import ENGINES


def _run(name: str) -> Callable[[argparse.Namespace], int]:
    """The command ``name`` of :mod:`companion.voice.command`, imported when it runs."""
    def run(args: argparse.Namespace) -> int:
        return getattr(importlib.import_module("companion.voice.command"), name)(args)
    return run


def directory(text: str) -> Path:
    """An argparse type: a directory to write into, made if missing; never an existing file."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{path} is a file, not a directory (nothing was written)")
    return path


def add_parser(sub) -> None:
    """Register ``companion voice`` and its subcommands (one line in :mod:`companion.cli`)."""
    voice = sub.add_parser("voice", help="say every instruction aloud (a client of the daemon, its own process)",
                           description="Speak the prompt, what to do, the news and refusals in the table's "
                                       "language, with sound cues (docs/voice.md).")
    _common(voice, top=True)
    voice.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    voice.add_argument("--to", type=directory, metavar="DIR",
                       help="write each utterance as a numbered WAV file and a line of DIR/spoken.jsonl "
                            "instead of playing it")
    voice.add_argument("--pace", type=float, default=0.0, help=argparse.SUPPRESS)  # --to: wait as long as sound
    voice.set_defaults(run=_run("cmd_voice"), log_level=logging.INFO)
    voice_sub = voice.add_subparsers(title="voice commands")
    prepare = voice_sub.add_parser("prepare", help="render every fixed phrase of every game in both languages")
    _common(prepare)
    prepare.add_argument("--speed", choices=("normal", "slow", "both"), default="normal",
                         help="the speed to render (default normal, about 200 MB for both languages; "
                              "slow: a table of children; a phrase not rendered is rendered when first said)")
    prepare.set_defaults(run=_run("cmd_prepare"))
    test = voice_sub.add_parser("test", help="say one sentence in each language")
    _common(test)
    test.add_argument("--to", type=directory, metavar="DIR", default=argparse.SUPPRESS,
                      help="write the sentences to DIR instead of playing them")
    test.set_defaults(run=_run("cmd_test"))
    cues = voice_sub.add_parser("cues", help="write the six sound cues as WAV files into DIR")
    cues.add_argument("dir", type=directory)
    cues.set_defaults(run=_run("cmd_cues"))


def _common(command, top: bool = False) -> None:
    """``--config``, ``--engine`` and ``--cache``, on ``voice`` and again on its subcommands: a
    subcommand's own defaults are SUPPRESS, so that ``voice --config FILE test`` keeps FILE (an
    argparse subparser's default of None would overwrite it, and the file was never read)."""
    default = None if top else argparse.SUPPRESS
    command.add_argument("--config", type=Path, default=default,
                         help="config file (default: $COMPANION_CONFIG or the user config dir)")
    command.add_argument("--engine", choices=ENGINES, default=default,
                         help="the speech engine (default: the config's, espeak-ng)")
    command.add_argument("--cache", type=directory, default=default,
                         help="the phrase cache directory (default: the config's, or the user cache dir)")
