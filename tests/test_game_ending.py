"""How a finished game ended, as structure (issue 27 item 3): won, lost or a tie, the winners,
the final scores and the solution come from the game (:meth:`Game.ending`), sent as the
state's ``prompt.ending`` in the table's language; the game-over panel (``ui.summary``) reads
no outcome words ("unsolved") nor view keys ("score", "trapped", "solution")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion import protocol
from companion.engine import all_games
from companion.i18n import render

#: What each game's scores count, in Italian ("" for a game without scores).
SCORES_IT = {"children": "Fantasmi intrappolati", "house_of_spirits": "Punti"}


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_finished_random_game_says_how_it_ended(game):
    from test_playout import playout  # tests/games (pytest's pythonpath)

    spec = all_games()[game]
    ended = 0
    for seed in range(8):
        players, _options, _actions, state = playout(spec, seed, 1500)
        ending = spec.ending(state)
        if not spec.prompt(state).over:
            assert ending is None
            continue
        ended += 1
        assert ending is not None and ending.result in ("won", "lost", "tie")
        assert set(ending.winners) <= set(players)
        if ending.result != "won":
            assert ending.winners == ()
        assert [name for name, _ in sorted(ending.scores)] == (sorted(players) if game in SCORES_IT else [])
        assert [v for _, v in ending.scores] == sorted((v for _, v in ending.scores), reverse=True)
        sent = protocol._ending(SimpleNamespace(spec=spec, state=state), "it")
        assert sent["scores_heading"] == SCORES_IT.get(game, "")
        assert sent["solution"] == [render(card, "it") for card in ending.solution]
    assert ended > 0


def test_a_game_that_gives_no_ending_sends_none():
    from companion.engine.game import Game

    assert Game().ending(object()) is None
