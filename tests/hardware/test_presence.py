"""Presence tracking and the reader runner over the fake reader (issue 2: presence events)."""

from __future__ import annotations

import threading

from hardware.dice.fake import ManualClock
from hardware.nfc.base import TagPresented, TagRemoved
from hardware.nfc.fake import FakeNfcReader
from hardware.nfc.presence import PresenceTracker
from hardware.nfc.runner import ReaderRunner
from tests.collector import wait_until

UID = bytes.fromhex("04112233445566")
OTHER = bytes.fromhex("DEADBEEF")


def test_a_resting_tag_is_reported_once():
    tracker = PresenceTracker("table", removal_delay=0.3)
    assert tracker.update(UID, 0.0) == [TagPresented("table", UID)]
    assert tracker.update(UID, 0.1) == []
    assert tracker.update(UID, 5.0) == []


def test_one_missed_poll_is_not_a_removal():
    tracker = PresenceTracker("table", removal_delay=0.3)
    tracker.update(UID, 0.0)
    assert tracker.update(None, 0.1) == []
    assert tracker.update(UID, 0.2) == []  # back before the delay: same tap


def test_removal_after_the_delay_then_a_new_tap():
    tracker = PresenceTracker("table", removal_delay=0.3)
    tracker.update(UID, 0.0)
    assert tracker.update(None, 0.1) == []
    assert tracker.update(None, 0.2) == []
    assert tracker.update(None, 0.45) == [TagRemoved("table", UID)]
    assert tracker.update(UID, 0.5) == [TagPresented("table", UID)]


def test_swapping_tags_removes_then_presents():
    tracker = PresenceTracker("table")
    tracker.update(UID, 0.0)
    assert tracker.update(OTHER, 0.1) == [TagRemoved("table", UID), TagPresented("table", OTHER)]


def test_runner_steps_the_real_tracker_over_a_fake_reader():
    clock = ManualClock()
    events = []
    reader = FakeNfcReader("table")
    runner = ReaderRunner(reader, events.append, removal_delay=0.3, clock=clock)
    reader.present("04112233445566")
    runner.step()
    runner.step()
    reader.remove()
    for _ in range(3):  # three missed polls over 0.3 s
        runner.step()
        clock.advance(0.15)
    assert events == [TagPresented("table", UID), TagRemoved("table", UID)]
    assert reader.polls == 5


def test_runner_thread_starts_and_stops():
    events = []
    reader = FakeNfcReader("table")
    runner = ReaderRunner(reader, events.append, interval=0.01)
    reader.present(UID)
    before = set(threading.enumerate())
    runner.start()
    started = set(threading.enumerate()) - before
    try:
        wait_until(lambda: events, what="the tag's event")
    finally:
        runner.stop()
    assert events == [TagPresented("table", UID)]
    assert [t.name for t in started] == ["reader-table"]
    assert not any(t.is_alive() for t in started)


def test_removal_needs_three_misses_as_well_as_the_delay():
    """Issue 3 case 10: "removed" only after 3 consecutive misses and 300 ms."""
    tracker = PresenceTracker("table", removal_delay=0.3, removal_misses=3)
    tracker.update(UID, 0.0)
    assert tracker.update(None, 0.1) == []
    assert tracker.update(None, 0.5) == []  # 2 misses, 0.4 s: not yet
    assert tracker.update(None, 0.6) == [TagRemoved("table", UID)]


def test_a_card_dropped_on_every_other_poll_for_an_hour_is_one_tap():
    """Issue 3 case 10: a chip that loses a resting card on every other poll."""
    tracker = PresenceTracker("table")
    events = []
    for n in range(36_000):  # an hour of polls every 0.1 s
        events += tracker.update(UID if n % 2 == 0 else None, n * 0.1)
    assert events == [TagPresented("table", UID)]
