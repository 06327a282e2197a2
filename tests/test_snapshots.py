"""Long games (issue 9): snapshots every so many events, a bounded undo memory, and undo
reaching further back than either - always the same game as a whole-log replay."""

from __future__ import annotations

import base64
import copy
import pickle
import random

import pytest

from companion.engine import get_game
from companion.header import GameHeader
from companion.inputs import Touch
from companion.session import Session, snapshots
from companion.session import core as session_module
from companion.store import EventStore
from tests import store_file

CELLAR = get_game("creepy_cellar")


def _pickled(spec):
    """A spec with an encode/decode pair, to test the session's mechanics on any game
    (each game's own JSON encode/decode is tested with the game)."""
    pickled = copy.copy(spec)
    pickled.encode = lambda s: {"b": base64.b64encode(pickle.dumps(s)).decode()}
    pickled.decode = lambda d: pickle.loads(base64.b64decode(d["b"]))
    return pickled


@pytest.fixture
def small(monkeypatch):
    """Snapshots every 7 events, undo states for the last 10 inputs."""
    spec = _pickled(CELLAR)
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 7)
    monkeypatch.setattr(session_module, "KEEP_IN_MEMORY", 10)
    monkeypatch.setattr(session_module, "get_game", lambda game: spec)
    return spec


def _play(session: Session, inputs: int, seed: int, undo_every: int = 5) -> None:
    """Random legal touches, with an undo now and then."""
    rng = random.Random(seed)
    for n in range(inputs):
        prompt = session.prompt
        if prompt.over:
            break
        if n % undo_every == undo_every - 1 and session.can_undo:
            assert session.handle(Touch("undo")).accepted
            continue
        choice = rng.choice([c for c in prompt.choices if c.key != "declare-win"])
        assert session.handle(Touch(choice.key)).accepted, choice


def _header(seed=3):
    return GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": seed})


def _same(a: Session, b: Session) -> None:
    assert a.state == b.state
    assert a.position == b.position
    assert a.prompt == b.prompt
    assert a.chance_record == b.chance_record


def test_resume_from_a_snapshot_is_the_whole_log_replayed(tmp_path, small):
    store = EventStore(tmp_path / "g.sqlite3")
    live = Session.start(_header(), store)
    _play(live, 60, seed=1)
    record = store.game(live.game_id)
    events = len(store.events(live.game_id))
    seq, _ = store.latest_snapshot(live.game_id, snapshots.version(live.spec))
    assert events - 7 < seq <= events and seq % 7 == 0
    resumed = Session.resume(store, record)
    full = Session.resume(store, record, use_snapshot=False, keep=None)
    _same(resumed, live)
    _same(full, live)
    assert resumed.replayed == events - seq  # only the events after the snapshot were replayed
    assert full.replayed == events
    # and they go on identically: same rolls, same draws
    _play(resumed, 20, seed=2)
    _play(live, 20, seed=2)
    _same(resumed, live)


def test_undo_past_the_snapshot_and_the_memory_reloads_the_log(tmp_path, small):
    memory = Session.start(_header(), None)  # no store: every undo state stays in memory
    _play(memory, 40, seed=4)
    for resume in (False, True):
        store = EventStore(tmp_path / f"g{resume}.sqlite3")
        live = Session.start(_header(), store)
        _play(live, 40, seed=4)
        assert len(live.history) <= 10 < memory.position
        if resume:  # the power was cut: go on from the snapshot and the events after it
            live = Session.resume(store, store.game(live.game_id))
            assert live.position > len(live.history)  # the inputs before the snapshot are not in memory
        reference = Session.start(_header(), None)
        _play(reference, 40, seed=4)
        for _ in range(memory.position):
            assert reference.handle(Touch("undo")).accepted and live.handle(Touch("undo")).accepted
            assert live.state == reference.state
        assert not live.can_undo
        assert live.handle(Touch("undo")).text.startswith("Nothing to undo: no input of this game")
        store.close()


@pytest.mark.parametrize("undos", [3, 30])
def test_undos_after_the_snapshot_that_reach_before_it(tmp_path, small, monkeypatch, undos):
    """A snapshot carries its last SNAPSHOT_UNDO_DEPTH inputs; undoing deeper than that
    right after it means a whole-log replay. Either way: the same game."""
    monkeypatch.setattr(snapshots, "SNAPSHOT_UNDO_DEPTH", 5)
    store = EventStore(tmp_path / "g.sqlite3")
    live = Session.start(_header(), store)
    _play(live, 40, seed=5, undo_every=1000)
    while len(store.events(live.game_id)) % 7:
        live.handle(Touch(live.prompt.choices[0].key))
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 10_000)  # no newer snapshot meanwhile
    for _ in range(undos):
        assert live.handle(Touch("undo")).accepted  # events after the snapshot undo inputs before it
    resumed = Session.resume(store, store.game(live.game_id))
    _same(resumed, live)
    events = len(store.events(live.game_id))
    assert resumed.replayed == (undos if undos <= 5 else events)


def test_a_snapshot_of_another_version_or_undecodable_is_ignored(tmp_path, small):
    store = EventStore(tmp_path / "g.sqlite3")
    live = Session.start(_header(), store)
    _play(live, 30, seed=6)
    store_file.write(store.path, "UPDATE snapshots SET version = 'old'")
    assert store.latest_snapshot(live.game_id, snapshots.version(live.spec)) is None
    _same(Session.resume(store, store.game(live.game_id)), live)
    _play(live, 10, seed=7)
    store_file.write(store.path, "UPDATE snapshots SET body = '{\"state\": {\"b\": \"\"}}' WHERE version != 'old'")
    _same(Session.resume(store, store.game(live.game_id)), live)


def test_creepy_cellar_snapshots_with_its_own_json_codec(tmp_path, monkeypatch):
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 5)
    store = EventStore(tmp_path / "g.sqlite3")
    live = Session.start(_header(), store)
    _play(live, 40, seed=10)
    assert store.latest_snapshot(live.game_id, snapshots.version(live.spec)) is not None
    _same(Session.resume(store, store.game(live.game_id)), live)


def test_only_the_newest_two_snapshots_are_kept(tmp_path, small):
    store = EventStore(tmp_path / "g.sqlite3")
    live = Session.start(_header(), store)
    _play(live, 50, seed=8)
    seqs = [row[0] for row in store_file.query(store.path, "SELECT seq FROM snapshots ORDER BY seq")]
    assert len(seqs) == 2 and seqs[1] - seqs[0] == 7


def test_a_game_without_encode_never_snapshots(tmp_path, monkeypatch):
    bare = copy.copy(CELLAR)
    bare.encode = lambda state: None  # the default of a game that keeps no snapshots
    monkeypatch.setattr(session_module, "get_game", lambda game: bare)
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 2)
    store = EventStore(tmp_path / "g.sqlite3")
    live = Session.start(_header(), store)
    _play(live, 10, seed=9)
    assert store_file.query(store.path, "SELECT COUNT(*) FROM snapshots") == [(0,)]
    _same(Session.resume(store, store.game(live.game_id)), live)
