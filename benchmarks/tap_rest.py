"""What the daemon adds to a tap, apart from its durable append (issue 35 item 3).

budgets.py's tap run (a 1,000-event Creepy Cellar game, a Ghost card tapped and undone, over
and over), with each tap's own append timed and taken off its tap -> published time. On this
shared container the fsync's time changes from minute to minute with what other processes
write; the rest does not depend on it. ``--other-process`` puts the screen in a child
process, as on a table (budgets.py's client shares the daemon's process and its GIL); its
stamps are ``time.perf_counter`` (CLOCK_MONOTONIC, the same clock in every process).

Run: ``PYTHONPATH=. python benchmarks/tap_rest.py [TAPS] [--other-process]``. A measurement,
never a test.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import budgets  # noqa: E402
from companion.client import Client  # noqa: E402
from companion.daemon import Daemon, DaemonThread  # noqa: E402
from companion.daemon.settings import DaemonSettings  # noqa: E402
from companion.inputs import Tap, Touch  # noqa: E402
from companion.store import EventStore  # noqa: E402

#: The screen in another process: one line (its perf_counter) per state message.
SCREEN = r'''
import sys, time
from companion.client import Client
def on(m):
    if m.get("type") == "state":
        sys.stdout.write(f"{time.perf_counter()!r}\n"); sys.stdout.flush()
with Client(sys.argv[1], on_message=on).connect():
    sys.stdin.readline()
'''


class InProcess:
    """The screen as budgets.py has it: a client in the daemon's process."""

    def __init__(self, daemon: Daemon):
        self.daemon, self.arrived, self.stamps = daemon, threading.Event(), []
        self.client = Client(daemon.socket_path, on_message=self._on).connect()

    def _on(self, message) -> None:
        if message.get("type") == "state":
            self.stamps.append(time.perf_counter())
            self.arrived.set()

    def tap(self, uid: str) -> float:
        self.arrived.clear()
        self.daemon.submit(Tap(uid))
        self.arrived.wait(5)
        stamp = self.stamps[-1]
        self.arrived.clear()
        self.client.request({"cmd": "undo"})
        return stamp

    def close(self) -> None:
        self.client.close()


class OtherProcess:
    """The screen in a child process (the undo is an input, as a touch on it is)."""

    def __init__(self, daemon: Daemon):
        self.daemon = daemon
        self.child = subprocess.Popen([sys.executable, "-c", SCREEN, str(daemon.socket_path)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                      env={**os.environ, "PYTHONPATH": str(budgets.ROOT)})
        self.child.stdout.readline()  # the state sent on connecting

    def tap(self, uid: str) -> float:
        self.daemon.submit(Tap(uid))
        stamp = float(self.child.stdout.readline())
        self.daemon.submit(Touch("undo"))
        self.child.stdout.readline()
        return stamp

    def close(self) -> None:
        self.child.stdin.write("\n")
        self.child.stdin.flush()
        self.child.wait(10)


def run(taps: int, screen_kind) -> tuple[list[float], list[float]]:
    """Each tap's seconds to published, and its own append's seconds."""
    lat, own = [], []
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "g.sqlite3"
        budgets.build_game(db, 1000)
        store = EventStore(db)
        appends: list[float] = []
        budgets._time_appends(store, appends)
        daemon = Daemon(store, Path(tmp) / "c.sock", settings=DaemonSettings(settle_heap=True))
        with DaemonThread(daemon):
            daemon.call(lambda: daemon.game.resume_last())
            uid = _to_a_card(daemon)
            screen = screen_kind(daemon)
            for _ in range(taps):
                count, start = len(appends), time.perf_counter()
                lat.append(screen.tap(uid) - start)
                own.append(appends[count])
            screen.close()
        store.close()
    return lat, own


def _to_a_card(daemon: Daemon) -> str:
    """Play on until the prompt asks for a Ghost card; its tag's UID."""
    rng = random.Random(2)
    while not any(c.component in budgets.UID_OF for c in daemon.call(lambda: daemon.session.prompt).choices):
        daemon.submit(daemon.call(lambda: budgets._forward_input(daemon.session, rng)))
        daemon.drain()
    prompt = daemon.call(lambda: daemon.session.prompt)
    return budgets.UID_OF[next(c.component for c in prompt.choices if c.component in budgets.UID_OF)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("taps", nargs="?", type=int, default=1000)
    parser.add_argument("--other-process", action="store_true", help="the screen in a child process")
    args = parser.parse_args()
    lat, own = run(args.taps, OtherProcess if args.other_process else InProcess)
    rest = [t - a for t, a in zip(lat, own)]
    pct = budgets.pct

    def ms(values, q):
        return f"{pct(values, q) * 1e3:.2f}"

    print(f"load {os.getloadavg()[0]:.1f}, {'other-process' if args.other_process else 'in-process'} screen, "
          f"{args.taps} taps (ms p50 / p90 / p99): tap {ms(lat, .5)} / {ms(lat, .9)} / {ms(lat, .99)}; "
          f"its append {ms(own, .5)} / {ms(own, .9)} / {ms(own, .99)}; "
          f"rest {ms(rest, .5)} / {ms(rest, .9)} / {ms(rest, .99)}; "
          f"tap p99 / append p99 {pct(lat, .99) / pct(own, .99):.1f}x")


if __name__ == "__main__":
    main()
