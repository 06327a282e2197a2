"""Tag feedback through gpiozero: a buzzer or an LED on one GPIO pin (issue 3, optional).

One short beep (or blink) when a tag is recognised, three when it is unknown. The pattern
runs in gpiozero's background thread (``blink(..., background=True)``), so the caller never
waits; the first edge comes within a millisecond of the call on the mock pin factory, well
inside the 100 ms the table would notice.
"""

from __future__ import annotations

from typing import Any

#: Seconds one beep lasts, and the silence between two beeps.
BEEP_ON, BEEP_OFF = 0.06, 0.08
#: Beeps for a recognised tag and for an unknown one.
RECOGNISED, UNKNOWN = 1, 3


class TagFeedback:
    """A buzzer or LED that answers each tag read.

    Args:
        pin: BCM pin number.
        device: ``"buzzer"`` (an active buzzer: gpiozero ``Buzzer``) or ``"led"`` (``LED``).
        pin_factory: a gpiozero pin factory (tests pass ``MockFactory()``); None for the default.

    Raises:
        gpiozero's errors (``BadPinFactory``, ``GPIOPinInUse``, ...) when the pin is unusable.
    """

    def __init__(self, pin: int, device: str = "buzzer", pin_factory: Any = None):
        from gpiozero import LED, Buzzer

        if device not in ("buzzer", "led"):
            raise ValueError(f"device is 'buzzer' or 'led', not {device!r}")
        kind = Buzzer if device == "buzzer" else LED
        self.output = kind(pin, pin_factory=pin_factory)

    def tag(self, recognised: bool) -> None:
        """Beep once for a recognised tag, three times for an unknown one; returns at once."""
        # gpiozero has no annotations: pyright takes the default ``1`` for the type of its times,
        # which its documentation gives as float seconds.
        self.output.blink(on_time=BEEP_ON, off_time=BEEP_OFF,  # pyright: ignore[reportArgumentType]
                          n=RECOGNISED if recognised else UNKNOWN, background=True)

    def close(self) -> None:
        """Stop any pattern and release the pin. Idempotent."""
        self.output.close()
