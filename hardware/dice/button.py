"""The physical dice button, on a GPIO pin through gpiozero.

A press is reported when the button is released, with how long it was held: a short press
rolls, a press held ``hold_time`` seconds or more means "undo" (decided by the session), so
a hold never also rolls. Wiring: a momentary switch between the GPIO pin (BCM numbering,
default GPIO 17) and ground; gpiozero's internal pull-up is used (active low).

Contact bounce is handled here, in the application, because gpiozero's ``bounce_time`` is
not applied by every pin factory (its mock pins ignore it): an edge pair shorter than
``min_press`` is bounce inside one press, and edges within ``lockout`` seconds after an
accepted press are the bounce of its release (issue 3, case 13).
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: Shortest real press, in seconds: a release sooner than this after its press is bounce.
DEFAULT_MIN_PRESS = 0.03

#: Seconds after an accepted release during which new edges are release bounce.
DEFAULT_LOCKOUT = 0.15


class DiceButton:
    """The dice button.

    Args:
        on_press: called with the hold duration in seconds, from gpiozero's thread, once
            per physical press.
        pin: BCM pin number (default 17).
        bounce_time: gpiozero's own debounce in seconds (default None: the lockout below
            does the work on every pin factory).
        pin_factory: a gpiozero pin factory (``MockFactory()`` in tests), or None for
            gpiozero's default.
        clock: monotonic seconds, used to time the hold (injected in fast replays). None
            (the default): the time of the pin's own edge event as the pin factory reports
            it (lgpio: the kernel's timestamp of the edge), so a callback queued under load
            does not stretch or shrink the hold (issue 20); the callback's time where the
            factory gives none.
        name: the button's name in scripts (``"dice"``).
        min_press: seconds; shorter press/release pairs are contact bounce.
        lockout: seconds after an accepted press during which edges are ignored.
    """

    def __init__(self, on_press: Callable[[float], None], pin: int = 17,
                 bounce_time: float | None = None, pin_factory=None,
                 clock: Callable[[], float] | None = None, name: str = "dice",
                 min_press: float = DEFAULT_MIN_PRESS, lockout: float = DEFAULT_LOCKOUT):
        from gpiozero import Button  # lazily: gpiozero probes for pin libraries on import

        self.name = name
        self.on_press = on_press
        self.clock = clock or self._edge_time
        self.min_press = min_press
        self.lockout = lockout
        self._pressed_at: float | None = None  # start of the press being held
        self._bounced_at: float | None = None  # a too-short release inside that press
        self._locked_until = float("-inf")
        self.button = Button(pin, pull_up=True, bounce_time=bounce_time, pin_factory=pin_factory)
        self.button.when_pressed = self._pressed
        self.button.when_released = self._released

    def _edge_time(self) -> float:
        """Seconds at the edge being handled: gpiozero keeps the factory's ticks of the last
        change (``_last_changed``, set before the callback runs); ``time.monotonic()`` else."""
        ticks = getattr(getattr(self, "button", None), "_last_changed", None)
        return float(ticks) if isinstance(ticks, (int, float)) else time.monotonic()

    def _pressed(self) -> None:
        now = self.clock()
        if now < self._locked_until:
            return  # release bounce of the press just reported
        if self._bounced_at is not None and now - self._bounced_at < self.min_press:
            self._bounced_at = None  # the same press goes on after a bounce
            return
        self._pressed_at, self._bounced_at = now, None

    def _released(self) -> None:
        now = self.clock()
        if self._pressed_at is None or now < self._locked_until:
            return
        held = now - self._pressed_at
        if held < self.min_press:
            self._bounced_at = now  # bounce: wait for the contact to settle
            return
        self._pressed_at = None
        self._locked_until = now + self.lockout
        self.on_press(held)

    def close(self) -> None:
        """Release the pin; safe to call twice."""
        # gpiozero's hold thread polls its stop flag every 0.1 s, and close() joins it: wake
        # it now so closing takes microseconds, not up to 0.1 s (a simulated table is opened
        # and closed once per fuzzed game and per test).
        hold_thread = getattr(self.button, "_hold_thread", None)
        if hold_thread is not None and hasattr(hold_thread, "holding"):
            hold_thread.stopping.set()
            hold_thread.holding.set()
        self.button.close()
