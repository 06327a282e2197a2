"""A table script played two ways, for the games' script tests: straight into a session
(:func:`direct`) and through the daemon's replay path stopped half-way and resumed from the
store (:func:`check_resume`)."""

from __future__ import annotations

import json
from pathlib import Path

from companion import script
from companion.engine import get_game
from companion.replay import replay
from companion.session import Session
from companion.store import EventStore


def direct(table: script.TableScript, every_accepted: bool = False) -> Session:
    """The script's inputs straight into a session (no daemon); ``every_accepted``: each
    input must be accepted."""
    session = Session.start(table.header)
    for line in table.lines:
        reply = session.handle(line.input, line.number)
        assert reply.accepted or not every_accepted, (line.number, reply.text)
    return session


def check_resume(table: script.TableScript, db: Path) -> None:
    """Stop the script half-way, resume it from the store: the daemon's game, the resumed
    session and its state's JSON round trip all equal the uninterrupted game."""
    spec = get_game(table.header.game)
    replay(script.TableScript(table.header, table.lines[: len(table.lines) // 2]), db=db)
    resumed = replay(table, db=db)
    assert resumed.resumed_after is not None and resumed.refused == []
    assert resumed.state["view"] == replay(table).state["view"]
    store = EventStore(db)
    try:
        session = Session.resume(store, store.games()[0])
        assert session.state == direct(table).state
        assert spec.decode(json.loads(json.dumps(spec.encode(session.state)))) == session.state
    finally:
        store.close()
