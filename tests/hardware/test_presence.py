"""Presence tracking and the reader runner over the fake reader (issue 2: presence events)."""

from __future__ import annotations

from hardware.dice.fake import ManualClock
from hardware.nfc.base import TagPresented, TagRemoved
from hardware.nfc.fake import FakeNfcReader
from hardware.nfc.presence import PresenceTracker
from hardware.nfc.runner import ReaderRunner

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
    runner.step()
    clock.advance(0.3)
    runner.step()
    assert events == [TagPresented("table", UID), TagRemoved("table", UID)]
    assert reader.polls == 4


def test_runner_thread_starts_and_stops():
    events = []
    reader = FakeNfcReader("table")
    runner = ReaderRunner(reader, events.append, interval=0.01)
    reader.present(UID)
    runner.start()
    try:
        for _ in range(200):
            if events:
                break
            runner._stop.wait(0.01)
    finally:
        runner.stop()
    assert events == [TagPresented("table", UID)]
    assert not runner._thread.is_alive()
