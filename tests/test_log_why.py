"""Issue 33 item 2: the state's ``log_why`` has one entry per ``log`` line (the same
``{"rule", "text", "from"}`` as ``why``, or None), so any History line can be explained, not
only the latest news; in the table's language, from the publisher's recent sentences."""

from __future__ import annotations

from companion.header import GameHeader
from companion.inputs import Touch

#: Ada rolls 4 (a Ghost card first: room C), then 6.
HEADER = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "options": {},
          "stack": {"movement_die": [4, 6, 6], "ghost": ["room-C", "room-F"]}}
ROLLED_4 = {"rule": "Let's Play", "from": [4],
            "text": "The movement die shows 4: a Ghost card is flipped first, then move up to 4."}


def _state(daemon) -> dict:
    return daemon.call(lambda: daemon.publisher.state())


def test_every_log_line_keeps_its_why_after_later_news_and_in_italian(daemon):
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    assert daemon.call(lambda: daemon.context.changes.touch("roll", None)).accepted
    first = _state(daemon)
    assert first["log"].index("Ada rolled 4.") >= 0
    assert len(first["log_why"]) == len(first["log"])
    assert first["log_why"][first["log"].index("Ada rolled 4.")] == ROLLED_4
    for key in ("end-turn", "roll"):  # later news: the roll's line is no longer the latest
        assert daemon.call(lambda key=key: daemon.context.changes.touch(key, None)).accepted
    later = _state(daemon)
    assert "Ada rolled 4." not in later["news"]
    assert later["log_why"][later["log"].index("Ada rolled 4.")] == ROLLED_4
    assert later["log_why"][later["log"].index("Bo rolled 6.")]["from"] == [6]
    unexplained = [line for line, why in zip(later["log"], later["log_why"]) if why is None]
    assert unexplained and len(unexplained) < len(later["log"])
    daemon.call(lambda: setattr(daemon, "language", "it"))
    italian = _state(daemon)
    assert len(italian["log_why"]) == len(italian["log"])
    rolled = italian["log_why"][italian["log"].index("Ada ha fatto 4.")]
    assert rolled == {"rule": "Si gioca", "from": [4], "text": rolled["text"]}
    assert rolled["text"].startswith("Il dado di movimento mostra 4")


def test_no_game_has_an_empty_log_why(daemon):
    state = _state(daemon)
    assert len(state["log_why"]) == len(state["log"])
    assert all(why is None for why in state["log_why"])


def test_the_todo_lines_keep_their_why_after_a_daemon_restart(tmp_path):
    """Found by the trial helper: the todo survives a restart (issue 29) but its why did not:
    History held only "Resumed game 1 after 1 input." and the table screen's Why? had nothing
    to explain for "Place a ghost in room C." on the board. The resumed log names the todo
    lines again, each with its why."""
    from companion.client import Client
    from companion.daemon import Daemon, DaemonThread
    from companion.session import Session
    from companion.store import EventStore

    db = tmp_path / "g.sqlite3"
    store = EventStore(db)
    session = Session.start(GameHeader.from_json(HEADER), store)
    assert session.handle(Touch("roll")).accepted
    store.close()
    store = EventStore(db)
    try:
        daemon = Daemon(store, tmp_path / "d.sock")
        daemon.game.resume_last()
        with DaemonThread(daemon), Client(tmp_path / "d.sock").connect() as client:
            client.request({"cmd": "state"})
            state = client.state
    finally:
        store.close()
    assert state["todo"] == [{"kind": "place", "text": "Place a ghost in room C.", "lesson": None, "spoken": None}]
    # the newcomer16 trial: shown again after "Resumed", the last steps read as new ones (cards
    # put back twice): a line says they are what the table was told before the stop
    assert state["log"] == ["Resumed game 1 after 1 input.",
                            "Before the stop the table was told this (skip what is done already):",
                            "Place a ghost in room C."]
    assert state["log_why"] == [None, None, {"rule": "Ghost Cards", "from": ["C", 2],
                                       "text": "The card named room C, so a ghost goes there."}]
