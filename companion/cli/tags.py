"""``companion tags ...`` (the tag registry, programming a tag, inspecting a dump) and
``companion enroll`` (tap every tagged piece of a game)."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.cli.common import wait


def add_parser(sub) -> None:
    """``tags`` and its commands, and ``enroll``."""
    from companion import desk_cli

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
    write.add_argument("--wait", type=wait, default=15.0, help="seconds to wait for a tag, 1-120 (default 15)")
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
            return _said(ack)
        message = {"cmd": args.tags_command, "uid": args.uid}
        if args.tags_command == "enroll":
            message["component"] = args.component
        ack = client.request(message)
    return _said(ack)


def _said(ack: dict) -> int:
    """Print the daemon's answer: done on stdout (0), refused on stderr as every error of the
    command is, after ``companion:`` (2)."""
    if ack["ok"]:
        print(ack["text"])
        return 0
    print(f"companion: {ack['text']}", file=sys.stderr)
    return 2


def cmd_enroll(args) -> int:
    from companion.enroll_cli import enroll_command
    from companion.paths import default_socket

    return enroll_command(args.game, args.socket or default_socket())
