"""Random legal games of any engine: chance by its weights, the table's choices uniformly.

The one loop behind the engines' speed figures (``benchmarks/budgets.py``,
``benchmarks/skeleton.py``) and the tests that count an engine's work over seeded random
games (issue 35). The same ``rng`` gives the same game: it is asked for exactly one pick
per action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from companion.engine.core import Prompt
from companion.engine.game import Game


def random_key(prompt: Prompt, rng: random.Random, out_of_turn: bool = False) -> str:
    """A legal action of ``prompt``, not over: a chance outcome picked by its weight, else
    one of the table's choices, each as likely (``out_of_turn``: the devices other players may
    play out of turn are among them)."""
    if prompt.chance:
        outcomes = prompt.chance.outcomes
        return rng.choices(outcomes, [o.weight for o in outcomes])[0].key
    return rng.choice(prompt.choices + prompt.out_of_turn if out_of_turn else prompt.choices).key


def random_game(game: Game, state: Any, rng: random.Random, actions: int,
                out_of_turn: bool = False) -> Iterator[Any]:
    """The states of a random game of ``game`` from ``state``: ``state`` itself, then the one
    each random legal action (:func:`random_key`) makes, until the game is over or
    ``actions`` actions are made (so at most ``actions + 1`` states)."""
    yield state
    for _ in range(actions):
        prompt = game.prompt(state)
        if prompt.over:
            return
        state = game.apply(state, random_key(prompt, rng, out_of_turn))
        yield state


def random_actions(game: Game, state: Any, rng: random.Random, actions: int) -> int:
    """How many random legal actions a game of ``game`` made from ``state``: ``actions``, or
    fewer when the game ended first (:func:`random_game`, the states dropped as they come)."""
    return sum(1 for _ in random_game(game, state, rng, actions)) - 1
