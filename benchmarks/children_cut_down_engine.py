"""The Children odds meter (issue 33 item 5) against playouts of the engine itself.

``PYTHONPATH=. python benchmarks/children_cut_down_engine.py [playouts [variant word]]`` plays Bo's next
turn many times with the real engine (``SPEC.apply``), from the test's situation (Ada moving
Kitty Kitty, Bo next; tests/games/test_odds_meters.py), in two variants, and prints the share
of playouts in which a cut-down came (the engine pushed a ``cut`` frame) beside the meter's
exact figure, with the standard error.

The table's choices follow what the meter assumes (companion/games/children/odds.py): Bo
plays the top tablet, moves twice (to a room with no ghost and not Kitty Kitty's; over the hand
limit after the first entry draw, he leaves a card first, as he must), ends his actions,
restores, moves no ghost; Irwin Biddle finds no toy (the meter leaves it out: it only lowers
hands); a ghost drawn goes under the Wine Cellar when it may (else a random room); Kitty
Kitty goes to a room with nobody in it. Each Children card drawn is a uniform draw from the
deck as the table knows it: a ghost or a fate by its copies in the deck, otherwise a hand card.

The meter is exact, so the 20k playouts/s target does not apply to it (its speed:
benchmarks/odds_meters_exact.py); these engine playouts run at a few hundred a second and
are only a check.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "games"))

from children_checks import SPEC  # noqa: E402
from test_odds_meters import _children_at_ghost_step  # noqa: E402

from companion.games.children import components as cc  # noqa: E402
from companion.games.children.odds import cut_down  # noqa: E402
from companion.games.children.state import Step  # noqa: E402


def variants():
    """(name, state): the test's case, and Bo refilling from 1 card with the first 3 ghosts'
    stacks flipped (3 enraged ghosts in the deck)."""
    yield "Bo moves twice (test case)", _children_at_ghost_step((5, 5, 5))
    state = _children_at_ghost_step((5, 1, 5))
    toys = state.content.toys
    ghosts = state.content.ghosts
    flipped = tuple((toys[i], ghosts[i]) for i in range(3))
    yield "Bo refills from 1, 3 enraged", replace(state, flipped=flipped)


def _draw_key(state, prompt, rng) -> str:
    """A uniform card from the deck as the table knows it."""
    keys = [c.key for c in prompt.choices]
    weights = []
    hand_keys = [k for k in keys if cc.card(k.split(":", 1)[1]).kind in cc.HAND_KINDS]
    hand_total = state.unknown_in_deck()
    hand_copies = sum(state.in_deck(k.split(":", 1)[1]) for k in hand_keys) or 1
    for key in keys:
        card = key.split(":", 1)[1]
        kind = cc.card(card).kind
        if kind in ("ghost", "fate"):
            weights.append(state.in_deck(card))
        else:
            weights.append(hand_total * state.in_deck(card) / hand_copies)
    return rng.choices(keys, weights=weights)[0]


def _choose(state, prompt, rng) -> str:
    keys = [c.key for c in prompt.choices]
    if prompt.chance:
        outcomes = prompt.chance.outcomes
        return rng.choices(outcomes, weights=[o.weight for o in outcomes])[0].key
    if keys and keys[0].startswith("draw:"):
        return _draw_key(state, prompt, rng)
    moves = [k for k in keys if k.startswith("move:") and not state.ghosts_in(k[5:]) and state.kitty != k[5:]]
    if moves:
        return rng.choice(moves)
    a = state.active
    if "leave" in keys and state.step == Step.ACTIONS and state.actions and state.hands[a] > state.hand_limit:
        return "leave"  # "You may not leave a room with more cards in your hand than the current hand limit"
    for prefix in ("haunt-room:wine-cellar", "done", "skip", "leave", "no-toy", "no-catnip"):
        if prefix in keys:
            return prefix
    kitty = [k for k in keys if k.startswith("kitty:") and not state.players_in(k[6:])]
    if kitty:
        return kitty[0]
    for prefix in ("tablet:", "place:", "haunt-room:", "run"):
        found = [k for k in keys if k.startswith(prefix)]
        if found:
            return rng.choice(found)
    return keys[0]


def playout(state, rng) -> bool:
    """Bo's turn (and the end of Ada's): True when a cut-down came."""
    after_bo = (state.active + 2) % len(state.players)
    for _ in range(400):
        if any(f.kind == "cut" for f in state.frames):
            return True
        if state.step == Step.OVER or (state.active == after_bo and state.step == Step.TABLET):
            return False
        state = SPEC.apply(state, _choose(state, SPEC.prompt(state), rng))
    raise AssertionError("a playout did not end")


def main() -> None:
    playouts = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    only = sys.argv[2] if len(sys.argv) > 2 else ""  # a word of a variant's name, e.g. "refills"
    for name, state in variants():
        if only not in name:
            continue
        rng = random.Random(7)
        start = time.perf_counter()
        hits = sum(playout(state, rng) for _ in range(playouts))
        took = time.perf_counter() - start
        share = hits / playouts
        error = (share * (1 - share) / playouts) ** 0.5
        print(f"{name:30} meter {cut_down(state):.4f}  engine {share:.4f} ± {error:.4f} "
              f"({playouts} playouts, {playouts / took:.0f}/s)")


if __name__ == "__main__":
    main()
