"""The exact odds meters (issue 33 item 5): time of one call, on the path from a tap to the
published state (every state message asks the game's ``odds``).

``PYTHONPATH=. python benchmarks/odds_meters_exact.py`` prints the microseconds of one call,
best of 5 runs of 2,000 calls: Ghost at Home at a new game (the next card a ghost), House
of Spirits at the combat example's attack roll (this attack hits, Olivia's re-roll) and at
the Garage plot roll. These meters are exact (no playouts), so the 20k playouts/s target
does not apply; the budget is the tap-to-published 5 ms at p99 (issue 9).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "games"))

from hos_checks import holding, in_room, play, with_monster  # noqa: E402
from test_house_of_spirits import in_round_one  # noqa: E402

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


def main() -> None:
    for name, spec, state in cases():
        best = min(_run(spec, state) for _ in range(5))
        print(f"{name:32} {spec.odds(state)[1]!s:>6}  {best * 1e6:8.1f} us/call")


def _run(spec, state, calls: int = 2000) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        spec.odds(state)
    return (time.perf_counter() - start) / calls


if __name__ == "__main__":
    main()
