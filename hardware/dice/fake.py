"""Drive a :class:`DiceButton` on gpiozero's mock pins, the way a finger would.

The real ``DiceButton`` and gpiozero's real ``Button`` run; only the pin is simulated.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class ManualClock:
    """A monotonic clock that only moves when told to (seconds)."""

    def __init__(self, start: float = 0.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FakeFinger:
    """Presses a button wired to a gpiozero mock pin.

    Args:
        pin: the ``MockPin`` the button is on (``factory.pin(17)``).
        advance: moves the button's clock by a number of seconds; ``time.sleep`` for real
            time, :meth:`ManualClock.advance` for fast replays.
    """

    def __init__(self, pin, advance: Callable[[float], None] = time.sleep):
        self.pin = pin
        self.advance = advance
        self.history: list[float] = []

    def press(self, hold: float = 0.0) -> None:
        """Press, hold ``hold`` seconds, release (the pin is active low)."""
        self.pin.drive_low()
        self.advance(hold)
        self.pin.drive_high()
        self.history.append(hold)
