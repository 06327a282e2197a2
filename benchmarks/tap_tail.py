"""What the slowest taps of budgets.py's tap run waited for (issue 35 item 3).

budgets.py's tap run (a 1,000-event Creepy Cellar game, a Ghost card tapped and undone, over and
over), with each tap stamped at: the submit (budgets.py's thread), the loop taking it (the one
``call_soon_threadsafe`` hop), its durable append's start and end, the state's write to the
client, the loop's next blocking ``select`` after it (the loop idle: the GIL and its core are
free), the client's reader thread having the state's line, and the line decoded. The loop
thread's CPU is stamped too. "rest" is a tap less its own append (budgets.py's "tap less its
own append" row). For the slowest 1% by rest, it counts the stage that was the longest: a
wake-up (the loop's, then the client thread's), the daemon's work before or after the append,
or the decode. A wake-up that waits while the loop is already idle is the OS scheduler's, not
the daemon's. A measurement, never a test.

Run: ``PYTHONPATH=. python benchmarks/tap_tail.py [TAPS]`` (default 3,000). On a shared machine
``chrt -f 5`` in front keeps other processes from preempting the benchmark's threads (a
diagnostic only).
"""

from __future__ import annotations

import asyncio
import os
import selectors
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import budgets  # noqa: E402
from companion import client as client_module  # noqa: E402
from companion.daemon import core, worker  # noqa: E402
from companion.store import EventStore  # noqa: E402

marks: dict[str, float] = {}
rows: list[dict[str, float]] = []
STAGES = (("submit", "arrive", "loop wake-up"), ("arrive", "app0", "before the append"),
          ("app0", "app1", "the append"), ("app1", "writing", "state built"),
          ("writing", "got", "client wake-up"), ("got", "delivered", "decode"))


def _wrap(owner, name, before=None, after=None, when=lambda *a: True):
    original = getattr(owner, name)

    def wrapped(*args, **kwargs):
        hit = when(*args)
        if hit and before:
            for mark in before:
                marks.setdefault(mark, time.thread_time() if mark.startswith("cpu") else time.perf_counter())
        try:
            return original(*args, **kwargs)
        finally:
            if hit and after:
                for mark in after:
                    marks.setdefault(mark, time.thread_time() if mark.startswith("cpu") else time.perf_counter())
    setattr(owner, name, wrapped)


def _is_state(data) -> bool:
    data = bytes(data)
    return data.startswith(b'{"type":"state"') or b'\n{"type":"state"' in data


def instrument() -> None:
    submit = core.Daemon.submit

    def submitted(self, inp):
        if "delivered" in marks:
            rows.append(dict(marks))
        marks.clear()
        marks["submit"] = time.perf_counter()
        return submit(self, inp)
    core.Daemon.submit = submitted
    _wrap(worker.InputWorker, "_arrive", before=("arrive", "cpu_arrive"))
    _wrap(EventStore, "append", before=("app0", "cpu_app0"), after=("app1", "cpu_app1"),
          when=lambda *a: "arrive" in marks)
    _wrap(asyncio.StreamWriter, "write", before=("writing", "cpu_writing"),
          when=lambda self, data: "app1" in marks and _is_state(data))
    _wrap(client_module.Client, "_deliver", before=("got",), after=("delivered",),
          when=lambda self, line: "writing" in marks and line.startswith(b'{"type":"state"'))
    select = selectors.DefaultSelector.select

    def selected(self, timeout=None):
        if "writing" in marks and (timeout is None or timeout > 0):
            marks.setdefault("idle", time.perf_counter())
        return select(self, timeout)
    selectors.DefaultSelector.select = selected


def main() -> None:
    taps = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    instrument()
    lat = budgets.tap_to_published(1000, taps, [], None, [])
    done = [r for r in rows if all(k in r for k in ("app1", "delivered", "writing", "got"))]
    for r in done:
        r["rest"] = r["delivered"] - r["submit"] - (r["app1"] - r["app0"])
    pct = budgets.pct
    print(f"load {os.getloadavg()[0]:.2f}; {len(done)} taps; tap p50 {pct(lat, .5) * 1e3:.3f} ms, "
          f"p99 {pct(lat, .99) * 1e3:.3f} ms")
    print("| stage | p50 | p90 | p99 (ms) |\n|---|---|---|---|")
    extra = (("cpu_arrive", "cpu_app0", "loop CPU before the append"),
             ("cpu_app1", "cpu_writing", "loop CPU, state built"), ("writing", "idle", "write -> loop idle"))
    for a, b, what in STAGES + extra:
        values = [r[b] - r[a] for r in done if a in r and b in r]
        print(f"| {what} | " + " | ".join(f"{pct(values, q) * 1e3:.3f}" for q in (.5, .9, .99)) + " |")
    rest = sorted(r["rest"] for r in done)
    print(f"| rest (tap less its own append) | {pct(rest, .5) * 1e3:.3f} | {pct(rest, .9) * 1e3:.3f} | "
          f"{pct(rest, .99) * 1e3:.3f} |")
    slowest = sorted(done, key=lambda r: r["rest"])[-max(1, len(done) // 100):]
    longest = Counter(max((s for s in STAGES if s[2] != "the append"), key=lambda s: r[s[1]] - r[s[0]])[2]
                      for r in slowest)
    idle_first = sum(1 for r in slowest if "idle" in r and r["idle"] < r["got"])
    print(f"slowest 1% by rest ({len(slowest)} taps), its longest stage: "
          + ", ".join(f"{what} {n}" for what, n in longest.most_common()))
    print(f"of those, the loop was idle before the client thread had the line: {idle_first}")


if __name__ == "__main__":
    main()
