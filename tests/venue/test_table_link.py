"""A table on a real Mosquitto (issue 32): retained status and state and the events over a
scripted game, nothing private in any message, the broker killed mid-game, the table
killed with kill -9, and the commands the network may and may not give."""

from __future__ import annotations

import json
import logging

from companion import protocol
from companion.daemon.settings import DaemonSettings
from companion.venue.link import read_command
from tests.collector import wait_until
from tests.venue.broker import Watcher
from tests.venue.table import payloads, play, start, venue_table


def _last_state(watcher, table="t1") -> dict:
    states = payloads(watcher, table, "state")
    return states[-1] if states else {}


def test_a_table_publishes_retained_status_and_state_and_the_events_of_a_game(broker, tmp_path):
    with venue_table(tmp_path, broker.port) as daemon:
        watcher = Watcher(broker.port, "haunt/#")
        wait_until(lambda: daemon.venue.connected, what="the table on the broker")
        lines = start(daemon, "creepy_cellar/basic-lost.jsonl")
        play(daemon, lines)
        revision = daemon.revision
        watcher.wait_for(lambda t, p, r: t == "haunt/t1/state" and json.loads(p)["revision"] == revision)
        # A newcomer (the dashboard after a restart) gets the retained status and state at once.
        late = Watcher(broker.port, "haunt/t1/#")
        _, status, retained = late.wait_for(lambda t, p, r: t == "haunt/t1/status")
        assert (status, retained) == (b"online", True)
        _, state, retained = late.wait_for(lambda t, p, r: t == "haunt/t1/state")
        state = json.loads(state)
        assert retained and state["revision"] == revision and state["over"] is True
        assert state["game"] == "creepy_cellar" and state["players"] == ["Ada", "Bo", "Cy"]
        assert state["figures"]["hauntings"] == 8 and state["winner"] == "lost"
        assert late.on("haunt/t1/event") == []  # events are not retained
        late.close()
    events = payloads(watcher, "t1", "event")
    names = [e["event"] for e in events]
    assert names[0] == "game_started" and names[-1] == "game_over"
    hauntings = [(e["hauntings"], e["new"]) for e in events if e["event"] == "haunting"]
    counts = [count for count, _new in hauntings]
    assert counts == sorted(counts) and counts[-1] == 8, hauntings  # an event per input that haunted, in order
    assert sum(new for _count, new in hauntings) == 8
    assert events[-1]["winner"] == "lost" and isinstance(events[-1]["duration"], int)
    watcher.wait_for(lambda t, p, r: t == "haunt/t1/status" and p == b"offline")  # a clean stop says so itself
    watcher.close()


def _secrets(daemon) -> set[str]:
    """Every text a player alone may see now (their private views), for the privacy scan."""
    def look():
        session = daemon.session
        found = set()
        for player in session.header.players:
            found |= _texts(protocol.private_message(session, player, daemon.language)["view"])
        return found
    return daemon.call(look)


