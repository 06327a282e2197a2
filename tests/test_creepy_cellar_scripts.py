"""Whole Creepy Cellar games, one won and one lost per mode, as table scripts replayed
through the real daemon on simulated hardware (``companion replay``'s path).

The scripts are made by ``tests/scripts/creepy_cellar/build.py``. creepy-cellar.txt
"Winning the Game": everyone wins once all treasures are in the cellar and every hunter
is out; everyone loses when all 8 hauntings are on the board.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import script
from companion.engine import get_game, resolve_options
from companion.replay import replay

SCRIPTS = Path(__file__).parent / "scripts" / "creepy_cellar"
SLOTS = {"nightmare": 12, "advanced": 8, "basic": 8}


def _final_view(name: str, prompt: str | None = None) -> dict:
    """The view at the end of script ``name`` replayed through the daemon (every line
    accepted); ``prompt``: the final prompt it must show."""
    result = replay(script.load(SCRIPTS / f"{name}.jsonl"))
    assert result.refused == []
    if prompt is not None:
        assert result.state["prompt"]["text"] == prompt
    return result.state["view"]


def _all_out_with_every_treasure(view: dict, mode: str) -> None:
    """A won game: every treasure in the cellar (in order in Advanced), every hunter out."""
    assert view["outcome"] == "won" and view["mode"] == mode
    assert view["treasures_left"] == 0 and len(view["cellar"]) == view["cellar_slots"] == SLOTS[mode]
    assert {h["at"] for h in view["hunters"].values()} == {"outside"}
    if mode == "advanced":  # "the first treasure ... must be the treasure token with a 1"
        assert view["cellar"] == [f"treasure-{k}" for k in range(1, 9)]


@pytest.mark.parametrize("mode", ["nightmare", "advanced", "basic"])
def test_won_game(mode):
    view = _final_view(f"{mode}-won", prompt="The game is over: the hunters won!")
    _all_out_with_every_treasure(view, mode)
    assert view["hauntings"] < 8


@pytest.mark.parametrize("mode", ["nightmare", "advanced", "basic"])
def test_lost_game(mode):
    view = _final_view(f"{mode}-lost")
    assert view["outcome"] == "lost" and view["mode"] == mode and view["hauntings"] == 8
    assert view["treasures_left"] == SLOTS[mode]


@pytest.mark.parametrize("name", ["nightmare-won", "basic-lost"])
def test_the_engine_alone_replays_the_recorded_log_to_the_same_state(name):
    """Replaying the recorded actions (inputs and chance outcomes) on a fresh set-up gives
    the same state, and encode/decode keeps it."""
    from companion.session import Session

    loaded = script.load(SCRIPTS / f"{name}.jsonl")
    session = Session.start(loaded.header)
    for line in loaded.lines:
        session.handle(line.input)
    spec = get_game("creepy_cellar")
    state = spec.setup(loaded.header.players, resolve_options(spec, loaded.header.options))
    for entry in session.history:
        state = spec.apply(state, entry.action)
        for chance in entry.chances:
            state = spec.apply(state, chance["key"])
    assert state == session.state
    assert spec.decode(spec.encode(state)) == state


@pytest.mark.parametrize("mode", ["nightmare", "advanced", "basic"])
def test_two_player_won_game_brings_all_four_hunters_out(mode):
    """notes.md 1.5 "Setup": with 2 players each controls 2 hunters; "all players have exited
    the castle" is then all four. The table taps each hunter's mover on the tiles reader
    before touching where it goes (option ``mover_tags``)."""
    loaded = script.load(SCRIPTS / f"{mode}-2p-won.jsonl")
    taps = [line for line in loaded.lines if type(line.input).__name__ == "Tap"]
    assert len(taps) >= 16  # at least two moves per hunter reported with the mover's tag
    view = _final_view(f"{mode}-2p-won")
    _all_out_with_every_treasure(view, mode)
    assert sorted(view["hunters"]) == ["Ada (blue)", "Ada (red)", "Bo (green)", "Bo (yellow)"]


@pytest.mark.parametrize("mode", ["nightmare", "advanced", "basic"])
def test_two_player_lost_game(mode):
    view = _final_view(f"{mode}-2p-lost")
    assert view["outcome"] == "lost" and view["hauntings"] == 8 and view["treasures_left"] == SLOTS[mode]
    assert len(view["hunters"]) == 4
