"""Odds meter speed: ghost-deck playouts per second and the time of one estimate.

``PYTHONPATH=. python benchmarks/odds_meter.py`` prints, for 1 to 4 players at the roll of
a fresh Nightmare game and of a busy board: playouts per second, and the milliseconds one
estimate (``DEFAULT_PLAYOUTS`` playouts) takes, best of 5, and the median and 99th
percentile of 200 whole ``view()`` calls at the roll (the view computes the meter, on the
path from a tap to the published state). Targets (issue 4): at least 20,000 playouts/s and
an estimate under 50 ms (issue 9: the tap-to-published path under 5 ms at p99).
"""

from __future__ import annotations

import time
from dataclasses import replace
from functools import partial

from companion.engine import get_game, resolve_options
from companion.games.creepy_cellar.odds import DEFAULT_PLAYOUTS, forget, odds_haunting

SPEC = get_game("creepy_cellar")
NAMES = ["Ada", "Bo", "Cy", "Di"]


def states():
    for count in (1, 2, 3, 4):
        fresh = SPEC.setup(NAMES[:count], resolve_options(SPEC, {}))
        yield f"{count} player(s), fresh board", fresh
        busy = replace(fresh, ghosts=(1, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1), king="E",
                       hauntings=(0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0))
        yield f"{count} player(s), busy board", busy


def best_of(runs: int, fn) -> float:
    best = float("inf")
    for _ in range(runs):
        forget()  # the meter remembers its estimates: time the playouts
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def view_times(state, calls: int = 200) -> tuple[float, float]:
    """Median and 99th percentile of ``calls`` view() calls, in ms (each working the estimate out)."""
    times = []
    for _ in range(calls):
        forget()
        start = time.perf_counter()
        SPEC.view(state)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[calls // 2] * 1000, times[min(calls - 1, int(calls * 0.99))] * 1000


def main() -> None:
    print(f"{'state':32} {'odds':>6} {'playouts/s':>12} {'estimate ms':>12} {'view p50':>9} {'view p99':>9}")
    big = 20_000
    for name, state in states():
        seconds = best_of(3, partial(odds_haunting, state, playouts=big, seed=1))
        estimate = best_of(5, partial(odds_haunting, state))
        p50, p99 = view_times(state)
        print(f"{name:32} {odds_haunting(state):6.3f} {big / seconds:12,.0f} {estimate * 1000:12.2f}"
              f" {p50:9.2f} {p99:9.2f}")
    print(f"(one estimate = {DEFAULT_PLAYOUTS} playouts; 2 players move 4 hunters)")


if __name__ == "__main__":
    main()
