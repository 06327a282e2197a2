"""The dice button on gpiozero's MockFactory: the real gpiozero Button runs (issue 2)."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

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
    finger = FakeFinger(factory.pin(17), clock.advance)
    finger.press()
    finger.press(2.0)
    assert presses == [0.0, 2.0]
    button.close()


def test_button_uses_the_pull_up(factory):
    button = DiceButton(lambda held: None, pin=22, bounce_time=None, pin_factory=factory)
    assert factory.pin(22).pull == "up"
    assert not button.button.is_pressed
    button.close()
    button.close()  # idempotent


def test_release_without_press_is_ignored(factory):
    presses = []
    button = DiceButton(presses.append, pin=17, bounce_time=None, pin_factory=factory)
    button._released()
    assert presses == []
    button.close()
