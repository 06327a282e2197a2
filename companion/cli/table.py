"""The commands that talk to a running daemon or show its table: ``content``, ``private``,
``tap``, ``phones`` and ``ui``."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.cli.common import EXIT_BAD_PATH, EXIT_BAD_SCRIPT, UsageError, has_display, hold, seconds


def add_content(sub) -> None:
    """``content`` and ``private``."""
    from companion import desk_cli

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


def add_tap(sub) -> None:
    """``tap``."""
    tap = sub.add_parser("tap", help="put a card on the daemon's virtual reader and lift it (no reader needed)",
                         description="Tap a card on a virtual reader of the running daemon, as if it lay on a "
                                     "real one. Exit 0: the game accepted it; 1: the table refused it (the "
                                     "reason is printed); 2: no such component, or no daemon.")
    tap.add_argument("card", metavar="COMPONENT|NAME|UID",
                     help="a component id such as creepy_cellar:ghost:room-H, in any case (the game's own prefix "
                          "may be left out: ghost:room-H), a card's printed name (\"Ghost card room H\"), or a tag "
                          "UID in hex; companion cards GAME lists them")
    tap.add_argument("--reader", metavar="ROLE", help="cards or tiles (default: the one that reads that card)")
    tap.add_argument("--hold", type=hold, default=0.5, metavar="S",
                     help="seconds the card stays on the reader, 0-120 (default 0.5)")
    tap.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    tap.set_defaults(run=cmd_tap)


def add_phones_ui(sub) -> None:
    """``phones`` and ``ui``."""
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
    ui.add_argument("--screenshot", type=Path, metavar="PNG",
                    help="save the window as a PNG here when it closes (replaces only an earlier PNG)")
    ui.add_argument("--exit-after", type=seconds("--exit-after time", 0.5, 3600), metavar="SECONDS",
                    help="close the window after this many seconds (with --screenshot: a picture of it then)")
    ui.add_argument("--size", metavar="WxH",
                    help=f"the window's size in pixels, {MIN_SIDE} to {MAX_SIDE} a side (default 800x480; the "
                         "table screen is laid out for 800x480, 1024x600 and 720x1280 portrait); not with "
                         "--fullscreen or --kiosk")
    ui.add_argument("--table", action="store_true",
                    help="open on the game's table screen (default: the Home screen); with no game in "
                         "progress, on the table as soon as one starts")
    ui.set_defaults(run=cmd_ui)


#: ``companion ui --size``: each side in pixels, from a phone-sized window to a 4K one.
MIN_SIDE, MAX_SIDE = 240, 4096


def window_size(text: str, fullscreen: bool) -> tuple[int, int]:
    """``--size`` ``"1024x600"`` -> (1024, 600).

    Raises:
        UsageError: not WIDTHxHEIGHT in whole pixels, a side out of range, or with a full screen.
    """
    width, x, height = text.strip().lower().partition("x")
    if not (x and width.isdigit() and height.isdigit()):
        raise UsageError(f"--size is WIDTHxHEIGHT in pixels, such as 1024x600, not {text!r}")
    if not (MIN_SIDE <= int(width) <= MAX_SIDE and MIN_SIDE <= int(height) <= MAX_SIDE):
        raise UsageError(f"--size takes {MIN_SIDE} to {MAX_SIDE} pixels a side, not {text}")
    if fullscreen:
        raise UsageError("--size sets a window's size: give it without --fullscreen and --kiosk, which fill "
                         "the screen")
    return int(width), int(height)


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
            print(f"companion: {ack['text']}", file=sys.stderr)
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
            print(f"companion: {ack['text']}", file=sys.stderr)
            return 2
    links = next(m for m in replies if m.get("type") == "phone_links")["links"]  # it comes before its ack
    if not links:
        print("No game is running: start one, then ask again.", file=sys.stderr)
        return 1
    print("Each player scans their own code (only theirs: it opens their private page).")
    print_links(links, sys.stdout, codes=not args.no_codes)
    return 0


def cmd_ui(args) -> int:
    # the window's size is checked before Kivy loads: a bad --size costs one line, no window
    size = window_size(args.size, args.fullscreen or args.kiosk) if args.size is not None else None
    from companion.paths import default_socket
    from ui.app import DEFAULT_SIZE, WindowUnavailable, run_app, stop_after
    from ui.shot import refused_target

    socket = args.socket or default_socket()
    if args.screenshot and (reason := refused_target(args.screenshot)):
        print(f"companion: --screenshot {reason}", file=sys.stderr)
        return EXIT_BAD_PATH
    refuse_a_non_socket(socket)
    if not args.kiosk and not has_display():
        print("companion: no display (DISPLAY and WAYLAND_DISPLAY are not set): the table screen needs a "
              "desktop; companion play GAME --players A,B plays in the terminal", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    if not _daemon_answers(socket):
        print(f"companion: no daemon answers at {socket} yet: the window waits for it. Start one with "
              f"companion daemon, or play with companion play GAME --players A,B", file=sys.stderr, flush=True)
    try:
        run_app(socket, fullscreen=args.fullscreen or args.kiosk, kiosk=args.kiosk,
                stop_event=stop_after(args.exit_after), screenshot=args.screenshot,
                first_page="table" if args.table else None, size=size or DEFAULT_SIZE)
    except WindowUnavailable as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_BAD_SCRIPT
    return 0


def refuse_a_non_socket(socket: Path) -> None:
    """A ``--socket`` that exists and is no socket (a directory, a text file) is refused as ``tap``
    refuses it; a missing one is fine for the window, which waits for a daemon to come.

    Raises:
        NoDaemon: said in one line by :func:`companion.cli.main` (exit 2).
    """
    from companion.client import NoDaemon, not_a_socket

    if not_a_socket(str(socket)) is not None:
        raise NoDaemon(f"{socket} is not a socket", str(socket))


def _daemon_answers(socket: Path, timeout: float = 1.0) -> bool:
    """A daemon answers at ``socket`` (it sends its first state within ``timeout`` s)."""
    from companion.client import Client, DaemonUnavailable

    try:
        Client(socket).connect(timeout=timeout).close()
    except DaemonUnavailable:
        return False
    return True


def cmd_tap(args) -> int:
    from companion.paths import default_socket
    from companion.tapping import tap_command

    return tap_command(args.card, args.reader, args.hold, args.socket or default_socket())
