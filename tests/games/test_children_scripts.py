"""Whole Children games as table scripts, through the real replay path (the daemon on
simulated hardware: taps of tablet and card tags on fake readers, touches over the
socket). Scripts: ``tests/scripts/children/`` (made by its ``build.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from children_checks import check
from script_runs import check_resume, direct

from companion import script
from companion.replay import replay
from companion.session import Session

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts" / "children"


@pytest.mark.parametrize("name, outcome, winners", [
    ("ghosts_win", "lost", []),
    ("players_win", "won", ["Ada"]),  # rebuilt for issue 19 (the rule fixes change the game)
])
def test_whole_game_script_replays_through_the_daemon(name, outcome, winners):
    table = script.load(SCRIPTS / f"{name}.jsonl")
    result = replay(table)
    view = result.state["view"]
    assert result.refused == []
    assert result.state["prompt"]["over"] is True
    assert (view["outcome"], view["winners"]) == (outcome, winners)
    assert view == direct(table).view()
    check(direct(table).state)
    if outcome == "lost":
        assert view["hand_limit"] == 0 and len(view["enraged"]) == 5
    else:
        assert view["final_round"] is True and view["deck"] == 0
        trapped = {p: len(v["trapped"]) for p, v in view["players"].items()}
        assert trapped[winners[0]] == max(trapped.values()) > min(trapped.values())
    # the screen never names a card drawn into a hand: no news names a device or a trap
    # (they are named only when used or sprung), and every such draw reads the same
    session, news = Session.start(table.header), []
    for line in table.lines:
        news += map(str, session.handle(line.input, line.number).news)
    assert sum("takes a card into their hand" in n for n in news) >= 10
    assert not any("draws" in n and ("Hatpin" in n or "Mouse" in n or "Teddy" in n) for n in news)


def test_resumed_game_equals_the_uninterrupted_one(tmp_path):
    """The event log replays to the same state: stop half-way, resume from the store."""
    check_resume(script.load(SCRIPTS / "players_win.jsonl"), tmp_path / "children.sqlite3")


def test_running_with_an_empty_hand_leaves_nothing_and_says_so():
    """voice15: running from a ghost with no card in hand was said "Ada runs in terror, leaving
    0 cards under the Tablet 2-4 (a toy among them if they have one)": a step to place nothing,
    with a toy "among" none. players_win has three such runs."""
    from companion.i18n import render

    session, news = Session.start(script.load(SCRIPTS / "players_win.jsonl").header), []
    for line in script.load(SCRIPTS / "players_win.jsonl").lines:
        news += session.handle(line.input, line.number).news
    ran = [line for line in news if "runs in terror" in str(line)]
    assert not [line for line in ran if "leaving 0" in str(line)]
    empty = [line for line in ran if "empty hand" in str(line)]
    assert len(empty) == 3 and all(getattr(line, "kind", None) != "place" for line in empty)
    assert str(empty[0]) == "Ada runs in terror with an empty hand: no card stays behind."
    assert render(empty[0], "it") == "Ada scappa in preda al terrore, a mani vuote: non lascia nessuna carta."
