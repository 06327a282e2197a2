"""The exact odds meters (issue 33 item 5): time of one call, on the path from a tap to the
published state (every state message asks the game's ``odds``).

``PYTHONPATH=. python benchmarks/odds_meters_exact.py`` prints the microseconds of one call,
best of 5 runs of 2,000 calls: Ghost at Home at a new game (the next card a ghost), House
of Spirits at the combat example's attack roll (this attack hits, Olivia's re-roll) and at
the Garage plot roll, Children at the test's case (Bo moves twice; Rosie enraged in the deck)
and CLUE: IT at a corner location (the secret passage). These meters are exact (no
playouts), so the 20k playouts/s target does not apply; the budget is the tap-to-published
5 ms at p99 (issue 9).

Then the Children meter over every state of 10 seeded random games (its cost depends on how
many draws are left and whether an enraged ghost is in the deck): median, p99 and max of
one call (best of 3 each).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "games"))

from hos_checks import holding, in_room, play, with_monster  # noqa: E402
from test_clue_it import run, started  # noqa: E402
from test_house_of_spirits import in_round_one  # noqa: E402
from test_odds_meters import _children_at_ghost_step  # noqa: E402

from companion.engine import get_game, resolve_options  # noqa: E402


def cases():
    gah = get_game("ghost_at_home")
    yield "Ghost at Home, new game", gah, gah.setup(["Ada", "Bo"], resolve_options(gah, {}))
    hos = get_game("house_of_spirits")
    attack = play(with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire"),
                  "pick:flashlight", "attack:vampire", "use:wooden-stake")
    yield "House of Spirits, attack roll", hos, attack
    plot = play(in_room(holding(in_round_one(), 1, "plot-3"), "garage"), "pick:flashlight", "play:plot-3")
    yield "House of Spirits, plot roll", hos, plot
    yield "Children, Bo moves twice", get_game("children"), _children_at_ghost_step((5, 5, 5))
    yield "Children, Bo refills from 1", get_game("children"), _children_at_ghost_step((5, 1, 5))
    corner = run(started(), "roll", "die:4", "die:5", "stop:location-5", "no-question", "end-turn",
                 *["roll", "die:2", "die:2", "stop:corridor", "end-turn"] * 3)
    yield "CLUE: IT, secret passage", get_game("clue_it"), corner


def main() -> None:
    for name, spec, state in cases():
        best = min(_run(spec, state) for _ in range(5))
        print(f"{name:32} {float(spec.odds(state)[1]):6.4f}  {best * 1e6:8.1f} us/call")
    children_spread()


def children_spread(seeds: int = 10) -> None:
    from children_checks import random_game

    from companion.games.children.odds import cut_down

    times = []
    for seed in range(seeds):
        for _, _, state in random_game(seed, 400):
            times.append(min(_once(cut_down, state) for _ in range(3)))
    times.sort()
    n = len(times)
    print(f"Children over {n} random-game states: median {times[n // 2] * 1e3:.3f} ms, "
          f"p99 {times[int(n * 0.99)] * 1e3:.3f} ms, max {times[-1] * 1e3:.3f} ms")


def _once(function, state) -> float:
    start = time.perf_counter()
    function(state)
    return time.perf_counter() - start


def _run(spec, state, calls: int = 2000) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        spec.odds(state)
    return (time.perf_counter() - start) / calls


if __name__ == "__main__":
    main()
