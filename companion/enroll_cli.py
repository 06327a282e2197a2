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
        self.finished = threading.Event()

    def __call__(self, message: dict[str, Any]) -> None:
        if message.get("type") != "state":
            return
        walk = message.get("enrollment")
        if walk is None:
            if self.started and not self.stopping:
                self.finished.set()  # stopped elsewhere (another client, the screen)
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
    with Client(socket_path, on_message=printer).connect() as client:
        ack = client.request({"cmd": "enroll_start", "game": game})
        if not ack["ok"]:
            print(ack["text"], file=sys.stderr)
            return 2
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

        threading.Thread(target=read_keys, name="enroll-keys", daemon=True).start()
        try:
            printer.finished.wait()
        except KeyboardInterrupt:
            print(client.request({"cmd": "enroll_stop"})["text"], file=out, flush=True)
    return 0
