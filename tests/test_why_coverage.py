"""Issue 33 item 1, "Tests: Coverage", for every game of the registry: in random playouts at
least 99 % of the news lines that change the board (:func:`tests.why_checks.board_changing`)
carry a ``why``, every ``why`` has Italian, and every refused input names its rulebook
section (``rule``). The exceptions are listed in :data:`tests.why_checks.EXCEPTIONS`."""

from __future__ import annotations

import random

import pytest
from test_playout import random_setup

from companion.engine.registry import GAMES, get_game
from companion.header import GameHeader
from companion.inputs import Touch
from companion.session import Session
from tests.why_checks import coverage

PLAYOUTS, STEPS = 20, 300


def _spec(game_id: str):
    return get_game(game_id)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_board_changing_news_carry_a_why(game_id):
    """>= 99 % of the board-changing news lines of 20 random games carry a ``why``."""
    seen = coverage(_spec(game_id), PLAYOUTS, STEPS, salt="coverage")
    assert seen.total > 300, seen.total
    assert seen.share >= 0.99, f"{seen.explained}/{seen.total}\n{seen.report()}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_refusal_names_its_rule(game_id):
    """Inputs the rules refuse, at random moments of a session: a stale choice of the
    previous prompt, a key of each kind the rule card knows but not offered now, an
    unknown key. Each refusal's ``rule`` is one of the game's rule card sections."""
    spec = _spec(game_id)
    sections = {str(section.name) for section in spec.rule_sections}
    kinds = sorted({key for section in spec.rule_sections for key in section.keys})
    refused = 0
    for seed in range(3):
        rng = random.Random(f"refusals:{game_id}:{seed}")
        players, options = random_setup(spec, rng)
        session = Session.start(GameHeader.from_json({"game": game_id, "players": players, "seed": seed,
                                                      "options": options}))
        stale = []
        for step in range(60):
            prompt = session.prompt
            if prompt.over:
                break
            offered = {c.key for c in prompt.choices}
            if step % 6 == 0:
                for key in [k for k in stale if k not in offered] + [f"{k}:zz" for k in kinds] + ["no-such:zz"]:
                    reply = session.handle(Touch(key))
                    if reply.accepted:  # a stale key may be legal again: undo it
                        assert session.handle(Touch("undo")).accepted
                        continue
                    refused += 1
                    assert reply.rule is not None and str(reply.rule) in sections, (key, reply.text)
            choice = rng.choice(prompt.choices)
            stale = sorted(offered)
            assert session.handle(Touch(choice.key)).accepted
    assert refused > 50
