"""The set-up's header (words16; the lead's shots, session 15): before the first turn the
table screen's header, where "Ada's turn" would be, was blank in Children, House of Spirits
and CLUE: IT. The state's prompt now says so as structure, ``setup`` (the game's
:attr:`~companion.engine.game.Game.setting_up`), and the header says "Set-up"
(ui/text.py's ``turn_markup``, tested in tests/ui/test_ui_parts.py)."""

from __future__ import annotations

import random

import pytest

from companion import protocol
from companion.engine import all_games, resolve_options
from companion.header import GameHeader
from companion.inputs import Press, Touch
from companion.session import Session

#: The games whose first prompts are set-up, before anyone's turn.
SET_UP_FIRST = ("children", "clue_it", "house_of_spirits")


def _walk(game_id: str, seed: int, steps: int = 120):
    """(the state message's prompt, the view) at each step of a random session playout."""
    spec = all_games()[game_id]
    rng = random.Random(f"setup:{game_id}:{seed}")
    players = ["Ada", "Bo", "Cy", "Di"][: max(spec.min_players, 3)]
    header = GameHeader.from_json({"game": game_id, "players": players, "seed": seed,
                                   "options": resolve_options(spec, {})})
    session = Session.start(header)
    for _ in range(steps):
        message = protocol.state_message(session, [])
        yield message["prompt"], message["view"]
        choices = session.prompt.choices
        if session.prompt.over or not choices:
            return
        choice = rng.choice(choices)
        assert session.handle(Press(choice.button) if choice.button else Touch(choice.key)).accepted


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_setup_is_said_before_the_first_turn_only(game_id):
    for seed in range(3):
        said = [(prompt["setup"], view.get("turn")) for prompt, view in _walk(game_id, seed)]
        setups = [setup for setup, _ in said]
        assert setups[0] is (game_id in SET_UP_FIRST), (game_id, said[:3])
        # once the first turn comes, set-up is never said again
        first_turn = setups.index(False)
        assert not any(setups[first_turn:]), game_id
        # no one's turn is named during set-up; once it is over, the view names the turn
        assert all(turn is None for setup, turn in said if setup), said
        assert said[first_turn][1] is not None, said[first_turn]


def test_no_game_yet_and_a_finished_game_are_not_set_up():
    assert protocol.state_message(None, [])["prompt"]["setup"] is False
