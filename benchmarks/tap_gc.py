"""Which of budgets.py's taps have a cyclic GC collection inside them (issue 35 item 3, session 20).

budgets.py's tap run (a 1,000-event Creepy Cellar game, a Ghost card tapped and undone, over and
over), with every collection stamped by ``gc.callbacks``: its generation, its length, its thread
and what started it (:func:`companion.daemon.heap.collect_young` between inputs, the heap's
settle, or an allocation inside an input: ``_outcome``). Prints the taps that had one inside
them (from the submit to the state decoded at the client), by generation and by what started
it, and how many of the slowest 1% (by the tap less its own append: budgets.py's "rest") had
one. A measurement, never a test.

Run: ``PYTHONPATH=. python benchmarks/tap_gc.py [TAPS]`` (default 6,000). On a shared machine
``chrt -f 5`` in front keeps other processes from preempting the benchmark's threads (a
diagnostic only).
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import budgets  # noqa: E402
from companion.daemon import core  # noqa: E402

#: (start, end, generation, "thread/what started it") of every collection
pauses: list[tuple[float, float, int, str]] = []
_started: dict[int, tuple[float, str]] = {}
_WHO = ("collect_young", "settle_heap", "_outcome", "_later", "_deliver")


def _who() -> str:
    frame, names = sys._getframe(2), []
    while frame is not None and len(names) < 40:
        names.append(frame.f_code.co_name)
        frame = frame.f_back
    return next((name for name in _WHO if name in names), names[0] if names else "?")


def _on_gc(phase, info) -> None:
    thread = threading.current_thread().name
    if phase == "start":
        _started[threading.get_ident()] = (time.perf_counter(), f"{thread}/{_who()}")
    else:
        start, who = _started.pop(threading.get_ident(), (0.0, thread))
        pauses.append((start, time.perf_counter(), info["generation"], who))


def main() -> None:
    taps = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
    starts: list[float] = []
    submit = core.Daemon.submit

    def submitted(self, inp):
        starts.append(time.perf_counter())
        return submit(self, inp)

    core.Daemon.submit = submitted
    gc.callbacks.append(_on_gc)
    appends: list[float] = []
    its_append: list[float] = []
    lat = budgets.tap_to_published(1000, taps, appends, None, its_append)
    gc.callbacks.remove(_on_gc)
    pct = budgets.pct
    rest = [t - a for t, a in zip(lat, its_append)]
    inside = [[p for p in pauses if p[0] < s + t and p[1] > s] for s, t in zip(starts[-taps:], lat)]
    print(f"load {os.getloadavg()[0]:.2f}; {taps} taps")
    ratio = pct(lat, .99) / pct(appends, .99)
    print(f"tap p50 {pct(lat, .5) * 1e3:.3f} p99 {pct(lat, .99) * 1e3:.3f} ms; appends p50 "
          f"{pct(appends, .5) * 1e3:.3f} p99 {pct(appends, .99) * 1e3:.3f} ms ({ratio:.2f}x); "
          f"rest p50 {pct(rest, .5) * 1e3:.3f} p99 {pct(rest, .99) * 1e3:.3f} ms")
    for generation in (0, 1, 2):
        spans = [p[1] - p[0] for p in pauses if p[2] == generation]
        if spans:
            print(f"gen {generation}: {len(spans)} collections, p50 {pct(spans, .5) * 1e3:.3f} ms, "
                  f"max {max(spans) * 1e3:.3f} ms")
    print("collections by what started them:", dict(Counter(p[3] for p in pauses)))
    hit = [x for x in inside if x]
    print(f"taps with a collection inside: {len(hit)} ({100 * len(hit) / taps:.2f}%), by generation "
          f"{dict(Counter(max(p[2] for p in x) for x in hit))}, by what started it "
          f"{dict(Counter(p[3] for x in hit for p in x))}")
    slowest = sorted(range(taps), key=lambda i: rest[i])[-max(1, taps // 100):]
    clean = [r for r, x in zip(rest, inside) if not x]
    print(f"the slowest 1% by rest: {sum(1 for i in slowest if inside[i])} of {len(slowest)} had a collection "
          f"inside; rest p99 of the taps without one {pct(clean, .99) * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
