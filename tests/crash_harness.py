"""Crash and power-cut trials (issue 8): SIGKILL ``companion replay --realtime --db`` at a
random moment, restart it, finish the script, and compare with an uninterrupted run.

Each trial is seeded: ``(game, seed)`` picks the table script (one of the game's scripts,
in turn), how many kills (one, or two: a kill during the resumed run too) and when each
falls: a quarter at any moment (uniform over the length of an uninterrupted real-time run,
start-up included), the rest mid-game, 0–50 ms after a random number of acknowledged lines
(so a slow, loaded machine still cuts games in the middle). After each kill:

* every line the killed run reported as accepted (``--progress`` prints ``line N:
  accepted`` only after the input was stored and its new state published) is in the log;
* the store opens (integrity check) and its game replays.

After the finishing run (``companion replay FILE --db`` again, not real time, resuming after
the last recorded line), the trial's log of events (kind, input, action, chance outcomes,
script line; a press's measured hold only as "undo or not") equals the uninterrupted run's,
and so does the resumed game state (hidden information included).

The replays are ``companion.cli.main(["replay", ...])`` in processes forked from this one
after it imported the companion (a "zygote"): the same code as the ``companion`` command,
without half a second of interpreter start-up per run. Run it as a program::

    PYTHONPATH=. python tests/crash_harness.py --game creepy_cellar --seeds 0:50 --speed 100

It prints one JSON object per trial (``ok``, ``seed``, ``script``, ``kills``, ``problem``) and
exits 0. :func:`run_parallel` runs several such processes and gathers their lines.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Share of kills at a random time rather than after a random number of acknowledged lines.
AT_RANDOM_TIME = 0.25

#: The table scripts each trial of a game picks from (in turn, by seed).
SCRIPTS = {
    "creepy_cellar": ["companion/data/demo.jsonl", "tests/scripts/physical_deck.jsonl"],
    "house_of_spirits": ["tests/scripts/house_of_spirits/plot_ending.jsonl",
                         "tests/scripts/house_of_spirits/eighteen_points.jsonl",
                         "tests/scripts/house_of_spirits/physical_decks.jsonl"],
    "clue_it": ["tests/scripts/clue_it/solved.jsonl", "tests/scripts/clue_it/unsolved.jsonl"],
    "ghost_at_home": ["tests/scripts/ghost_at_home/two_players.jsonl",
                      "tests/scripts/ghost_at_home/three_players.jsonl"],
    "children": ["tests/scripts/children/ghosts_win.jsonl", "tests/scripts/children/players_win.jsonl"],
}


def _fork_replay(script: str, db: str, realtime: bool, speed: float) -> tuple[int, int]:
    """Fork a child running ``companion replay``; returns (pid, read end of its stderr, where
    ``--progress`` writes)."""
    args = ["replay", script, "--db", db, "--progress"]
    if realtime:
        args += ["--realtime", "--speed", str(speed)]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: the companion command, nothing else
        code = 70
        try:
            os.close(read)
            os.dup2(write, 2)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            from companion.cli import main

            code = main(args)
            sys.stderr.flush()
        finally:
            os._exit(code)
    os.close(write)
    return pid, read


def _read_all(fd: int) -> str:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace")


def _accepted(output: str) -> list[int]:
    return [int(line.split()[1].rstrip(":")) for line in output.splitlines()
            if line.startswith("line ") and line.endswith(": accepted")]


def _run_to_end(script: str, db: str, realtime: bool, speed: float) -> tuple[int, str, float]:
    started = time.monotonic()
    pid, fd = _fork_replay(script, db, realtime, speed)
    output = _read_all(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), output, time.monotonic() - started


def _kill_at(script: str, db: str, speed: float, delay: float) -> dict:
    """A real-time replay killed with SIGKILL ``delay`` seconds after it was forked."""
    pid, fd = _fork_replay(script, db, True, speed)
    time.sleep(delay)  # the power cut's instant: the fault model's own time, not a wait
    os.kill(pid, signal.SIGKILL)
    output = _read_all(fd)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return {"delay": round(delay, 4), "killed": code == -signal.SIGKILL, "exit": code,
            "acknowledged": _accepted(output)}


def _kill_after(script: str, db: str, speed: float, lines: int, extra: float) -> dict:
    """A real-time replay killed with SIGKILL ``extra`` seconds after it acknowledged its
    ``lines``-th accepted line (so the kill lands mid-game however slow the machine is: a
    loaded CI runner starts the companion later than the reference run did)."""
    pid, fd = _fork_replay(script, db, True, speed)
    chunks, seen, buffer = [], 0, b""
    while seen < lines and (chunk := os.read(fd, 65536)):
        chunks.append(chunk)
        buffer += chunk
        *done, buffer = buffer.split(b"\n")
        seen += sum(1 for line in done if line.startswith(b"line ") and line.endswith(b": accepted"))
    time.sleep(extra)  # the power cut's instant after that line: the fault model's own time
    os.kill(pid, signal.SIGKILL)
    output = b"".join(chunks).decode("utf-8", "replace") + _read_all(fd)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return {"after_lines": lines, "delay": round(extra, 4), "killed": code == -signal.SIGKILL, "exit": code,
            "acknowledged": _accepted(output)}


def _log(db: str, key: str) -> tuple[list, object]:
    """The stored events (kind, body) of the script's game, and its resumed state."""
    from companion.session import Session
    from companion.store import EventStore

    store = EventStore(db)
    try:
        record = store.by_key(key)
        if record is None:
            return [], None
        events = [(e.kind, _timeless(e.body)) for e in store.events(record.id)]
        return events, Session.resume(store, record).state
    finally:
        store.close()


