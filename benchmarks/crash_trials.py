"""Crash and power-cut trials at benchmark size (issue 8): 500 seeded SIGKILL trials per game.

    .venv/bin/python -m benchmarks.crash_trials [--trials 500] [--games creepy_cellar,clue_it]
        [--speed 100] [--first-seed 0] [--workers N]

Each trial: ``companion replay --realtime --db`` killed at a seeded random moment (sometimes
twice), restarted, finished; the log and the final state must equal an uninterrupted run's,
and every acknowledged line must be in the log (tests/crash_harness.py). Prints one line per
game with the trials, kills, kills that cut a game mid-way, failures (with their seeds) and
the time taken. Exit 1 if any trial failed. Run it from the checkout's root (``-m``: the
checkout, and its ``tests`` helpers, on ``sys.path``).
"""

from __future__ import annotations

import argparse
import sys
import time

from tests import crash_harness


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=500, help="trials per game (default 500)")
    parser.add_argument("--games", default=",".join(sorted(crash_harness.SCRIPTS)))
    parser.add_argument("--speed", type=float, default=100.0)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    failed = 0
    for game in args.games.split(","):
        started = time.monotonic()
        seeds = range(args.first_seed, args.first_seed + args.trials)
        results = crash_harness.run_parallel(game, seeds, args.speed, args.workers, timeout=24 * 3600)
        kills = [k for r in results for k in r["kills"]]
        cut = [k for k in kills if k["killed"] and k["acknowledged"]]
        bad = [r for r in results if not r["ok"]]
        failed += len(bad)
        print(f"{game}: {len(results)} trials, {len(kills)} kills ({len(cut)} mid-game, "
              f"{sum(len(k['acknowledged']) for k in cut)} acknowledged inputs checked), "
              f"{len(bad)} failed, {time.monotonic() - started:.0f} s", flush=True)
        for r in bad:
            print(f"  seed {r['seed']} ({r['script']}): {r['problem']}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
