"""The SQLite event store: durable settings, order, resume lookups, bad files (issue 2)."""

from __future__ import annotations

import sqlite3

import pytest

from companion.errors import StoreError
from companion.store import EventStore

HEADER = {"game": "creepy_cellar", "players": ["Ada"], "seed": 1}


def test_wal_and_full_sync(tmp_path):
    store = EventStore(tmp_path / "s.sqlite3")
    assert store.pragma("journal_mode") == "wal"
    assert store.pragma("synchronous") == 2  # FULL


def test_events_come_back_in_order(tmp_path):
    store = EventStore(tmp_path / "s.sqlite3")
    game = store.new_game(HEADER, "k1", now=100.0)
    assert [store.append(game, "input", {"n": n}, now=100.0 + n) for n in range(3)] == [1, 2, 3]
    store.append(game, "undo", {"input": {"touch": "undo"}}, now=104.0)
    events = store.events(game)
    assert [(e.seq, e.kind, e.body.get("n")) for e in events] == [
        (1, "input", 0), (2, "input", 1), (3, "input", 2), (4, "undo", None)]
    assert events[0].at == 100.0


def test_last_unfinished_and_by_key(tmp_path):
    store = EventStore(tmp_path / "s.sqlite3")
    first = store.new_game(HEADER, "a", now=1.0)
    second = store.new_game(HEADER, "b", now=2.0)
    store.append(second, "input", {}, now=3.0, outcome="lost")
    assert store.last_unfinished().id == first
    assert store.by_key("b").id == second and store.by_key("b").outcome == "lost"
    assert store.by_key("nope") is None


def test_survives_reopen(tmp_path):
    path = tmp_path / "s.sqlite3"
    store = EventStore(path)
    game = store.new_game(HEADER, None, now=1.0)
    store.append(game, "input", {"x": 1}, now=2.0)
    store.close()
    store.close()  # idempotent
    again = EventStore(path)
    assert again.events(game)[0].body == {"x": 1}
    assert again.last_unfinished().header == HEADER


def test_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="cannot open the event store"):
        EventStore(path)
    assert path.read_bytes() == b"this is not sqlite" * 100  # nothing overwritten


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "s.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.close()
    with pytest.raises(StoreError, match="schema 99"):
        EventStore(path)


def test_closed_store_refuses_writes(tmp_path):
    store = EventStore(tmp_path / "s.sqlite3")
    game = store.new_game(HEADER, None, now=1.0)
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.append(game, "input", {}, now=2.0)


def test_one_writer_only(tmp_path):
    """Two replays on one --db interleaved their events and broke the game (newcomer report)."""
    path = tmp_path / "s.sqlite3"
    first = EventStore(path)
    with pytest.raises(StoreError, match="in use by another companion process"):
        EventStore(path)
    first.close()
    EventStore(path).close()  # free again once closed


def test_another_programs_database_is_left_alone(tmp_path):
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE contacts (name TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="is not a Haunt Companion event store"):
        EventStore(path)
    assert path.read_bytes() == before  # not even switched to WAL (second newcomer report)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite3"]  # no stray .lock


def test_a_version_1_store_gains_the_tag_registry(tmp_path):
    path = tmp_path / "v1.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, key TEXT, "
                     "header TEXT NOT NULL, started REAL NOT NULL, outcome TEXT);"
                     "CREATE TABLE events (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,"
                     " body TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, seq));"
                     "INSERT INTO games (game, key, header, started) VALUES ('creepy_cellar', NULL, '{}', 1.0);"
                     "PRAGMA user_version=1;")
    db.close()
    store = EventStore(path)
    assert store.enrolled_tags() == {}
    assert store.enroll_tag("04112233", "creepy_cellar:ghost:room-H", now=1.0) is None
    assert store.pragma("user_version") == 5
    old = store.game(1)  # schema 5: recorded before versions were: rules version 1
    assert (old.versions, old.rules_version) == ({}, 1)
    assert store.content("children") == {}
