"""Drive a :class:`DiceButton` on gpiozero's mock pins, the way a finger would.

The real ``DiceButton`` and gpiozero's real ``Button`` run; only the pin is simulated. Part
of the product's simulated table (:mod:`hardware.simulated`: demo, replays), and of the tests.
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


#: How long a quick press lasts, in seconds (a real finger is never faster).
QUICK_PRESS = 0.08

#: Seconds a finger rests between two presses in a fast replay.
REST = 0.3


class FakeFinger:
    """Presses a button wired to a gpiozero mock pin.

    Args:
        pin: the ``MockPin`` the button is on (``factory.pin(17)``).
        advance: moves the button's clock by a number of seconds; ``time.sleep`` for real
            time, :meth:`ManualClock.advance` for fast replays.
        rest: seconds to let pass before each press (a fast replay's clock only moves when
            told to; in real time the script's own pauses do this).
    """

    def __init__(self, pin, advance: Callable[[float], None] = time.sleep, rest: float = 0.0):
        self.pin = pin
        self.advance = advance
        self.rest = rest
        self.history: list[float] = []

    def press(self, hold: float = 0.0) -> None:
        """Press, hold ``hold`` seconds (at least :data:`QUICK_PRESS`), release (active low)."""
        self.advance(self.rest)
        self.pin.drive_low()
        self.advance(max(hold, QUICK_PRESS))
        self.pin.drive_high()
        self.history.append(hold)

    def bounce(self, edges: int, gap: float = 0.002) -> None:
        """Flip the pin ``edges`` times, ``gap`` seconds apart, as a worn contact does."""
        for _ in range(edges):
            self.pin.drive_high() if self.pin.state == 0 else self.pin.drive_low()
            self.advance(gap)
