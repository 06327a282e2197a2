"""The view in two parts (issue 35 item 3): what a ``state`` message carries at once
(``Game.view_first``, the slow figures None) and the figures the ``later`` message brings
after it (``Game.later``). Together they are the view, key for key and in its order."""

from __future__ import annotations

import random

import pytest

from companion.engine import all_games, resolve_options
from companion.engine.playout import random_game

GAMES = sorted(all_games())


def _states(game: str, seed: int):
    spec = all_games()[game]
    rng = random.Random(f"later:{game}:{seed}")
    players = ["Ada", "Bo", "Cy", "Di"][:max(spec.min_players, 2 + seed % 3)][:spec.max_players]
    return spec, random_game(spec, spec.setup(players, resolve_options(spec, {})), rng, 119)


@pytest.mark.parametrize("game", GAMES)
def test_the_first_view_and_its_later_figures_make_the_view(game):
    for seed in range(1):
        spec, states = _states(game, seed)
        for state in states:
            first, later, whole = spec.view_first(state), spec.later(state), spec.view(state)
            assert list(first) == list(whole)  # the same keys, in the same order
            assert {**first, **later} == whole
            assert all(first[key] is None for key in later)  # the state carries each as None
            assert all(value is None or isinstance(value, float) for value in later.values())  # numbers only


def test_only_creepy_cellars_odds_meter_comes_later():
    spec, states = _states("creepy_cellar", 0)
    state = next(states)
    assert set(spec.later(state)) == {"odds_haunting"}
    assert spec.later(state)["odds_haunting"] == spec.view(state)["odds_haunting"] == 0.01
    for game in GAMES:
        if game != "creepy_cellar":
            other, others = _states(game, 0)
            assert other.later(next(others)) == {}
