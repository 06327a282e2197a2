"""Hostile input at benchmark size (issue 8): the daemon state machine of tests/fuzz_daemon.py
with a large budget.

    .venv/bin/python -m benchmarks.fuzz_daemon [--examples 2000] [--steps 100] [--seed 1]
    nice .venv/bin/python -m benchmarks.fuzz_daemon --workers 2 --minutes 40

(from the checkout's root). The batches run in worker processes whose ``PYTHONPATH`` has the
checkout and ``tests/games``, as pytest's ``pythonpath`` (``tests/fuzz_daemon.py`` imports
``test_playout`` by its bare name).

Prints the events fed (taps, presses, touches, commands, malformed lines), the steps checked
and the time; exits 1 on the first failure (Hypothesis prints the steps that led to it, and
the seed of the batch: ``--seed S --examples N`` runs that batch again).

``--workers N`` runs N independent processes (the machine is mostly one busy thread per
process: the daemon's loop and Hypothesis share one GIL), each with its own seeds: worker
``i`` runs batches of ``--examples`` with seeds ``seed + i``, ``seed + i + N``, ... until
``--minutes`` have passed (or one batch each without ``--minutes``). Each machine's store
and socket go to ``--tmpdir`` (default ``/dev/shm`` when it exists): the fuzz checks
behaviour, not fsync, and parallel workers on a shared disk would time the disk.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from tests.checkout import ROOT, checkout_env

HERE = Path(__file__).resolve()


def run_batches(args) -> int:
    """Run this process's batches; print one JSON line of totals at the end."""
    from hypothesis import HealthCheck, Phase, seed, settings

    from tests import fuzz_daemon

    fuzz_daemon.TMPDIR = args.tmpdir or None
    machine = fuzz_daemon.DaemonUnderFire
    machine.TestCase.settings = settings(max_examples=args.examples, stateful_step_count=args.steps,
                                         deadline=None, database=None, report_multiple_bugs=False,
                                         suppress_health_check=list(HealthCheck),
                                         phases=[Phase.explicit, Phase.generate])
    started = time.monotonic()
    until = args.until or 0.0
    batch_seed, batches, outcome = args.seed, 0, 0
    while True:
        try:
            seed(batch_seed)(machine.TestCase)().runTest()
        except Exception:  # the failing steps and the cause are in the traceback
            import traceback

            traceback.print_exc()
            print(f"FAILED in the batch of seed {batch_seed} ({args.examples} examples x {args.steps} steps)",
                  file=sys.stderr, flush=True)
            outcome = 1
            break
        batches += 1
        batch_seed += args.stride
        if time.time() >= until:
            break
    took = time.monotonic() - started
    print(json.dumps({"events": fuzz_daemon.COUNT["events"], "steps": fuzz_daemon.COUNT["steps"],
                      "batches": batches, "seconds": took, "failed": outcome,
                      "last_seed": batch_seed}), flush=True)
    return outcome


def _worker_env() -> dict[str, str]:
    """A worker's environment: the checkout, then the game tests' helpers, on ``PYTHONPATH``."""
    env = checkout_env()
    env["PYTHONPATH"] = os.pathsep.join([env["PYTHONPATH"], str(ROOT / "tests" / "games")])
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000, help="examples per batch")
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=0.0, help="run batches until this much time has passed")
    parser.add_argument("--tmpdir", default="/dev/shm" if os.path.isdir("/dev/shm") else "")
    parser.add_argument("--stride", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--until", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return run_batches(args)
    until = time.time() + args.minutes * 60 if args.minutes else 0.0
    started = time.monotonic()
    workers = [subprocess.Popen([sys.executable, str(HERE), "--worker", "--examples", str(args.examples),
                                 "--steps", str(args.steps), "--seed", str(args.seed + i),
                                 "--stride", str(args.workers), "--until", str(until), "--tmpdir", args.tmpdir],
                                stdout=subprocess.PIPE, text=True, env=_worker_env())
               for i in range(args.workers)]
    totals = {"events": 0, "steps": 0, "batches": 0, "failed": 0}
    for i, worker in enumerate(workers):
        out, _ = worker.communicate()
        lines = [line for line in out.splitlines() if line.startswith("{")]
        if worker.returncode not in (0, 1) or not lines:
            print(f"worker {i} ended with code {worker.returncode} and no figures", flush=True)
            totals["failed"] += 1
            continue
        figures = json.loads(lines[-1])
        print(f"worker {i}: {figures['events']} events, {figures['steps']} steps, {figures['batches']} batches, "
              f"{figures['seconds']:.0f} s{', FAILED' if figures['failed'] else ''}", flush=True)
        for key in totals:
            totals[key] += figures[key]
    took = time.monotonic() - started
    print(f"{totals['events']} events fed, {totals['steps']} steps checked, {totals['batches']} batches, "
          f"{args.workers} workers, {'no failure' if not totals['failed'] else 'FAILED'}, {took:.0f} s "
          f"({totals['events'] / took:.0f} events/s)", flush=True)
    return 1 if totals["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
