"""Random playouts mixing table-check corrections into every game that has a check (issue 6
"Table check"): after each correction the game's own invariants still hold (a correction
keeps the rules' bounds and never triggers a rule), the prompt is still well formed (the
game can go on), the check is public, and replaying the actions gives the same state."""

from __future__ import annotations

import json
import random

import children_checks
import pytest
from test_playout import INVARIANTS, check_prompt, pick_action, random_setup

from companion.engine import Game, all_games
from companion.i18n import render

GAMES = {game_id: spec for game_id, spec in all_games().items() if spec.check is not None}
PLAYOUTS = 8
MAX_STEPS = 300


def _lines_json(spec, state) -> str:
    return json.dumps([[render(line.label, "it"), render(line.value, "it"),
                        [[f.key, render(f.label, "it")] for f in line.fixes]] for line in spec.check(state)])


#: Games whose check offers corrections; the others' checks are read only.
CORRECTING = {"creepy_cellar", "children", "clue_it", "ghost_at_home"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_a_check(game_id):
    """Every registered game (a new one too) writes its own table check (docs/new-game.md)."""
    assert type(GAMES[game_id]).check is not Game.check, f"{game_id} has no table check"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_playouts_with_corrections(game_id):
    spec = GAMES[game_id]
    invariant = INVARIANTS.get(game_id)
    fixes_made = 0
    for seed in range(PLAYOUTS):
        rng = random.Random(f"check:{game_id}:{seed}")
        players, options = random_setup(spec, rng)
        initial = state = spec.setup(players, options)
        actions, previous = [], None
        for _ in range(MAX_STEPS):
            prompt = spec.prompt(state)
            if prompt.over:
                assert spec.check(state) == ()
                break
            fixes = [f.key for line in spec.check(state) for f in line.fixes]
            assert len(set(fixes)) == len(fixes), "each correction is listed once"
            assert all(key.startswith("fix:") for key in fixes)
            json.loads(_lines_json(spec, state))  # renders in Italian, JSON-ready
            if game_id not in CORRECTING:
                assert fixes == []
            if fixes and prompt.chance is None and rng.random() < 0.25:
                action = rng.choice(fixes)
                after = spec.apply(state, action)
                assert str(after.news[0]).startswith("Correction:"), after.news
                assert spec.prompt(after).chance is None, "a correction never starts a draw or a roll"
                fixes_made += 1
            else:
                action = pick_action(spec, state, prompt, rng, 4.0)
                after = spec.apply(state, action)
            previous, state = state, after
            actions.append(action)
            check_prompt(spec.prompt(state))
            if invariant:
                invariant(state, initial, previous)
        replayed = spec.setup(players, options)
        for action in actions:
            replayed = spec.apply(replayed, action)
        assert replayed == state
    if game_id in CORRECTING:
        assert fixes_made > 50
    else:
        assert fixes_made == 0


def test_children_check_never_depends_on_the_hidden_pairing():
    spec = GAMES["children"]
    rng = random.Random("children-hidden")
    for _ in range(6):
        players, options = random_setup(spec, rng)
        state = spec.setup(players, options)
        for _ in range(120):
            prompt = spec.prompt(state)
            if prompt.over:
                break
            twin = children_checks.hidden_twin(state)
            if twin is not None:
                assert _lines_json(spec, twin) == _lines_json(spec, state)
            state = spec.apply(state, pick_action(spec, state, prompt, rng, 4.0))


def _played(game_id: str, steps: int, seed: int = 1):
    spec = GAMES[game_id]
    rng = random.Random(seed)
    state = spec.setup(["Ada", "Bo", "Cy"], {o.name: o.default for o in spec.options})
    for _ in range(steps):
        prompt = spec.prompt(state)
        state = spec.apply(state, pick_action(spec, state, prompt, rng, 4.0))
    return spec, state


def _english(spec, state) -> list[tuple[str, str]]:
    return [(str(line.label), str(line.value)) for line in spec.check(state)]


def test_read_only_checks_list_what_the_view_shows():
    """Ghost at Home: three floors per house; CLUE: IT: the 6 Kid movers and 6 Item tokens
    where the view puts them; House of Spirits: the room, monsters, wounds and points."""
    spec, state = _played("ghost_at_home", 0)
    lines = _english(spec, state)
    assert lines[:3] == [("Ada: First floor", "0 ghosts, 0 cats, light off"),
                         ("Ada: Second floor", "0 ghosts, 0 cats, light off"),
                         ("Ada: Third floor", "0 ghosts, 0 cats, light off")]
    assert len(lines) == 9
    spec, state = _played("clue_it", 30)
    view = spec.view(state)
    assert _english(spec, state) == [*view["movers"].items(), *view["items"].items()]
    spec, state = _played("house_of_spirits", 40)
    view = spec.view(state)
    lines = dict(_english(spec, state))
    for name, player in view["players"].items():
        assert lines[name] in (f"{player['wounds']} wound{'s' if player['wounds'] != 1 else ''}, "
                               f"{player['score']} point{'s' if player['score'] != 1 else ''}", "dead")
