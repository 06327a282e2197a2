"""Tag feedback on gpiozero's mock pins (issue 3: one short beep for a recognised tag, three
for an unknown one, within 100 ms of the read)."""

from __future__ import annotations

import time

import pytest
from gpiozero.pins.mock import MockFactory

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.header import GameHeader
from companion.inputs import Tap
from companion.store import EventStore
from hardware.feedback import BEEP_OFF, BEEP_ON, TagFeedback
from tests.collector import wait_until

PIN = 18


@pytest.fixture
def factory():
    made = MockFactory()
    yield made
    made.close()


def _pulses(pin, after: float) -> list[float]:
    """Start times (seconds after ``after``) of each high period recorded on a mock pin."""
    states = pin.states
    return [s.timestamp - after for prev, s in zip(states, states[1:]) if s.state and not prev.state]


def _settle(pin, pulses: int) -> None:
    """Wait until ``pulses`` beeps were heard and the pin is quiet again, then one beep's
    time more: a beep too many would have started by then."""
    wait_until(lambda: len(_pulses(pin, 0.0)) >= pulses and pin.state is False, 10, f"{pulses} beeps")
    time.sleep(BEEP_ON + BEEP_OFF)  # the buzzer's own time, not a wait for the code


@pytest.mark.parametrize("device", ["buzzer", "led"])
@pytest.mark.parametrize("recognised, pulses", [(True, 1), (False, 3)])
def test_one_beep_for_a_known_tag_three_for_an_unknown(factory, device, recognised, pulses):
    feedback = TagFeedback(PIN, device, pin_factory=factory)
    pin = factory.pin(PIN)
    pin.clear_states()
    start = time.monotonic()
    feedback.tag(recognised)
    returned = time.monotonic() - start
    _settle(pin, pulses)
    starts = _pulses(pin, pin.states[0].timestamp)
    assert len(starts) == pulses
    assert returned < 0.1 and starts[0] < 0.1  # the first beep starts within 100 ms of the read
    assert pin.state is False  # silent afterwards
    feedback.close()


def test_the_daemon_beeps_before_the_rules_run(tmp_path, factory):
    store = EventStore(tmp_path / "d.sqlite3")
    daemon = Daemon(store, tmp_path / "companion.sock")
    feedback = TagFeedback(PIN, pin_factory=factory)
    heard: list[bool] = []
    daemon.devices.opened(dice_button=False, on_tag=lambda known: heard.append(known) or feedback.tag(known))
    store.enroll_tag("04AA0000000001", "creepy_cellar:ghost:room-H", 0.0)
    with DaemonThread(daemon):
        daemon.submit(Tap("04AA0000000001"))  # no game yet: still a known tag
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(
            {"game": "creepy_cellar", "players": ["Ada"], "seed": 1})))
        daemon.submit(Tap("04AA0000000001"))  # known, though not due now (refused)
        daemon.submit(Tap("04FF0000000009"))  # unknown
        daemon.submit(Tap("04FF0000000008", ndef="creepy_cellar:king:king-A"))  # a programmed card
        with Client(daemon.socket_path).connect() as client:
            client.request({"cmd": "enroll_start", "game": "creepy_cellar"})
            daemon.submit(Tap("04FF0000000007"))  # enrolling: every tag is welcome
            daemon.drain()
    assert heard == [True, True, False, True, True]
    feedback.close()
    store.close()


def test_a_broken_feedback_device_costs_no_input(tmp_path):
    store = EventStore(tmp_path / "d.sqlite3")
    daemon = Daemon(store, tmp_path / "companion.sock")

    def broken(known):
        raise OSError("buzzer unplugged")

    daemon.devices.opened(dice_button=False, on_tag=broken)
    with DaemonThread(daemon):
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(
            {"game": "creepy_cellar", "players": ["Ada"], "seed": 1,
             "tags": {"04AA0000000001": "creepy_cellar:ghost:room-H"},
             "options": {"ghost_deck": "physical"}, "stack": {"movement_die": [2]}})))
        with Client(daemon.socket_path).connect() as client:
            client.choose("roll")
            daemon.submit(Tap("04AA0000000001"))
            daemon.drain()
            assert daemon.call(lambda: daemon.session.view()["rooms"]["H"]["ghosts"]) == 1
    store.close()
