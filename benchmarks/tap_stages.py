"""Where a tap's time goes, stage by stage (issue 35 item 3): the seconds from
``Daemon.submit`` to the worker taking the tap, the durable append, the state message built,
encoded and written, the client's reader thread waking on it, its decode; and the GC pauses,
snapshot writes and heap settles that fell inside a tap. A measurement, never a test.

A tap ends where budgets.py stamps it: once the client's reader thread has decoded its state
and handed it on (not when budgets.py's own thread wakes after it). "written -> client
thread" is negative when the client's thread took the GIL while the loop's was in ``send``.
The "per tap" line counts the hops between threads (``call_soon_threadsafe``), the turns the
tap waited in the worker's queue (a put: the loop's next turn) and the daemon's writes to the
client up to the tap's state (each wakes the client's reader thread: the flash, the state).

Run: ``python benchmarks/tap_stages.py [TAPS]`` (default 1,000, on a 1,000-event game).
"""

from __future__ import annotations

import gc
import sys
import time
from collections import Counter

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))

from benchmarks import budgets  # noqa: E402
from companion import client as client_module  # noqa: E402
from companion.daemon import core, heap, hub, play, publisher  # noqa: E402
from companion.store import EventStore  # noqa: E402

marks: dict[str, float] = {}
#: per tap: hops to the loop from another thread, and messages the client read before its state
hops: list[int] = [0]
woken: list[int] = [0]
#: per tap: items put in an asyncio queue (the tap waiting for the worker's task: a loop turn)
queued: list[int] = [0]
gc_pauses: list[tuple[float, float, int]] = []
#: (start, end, what) of each snapshot write and heap settle (issue 35 item 3: once inside the tap)
asides: list[tuple[float, float, str]] = []
_gc_start = [0.0]


def _on_gc(phase, info):
    if phase == "start":
        _gc_start[0] = time.perf_counter()
    else:
        gc_pauses.append((_gc_start[0], time.perf_counter(), info["generation"]))


def _wrap(owner, name, before=None, after=None, last=False, fresh=False, skip=None):
    original = getattr(owner, name)

    def wrapped(*args, **kwargs):
        if skip is not None and skip(*args):  # not the tap's state (its odds figure, after it)
            return original(*args, **kwargs)
        if fresh:
            marks.clear()
        if before and last:
            marks[before] = time.perf_counter()
        elif before:
            marks.setdefault(before, time.perf_counter())
        try:
            return original(*args, **kwargs)
        finally:
            if after and last:
                marks[after] = time.perf_counter()
            elif after:
                marks.setdefault(after, time.perf_counter())
    setattr(owner, name, wrapped)


