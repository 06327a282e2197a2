"""One sha256 over every state, prompt and view of seeded random games of each engine.

Run: ``.venv/bin/python benchmarks/engine_fingerprint.py [GAME ...]`` (``SEEDS=N`` games per
engine, 30 by default; about a minute in all). A change made for speed (issue 35) must
leave every engine's digest as it was: run it on the base and on the branch and compare
the lines. The games: players from the engine's least to its most, house rules picked at
random on odd seeds, out-of-turn choices included, 300 actions at most.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import os
import random
import sys
from fractions import Fraction
from typing import Any

from companion.engine import all_games, resolve_options
from companion.engine.playout import random_game
from companion.i18n import Msg

PLAYERS = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay"]


def walk(x: Any, out: list[str]) -> None:
    """``x`` written into ``out`` field by field: a Msg by its text, id and params; a
    dataclass by its fields (never its cached facts); a set in a sorted order."""
    if isinstance(x, Msg):
        out += ["M", str(x), x.msgid, repr(x.plural), repr(x.count)]
        walk(x.params, out)
    elif isinstance(x, enum.Enum | str | int | float | bool | type(None) | Fraction):
        out.append(f"{type(x).__name__}:{x!r}")
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        out.append("D" + type(x).__name__)
        for f in dataclasses.fields(x):
            out.append(f.name)
            walk(getattr(x, f.name), out)
    elif hasattr(x, "items") and hasattr(x, "keys"):
        out.append("{")
        for k in x.keys():
            walk(k, out)
            walk(x[k], out)
        out.append("}")
    elif isinstance(x, tuple | list):
        out.append("(" if isinstance(x, tuple) else "[")
        for v in x:
            walk(v, out)
        out.append(")")
    elif isinstance(x, set | frozenset):
        out.append("S" + repr(sorted(repr(v) for v in x)))
    else:
        out.append("?" + type(x).__name__ + repr(x))


def fingerprint(game_id: str, seeds: int) -> tuple[int, str]:
    """(states seen, digest) of ``seeds`` seeded games of ``game_id``."""
    spec = all_games()[game_id]
    digest, states = hashlib.sha256(), 0
    for seed in range(seeds):
        rng = random.Random(seed)
        players = PLAYERS[: spec.min_players + seed % (spec.max_players - spec.min_players + 1)]
        given = {o.name: rng.choice(list(o.values)) for o in spec.options if o.values} if seed % 2 else {}
        try:
            options = resolve_options(spec, given)
        except ValueError:  # house rules that exclude each other: the defaults
            options = resolve_options(spec, {})
        for state in random_game(spec, spec.setup(players, options), rng, 300, out_of_turn=True):
            out: list[str] = []
            walk(state, out)
            walk(spec.prompt(state), out)
            walk(dict(spec.view(state)), out)
            digest.update("\x00".join(out).encode())
            states += 1
    return states, digest.hexdigest()[:16]


def main() -> None:
    seeds = int(os.environ.get("SEEDS", "30"))
    for game_id in sys.argv[1:] or list(all_games()):
        states, digest = fingerprint(game_id, seeds)
        print(game_id, states, digest, flush=True)


if __name__ == "__main__":
    main()
