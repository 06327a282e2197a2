"""Whole House of Spirits games as table scripts, through the real replay path (the
daemon on simulated hardware: dice button on mock pins, taps on fake readers, touches
over the socket). Scripts: ``tests/scripts/house_of_spirits/`` (made by its ``build.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from script_runs import check_resume, direct

from companion import script
from companion.replay import replay

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts" / "house_of_spirits"


@pytest.mark.parametrize("name, outcome, winners, plots", [
    # rebuilt for issue 19 (a critical hit rolls no defence die): other dice, other winners
    ("plot_ending", "won", ["Ada"], 7),
    ("eighteen_points", "won", ["Ada"], 0),
    ("physical_decks", "won", ["Cy"], 7),
])
def test_whole_game_script_replays_through_the_daemon(name, outcome, winners, plots):
    table = script.load(SCRIPTS / f"{name}.jsonl")
    result = replay(table)
    view = result.state["view"]
    assert result.refused == []
    assert result.state["prompt"]["over"] is True
    assert (view["outcome"], view["winners"], len(view["plot_played"])) == (outcome, winners, plots)
    assert view == direct(table).view()
    if plots == 7:
        assert all(p["secret_met"] is not None for p in view["players"].values())  # the tally was asked
    else:
        assert max(p["score"] for p in view["players"].values()) >= 18


def test_scores_on_screen_equal_the_logged_causes():
    """Every score of the final state is the sum of its logged causes (notes 4.4)."""
    session = direct(script.load(SCRIPTS / "plot_ending.jsonl"))
    state = session.state
    for player, name in enumerate(state.players):
        assert session.view()["players"][name]["score"] == sum(p for who, p, _ in state.score_log if who == player)


def test_resumed_game_equals_the_uninterrupted_one(tmp_path):
    """The event log replays to the same state: stop half-way, resume from the store."""
    check_resume(script.load(SCRIPTS / "physical_decks.jsonl"), tmp_path / "hos.sqlite3")