def _aside(owner, name, what):
    """Record each call of ``owner.name`` in :data:`asides`."""
    original = getattr(owner, name)

    def wrapped(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            asides.append((start, time.perf_counter(), what))
    setattr(owner, name, wrapped)


def _count_hops() -> None:
    """Count the hops to a loop from another thread, and the client's messages, per tap."""
    import asyncio

    loop_class = asyncio.get_event_loop_policy().new_event_loop().__class__
    original = loop_class.call_soon_threadsafe

    def counted(self, *args, **kwargs):
        hops[0] += 1
        return original(self, *args, **kwargs)
    loop_class.call_soon_threadsafe = counted
    put = asyncio.Queue.put_nowait

    def put_counted(self, item):
        queued[0] += 1
        return put(self, item)
    asyncio.Queue.put_nowait = put_counted
    deliver = client_module.Client._deliver

    def read(self, line):
        try:
            return deliver(self, line)
        finally:
            if line.startswith(b'{"type":"state"') and "submit" in marks:
                marks.setdefault("delivered", time.perf_counter())
    client_module.Client._deliver = read
    write = asyncio.StreamWriter.write

    def written(self, data):
        data = bytes(data)
        if "submit" not in marks or not data.startswith((b'{"type":"input"', b'{"type":"state"')):
            return write(self, data)
        woken[0] += 1  # the tap's flash, its state, or both in one write
        try:
            return write(self, data)
        finally:
            if data.startswith(b'{"type":"state"') or b'\n{"type":"state"' in data:
                marks.setdefault("written", time.perf_counter())
    asyncio.StreamWriter.write = written
    submit = core.Daemon.submit

    def submitted(self, inp):
        hops[0] = woken[0] = queued[0] = 0  # from here to the state at the client
        return submit(self, inp)
    core.Daemon.submit = submitted


def keep(rows: list[dict[str, float]]) -> None:
    """Keep the tap's marks and counts in ``rows`` once its state reached the client (before
    its undo). The loop's thread may not be back from writing it yet (the client's thread
    took the GIL during the ``send``): its mark is waited for, up to 50 ms, untimed."""
    if "submit" not in marks or "delivered" not in marks:
        return
    deadline = time.perf_counter() + 0.05
    while "written" not in marks and time.perf_counter() < deadline:
        time.sleep(0.0002)
    rows.append({**marks, "done": marks["delivered"], "hops": hops[0], "woken": woken[0], "queued": queued[0]})


def main() -> None:
    taps = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    _count_hops()
    _wrap(core.Daemon, "submit", before="submit", fresh=True)
    _wrap(play.InputPlay, "play", before="worker")
    _wrap(EventStore, "append", before="append", after="appended")
    _wrap(publisher.StatePublisher, "publish", before="publish")
    _wrap(hub.ClientHub, "broadcast", before="broadcast", last=True,
          skip=lambda _hub, message: message.get("type") == "later")
    _wrap(client_module.Client, "_deliver", before="client", last=True,
          skip=lambda _client, line: line.startswith(b'{"type":"later"'))
    _aside(EventStore, "save_snapshot", "snapshot")
    _aside(heap, "settle_heap", "settle")
    gc.callbacks.append(_on_gc)
    rows: list[dict[str, float]] = []
    original_wait = budgets.threading.Event.wait

    def wait(self, timeout=None):  # budgets.py waiting for the tap's state: it came
        result = original_wait(self, timeout)
        keep(rows)
        return result

    budgets.threading.Event.wait = wait
    try:
        budgets.tap_to_published(1000, taps)
    finally:
        budgets.threading.Event.wait = original_wait
    rows = [r for r in rows if all(k in r for k in ("worker", "append", "appended", "publish", "written"))]
    stages = [("submit -> worker takes it", "submit", "worker"), ("worker -> append", "worker", "append"),
              ("append (durable)", "append", "appended"), ("appended -> publish", "appended", "publish"),
              ("publish -> written", "publish", "written"), ("written -> client thread", "written", "client"),
              ("client decode + deliver", "client", "done"), ("total", "submit", "done")]
    print(f"{len(rows)} taps; ms per stage (p50 / p90 / p99 / max)")
    for label, a, b in stages:
        values = [r[b] - r[a] for r in rows]
        print(f"  {label:28s} " + " / ".join(f"{budgets.pct(values, q) * 1e3:6.3f}" for q in (.5, .9, .99, 1)))
    rest = [(r["done"] - r["submit"]) - (r["appended"] - r["append"]) for r in rows]
    figures = " / ".join(f"{budgets.pct(rest, q) * 1e3:6.3f}" for q in (.5, .9, .99, 1))
    print(f"  {'total without the append':28s} {figures}")
    counts = {what: Counter(r[what] for r in rows[1:]) for what in ("hops", "queued", "woken")}  # [0]: the set-up's
    print(f"per tap (count: taps): hops to the loop from another thread {dict(counts['hops'])}; "
          f"turns in the worker's queue {dict(counts['queued'])}; "
          f"writes to the client up to its state (each wakes its reader) {dict(counts['woken'])}")
    total = sorted(rows, key=lambda r: r["done"] - r["submit"])
    slow = total[-max(1, len(total) // 100):]
    print("the slowest 1%: the stage that took longest, and GC pauses inside the tap")
    for r in slow:
        worst = max(stages[:-1], key=lambda s: r[s[2]] - r[s[1]])
        inside = [(e - s, g) for s, e, g in gc_pauses if s >= r["submit"] and e <= r["done"]]
        aside = [f"{what} {(e - s) * 1e3:.2f} ms" for s, e, what in asides if s < r["done"] and e > r["submit"]]
        print(f"  {(r['done'] - r['submit']) * 1e3:6.2f} ms: {worst[0]} {(r[worst[2]] - r[worst[1]]) * 1e3:.2f} ms; "
              f"gc {[(round(d * 1e3, 2), g) for d, g in inside]}" + (f"; {', '.join(aside)}" if aside else ""))
    in_taps = sum(1 for s, e, _ in gc_pauses for r in rows if s >= r["submit"] and e <= r["done"])
    print(f"GC collections during taps: {in_taps} of {len(gc_pauses)}; "
          f"gen2: {sum(1 for *_, g in gc_pauses if g == 2)}")
    for what in ("snapshot", "settle"):
        runs = [(s, e) for s, e, w in asides if w == what]
        hit = sum(1 for s, e in runs if any(s < r["done"] and e > r["submit"] for r in rows))
        print(f"{what}s: {len(runs)}, inside a tap: {hit}")


if __name__ == "__main__":
    main()
