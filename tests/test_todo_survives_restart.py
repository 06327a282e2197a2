"""Issue 29 item 6: the todo lines survive a restart of the daemon ("after a daemon and
screen restart, 4 todo lines became 2"): a resumed game's todo is the last input's, made
again as live (the news after its action and after each chance outcome it drew), not only
the news of the state it ended in."""

from __future__ import annotations

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.header import GameHeader
from companion.inputs import Touch
from companion.protocol import todo_message
from companion.session import Session
from companion.store import EventStore

#: Seed 7, two hunters: the 11th touch (a roll) draws several Ghost cards: a trap door, two
#: ghosts and a shuffle; its end state alone says only the last ghost and the shuffle.
TOUCHES = ["roll", "end-turn"] * 5 + ["roll"]


def _header() -> GameHeader:
    return GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7,
                                 "stack": {}, "options": {}, "tags": {}})


def _todo_of_a_daemon(db, touches=()) -> list[dict]:
    """Start a real daemon on ``db`` (resuming its last game), touch ``touches``, return the
    todo lines of the state it sends, then stop it."""
    store = EventStore(db)
    try:
        daemon = Daemon(store, db.parent / "d.sock")
        daemon.game.resume_last()
        with DaemonThread(daemon), Client(db.parent / "d.sock").connect() as client:
            for key in touches:
                assert client.choose(key)["ok"], key
            client.request({"cmd": "state"})
            return client.state["todo"]
    finally:
        store.close()


def test_the_todo_lines_are_the_same_after_a_daemon_restart(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = EventStore(db)
    Session.start(_header(), store)
    store.close()
    before = _todo_of_a_daemon(db, TOUCHES)
    assert len(before) == 5 and before[0]["kind"] == "flip"  # the case of the issue: several lines
    assert _todo_of_a_daemon(db) == before


def _played(db) -> Session:
    store = EventStore(db)
    session = Session.start(_header(), store)
    for key in TOUCHES:
        assert session.handle(Touch(key)).accepted
    return session


def test_a_resume_from_the_whole_log_or_a_snapshot_gives_the_live_todo(tmp_path, monkeypatch):
    monkeypatch.setattr("companion.session.snapshots.SNAPSHOT_EVERY", 1)  # a snapshot after every event, the last too
    session = _played(tmp_path / "g.sqlite3")
    live = todo_message(session.todo, "en")
    for use_snapshot in (False, True):
        resumed = Session.resume(session.store, session.store.last_unfinished(), use_snapshot=use_snapshot)
        assert resumed.replayed == (0 if use_snapshot else len(TOUCHES))
        assert todo_message(resumed.todo, "en") == live


def test_after_an_undo_a_resume_gives_its_put_back_lines(tmp_path):
    session = _played(tmp_path / "g.sqlite3")
    reply = session.handle(Touch("undo"))  # the roll that drew the Ghost cards, taken back
    assert reply.accepted
    live = todo_message(session.todo, "en")
    assert len(live) >= 3 and all(line["kind"] == "return" for line in live)
    resumed = Session.resume(session.store, session.store.last_unfinished(), use_snapshot=False)
    assert todo_message(resumed.todo, "en") == live
