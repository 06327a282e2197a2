"""Whole Ghost at Home games as table scripts, through the real replay path (the daemon
on simulated hardware: card taps on the fake reader, touches over the socket). Scripts:
``tests/scripts/ghost_at_home/`` (made by its ``build.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from script_runs import check_resume, direct

from companion import script
from companion.cli import main
from companion.replay import replay

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts" / "ghost_at_home"


def test_scripts_are_what_the_builder_makes():
    import importlib.util

    spec = importlib.util.spec_from_file_location("gah_build", SCRIPTS / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    for name in build.GAMES:
        assert (SCRIPTS / f"{name}.jsonl").read_text() == build.build(name)


@pytest.mark.parametrize("name, turns, hands, deck, discard", [
    ("two_players", 7, {"Ada": 1, "Bo": 3}, 29, 12),  # discards: 3 + 2 + 2 + 3 + 2 secret
    ("three_players", 16, {"Ada": 0, "Bo": 3, "Cy": 2}, 18, 18),
])
def test_whole_game_replays_through_the_daemon(name, turns, hands, deck, discard):
    table = script.load(SCRIPTS / f"{name}.jsonl")
    result = replay(table)
    view = result.state["view"]
    assert result.refused == []
    assert result.state["prompt"]["over"] is True
    assert (view["outcome"], view["escape"], view["turn_number"]) == ("Ada", "Ada", turns)
    assert (view["hand_sizes"], view["deck"], view["discard"]) == (hands, deck, discard)
    assert view["houses"]["Ada"]["complete"] is True
    assert view == direct(table, every_accepted=True).view()
    taps = [line for line in table.lines if line.input.__class__.__name__ == "Tap"]
    assert len(taps) >= 15  # the cards were tapped as they were played


def test_resumed_game_equals_the_uninterrupted_one(tmp_path):
    """The event log replays to the same state: stop half-way, resume from the store."""
    check_resume(script.load(SCRIPTS / "three_players.jsonl"), tmp_path / "gah.sqlite3")


def test_cli_json_has_the_issue_keys(capsys):
    assert main(["replay", str(SCRIPTS / "two_players.jsonl"), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert {"turn", "houses", "hand_sizes", "deck", "escape", "outcome"} <= set(state)
    assert set(state["houses"]["Bo"]) == {"1", "2", "3", "complete"}
    assert state["houses"]["Bo"]["1"] == {"rooms": ["first-floor", "first-floor"], "light": True,
                                          "ghosts": 0, "cat": 0}


def test_card_data_game_lights_bo_without_asking_the_table():
    """``card_data.jsonl``: the two-player game on tags enrolled per copy, with the bulbs the
    owner entered (cat copy 6: 3, ghost copies 7 and 8: 2 and 1). Bo's 3 + 1 is not enough
    ("Pay" is not offered); the third card makes 6 and the companion lights the floor itself."""
    table = script.load(SCRIPTS / "card_data.jsonl")
    assert table.header.content == {"ghost_at_home:cat:cat#6": {"bulbs": 3},
                                    "ghost_at_home:ghost:ghost#7": {"bulbs": 2},
                                    "ghost_at_home:ghost:ghost#8": {"bulbs": 1}}
    result = replay(table)
    assert result.refused == []
    assert (result.state["view"]["outcome"], result.state["prompt"]["over"]) == ("Ada", True)
    session = direct(table, every_accepted=True)
    actions = [entry.action for entry in session.history]
    light = actions.index("light:1")
    assert actions[light: light + 5] == ["light:1", "pay:cat#6", "pay:ghost#8", "pay:ghost#7", "pay-done"]
    assert "light-yes" not in actions  # the companion knew the bulbs
    assert session.view()["houses"]["Bo"]["1"]["light"] is True
    assert result.state["view"] == session.view()
