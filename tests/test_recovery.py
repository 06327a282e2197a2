"""A damaged event store at start (issue 7, power loss): moved aside, never deleted; the game
rebuilt from the last good copy plus every later event that still reads; a clear message."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from importlib import resources

import pytest

from companion import script as scripts
from companion.client import Client
from companion.errors import StoreError
from companion.recovery import good_copy_path, open_store
from companion.replay import replay
from companion.store import CorruptStore, EventStore
from tests.checkout import checkout_env
from tests.collector import wait_until

HEADER = {"game": "creepy_cellar", "players": ["Ada"], "seed": 1}
DEMO = resources.files("companion.data").joinpath("demo.jsonl").read_text(encoding="utf-8").splitlines()


def _store_with_events(path, count: int, game_id: int | None = None) -> int:
    store = EventStore(path)
    if game_id is None:
        game_id = store.new_game(HEADER, None, 1.0)
    first = len(store.events(game_id))
    for n in range(first, first + count):
        store.append(game_id, "input", {"n": n}, 2.0 + n)
    store.close()
    return game_id


def _damage_page(path, table: str) -> None:
    """Overwrite the root page of ``table`` (a b-tree page) with bytes SQLite cannot read."""
    db = sqlite3.connect(path)
    root, = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    size, = db.execute("PRAGMA page_size").fetchone()
    db.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * size)
        f.write(b"\xff" * size)


def test_a_healthy_store_opens_as_it_is_and_leaves_a_good_copy(tmp_path):
    db = tmp_path / "s.sqlite3"
    gid = _store_with_events(db, 3)
    store, recovery = open_store(db)
    assert recovery is None
    assert [e.body["n"] for e in store.events(gid)] == [0, 1, 2]
    store.close()
    copy = EventStore(good_copy_path(db))
    assert [e.body["n"] for e in copy.events(gid)] == [0, 1, 2]
    copy.close()


def test_damaged_store_is_moved_aside_and_rebuilt_from_the_copy_plus_later_events(tmp_path):
    db = tmp_path / "s.sqlite3"
    gid = _store_with_events(db, 5)
    open_store(db)[0].close()  # a daemon start: the good copy holds 5 events
    _store_with_events(db, 3, gid)  # 3 more inputs acknowledged after it
    _damage_page(db, "snapshots")  # a torn page the game does not need
    damaged_bytes = db.read_bytes()
    with pytest.raises(CorruptStore, match="malformed|integrity check"):
        EventStore(db)

    store, recovery = open_store(db, now=0.0)
    assert [e.body["n"] for e in store.events(gid)] == [0, 1, 2, 3, 4, 5, 6, 7]
    assert store.last_unfinished().header == HEADER
    store.close()
    assert recovery.salvaged == 3 and recovery.copy_saved is not None
    assert recovery.moved_to.name.startswith("s.sqlite3.damaged-19700101-")
    assert recovery.moved_to.read_bytes() == damaged_bytes  # kept byte for byte for a bug report
    assert "malformed" in recovery.problem or "integrity check" in recovery.problem


def test_unreadable_file_rebuilt_from_the_copy_alone(tmp_path):
    db = tmp_path / "s.sqlite3"
    gid = _store_with_events(db, 4)
    open_store(db)[0].close()
    _store_with_events(db, 2, gid)
    with open(db, "r+b") as f:  # the header page torn: "file is not a database"
        f.write(b"\0" * 100)
    store, recovery = open_store(db)
    assert [e.body["n"] for e in store.events(gid)] == [0, 1, 2, 3]  # the last two were on lost pages
    store.close()
    assert recovery.salvaged == 0 and recovery.copy_saved is not None
    assert "not a database" in recovery.problem


def test_without_a_copy_the_store_is_rebuilt_from_what_still_reads(tmp_path):
    db = tmp_path / "s.sqlite3"
    gid = _store_with_events(db, 4)
    _damage_page(db, "snapshots")
    store, recovery = open_store(db)
    assert [e.body["n"] for e in store.events(gid)] == [0, 1, 2, 3]
    store.close()
    assert recovery.copy_saved is None and recovery.salvaged == 4


def test_a_damaged_copy_is_not_used(tmp_path):
    db = tmp_path / "s.sqlite3"
    gid = _store_with_events(db, 2)
    open_store(db)[0].close()
    _damage_page(good_copy_path(db), "events")
    _damage_page(db, "snapshots")
    store, recovery = open_store(db)
    assert recovery.copy_saved is None and [e.body["n"] for e in store.events(gid)] == [0, 1]
    store.close()


def test_a_finished_game_keeps_its_outcome_when_salvaged(tmp_path):
    db = tmp_path / "s.sqlite3"
    store = EventStore(db)
    gid = store.new_game(HEADER, None, 1.0)
    store.append(gid, "input", {"n": 0}, 2.0, outcome="won")
    store.close()
    _damage_page(db, "snapshots")
    store, _ = open_store(db)
    assert store.game(gid).outcome == "won" and store.last_unfinished() is None
    store.close()


@pytest.mark.parametrize("content", [b"this is not sqlite" * 100, None])
def test_only_damage_is_moved_aside(tmp_path, content):
    """A file that is another program's database, or a store in use, is refused and untouched."""
    db = tmp_path / "s.sqlite3"
    if content is None:
        other = sqlite3.connect(db)
        other.execute("CREATE TABLE notes (x)")
        other.close()
        with pytest.raises(StoreError, match="not a Haunt Companion event store"):
            open_store(db)
    else:
        _store_with_events(db, 1)
        holder = EventStore(db)
        with pytest.raises(StoreError, match="in use"):
            open_store(db)
        holder.close()
    assert not list(tmp_path.glob("*.damaged-*"))


@pytest.mark.slow
def test_daemon_resumes_a_damaged_game_and_tells_the_table(tmp_path):
    db = tmp_path / "game.sqlite3"
    replay(scripts.parse("\n".join(DEMO[:30])), db=db)
    open_store(db)[0].close()  # the daemon's start after that: a good copy of 29 inputs
    replay(scripts.parse("\n".join(DEMO[:50])), db=db)  # 20 more, then the power goes
    _damage_page(db, "snapshots")

    config = tmp_path / "config.toml"
    config.write_text("[dice]\nenabled = false\n")
    sock = tmp_path / "companion.sock"
    proc = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--config", str(config),
                             "--db", str(db), "--socket", str(sock)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=checkout_env(COMPANION_CONFIG=str(config)))
    expected = replay(scripts.parse("\n".join(DEMO[:50]))).state
    try:
        with Client(sock).connect(timeout=30) as client:
            # the state on connect carries the odds meter's figure None; its later message follows
            wait_until(lambda: client.state["view"] == expected["view"], fail=False)
            state = client.state
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert state["view"] == expected["view"]
    without_text = lambda prompt: {k: v for k, v in prompt.items() if k != "text"}  # noqa: E731
    assert without_text(state["prompt"]) == without_text(expected["prompt"])
    # the same prompt, worded for this daemon's table, which has no dice button
    assert state["prompt"]["text"] == ("Cy: fight in room H: touch “Fight!” to roll the fight die"
                                       " (50% to beat something)")
    assert expected["prompt"]["text"].startswith("Cy: fight in room H: press the dice button to roll the fight die")
    told = state["log"][-1]
    assert told.startswith("The game record was damaged (a power cut?) and was set aside as game.sqlite3.damaged-")
    assert told.endswith("later inputs read back from the damaged record: 20.")
    assert "was damaged" in err and "20 later events salvaged" in err
