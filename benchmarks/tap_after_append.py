"""The loop thread's CPU from a tap's durable append returning to its state written to the
screens (issue 35 item 3), in budgets.py's tap run (a Ghost card tapped and undone, over and
over): per tap, ``time.thread_time`` (the load of a shared machine moves it far less than a
latency), and with ``--profile`` where it went (cProfile over those spans only, on the loop's
thread). A measurement, never a test.

Run: ``PYTHONPATH=. python benchmarks/tap_after_append.py [TAPS] [--profile]`` (default 2,000).
"""

from __future__ import annotations

import asyncio
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import budgets  # noqa: E402
from companion.daemon import core  # noqa: E402
from companion.inputs import Tap  # noqa: E402
from companion.store import EventStore  # noqa: E402


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    taps = int(args[0]) if args else 2000
    profile = cProfile.Profile() if "--profile" in sys.argv else None
    tapping = [False]
    started: list[float | None] = [None]
    spans: list[float] = []
    before_write: list[float] = []
    submit, append, write = core.Daemon.submit, EventStore.append, asyncio.StreamWriter.write

    def submitted(self, inp):
        tapping[0] = isinstance(inp, Tap)
        return submit(self, inp)

    def appended(self, *args, **kwargs):
        try:
            return append(self, *args, **kwargs)
        finally:
            if tapping[0] and started[0] is None:
                started[0] = time.thread_time()
                if profile is not None:
                    profile.enable()

    def written(self, data):
        if started[0] is not None and b'{"type":"state"' in bytes(data):
            before_write.append(time.thread_time() - started[0])
        try:
            return write(self, data)
        finally:
            if started[0] is not None and b'{"type":"state"' in bytes(data):
                if profile is not None:
                    profile.disable()
                spans.append(time.thread_time() - started[0])
                started[0] = None
                tapping[0] = False

    core.Daemon.submit, EventStore.append, asyncio.StreamWriter.write = submitted, appended, written
    budgets.tap_to_published(1000, taps)
    for label, values in (("append returned -> the write's call", before_write),
                          ("append returned -> state written", spans)):
        values = values[len(values) // 10:]  # the first tenth: warming up
        print(f"{len(values)} taps: loop CPU, {label}, us (p10 / p50 / p90): "
              + " / ".join(f"{budgets.pct(values, q) * 1e6:.0f}" for q in (.1, .5, .9)))
    if profile is not None:
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()
