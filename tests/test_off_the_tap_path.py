"""Issue 35 item 3: what a tap's state need not wait for waits until it has gone out: a long
game's due snapshot (written after the state is published, before the next input, or at
shutdown), the heap's settle (after a second without an input, ten at the latest), and the
young generations' collections (between inputs, never inside one).
Work and order, never times: the timers run on a fake loop, or never fire."""

from __future__ import annotations

import gc
import heapq
import threading

from companion.daemon import heap, snapshots
from companion.daemon.heap import HeapSettler, collect_young
from companion.daemon.play import InputPlay
from companion.daemon.publisher import StatePublisher
from companion.daemon.settings import DaemonSettings
from companion.header import GameHeader
from companion.inputs import Press, Touch
from companion.session import Session
from companion.session import snapshots as session_snapshots
from companion.store import EventStore
from tests.collector import wait_until
from tests.daemon_fixture import running_daemon

HEADER = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "stack": {"movement_die": [6, 6, 6]}}


class FakeLoop:
    """The loop calls a :class:`HeapSettler` makes: a clock moved by :meth:`run_until`, which
    runs the timers due by then in their order."""

    def __init__(self):
        self.now, self._timers, self._count = 0.0, [], 0

    def time(self) -> float:
        return self.now

    def is_running(self) -> bool:
        return True

    def call_at(self, when, callback):
        timer = _Timer(callback)
        self._count += 1
        heapq.heappush(self._timers, (when, self._count, timer))
        return timer

    def call_later(self, delay, callback):
        return self.call_at(self.now + delay, callback)

    def call_soon(self, callback):
        return self.call_at(self.now, callback)

    def run_until(self, moment: float) -> None:
        while self._timers and self._timers[0][0] <= moment:
            when, _, timer = heapq.heappop(self._timers)
            self.now = max(self.now, when)
            if not timer.cancelled:
                timer.callback()
        self.now = moment


class _Timer:
    def __init__(self, callback):
        self.callback, self.cancelled = callback, False

    def cancel(self) -> None:
        self.cancelled = True


def _settler(monkeypatch) -> tuple[HeapSettler, FakeLoop, list[float]]:
    loop, settled = FakeLoop(), []
    monkeypatch.setattr(heap, "settle_heap", lambda: settled.append(loop.now))
    monkeypatch.setattr(heap, "hold_heap", lambda: None)  # not this test process's heap
    monkeypatch.setattr(heap, "collect_young", lambda: None)
    settler = HeapSettler(True)
    settler.serving(loop)  # type: ignore[arg-type]
    return settler, loop, settled


def test_the_heap_is_not_settled_while_inputs_keep_coming_and_is_by_ten_seconds(monkeypatch):
    settler, loop, settled = _settler(monkeypatch)
    settler.soon()  # a game resumed: its state went out at 0 s
    moment = 0.0
    while moment < 12.0:  # a tap every half second: the table is never quiet for a second
        moment += 0.5
        loop.run_until(moment)
        settler.stirred()
        assert settled == ([] if moment < 10.0 else [10.0]), moment
    loop.run_until(30.0)
    assert settled == [10.0]  # once


def test_the_heap_is_settled_after_a_second_without_an_input(monkeypatch):
    settler, loop, settled = _settler(monkeypatch)
    settler.soon()
    loop.run_until(0.7)
    settler.stirred()  # a tap 0.7 s after the resume: not at 1 s, during the game's next taps
    loop.run_until(1.5)
    assert settled == []
    loop.run_until(1.7)
    assert settled == [1.7]
    settler.stirred()  # later inputs change nothing
    loop.run_until(5.0)
    assert settled == [1.7]


def test_a_game_on_the_table_is_frozen_at_once_and_its_young_collected_after_each_input(monkeypatch):
    """Session 20: the heap is frozen as the game comes on the table (no gen 2 collection walks
    the resumed game before the settle), and each input is followed, on the loop's next turn
    (after its ``later`` message), by a look at the young generations. Before: no freeze until
    the settle, no look."""
    loop, done = FakeLoop(), []
    monkeypatch.setattr(heap, "settle_heap", lambda: done.append(("settle", loop.now)))
    monkeypatch.setattr(heap, "hold_heap", lambda: done.append(("hold", loop.now)))
    monkeypatch.setattr(heap, "collect_young", lambda: done.append(("young", loop.now)))
    settler = HeapSettler(True)
    settler.serving(loop)  # type: ignore[arg-type]
    settler.soon()
    assert done == [("hold", 0.0)]
    for moment in (0.25, 0.5):
        loop.run_until(moment)
        settler.stirred()
    loop.run_until(0.6)
    assert done == [("hold", 0.0), ("young", 0.25), ("young", 0.5)]
    loop.run_until(2.0)
    assert done[-1] == ("settle", 1.5)
    off = HeapSettler(False)  # where the daemon shares a large process (tests): none of it
    off.serving(loop)  # type: ignore[arg-type]
    off.soon()
    off.stirred()
    loop.run_until(20.0)
    assert done == [("hold", 0.0), ("young", 0.25), ("young", 0.5), ("settle", 1.5)]


def test_the_young_generations_are_collected_only_once_past_half_their_threshold():
    collected: list[int] = []

    def seen(phase, info):
        if phase == "start":
            collected.append(info["generation"])

    old, enabled = gc.get_threshold(), gc.isenabled()
    gc.disable()  # no automatic collection while the counts are set up
    gc.callbacks.append(seen)
    try:
        gc.collect()
        gc.set_threshold(1_000_000, 10, 10)
        assert collect_young() is None and collected == [2]  # gc.collect()'s alone
        gc.set_threshold(2, 1_000_000, 10)
        keep = [[] for _ in range(5)]  # five new containers: past half of 2
        generation = collect_young()
        assert generation == 0 and collected == [2, 0]
        gc.set_threshold(2, 1, 10)  # generation 1 is due too: collected with it
        keep += [[] for _ in range(5)]
        assert collect_young() == 1 and collected == [2, 0, 1]
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*old)
        if enabled:
            gc.enable()