def _timeless(body: dict) -> dict:
    """An event body without what real time measures: a press's hold is recorded as
    measured (0.081 s one run, 0.083 s the next); only whether it was an undo counts."""
    press = body.get("input", {})
    if "hold" in press:
        from companion.session import DEFAULT_HOLD_TIME

        return {**body, "input": {**press, "hold": press["hold"] >= DEFAULT_HOLD_TIME}}
    return body


class Game:
    """The trials of one game: its scripts and their uninterrupted reference runs."""

    def __init__(self, game: str, speed: float, workdir: str):
        import companion.cli  # noqa: F401  (imported once here: every forked run shares it)
        from companion import script as scripts

        self.game, self.speed, self.workdir = game, speed, workdir
        self.scripts = [str(ROOT / s) for s in SCRIPTS[game]]
        self.keys, self.reference, self.duration, self.accepted = {}, {}, {}, {}
        for path in self.scripts:
            self.keys[path] = scripts.load(path).header.key()
            db = os.path.join(workdir, f"reference-{Path(path).stem}.sqlite3")
            code, out, took = _run_to_end(path, db, True, speed)
            if code != 0:
                raise RuntimeError(f"the uninterrupted run of {path} exited {code}")
            self.duration[path] = took
            self.accepted[path] = len(_accepted(out))
            self.reference[path] = _log(db, self.keys[path])

    def trial(self, seed: int) -> dict:
        rng = random.Random(f"{self.game}:{seed}")
        path = self.scripts[seed % len(self.scripts)]
        db = os.path.join(self.workdir, f"trial-{seed}.sqlite3")
        result = {"game": self.game, "seed": seed, "script": os.path.relpath(path, ROOT), "kills": [],
                  "ok": False, "problem": None}
        try:
            result["problem"] = self._trial(rng, path, db, result["kills"])
            result["ok"] = result["problem"] is None
        except Exception as exc:  # reported with its seed, never lost
            result["problem"] = f"harness error: {exc!r}"
        finally:
            for suffix in ("", "-wal", "-shm", ".lock"):
                Path(db + suffix).unlink(missing_ok=True)
        return result

    def _trial(self, rng: random.Random, path: str, db: str, kills: list) -> str | None:
        key = self.keys[path]
        for number in range(2 if rng.random() < 0.3 else 1):
            if rng.random() < AT_RANDOM_TIME:  # any moment, start-up included
                kill = _kill_at(path, db, self.speed, rng.uniform(0.0, self.duration[path]))
            else:  # mid-game, after a random number of acknowledged lines, between two inputs or in one
                lines = rng.randint(1, max(1, self.accepted[path]))
                kill = _kill_after(path, db, self.speed, lines, rng.uniform(0.0, 0.05))
            kills.append(kill)
            if not kill["killed"] and kill["exit"] != 0:
                return f"kill {number + 1}: the replay exited {kill['exit']} before the kill"
            try:
                events, _state = _log(db, key)
            except Exception as exc:
                return f"kill {number + 1}: the store does not reopen or replay: {exc}"
            recorded = {body.get("line") for _kind, body in events}
            lost = sorted(set(kill["acknowledged"]) - recorded)
            kill["recorded"] = len(events)
            if lost:
                return f"kill {number + 1}: acknowledged lines {lost} are not in the log"
        code, _out, _took = _run_to_end(path, db, False, self.speed)
        if code != 0:
            return f"the finishing run exited {code}"
        events, state = _log(db, key)
        ref_events, ref_state = self.reference[path]
        if events != ref_events:
            first = next((i for i, (a, b) in enumerate(zip(events, ref_events)) if a != b),
                         min(len(events), len(ref_events)))
            return (f"the log differs from the uninterrupted run's at event {first + 1} "
                    f"({len(events)} events against {len(ref_events)})")
        if state != ref_state:
            return "the final state differs from the uninterrupted run's"
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(SCRIPTS))
    parser.add_argument("--seeds", default="0:50", help="START:STOP (seeds START..STOP-1)")
    parser.add_argument("--step", type=int, default=1, help="take every STEP-th seed (parallel workers)")
    parser.add_argument("--speed", type=float, default=100.0)
    args = parser.parse_args(argv)
    start, stop = (int(n) for n in args.seeds.split(":"))
    with tempfile.TemporaryDirectory(prefix="companion-crash-") as workdir:
        game = Game(args.game, args.speed, workdir)
        for seed in range(start, stop, args.step):
            print(json.dumps(game.trial(seed)), flush=True)
    return 0


def run_parallel(game: str, seeds: range, speed: float, workers: int | None = None,
                 timeout: float = 900.0) -> list[dict]:
    """Run the trials of ``seeds`` in ``workers`` processes (default: one per CPU, at most 4)
    and return their results, in seed order.

    Raises:
        RuntimeError: a worker failed outside a trial (its stderr is in the message).
    """
    from tests.checkout import checkout_env

    workers = workers or max(1, min(4, os.cpu_count() or 1))
    procs = [subprocess.Popen([sys.executable, str(Path(__file__)), "--game", game,
                               "--seeds", f"{seeds.start + i}:{seeds.stop}", "--step", str(workers),
                               "--speed", str(speed)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=checkout_env())
             for i in range(workers)]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"crash-trial worker for {game} exited {proc.returncode}: {err[-2000:]}")
        results += [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return sorted(results, key=lambda r: r["seed"])


if __name__ == "__main__":
    sys.exit(main())
