"""The states of one seeded random game: chance by its weights, choices uniformly. Shared by
the work-count tests that compare an engine's figures before and after a speed-up
(tests/games/test_children_speed.py, tests/games/test_creepy_cellar_odds_memo.py)."""

from __future__ import annotations

import random


def seeded_states(spec, rng: random.Random, players: list[str], options: dict, actions: int,
                  out_of_turn: bool = False):
    """Every state of a random game of ``spec`` set up with ``players`` and resolved
    ``options``, up to ``actions`` of them or the game's end; ``out_of_turn``: devices played
    out of turn are among the choices too."""
    state = spec.setup(players, options)
    for _ in range(actions):
        yield state
        prompt = spec.prompt(state)
        if prompt.over:
            return
        if prompt.chance:
            outcomes = prompt.chance.outcomes
            key = rng.choices(outcomes, [o.weight for o in outcomes])[0].key
        else:
            key = rng.choice(prompt.choices + prompt.out_of_turn if out_of_turn else prompt.choices).key
        state = spec.apply(state, key)
