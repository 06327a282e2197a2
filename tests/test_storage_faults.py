"""Issue 8: torn writes, a full disk and a read-only data directory.

* A copy of a live store (database and WAL, as a power cut leaves them) truncated at random
  byte offsets opens with a prefix of its games' events (the last complete transaction), or
  is moved aside and rebuilt (issue 7's recovery: the last good copy plus what still reads,
  again a prefix) with a sentence for the table; never an exception, never twice.
* A write that fails mid-game (disk full) leaves nothing half-written: the game goes on in
  memory and every screen is told.
* A read-only data directory: the games in it are resumed in memory, with a warning.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion import script as scripts
from companion.cli import main
from companion.client import Client
from companion.errors import StoreError
from companion.recovery import open_store
from companion.session import Session
from companion.store import APPLICATION_ID, CorruptStore, EventStore
from tests import store_file
from tests.checkout import ROOT, checkout_env
from tests.collector import Collector
from tests.daemon_fixture import running_daemon

DEMO = scripts.load(ROOT / "companion/data/demo.jsonl")
CLUE = scripts.load(ROOT / "tests/scripts/clue_it/solved.jsonl")

#: Truncation offsets tried per file in CI (seeded).
TORN_TRIALS = 60


def _play(store: EventStore, script, upto: int | None = None) -> Session:
    session = Session.start(script.header, store)
    for line in script.lines[:upto]:
        session.handle(line.input, line.number)
    return session


@pytest.fixture(scope="module")
def live_store(tmp_path_factory) -> Path:
    """A store as a power cut leaves it: one finished game checkpointed into the database,
    a second one half played and only in the WAL (copied while the store is open)."""
    work = tmp_path_factory.mktemp("live")
    path = work / "live.sqlite3"
    store = EventStore(path)
    _play(store, DEMO)
    store_file.write(path, "PRAGMA wal_checkpoint(TRUNCATE)")
    _play(store, CLUE, upto=40)
    saved = tmp_path_factory.mktemp("saved")
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{path}{suffix}", saved / f"g.sqlite3{suffix}")
    store.close()
    assert (saved / "g.sqlite3-wal").stat().st_size > 100_000
    return saved / "g.sqlite3"


def _copy(source: Path, work: Path) -> Path:
    """A copy of the saved store files in ``work`` (opening the saved ones would checkpoint them)."""
    work.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{source}{suffix}", work / f"g.sqlite3{suffix}")
    return work / "g.sqlite3"


def _events(store: EventStore, finished_may_be_damaged: bool = False) -> dict[str, list]:
    """game id -> its events; a finished game whose events no longer decode is left out when
    ``finished_may_be_damaged`` (reading it raises CorruptStore, a clear error)."""
    events = {}
    for g in store.games():
        try:
            events[g.game] = [(e.kind, e.body) for e in store.events(g.id)]
        except CorruptStore:
            if not (finished_may_be_damaged and g.outcome is not None):
                raise
    return events


@pytest.mark.parametrize("part", ["-wal", ""], ids=["wal", "database"])
def test_a_torn_store_resumes_a_prefix_or_is_moved_aside(live_store, tmp_path, part):
    original = EventStore(_copy(live_store, tmp_path / "whole"))
    complete = _events(original)
    assert len(complete["clue_it"]) >= 20 and original.last_unfinished().game == "clue_it"
    original.close()
    size = Path(f"{live_store}{part}").stat().st_size
    rng = random.Random(f"torn{part}")
    outcomes = {"resumed": 0, "moved aside": 0}
    for trial in range(TORN_TRIALS):
        work = tmp_path / f"t{trial}"
        _copy(live_store, work)
        offset = rng.randrange(size)
        os.truncate(work / f"g.sqlite3{part}", offset)
        store, recovery = open_store(work / "g.sqlite3", save_copy=False)  # never raises
        try:
            outcomes["resumed" if recovery is None else "moved aside"] += 1
            if recovery is not None:
                assert recovery.moved_to.exists() and recovery.moved_to.name.startswith("g.sqlite3.damaged-")
            for game, events in _events(store, finished_may_be_damaged=recovery is None).items():
                assert events == complete[game][:len(events)], f"offset {offset}: not a prefix"
            if store.last_unfinished() is not None:
                Session.resume(store, store.last_unfinished())  # the game to resume replays
        finally:
            store.close()
        again, recovery = open_store(work / "g.sqlite3", save_copy=False)  # the next start: no loop
        again.close()
        assert recovery is None, f"offset {offset}: second start: {recovery}"
        shutil.rmtree(work)
    assert outcomes["moved aside"] + outcomes["resumed"] == TORN_TRIALS
    if part == "-wal":
        assert outcomes["resumed"] == TORN_TRIALS  # WAL frames carry checksums: a torn tail is dropped
    else:
        assert outcomes["moved aside"] > 0  # a cut database fails its integrity check


def test_a_schema_cut_short_is_completed_not_refused(tmp_path):
    """Found by the torn-WAL trials: the schema was created one table per transaction, so a
    power cut at the first start left 'games' alone, and every later start refused the file
    as 'not a Haunt Companion event store' (a crash loop under systemd)."""
    path = tmp_path / "s.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, key TEXT, "
               "header TEXT NOT NULL, started REAL NOT NULL, outcome TEXT)")
    db.commit()
    db.close()
    store = EventStore(path)
    assert store.games() == [] and store.enrolled_tags() == {}
    store.close()


def test_a_database_cut_short_is_damaged_even_when_its_integrity_check_passes(live_store, tmp_path):
    """Found by the torn-database trials: SQLite reads the missing end of a cut file as zeros
    and integrity_check does not read record contents, so a cut file could open "fine" and
    then fail to decode its events at resume (a crash at every start)."""
    path = _copy(live_store, tmp_path / "cut")
    store = EventStore(path)
    store.close()  # checkpoints the WAL into the database: one self-contained file
    size = path.stat().st_size
    os.truncate(path, size - 4096)  # the last page is gone, the header still counts it
    with pytest.raises(CorruptStore, match=f"is cut short: {size - 4096} bytes of {size}"):
        EventStore(path)
    os.truncate(path, size - 4096 - 100)
    with pytest.raises(CorruptStore, match="is not a whole number of 4096-byte pages"):
        EventStore(path)


def test_stored_text_that_no_longer_decodes_is_damage_not_a_crash(tmp_path):
    path = tmp_path / "g.sqlite3"
    store = EventStore(path)
    _play(store, DEMO, upto=5)
    store_file.write(path, "UPDATE events SET body = ? WHERE seq = 2", ('{"input": "cut sh',))
    with pytest.raises(CorruptStore, match="game 1 event 2 in the event store is damaged"):
        store.events(1)
    store.close()
    recovered, recovery = open_store(path, save_copy=False)
    assert recovery is not None and "event 2" in recovery.problem
    recovered.close()


@pytest.mark.slow
def test_companion_daemon_starts_over_a_damaged_store_and_says_so(tmp_path):
    db, sock = tmp_path / "g.sqlite3", tmp_path / "d.sock"
    # our mark (application_id) in a header otherwise zeros: a store of ours, damaged
    db.write_bytes(b"SQLite format 3\x00" + bytes(52) + APPLICATION_ID.to_bytes(4, "big") + bytes(4024))
    proc = subprocess.Popen([os.sys.executable, "-m", "companion", "daemon", "--db", str(db), "--socket", str(sock)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=checkout_env())
    try:
        assert "listening on" in proc.stdout.readline()
        with Client(sock).connect() as client:
            assert any("damaged" in line and "g.sqlite3.damaged-" in line for line in client.state["log"])
    finally:
        proc.terminate()
        proc.wait(10)


# ---------------------------------------------------------------- a write that fails mid-game

class Disk:
    """The store's ``connect``: while ``full``, the connection's writes fail as on a full
    disk (reads still work)."""

    def __init__(self):
        self.full = False

    def __call__(self, *args, **kwargs):
        return FailingConnection(sqlite3.connect(*args, **kwargs), self)


class FailingConnection:
    """An sqlite3 connection whose writes fail while its :class:`Disk` is full."""

    def __init__(self, db, disk: Disk):
        self.db, self.disk = db, disk

    def execute(self, sql, *args):
        if self.disk.full and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode, error.sqlite_errorname = sqlite3.SQLITE_FULL, "SQLITE_FULL"  # as SQLite's own
            raise error
        return self.db.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self.db, name)


def test_a_full_disk_mid_game_keeps_the_inputs_and_writes_them_when_there_is_room(tmp_path):
    """Issue 26: after a failed write nothing was ever written again, even with room back."""
    disk = Disk()
    store = EventStore(tmp_path / "g.sqlite3", connect=disk)
    with running_daemon(tmp_path, store) as daemon:
        daemon.call(lambda: daemon.start_game(DEMO.header))
        collector = Collector()
        with Client(daemon.socket_path, on_message=collector).connect() as client:
            assert client.choose("roll")["ok"] and client.choose("end-turn")["ok"]
            disk.full = True  # the disk fills up
            assert client.choose("roll")["ok"] is True  # still played
            notice = collector.wait_for(lambda m: m.get("type") == "notice" and "not being saved" in m["text"])
            assert notice["level"] == "error"
            assert notice["text"] == ("The game is not being saved: the disk is full. Its inputs are kept in "
                                      "memory and saved as soon as there is room: keep the companion on.")
            assert client.choose("end-turn")["ok"] and client.undo()["ok"]
            client.request({"cmd": "state"})
            assert client.state["storage_warning"] == notice["text"]
            assert daemon.call(lambda: daemon.session.recording.kept) == 3
            disk.full = False  # room again: the kept inputs go first, in order, then this one
            assert client.choose("end-turn")["ok"]
            saved = collector.wait_for(lambda m: m.get("type") == "notice" and "Saving again" in m["text"])
            assert saved["text"] == "Saving again: every input kept in memory is now saved."
            client.request({"cmd": "state"})
            assert client.state["storage_warning"] is None
            played = daemon.call(lambda: daemon.session.position)
            live = daemon.call(lambda: daemon.session.state)
    assert [e.kind for e in store.events(1)] == ["input", "input", "input", "input", "undo", "input"]
    resumed = Session.resume(store, store.last_unfinished())
    assert resumed.position == played == 4 and resumed.state == live
    store.close()


def test_a_new_game_on_a_full_disk_is_recorded_once_there_is_room(tmp_path):
    disk = Disk()
    store = EventStore(tmp_path / "g.sqlite3", connect=disk)
    disk.full = True
    session = Session.start(DEMO.header, store)
    assert session.recording.unsaved and session.recording.unsaved.endswith(": the disk is full")
    assert session.handle(DEMO.lines[0].input).accepted
    assert store.games() == [] and session.recording.kept == 1
    disk.full = False
    assert session.recording.save_kept() == 1 and session.recording.unsaved is None
    assert [g.id for g in store.games()] == [session.game_id] and len(store.events(session.game_id)) == 1
    store.close()


# ---------------------------------------------------------------- real file systems (root: tmpfs)

@contextlib.contextmanager
def tiny_tmpfs(path: Path, size: str):
    path.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(path)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (not root)")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


def _fill(fs: Path) -> None:
    with contextlib.suppress(OSError), open(fs / "filler", "wb") as filler:
        while True:  # fill the disk to the last byte
            filler.write(b"\0" * 4096)
            filler.flush()


def test_a_really_full_disk(tmp_path):
    """Issue 26: the inputs played on a full disk were lost (25 + 15 after a clean restart)."""
    with tiny_tmpfs(tmp_path / "fs", "600k") as fs:
        store = EventStore(fs / "g.sqlite3")
        with running_daemon(tmp_path, store) as daemon:
            daemon.call(lambda: daemon.start_game(DEMO.header))
            with Client(daemon.socket_path) as client:
                assert client.choose("roll")["ok"]
                _fill(fs)
                for _ in range(30):  # until a write needs a page the disk does not have
                    assert client.choose("end-turn")["ok"] and client.choose("roll")["ok"]
                    if daemon.call(lambda: daemon.session.recording.unsaved):
                        break
                assert "full" in daemon.call(lambda: daemon.session.recording.unsaved)
                assert client.choose("end-turn")["ok"]
                client.request({"cmd": "state"})
                assert "not being saved" in client.state["storage_warning"]
                kept = daemon.call(lambda: daemon.session.recording.kept)
                assert kept >= 2
                (fs / "filler").unlink()  # room again: written at the next try (every 2 s)
                assert daemon.call(daemon.saving.save_kept) == 0
                client.request({"cmd": "state"})
                assert client.state["storage_warning"] is None
                assert "Saving again: every input kept in memory is now saved." in client.state["log"]
                played = daemon.call(lambda: daemon.session.position)
        store.close()
        again = EventStore(fs / "g.sqlite3")  # integrity check: nothing half-written
        resumed = Session.resume(again, again.last_unfinished())
        assert resumed.position == played
        again.close()


def test_the_daemon_starts_on_a_full_disk_and_saves_once_there_is_room(tmp_path):
    """Issue 26: SQLite could not make its -shm and the daemon exited at every start."""
    with tiny_tmpfs(tmp_path / "fs", "600k") as fs:
        db, sock = fs / "g.sqlite3", tmp_path / "d.sock"
        store = EventStore(db)
        played = _play(store, DEMO, upto=6).position
        store.close()
        (fs / "g.sqlite3-shm").unlink(missing_ok=True)
        _fill(fs)
        proc = subprocess.Popen([os.sys.executable, "-m", "companion", "daemon", "--db", str(db),
                                 "--socket", str(sock)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=checkout_env())
        try:
            assert "listening on" in proc.stdout.readline()
            with Client(sock).connect() as client:
                assert client.state["storage_warning"].startswith("The game is not being saved: the disk is full.")
                assert client.choose("end-turn")["ok"] and client.choose("roll")["ok"]
                (fs / "filler").unlink()
                assert client.choose("end-turn")["ok"]
                client.request({"cmd": "state"})
                assert client.state["storage_warning"] is None
        finally:
            proc.terminate()
            assert proc.wait(10) == 0, proc.stderr.read()
        store = EventStore(db)
        assert Session.resume(store, store.last_unfinished()).position == played + 3
        store.close()


def test_a_read_only_data_directory_resumes_the_game_in_memory(tmp_path):
    with tiny_tmpfs(tmp_path / "fs", "4m") as fs:
        store = EventStore(fs / "g.sqlite3")
        played = _play(store, DEMO, upto=20).position
        store.close()
        before = {p.name: p.read_bytes() for p in fs.iterdir()}
        subprocess.run(["mount", "-o", "remount,ro", str(fs)], check=True)
        with pytest.raises(StoreError):
            open_store(fs / "g.sqlite3", save_copy=False)
        from companion.daemon.boot import open_store_or_memory

        store, recovery, note = open_store_or_memory(fs / "g.sqlite3")
        assert recovery is None and store.path == ":memory:"
        assert note.startswith(f"The event store {fs / 'g.sqlite3'} cannot be written (")
        assert note.endswith("The game goes on in memory and is lost when the companion stops.")
        with running_daemon(tmp_path, store) as daemon:
            session = daemon.call(daemon.game.resume_last)
            assert session.position == played and played > 10
            assert daemon.call(lambda: daemon.session.handle(DEMO.lines[20].input, 22).accepted)
        store.close()
        assert {p.name: p.read_bytes() for p in fs.iterdir()} == before


def test_the_daemon_refuses_a_data_directory_anyone_can_write(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o777)
    assert main(["daemon", "--db", str(data / "g.sqlite3"), "--socket", str(tmp_path / "d.sock")]) == 2
    err = capsys.readouterr().err
    assert f"{data} can be written by any user" in err and f"chmod o-w {data}" in err
    assert not (data / "g.sqlite3").exists()
