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


class _Terminal:
    """This terminal's side of a running walk: typed lines become skip / undo / stop."""

    def __init__(self, client: Client, printer: _Printer, out: TextIO):
        self.client, self.printer, self.out = client, printer, out

    def stop(self) -> None:
        """Stop the walk and print the daemon's answer; it ends the command."""
        self.printer.stopping = True
        print(self.client.request({"cmd": "enroll_stop"})["text"], file=self.out, flush=True)
        self.printer.finished.set()

    def read_keys(self, stdin: TextIO) -> None:
        """Called from the keys thread: one command per typed line until stop or the end of input."""
        for line in stdin:
            cmd = COMMANDS.get(line.strip().lower())
            if cmd is None:
                print(f"? {HELP}", file=self.out, flush=True)
            elif cmd == "enroll_stop":
                return self.stop()
            else:
                self.client.request({"cmd": cmd})
        if not self.printer.finished.is_set():
            self.stop()  # the end of the input (Ctrl-D, a closed pipe) stops the walk, like q

    def watch_daemon(self) -> None:
        """Called from the watch thread: the connection closing before the end means the daemon went."""
        self.client.wait_closed()
        if not self.printer.finished.is_set():
            self.printer.lost = True
            self.printer.finished.set()

    def follow(self, stdin: TextIO) -> None:
        """Read keys and watch the daemon until the walk ends; Ctrl-C stops it."""
        threading.Thread(target=self.read_keys, args=(stdin,), name="enroll-keys", daemon=True).start()
        threading.Thread(target=self.watch_daemon, name="enroll-watch", daemon=True).start()
        try:
            self.printer.finished.wait()
        except KeyboardInterrupt:
            self.stop()


def _start_walk(client: Client, printer: _Printer, game: str, out: TextIO) -> bool:
    """Ask the daemon for the walk of ``game``; False (the refusal printed) when it says no."""
    ack = client.request({"cmd": "enroll_start", "game": game})
    if not ack["ok"]:
        print(f"companion: {ack['text']}", file=sys.stderr)
        return False
    printer.active = True
    printer(client.state)  # the walk's first instruction came with the state before the ack
    print(HELP, file=out, flush=True)
    return True


def _walk_ended(printer: _Printer, out: TextIO) -> int:
    """Say how the walk ended, if not by this terminal; the exit status (1 the daemon was lost)."""
    if printer.lost:
        print("Lost the daemon: the walk ended. Start it again when the daemon is back.", file=sys.stderr)
        return 1
    if printer.elsewhere:
        print("The walk was stopped elsewhere (the touchscreen or another terminal).", file=out)
    return 0


def enroll_command(game: str, socket_path: str | Path, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    """Run the walk for ``game``; returns the exit status (0 done or stopped, 1 the daemon lost, 2 refused)."""
    printer = _Printer(out)
    with Client(socket_path, on_message=printer).connect(timeout=CONNECT_TIMEOUT) as client:
        if not _start_walk(client, printer, game, out):
            return 2
        _Terminal(client, printer, out).follow(stdin)
    return _walk_ended(printer, out)
