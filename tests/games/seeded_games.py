"""Seeded random games for the engines' work-count tests (issue 35 item 1): the states they
pass through, and how often their prompts offer a choice made before."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from companion.engine import all_games, resolve_options
from companion.engine.playout import random_game


def seeded_states(game_id: str, seed: int, actions: int) -> Iterator[Any]:
    """Every state of a seeded random game of ``game_id`` (random house rules on odd seeds,
    2 or 3 players, out-of-turn choices included)."""
    spec = all_games()[game_id]
    rng = random.Random(seed)
    given = {o.name: rng.choice(o.values) for o in spec.options} if seed % 2 else {}
    state = spec.setup(["Ada", "Bo", "Cy"][: 2 + seed % 2], resolve_options(spec, given))
    yield from random_game(spec, state, rng, actions - 1, out_of_turn=True)


def shared_choices(game_id: str, seeds: int, offered: Callable[[Any], bool]) -> int:
    """How many times a prompt of ``seeds`` seeded games (300 actions each) offered a choice
    that ``offered`` keeps with the key and label of one offered before; each such choice must
    be that same object (made once, not at every prompt)."""
    spec = all_games()[game_id]
    seen: dict[tuple[str, Any], Any] = {}
    shared = 0
    for seed in range(seeds):
        for state in seeded_states(game_id, seed, 300):
            for choice in spec.prompt(state).choices:
                if not offered(choice):
                    continue
                said = (choice.key, choice.label)
                if said in seen:
                    assert seen[said] is choice, said
                    shared += 1
                seen.setdefault(said, choice)
    return shared
