"""Whole Children games as table scripts, through the real replay path (the daemon on
simulated hardware: taps of tablet and card tags on fake readers, touches over the
socket). Scripts: ``tests/scripts/children/`` (made by its ``build.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from children_checks import check

from companion import script
from companion.engine import get_game
from companion.replay import replay
from companion.session import Session
from companion.store import EventStore

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts" / "children"
SPEC = get_game("children")


def _direct(table: script.TableScript) -> Session:
    """The same inputs straight into a session (no daemon)."""
    session = Session.start(table.header)
    for line in table.lines:
        session.handle(line.input, line.number)
    return session


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
    assert view == _direct(table).view()
    check(_direct(table).state)
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
        news += session.handle(line.input, line.number).news
    assert sum("takes a card into their hand" in n for n in news) >= 10
    assert not any("draws" in n and ("Hatpin" in n or "Mouse" in n or "Teddy" in n) for n in news)


def test_resumed_game_equals_the_uninterrupted_one(tmp_path):
    """The event log replays to the same state: stop half-way, resume from the store."""
    table = script.load(SCRIPTS / "players_win.jsonl")
    db = tmp_path / "children.sqlite3"
    half = script.TableScript(table.header, table.lines[: len(table.lines) // 2])
    replay(half, db=db)
    resumed = replay(table, db=db)
    assert resumed.resumed_after is not None and resumed.refused == []
    assert resumed.state["view"] == replay(table).state["view"]
    store = EventStore(db)
    session = Session.resume(store, store.games()[0])
    assert session.state == _direct(table).state
    assert SPEC.decode(json.loads(json.dumps(SPEC.encode(session.state)))) == session.state
    store.close()
