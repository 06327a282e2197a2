"""Issue 26, the event store's files: a recovery cut off at any step loses nothing, the last
good copy never shrinks, one daemon per file (whatever link it is reached through), another
program's file is never adopted, and every file is the owner's alone (0600)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat

import pytest

from companion.errors import StoreError
from companion.recovery import good_copy_path, open_store, save_good_copy
from companion.store import APPLICATION_ID, EventStore, NotOurs
from tests.test_recovery import HEADER, _damage_page, _store_with_events


def _numbers(store: EventStore) -> dict[int, list[int]]:
    return {record.id: [e.body["n"] for e in store.events(record.id)] for record in store.games()}


def _damaged_store(db) -> dict[int, list[int]]:
    """A store whose last good copy holds 5 events, 4 more after it, then a torn page."""
    gid = _store_with_events(db, 5)
    open_store(db)[0].close()
    _store_with_events(db, 4, gid)
    _damage_page(db, "snapshots")
    return {gid: list(range(9))}


def _killed_at(step: int, db) -> bool:
    """Run ``open_store(db)`` in a child that dies (``os._exit``, as a SIGKILL: no clean-up)
    at its ``step``-th rename, removal or flush; whether it died before finishing."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        calls = [0]

        def dying(real):
            def call(*args, **kwargs):
                calls[0] += 1
                if calls[0] == step:
                    os._exit(9)
                return real(*args, **kwargs)
            return call

        os.replace, os.unlink, os.fsync = dying(os.replace), dying(os.unlink), dying(os.fsync)
        try:
            open_store(db)[0].close()
        except BaseException:
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    assert code in (0, 9), f"the recovery failed at step {step} (exit {code})"
    return code == 9


def test_a_recovery_cut_off_at_any_step_loses_nothing(tmp_path):
    """Before issue 26 a cut between moving the damaged file aside and putting the copy back
    left an empty store: the next start said "no unfinished game" and overwrote the last
    good copy with it."""
    pristine = tmp_path / "pristine"
    pristine.mkdir()
    expected = _damaged_store(pristine / "s.sqlite3")
    step, cut = 0, 0
    while True:
        step += 1
        work = tmp_path / f"step{step}"
        shutil.copytree(pristine, work)
        if not _killed_at(step, work / "s.sqlite3"):
            break
        cut += 1
        store, _ = open_store(work / "s.sqlite3")  # the next start
        assert _numbers(store) == expected, f"cut at step {step}"
        store.close()
        store, _ = open_store(work / "s.sqlite3")  # and the one after (the copy was refreshed)
        assert _numbers(store) == expected, f"cut at step {step}, second start"
        store.close()
        shutil.rmtree(work)
    assert cut >= 8  # every copy, flush, removal and rename of the recovery was a cut point


def test_a_start_after_an_old_cut_recovery_reads_the_damaged_file_back(tmp_path):
    """What a cut recovery of an earlier version left: no database, the last good copy, and
    the damaged file (with every input) set aside. The start reads both back."""
    db = tmp_path / "s.sqlite3"
    expected = _damaged_store(db)
    os.replace(db, tmp_path / "s.sqlite3.damaged-20261205-120000")
    store, recovery = open_store(db)
    assert _numbers(store) == expected and recovery is not None
    store.close()


def test_a_store_with_fewer_events_never_replaces_the_last_good_copy(tmp_path):
    db = tmp_path / "s.sqlite3"
    _store_with_events(db, 6)
    save_good_copy(db)
    kept = good_copy_path(db).read_bytes()
    db.unlink()
    _store_with_events(db, 2)
    with pytest.raises(StoreError, match="holds 2 events and its last good copy 6"):
        save_good_copy(db)
    assert good_copy_path(db).read_bytes() == kept


def _two_games_deleted(db) -> EventStore:
    """A store with two games and a last good copy of both; then the owner deletes both."""
    first = _store_with_events(db, 4)
    second = _store_with_events(db, 3)
    save_good_copy(db)
    store = EventStore(db)
    assert store.delete_game(first) and store.delete_game(second)
    return store


def test_games_the_owner_deleted_never_come_back_from_the_last_good_copy(tmp_path):
    """Storage notes: a store left with no game read back .last-good's games, so deleting
    every game on the desk brought them all back at the next start."""
    db = tmp_path / "s.sqlite3"
    _two_games_deleted(db).close()
    store, recovery = open_store(db)  # the copy was not refreshed yet: a power cut
    assert (_numbers(store), recovery) == ({}, None)
    store.close()
    save_good_copy(db)  # fewer events, but only by the deleted games': the copy follows
    assert EventStore(good_copy_path(db)).games() == []


