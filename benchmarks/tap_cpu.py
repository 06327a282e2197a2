"""The loop thread's CPU on a tap's path (issue 35 item 3): from the input worker taking a tap
to its state message written to the screens, in budgets.py's tap run. ``time.thread_time``
counts only while the thread runs, so the load of a shared machine moves it far less than a
latency. ``miss``: the odds meter's memo is emptied before each tap, so every tap's state is
new to the meter, as a Ghost-card tap at a table (budgets.py's loop taps one card and undoes
it, so the meter remembers every state: ``hit``).

Run: ``PYTHONPATH=. python benchmarks/tap_cpu.py miss|hit [TAPS]``. A measurement, never a test.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import budgets  # noqa: E402
from companion.daemon import core, hub, play  # noqa: E402
from companion.games.creepy_cellar import odds  # noqa: E402
from companion.inputs import Tap  # noqa: E402


def measure(miss: bool, taps: int) -> tuple[list[float], list[float]]:
    """Each tap's loop-thread CPU to its state written, and its tap -> published (seconds)."""
    cpu: list[float] = []
    started: list[float | None] = [None]
    submit, played, broadcast = core.Daemon.submit, play.InputPlay.play, hub.ClientHub.broadcast

    def submitted(self, inp):
        if miss and isinstance(inp, Tap):
            odds.forget()
        return submit(self, inp)

    def playing(self, inp, future):
        started[0] = time.thread_time() if isinstance(inp, Tap) else None
        return played(self, inp, future)

    def written(self, message):
        broadcast(self, message)
        if message.get("type") == "state" and started[0] is not None:
            cpu.append(time.thread_time() - started[0])
            started[0] = None

    core.Daemon.submit, play.InputPlay.play, hub.ClientHub.broadcast = submitted, playing, written
    try:
        latencies = budgets.tap_to_published(1000, taps)
    finally:
        core.Daemon.submit, play.InputPlay.play, hub.ClientHub.broadcast = submit, played, broadcast
    return cpu, latencies


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "miss"
    taps = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    cpu, lat = measure(mode == "miss", taps)
    pct = budgets.pct
    print(f"{mode}: loop CPU tap -> state written p50 {pct(cpu, .5) * 1e3:.3f} ms, p90 {pct(cpu, .9) * 1e3:.3f} ms "
          f"({len(cpu)} taps); tap -> published p50 {pct(lat, .5) * 1e3:.2f} ms, p99 {pct(lat, .99) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