def test_no_collection_starts_inside_an_input_the_daemon_plays(tmp_path, monkeypatch):
    """Session 20: 200 inputs (a roll, its undo, over and over), with the daemon process's heap
    settings: no cyclic collection starts on the daemon's thread while it plays an input; the
    young generations are collected between inputs. On main 9c7d18ff: 9 started inside an input."""
    monkeypatch.setattr(heap, "settle_heap", lambda: None)  # (hold_heap's freeze is undone below)
    inside, started = threading.Event(), {"inside": 0, "between": 0}
    outcome = InputPlay._outcome

    def playing(self, inp):
        inside.set()
        try:
            return outcome(self, inp)
        finally:
            inside.clear()

    def seen(phase, info):
        if phase == "start" and threading.current_thread().name == "companion-daemon":
            started["inside" if inside.is_set() else "between"] += 1

    monkeypatch.setattr(InputPlay, "_outcome", playing)
    gc.collect()
    gc.callbacks.append(seen)
    try:
        with running_daemon(tmp_path, settings=DaemonSettings(settle_heap=True)) as daemon:
            daemon.call(lambda: daemon.start_game(GameHeader.from_json({**HEADER, "stack": {}})))
            for _ in range(100):
                assert daemon.submit(Touch("roll")).result(10).accepted
                assert daemon.submit(Touch("undo")).result(10).accepted
            daemon.drain()
    finally:
        gc.callbacks.remove(seen)
        gc.unfreeze()  # this test process's heap, frozen as the game came on the table
    assert started["inside"] == 0
    assert started["between"] > 0


def test_every_input_the_daemon_plays_tells_the_heap_settler(tmp_path, monkeypatch):
    stirred: list[int] = []
    monkeypatch.setattr(heap, "hold_heap", lambda: None)
    monkeypatch.setattr(HeapSettler, "stirred", lambda self: stirred.append(1))
    with running_daemon(tmp_path, settings=DaemonSettings(settle_heap=True)) as daemon:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
        assert daemon.submit(Press("dice")).result(10).accepted
        assert not daemon.submit(Press("dice")).result(10).accepted  # refused: an input all the same
        daemon.call(lambda: daemon._play.touch("undo", None))
        daemon.drain()
    assert len(stirred) == 3


def _record_order(monkeypatch) -> list[str]:
    """Each state the daemon publishes and each snapshot the store writes, in order."""
    order: list[str] = []
    publish, save = StatePublisher.publish, EventStore.save_snapshot

    def published(self, *args, **kwargs):
        order.append("published")
        return publish(self, *args, **kwargs)

    def saved(self, game_id, seq, *args):
        order.append(f"snapshot {seq}")
        return save(self, game_id, seq, *args)

    monkeypatch.setattr(StatePublisher, "publish", published)
    monkeypatch.setattr(EventStore, "save_snapshot", saved)
    return order


def test_the_input_that_makes_a_snapshot_due_is_published_first_and_the_snapshot_written_at_shutdown(
        tmp_path, monkeypatch):
    monkeypatch.setattr(session_snapshots, "SNAPSHOT_EVERY", 1)  # every event makes one due
    monkeypatch.setattr(snapshots, "WRITE_AFTER", 3600.0)  # never by its timer here
    order = _record_order(monkeypatch)
    store = EventStore(tmp_path / "g.sqlite3")
    with running_daemon(tmp_path, store=store) as daemon:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
        order.clear()
        assert daemon.submit(Press("dice")).result(10).accepted  # event 1
        daemon.drain()
        assert order == ["published"]  # the state went out; the snapshot waits
        live = daemon.call(lambda: (daemon.session.state, daemon.session.position))
    assert order == ["published", "snapshot 1"]  # written at shutdown
    resumed = Session.resume(store, store.last_unfinished())
    assert resumed.replayed == 0 and (resumed.state, resumed.position) == live  # the snapshot of event 1
    store.close()


def test_a_due_snapshot_is_written_soon_after_its_state_or_before_the_next_input(tmp_path, monkeypatch):
    monkeypatch.setattr(session_snapshots, "SNAPSHOT_EVERY", 2)
    order = _record_order(monkeypatch)
    store = EventStore(tmp_path / "g.sqlite3")
    with running_daemon(tmp_path, store=store) as daemon:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
        monkeypatch.setattr(snapshots, "WRITE_AFTER", 0.0)
        for key in ("roll", "end-turn"):
            assert daemon.submit(Touch(key)).result(10).accepted  # events 1 and 2
        wait_until(lambda: "snapshot 2" in order, what="the snapshot written with no input after it")
        session = daemon.session
        assert session is not None and not session.snapshot_due
    # without the daemon's timer: the session writes it before its next input changes anything
    live = Session.start(GameHeader.from_json(HEADER), store, snapshot_later=True)
    order.clear()
    for key in ("roll", "end-turn"):
        assert live.handle(Touch(key)).accepted
    assert order == [] and live.snapshot_due
    assert live.handle(Touch("undo")).accepted  # event 3: the snapshot of event 2 first
    assert order == ["snapshot 2"]
    resumed = Session.resume(store, store.game(live.game_id))
    assert resumed.replayed == 1 and (resumed.state, resumed.position) == (live.state, live.position)
    store.close()
