"""The physical dice button, on a GPIO pin through gpiozero.

A press is reported when the button is released, with how long it was held: a short press
rolls, a press held ``hold_time`` seconds or more means "undo" (decided by the session).
Wiring: a momentary switch between the GPIO pin (BCM numbering, default GPIO 17) and
ground; gpiozero's internal pull-up is used.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class DiceButton:
    """The dice button.

    Args:
        on_press: called with the hold duration in seconds, from gpiozero's thread.
        pin: BCM pin number (default 17).
        bounce_time: debounce in seconds (default 0.05), or None for none.
        pin_factory: a gpiozero pin factory (``MockFactory()`` in tests), or None for
            gpiozero's default.
        clock: monotonic seconds, used to time the hold (injected in fast replays).
        name: the button's name in scripts (``"dice"``).
    """

    def __init__(self, on_press: Callable[[float], None], pin: int = 17,
                 bounce_time: float | None = 0.05, pin_factory=None,
                 clock: Callable[[], float] = time.monotonic, name: str = "dice"):
        from gpiozero import Button  # lazily: gpiozero probes for pin libraries on import

        self.name = name
        self.on_press = on_press
        self.clock = clock
        self._pressed_at: float | None = None
        self.button = Button(pin, pull_up=True, bounce_time=bounce_time, pin_factory=pin_factory)
        self.button.when_pressed = self._pressed
        self.button.when_released = self._released

    def _pressed(self) -> None:
        self._pressed_at = self.clock()

    def _released(self) -> None:
        if self._pressed_at is None:
            return
        held = max(0.0, self.clock() - self._pressed_at)
        self._pressed_at = None
        self.on_press(held)

    def close(self) -> None:
        """Release the pin; safe to call twice."""
        self.button.close()
