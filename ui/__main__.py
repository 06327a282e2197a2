"""``python -m ui --socket PATH``: run the touchscreen client.

``--screenshot OUT.png --exit-after 3`` saves the window after 3 seconds and exits.
"""

from __future__ import annotations

import argparse
import sys


def _size(text: str) -> tuple[int, int]:
    """``"800x480"`` -> (800, 480)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, not {text!r}") from exc
    return width, height


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m ui", description="Haunt Companion touchscreen client")
    p.add_argument("--socket", help="the daemon socket (default: the user runtime dir)")
    p.add_argument("--size", type=_size, default=None, help="window size in pixels, e.g. 800x480")
    p.add_argument("--fullscreen", action="store_true", help="use the whole screen")
    p.add_argument("--screenshot", help="save a PNG of the window here before it closes")
    p.add_argument("--exit-after", type=float, metavar="SECONDS",
                   help="close the window after this many seconds")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from ui.shot import refused_target

    if args.screenshot and (reason := refused_target(args.screenshot)):
        print(f"python -m ui: --screenshot {reason}", file=sys.stderr)
        return 2
    from ui.app import DEFAULT_SIZE, run_app, stop_after

    socket_path = args.socket
    if socket_path is None:
        from companion.client import default_socket

        socket_path = default_socket()
    run_app(socket_path, stop_event=stop_after(args.exit_after), screenshot=args.screenshot,
            size=args.size or DEFAULT_SIZE, fullscreen=args.fullscreen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
