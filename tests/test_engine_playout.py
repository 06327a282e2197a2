"""companion.engine.playout: the one random-game loop of the speed benchmarks and the
work-count tests (issue 35)."""

from __future__ import annotations

import random
from collections import Counter

from companion.engine import Choice, Prompt, get_game, resolve_options
from companion.engine.playout import random_actions, random_game, random_key

SPEC = get_game("creepy_cellar")


def _start():
    return SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}))


def test_a_random_game_is_the_states_its_random_keys_make():
    """The states are the start, then one per key :func:`random_key` picks from the same
    ``rng`` (one pick an action): a chance node by weight, the table's choices else."""
    states = list(random_game(SPEC, _start(), random.Random(4), 60))
    rng, state, again = random.Random(4), _start(), [_start()]
    for _ in range(60):
        state = SPEC.apply(state, random_key(SPEC.prompt(state), rng))
        again.append(state)
    assert len(states) == 61 and states == again
    assert any(SPEC.prompt(s).chance for s in states) and any(SPEC.prompt(s).choices for s in states)


def test_a_random_game_stops_when_the_game_is_over():
    """A game played to its end gives its last state once, then nothing: fewer actions than
    asked for."""
    states = list(random_game(SPEC, _start(), random.Random(1), 5000))
    assert SPEC.prompt(states[-1]).over and not any(SPEC.prompt(s).over for s in states[:-1])
    assert random_actions(SPEC, _start(), random.Random(1), 5000) == len(states) - 1 < 5000
    assert random_actions(SPEC, _start(), random.Random(1), 7) == 7


def test_out_of_turn_choices_are_picked_only_when_asked_for():
    """A device other players may play out of turn (Children) is among the picks with
    ``out_of_turn`` only; every choice as likely."""
    prompt = Prompt("Ada: move", "Ada", choices=(Choice("move:a", "A"), Choice("move:b", "B")),
                    out_of_turn=(Choice("use:bo:lamp", "Lamp", player="Bo"),))
    rng = random.Random(0)
    assert {random_key(prompt, rng) for _ in range(200)} == {"move:a", "move:b"}
    picks = Counter(random_key(prompt, rng, out_of_turn=True) for _ in range(3000))
    assert set(picks) == {"move:a", "move:b", "use:bo:lamp"} and min(picks.values()) > 900
