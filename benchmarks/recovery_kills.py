"""Kills inside recovery (issue 26): SIGKILL a start that is rebuilding a damaged event store,
at a seeded random moment, then start again; nothing the damaged store held is lost.

    .venv/bin/python -m benchmarks.recovery_kills [--trials 200] [--events 3000] [--first-seed 0]

The store: one game of ``--events`` events, a last good copy holding the first half, the
rest only in the database, and a torn b-tree page (the snapshots table), so every start
recovers it (:func:`companion.recovery.recover`). Each trial copies it, forks a process (from
this one, the companion already imported) that runs :func:`companion.recovery.open_store` as
the daemon's start does, and kills it (SIGKILL) after a random time within the length of an
uninterrupted recovery (measured first); a third of the trials kill the next start too.
Then a clean start must hold every event, in order, and so must the start after it (the
last good copy it refreshed). Each kill is classed by what it left: before the damaged file
was set aside, **in the window** between setting it aside and putting the rebuilt store in
place (the window of issue 26's item 1), after, or the start had finished. Prints the
counts and exits 1 if a trial lost anything.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from companion.recovery import open_store
from companion.store import EventStore

HEADER = {"game": "creepy_cellar", "players": ["Ada"], "seed": 1}


def damaged_store(folder: Path, events: int) -> list[int]:
    """Make the damaged store in ``folder``; the event numbers a recovery must give back."""
    import sqlite3

    db = folder / "s.sqlite3"
    store = EventStore(db)
    gid = store.new_game(HEADER, None, 1.0)
    half = events // 2
    for n in range(half):
        store.append(gid, "input", {"n": n, "pad": "x" * 64}, 2.0 + n)
    store.close()
    open_store(db)[0].close()  # a daemon start: the last good copy holds the first half
    store = EventStore(db)
    for n in range(half, events):
        store.append(gid, "input", {"n": n, "pad": "x" * 64}, 2.0 + n)
    store.close()
    raw = sqlite3.connect(db)
    root, = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'snapshots'").fetchone()
    size, = raw.execute("PRAGMA page_size").fetchone()
    raw.close()
    with open(db, "r+b") as file:
        file.seek((root - 1) * size)
        file.write(b"\xff" * size)
    return list(range(events))


def held(db: Path) -> list[int]:
    """The event numbers of the store's games, after a clean start (its own process)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            os.close(read)
            store, _ = open_store(db)
            numbers = [e.body["n"] for g in store.games() for e in store.events(g.id)]
            store.close()
            os.write(write, (",".join(map(str, numbers)) + "\n").encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read) as pipe:
        text = pipe.read().strip()
    os.waitpid(pid, 0)
    return [int(n) for n in text.split(",")] if text else []


def start_killed_after(db: Path, delay: float) -> bool:
    """Fork a start (:func:`open_store`) and SIGKILL it after ``delay`` s; whether it was killed."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            open_store(db)[0].close()
            code = 0
        finally:
            os._exit(code)
    time.sleep(delay)
    with_signal = True
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        with_signal = False
    _, status = os.waitpid(pid, 0)
    return with_signal and os.WIFSIGNALED(status)


def phase(folder: Path, damaged: bytes, killed: bool) -> str:
    """Where a kill fell, from the files it left in ``folder``."""
    if not killed:
        return "finished"
    db = folder / "s.sqlite3"
    aside = [p for p in folder.glob("s.sqlite3.damaged-*") if not p.name.endswith("-wal")]
    if not aside:
        return "before"
    unfinished = any((folder / f"s.sqlite3{s}").exists() for s in (".restoring", ".restored"))
    if unfinished or not db.exists() or db.read_bytes() == damaged:
        return "window"
    return "after"


def recovery_time(pristine: Path, scratch: Path, runs: int = 5) -> float:
    """Median seconds of an uninterrupted start over the damaged store (its own process)."""
    times = []
    for n in range(runs):
        work = scratch / f"time{n}"
        shutil.copytree(pristine, work)
        started = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                open_store(work / "s.sqlite3")[0].close()
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
        times.append(time.perf_counter() - started)
        shutil.rmtree(work)
    return statistics.median(times)


def run(trials: int, events: int, first_seed: int = 0, out=sys.stdout) -> tuple[Counter, list[str]]:
    """Run the trials; the kills per phase and the problems (empty: nothing lost)."""
    phases: Counter = Counter()
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="recovery-kills-") as scratch:
        scratch = Path(scratch)
        pristine = scratch / "pristine"
        pristine.mkdir()
        expected = damaged_store(pristine, events)
        damaged = (pristine / "s.sqlite3").read_bytes()
        length = recovery_time(pristine, scratch)
        print(f"an uninterrupted recovery of {events} events: {length * 1000:.1f} ms (median of 5)", file=out)
        for seed in range(first_seed, first_seed + trials):
            rng = random.Random(seed)
            work = scratch / f"trial{seed}"
            shutil.copytree(pristine, work)
            killed = start_killed_after(work / "s.sqlite3", rng.uniform(0, length))
            phases[phase(work, damaged, killed)] += 1
            if rng.random() < 1 / 3:  # the next start is cut too
                phases["second " + phase(work, damaged, start_killed_after(work / "s.sqlite3",
                                                                           rng.uniform(0, length)))] += 1
            for start in ("first", "second"):
                got = held(work / "s.sqlite3")
                if got != expected:
                    problems.append(f"seed {seed}: the {start} clean start holds {len(got)} events "
                                    f"(of {len(expected)}), first missing {_first_missing(got, expected)}")
                    break
            shutil.rmtree(work)
    return phases, problems


def _first_missing(got: list[int], expected: list[int]) -> int | None:
    return next((n for n in expected if n not in set(got)), None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--events", type=int, default=3000)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)  # each recovery logs what it did: the counts say it here
    started = time.monotonic()
    phases, problems = run(args.trials, args.events, args.first_seed)
    print(f"{args.trials} trials, {time.monotonic() - started:.0f} s; kills by where they fell: "
          + ", ".join(f"{name} {count}" for name, count in sorted(phases.items())))
    print(f"{len(problems)} trials lost events")
    for problem in problems:
        print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
