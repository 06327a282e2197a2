"""The dice button on gpiozero's MockFactory: the real gpiozero Button runs (issue 2)."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin

from hardware.dice.button import DiceButton
from hardware.dice.fake import FakeFinger, ManualClock


@pytest.fixture
def factory():
    saved = Device.pin_factory
    factory = MockFactory()
    yield factory
    factory.reset()
    Device.pin_factory = saved


def test_press_reports_the_hold_in_seconds(factory):
    clock = ManualClock()
    presses = []
    button = DiceButton(presses.append, pin=17, bounce_time=None, pin_factory=factory, clock=clock)
    finger = FakeFinger(factory.pin(17), clock.advance, rest=0.3)
    finger.press()
    finger.press(2.0)
    assert presses == [pytest.approx(0.08), pytest.approx(2.0)]
    button.close()


def test_button_uses_the_pull_up(factory):
    button = DiceButton(lambda held: None, pin=22, bounce_time=None, pin_factory=factory)
    assert factory.pin(22).pull == "up"
    assert not button.button.is_pressed
    button.close()
    button.close()  # idempotent


class HeldPin(MockPin):
    """The pin of a button held down: the pull-up cannot raise it while ``held``."""

    held = False

    def drive_high(self):
        if not self.held:
            super().drive_high()


def test_a_button_held_while_the_companion_starts_rolls_nothing_on_release(factory):
    """A release without a press seen first (held since before the pin was opened) is ignored."""
    presses = []
    pin = factory.pin(17, pin_class=HeldPin)
    pin.drive_low()
    pin.held = True
    button = DiceButton(presses.append, pin=17, bounce_time=None, pin_factory=factory)
    assert button.button.is_pressed
    pin.held = False
    pin.drive_high()  # the finger lets go
    assert not button.button.is_pressed
    assert presses == []
    button.close()


def _button(factory, clock, presses):
    return DiceButton(presses.append, pin=17, pin_factory=factory, clock=clock)


def test_a_bouncy_press_rolls_once(factory):
    """Issue 3 case 13: contact bounce on press and on release gives one roll."""
    clock, presses = ManualClock(), []
    button = _button(factory, clock, presses)
    pin, finger = factory.pin(17), FakeFinger(factory.pin(17), clock.advance)
    pin.drive_low()
    finger.bounce(4)          # high, low, high, low: 4 edges 2 ms apart, still pressed
    clock.advance(0.1)
    pin.drive_high()          # the release...
    finger.bounce(4)          # ...bounces: low, high, low, high
    assert presses == [pytest.approx(0.108)]
    clock.advance(0.5)
    finger.press()            # a new press after the lockout rolls again
    assert len(presses) == 2
    button.close()


def test_a_hold_is_reported_once_on_release(factory):
    """Issue 3 case 14: the hold means undo, reported on release, and never also a roll."""
    clock, presses = ManualClock(), []
    button = _button(factory, clock, presses)
    FakeFinger(factory.pin(17), clock.advance).press(hold=1.6)
    assert presses == [pytest.approx(1.6)]
    button.close()


def test_edges_right_after_a_press_are_ignored(factory):
    clock, presses = ManualClock(), []
    button = _button(factory, clock, presses)
    finger = FakeFinger(factory.pin(17), clock.advance)
    finger.press()
    clock.advance(0.05)
    finger.press()            # within the 0.15 s lockout: release bounce, not a finger
    assert presses == [pytest.approx(0.08)]
    button.close()


def test_a_hold_is_timed_from_the_pin_events_not_from_when_the_callback_runs():
    """Issue 20: lgpio queues callbacks under load; the edge's own timestamp is the truth.
    Two edges 0.8 s apart by the pin's clock, delivered back to back: a 0.8 s hold."""
    from gpiozero.pins.mock import MockFactory

    from hardware.dice.button import DiceButton

    presses = []
    factory = MockFactory()
    button = DiceButton(presses.append, pin=17, pin_factory=factory)
    try:
        base, pin = factory.ticks(), factory.pin(17)
        # what the pin factory's thread does with two queued edges: the pin's callback, each
        # edge with its own timestamp
        pin.when_changed(base + 1.0, False)  # pressed (pull-up: low is pressed)
        pin.when_changed(base + 1.8, True)  # released, a moment later by the wall clock
        assert presses == [pytest.approx(0.8)]
    finally:
        button.close()