def test_games_the_owner_deleted_never_come_back_from_a_damaged_file(tmp_path):
    """A damaged file set aside by an earlier recovery still holds the games; deleted since,
    they stay deleted when the store is left with no game."""
    db = tmp_path / "s.sqlite3"
    _store_with_events(db, 4)
    _store_with_events(db, 3)
    shutil.copyfile(db, tmp_path / "s.sqlite3.damaged-20261205-120000")
    store = EventStore(db)
    assert all(store.delete_game(record.id) for record in store.games())
    store.close()
    store, recovery = open_store(db)
    assert (_numbers(store), recovery) == ({}, None)
    store.close()


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_one_daemon_per_file_whatever_link_reaches_it(tmp_path, link):
    db = tmp_path / "s.sqlite3"
    first = EventStore(db)
    other = tmp_path / "other.sqlite3"
    (os.symlink if link == "symlink" else os.link)(db, other)
    with pytest.raises(StoreError, match="in use by another companion process"):
        EventStore(other)
    first.close()
    EventStore(other).close()


def _foreign(path, sql: str) -> bytes:
    db = sqlite3.connect(path)
    db.executescript(sql)
    db.close()
    return path.read_bytes()


@pytest.mark.parametrize("sql", [
    "CREATE TABLE settings (key TEXT, val TEXT); INSERT INTO settings VALUES ('a', 'b');",
    "CREATE TABLE tags (id INTEGER, label TEXT);",
    "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT);",
])
def test_another_programs_file_is_refused_untouched(tmp_path, sql):
    """Before issue 26 a file whose tables were named like some of ours was made WAL, given
    our tables and then crashed ("no such column: value")."""
    db = tmp_path / "theirs.sqlite3"
    before = _foreign(db, sql)
    with pytest.raises(NotOurs, match="not a Haunt Companion event store"):
        open_store(db)
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["theirs.sqlite3"]


def test_another_programs_damaged_file_is_not_renamed_or_replaced(tmp_path):
    db = tmp_path / "theirs.db"
    db.write_bytes(b"SQLite format 3\x00" + bytes(4080))
    with pytest.raises(NotOurs, match="not one of this companion's"):
        open_store(db)
    assert db.read_bytes() == b"SQLite format 3\x00" + bytes(4080)
    assert [p.name for p in tmp_path.iterdir()] == ["theirs.db"]


def test_our_store_carries_our_mark_and_an_older_one_gets_it(tmp_path):
    db = tmp_path / "s.sqlite3"
    _store_with_events(db, 1)
    assert EventStore(db).pragma("application_id") == APPLICATION_ID
    old = tmp_path / "old.sqlite3"
    _store_with_events(old, 2)
    raw = sqlite3.connect(old)
    raw.execute("PRAGMA application_id = 0")
    raw.commit()
    raw.close()
    store = EventStore(old)
    assert store.pragma("application_id") == APPLICATION_ID and len(store.events(1)) == 2
    store.close()


def test_every_file_of_the_store_is_the_owners_alone(tmp_path):
    """Before issue 26 the store (which holds hidden cards), its -wal and -shm were 0644."""
    old = os.umask(0o022)
    try:
        db = tmp_path / "s.sqlite3"
        store, _ = open_store(db)
        gid = store.new_game(HEADER, None, 1.0)
        store.append(gid, "input", {"n": 0}, 2.0)
        files = [p for p in tmp_path.iterdir()]
        assert {p.name for p in files} >= {"s.sqlite3", "s.sqlite3-wal", "s.sqlite3-shm", "s.sqlite3.lock",
                                            "s.sqlite3.last-good"}
        assert {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {p.name: "0o600" for p in files}
        store.close()
    finally:
        os.umask(old)


def test_the_lock_file_is_never_opened_through_a_link(tmp_path):
    target = tmp_path / "precious"
    target.write_text("keep me")
    os.symlink(target, tmp_path / "s.sqlite3.lock")
    with pytest.raises(StoreError):
        EventStore(tmp_path / "s.sqlite3")
    assert target.read_text() == "keep me"


def test_starts_killed_at_random_moments_of_a_recovery_lose_nothing():
    """The small version of benchmarks/recovery_kills.py (200 trials there): real SIGKILLs."""
    import io

    from benchmarks.recovery_kills import run

    phases, problems = run(trials=4, events=200, out=io.StringIO())
    assert problems == []
    assert sum(phases.values()) >= 4
