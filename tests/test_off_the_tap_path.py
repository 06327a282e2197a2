"""Issue 35 item 3: what a tap's state need not wait for waits until it has gone out: a long
game's due snapshot (written after the state is published, before the next input, or at
shutdown), and the heap's settle (after a second without an input, ten at the latest).
Work and order, never times: the timers run on a fake loop, or never fire."""

from __future__ import annotations

import heapq

from companion.daemon import heap, snapshots
from companion.daemon.heap import HeapSettler
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


def test_every_input_the_daemon_plays_tells_the_heap_settler(tmp_path, monkeypatch):
    stirred: list[int] = []
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