def _texts(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_texts(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_texts(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) and len(value) > 3 else set()


def test_no_hand_envelope_or_secret_card_reaches_the_broker(broker, tmp_path):
    watcher = Watcher(broker.port, "#")
    secrets: set[str] = set()
    for script in ("clue_it/solved.jsonl", "house_of_spirits/secret_cards.jsonl"):
        with venue_table(tmp_path, broker.port, table=script.split("/")[0]) as daemon:
            wait_until(lambda: daemon.venue.connected, what="the table on the broker")
            lines = start(daemon, script)
            for line in lines:
                play(daemon, [line])
                secrets |= _secrets(daemon)
            envelope = daemon.call(lambda: getattr(daemon.session.state, "envelope", None))
            secrets |= {str(card) for card in envelope or ()}
            watcher.wait_for(lambda t, p, r, d=daemon: t.endswith("/state") and json.loads(p)["over"])
    watcher.close()
    assert len(secrets) > 5, secrets  # the scan looks for real cards
    assert len(watcher.messages) > 50
    for topic, payload, _retain in watcher.messages:
        text = payload.decode()
        leaked = [secret for secret in secrets if secret in text]
        assert not leaked, (topic, leaked)


def test_the_broker_killed_mid_game_the_table_plays_on_and_catches_up_in_order(broker, tmp_path):
    with venue_table(tmp_path, broker.port) as daemon:
        wait_until(lambda: daemon.venue.connected, what="the table on the broker")
        lines = start(daemon, "creepy_cellar/basic-lost.jsonl")
        play(daemon, lines[:40])
        broker.kill()
        wait_until(lambda: not daemon.venue.connected, what="the table to see the broker gone")
        before = daemon.revision
        play(daemon, lines[40:])  # every input taken while the broker is away
        assert daemon.revision > before and daemon.session.prompt.over
        queued = [e["event"] for e in daemon.venue.queued]
        assert "haunting" in queued and queued[-1] == "game_over"
        status = daemon.call(lambda: daemon.publisher.state()["hardware"]["broker"])
        assert status["connected"] is False and status["queued"] == len(queued) and status["problem"]
        broker.start()  # the same port
        watcher = Watcher(broker.port, "haunt/#")
        _, state, retained = watcher.wait_for(lambda t, p, r: t == "haunt/t1/state", timeout=5)
        assert json.loads(state)["revision"] == daemon.revision and json.loads(state)["over"]
        watcher.wait_for(lambda t, p, r: t == "haunt/t1/event" and json.loads(p)["event"] == "game_over")
        caught_up = [e["event"] for e in payloads(watcher, "t1", "event")]
        assert caught_up == queued  # the gap's events, in order
        assert daemon.venue.dropped == 0 and not daemon.venue.queued
        watcher.close()


def test_commands_call_and_acknowledge_staff_and_never_touch_the_game(broker, tmp_path, caplog):
    caplog.set_level(logging.INFO)
    with venue_table(tmp_path, broker.port) as daemon:
        watcher = Watcher(broker.port, "haunt/#")
        wait_until(lambda: daemon.venue.connected, what="the table on the broker")
        lines = start(daemon, "creepy_cellar/basic-lost.jsonl")
        play(daemon, lines[:10])
        revision, position = daemon.revision, daemon.session.position
        choices = [c.key for c in daemon.session.prompt.choices]
        for bad in ({"cmd": "choose", "key": choices[0]}, {"cmd": "undo"}, {"cmd": "new_game", "game": "clue_it"},
                    {"cmd": "end"}, "undo", [1, 2], {"cmd": ["call_staff"]}):
            watcher.publish("haunt/t1/command", json.dumps(bad) if not isinstance(bad, str) else bad)
        watcher.publish("haunt/t1/command", json.dumps({"cmd": "call_staff"}))
        watcher.wait_for(lambda t, p, r: t == "haunt/t1/event" and json.loads(p)["event"] == "staff_called")
        assert daemon.venue.refused == 7
        assert (daemon.revision, daemon.session.position) == (revision, position)  # the game as it was
        staff = daemon.call(lambda: daemon.publisher.state()["staff"])
        assert staff["called"] is True and staff["since"] > 0
        watcher.publish("haunt/t1/command", json.dumps({"cmd": "message", "text": "On my way\n\x07 -- Sam"}))
        wait_until(lambda: daemon.staff.message == "On my way -- Sam", what="the message on the screen")
        watcher.publish("haunt/t1/command", "staff_ack")
        watcher.wait_for(lambda t, p, r: t == "haunt/t1/event" and json.loads(p)["event"] == "staff_acknowledged")
        assert daemon.call(lambda: daemon.publisher.state()["staff"]) == {"called": False, "since": None,
                                                                           "message": None}
        wait_until(lambda: _last_state(watcher)["staff"] == {"called": False, "since": None, "message": None},
                   what="the venue's state to say the call was answered")
        assert (daemon.revision, daemon.session.position) == (revision, position)
        watcher.close()
    refusals = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(refusals) == 7 and "'choose' is not a venue command" in refusals[0]


def test_read_command_names_what_it_refuses():
    assert read_command(b'{"cmd": "staff_ack"}') == ("staff_ack", None, None)
    assert read_command(b'{"cmd": "message", "text": "hi"}') == ("message", "hi", None)
    assert read_command(b"call_staff") == ("call_staff", None, None)
    assert "not a venue command" in read_command(b'{"cmd": "undo"}')[2]
    assert "JSON" in read_command(b"choose end-turn")[2]
    assert "bytes" in read_command(b"x" * 2000)[2]


def test_a_resumed_game_is_on_the_broker_before_any_input(broker, tmp_path):
    from companion.daemon import Daemon, DaemonThread
    from companion.store import EventStore
    from tests.venue.table import mqtt_config

    store = EventStore(tmp_path / "r.sqlite3")
    try:
        with DaemonThread(Daemon(store, tmp_path / "a.sock")) as first:
            play(first, start(first, "creepy_cellar/basic-lost.jsonl")[:12])
            revision_played = first.session.position
        watcher = Watcher(broker.port, "haunt/#")
        second = Daemon(store, tmp_path / "b.sock", DaemonSettings(mqtt=mqtt_config(broker.port)))
        second.game.resume_last()  # as `companion daemon` does before it serves
        with DaemonThread(second):
            _, state, _ = watcher.wait_for(lambda t, p, r: t == "haunt/t1/state")
            state = json.loads(state)
            assert state["game"] == "creepy_cellar" and state["revision"] == second.revision
            assert second.session.position == revision_played
        assert [e["event"] for e in payloads(watcher, "t1", "event")] == []  # a resumed game is no new game
        watcher.close()
    finally:
        store.close()


def test_the_event_queue_drops_the_oldest_and_counts_them():
    from companion.venue.link import MAX_QUEUED, TableLink
    from tests.venue.table import mqtt_config

    async def nothing(name, text):
        return True, ""

    link = TableLink(mqtt_config(1), nothing)
    for n in range(MAX_QUEUED + 100):
        link.event({"event": "haunting", "n": n})
    assert link.dropped == 100 and [e["n"] for e in link.queued][:2] == [100, 101]
    assert link.status() == {"broker": "127.0.0.1:1", "table": "t1", "connected": False, "problem": None,
                             "queued": MAX_QUEUED, "dropped": 100}
