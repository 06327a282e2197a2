"""Hostile input at benchmark size (issue 8): the daemon state machine of tests/fuzz_daemon.py
with a large budget.

    .venv/bin/python benchmarks/fuzz_daemon.py [--examples 2000] [--steps 100] [--seed 1]

Prints the events fed (taps, presses, touches, commands, malformed lines), the steps checked
and the time; exits 1 on the first failure (Hypothesis prints the steps that led to it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings, seed

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import fuzz_daemon  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    machine = fuzz_daemon.DaemonUnderFire
    machine.TestCase.settings = settings(max_examples=args.examples, stateful_step_count=args.steps,
                                         deadline=None, database=None, report_multiple_bugs=False,
                                         suppress_health_check=list(HealthCheck),
                                         phases=[Phase.explicit, Phase.generate])
    test = seed(args.seed)(machine.TestCase)
    started = time.monotonic()
    try:
        test().runTest()
        outcome = 0
    except Exception:  # the failing steps and the cause are in the traceback
        import traceback

        traceback.print_exc()
        outcome = 1
    took = time.monotonic() - started
    print(f"{fuzz_daemon.COUNT['events']} events fed, {fuzz_daemon.COUNT['steps']} steps checked, "
          f"{'no failure' if outcome == 0 else 'FAILED'}, {took:.0f} s "
          f"({fuzz_daemon.COUNT['events'] / took:.0f} events/s)", flush=True)
    return outcome


if __name__ == "__main__":
    sys.exit(main())
