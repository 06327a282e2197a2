"""``companion enroll GAME``: the enrollment walk at a terminal, through the running daemon.

The daemon owns the readers and the tag registry, so the walk runs there
(:mod:`companion.enrollment`); this client starts it, prints each instruction as the daemon
publishes it, and turns typed lines into skip / undo / stop.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from companion.client import Client

#: Seconds to wait for the daemon before saying it is not there.
CONNECT_TIMEOUT = 3.0

HELP = "Tap each piece on a reader. Enter or s: skip this piece, u: undo the last one, q: stop."
COMMANDS = {"": "enroll_skip", "s": "enroll_skip", "skip": "enroll_skip", "u": "enroll_undo",
            "undo": "enroll_undo", "q": "enroll_stop", "quit": "enroll_stop", "stop": "enroll_stop"}


class _Printer:
    """Prints each new walk message once; notices the end of the walk."""

    def __init__(self, out: TextIO):
        self.out = out
        self.last: str | None = None
        self.started = False
        self.stopping = False  # a typed stop: its answer, not the state, ends the command
        self.lost = False  # the daemon went away
        self.elsewhere = False  # another client (the screen) stopped the walk
        self.finished = threading.Event()
        self.active = False  # only once our walk started: another client's walk is not ours

    def __call__(self, message: dict[str, Any]) -> None:
        if message.get("type") != "state" or not self.active:
            return
        walk = message.get("enrollment")
        if walk is None:
            if self.started and not self.stopping:
                self.elsewhere = True  # stopped elsewhere (another client, the screen)
                self.finished.set()
            return
        self.started = True
        if walk["message"] != self.last:
            self.last = walk["message"]
            print(walk["message"], file=self.out, flush=True)
        if walk["done"]:
            self.finished.set()


def enroll_command(game: str, socket_path: str | Path, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    """Run the walk for ``game``; returns the exit status (0 done or stopped, 2 refused)."""
    printer = _Printer(out)
    with Client(socket_path, on_message=printer).connect(timeout=CONNECT_TIMEOUT) as client:
        ack = client.request({"cmd": "enroll_start", "game": game})
        if not ack["ok"]:
            print(ack["text"], file=sys.stderr)
            return 2
        printer.active = True
        printer(client.state)  # the walk's first instruction came with the state before the ack
        print(HELP, file=out, flush=True)

        def read_keys() -> None:
            for line in stdin:
                cmd = COMMANDS.get(line.strip().lower())
                if cmd is None:
                    print(f"? {HELP}", file=out, flush=True)
                    continue
                printer.stopping = cmd == "enroll_stop"
                reply = client.request({"cmd": cmd})
                if cmd == "enroll_stop":
                    print(reply["text"], file=out, flush=True)
                    printer.finished.set()
                    return

        def watch() -> None:
            client.wait_closed()
            if not printer.finished.is_set():
                printer.lost = True
                printer.finished.set()

        threading.Thread(target=read_keys, name="enroll-keys", daemon=True).start()
        threading.Thread(target=watch, name="enroll-watch", daemon=True).start()
        try:
            printer.finished.wait()
        except KeyboardInterrupt:
            print(client.request({"cmd": "enroll_stop"})["text"], file=out, flush=True)
    if printer.lost:
        print("Lost the daemon: the walk ended. Start it again when the daemon is back.", file=sys.stderr)
        return 1
    if printer.elsewhere:
        print("The walk was stopped elsewhere (the touchscreen or another terminal).", file=out)
    return 0
