"""A simulated table: fake NFC readers and a dice button on gpiozero's mock pins.

The real :class:`ReaderRunner`, :class:`PresenceTracker`, :class:`DiceButton` and
gpiozero ``Button`` run; only the chip and the pin are simulated. Used by replays, the demo
and the tests, which get it from the companion's one place that wires readers
(``companion.daemon.table_hardware.TableHardware.simulated``). (A daemon on a machine without
readers gets virtual readers instead: :mod:`hardware.nfc.virtual`.)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hardware.dice.button import DEFAULT_LOCKOUT, DiceButton
from hardware.dice.fake import REST, FakeFinger, ManualClock
from hardware.nfc.base import PresenceEvent
from hardware.nfc.fake import FakeNfcReader
from hardware.nfc.runner import ReaderRunner

#: BCM pin of the simulated dice button.
DICE_PIN = 17


class SimulatedTable:
    """Fake readers (created on first use, by name) and one dice button.

    Args:
        on_presence: receives each presence event (from the caller's thread).
        on_dice: receives each dice-button release with the seconds it was held.
        realtime: True to let holds and removal delays take real time; False to advance a
            manual clock instead (fast replays).
        speed: with ``realtime``, how much faster than real time the table runs: a 2 s hold
            takes 2 s / ``speed`` of real time and the button measures exactly 2 s; so does
            the removal delay.
    """

    def __init__(self, on_presence: Callable[[PresenceEvent], None],
                 on_dice: Callable[[float], None], realtime: bool = False, speed: float = 1.0):
        from gpiozero.pins.mock import MockFactory

        self.on_presence = on_presence
        if realtime and speed == 1.0:
            self.clock, self._advance = time.monotonic, time.sleep
        elif realtime:
            # Sped up: the table's clock moves by exactly what the script says while real
            # time passes, shrunk. (A clock scaled from real time turned a 20 ms stall of a
            # busy machine into a 2 s hold at speed 100: an undo instead of a roll.)
            clock = ManualClock()
            self.clock = clock

            def advance(seconds: float) -> None:
                time.sleep(seconds / speed)
                clock.advance(seconds)

            self._advance = advance
        else:
            self.clock = ManualClock()
            self._advance = self.clock.advance
        self.factory = MockFactory()
        # A sped-up real-time replay (``--realtime --speed 40``) presses faster than any
        # finger, inside the button's release lockout; only there is the lockout off. Fast
        # replays keep it, on their manual clock, with the finger resting between presses.
        lockout = 0.0 if realtime else DEFAULT_LOCKOUT
        self.button = DiceButton(on_dice, pin=DICE_PIN, pin_factory=self.factory, clock=self.clock, lockout=lockout)
        self.finger = FakeFinger(self.factory.pin(DICE_PIN), self._advance, rest=0.0 if realtime else REST)
        self.readers: dict[str, FakeNfcReader] = {}
        self.runners: dict[str, ReaderRunner] = {}

    def reader(self, name: str) -> FakeNfcReader:
        """The fake reader called ``name`` (made on first use)."""
        if name not in self.readers:
            self.readers[name] = FakeNfcReader(name)
            self.runners[name] = ReaderRunner(self.readers[name], self.on_presence, clock=self.clock)
        return self.readers[name]

    def tap(self, uid: str, reader: str = "table", ndef: str | None = None,
            ndef_problem: str | None = None) -> None:
        """Put a tag (UID hex) on a reader; a tag already there is lifted first.

        ``ndef``: the tag is an NTAG215 carrying this NDEF text record. ``ndef_problem``: its
        NDEF message is cut short (the reader then reports its own reason). Both need a
        7-byte UID.
        """
        fake = self.reader(reader)
        if fake.field is not None:
            self.remove(reader)
        fake.present(uid, _image(uid, ndef, ndef_problem))
        self.runners[reader].step()

    def remove(self, reader: str = "table") -> None:
        """Lift the tag off a reader and let the removal delay pass."""
        fake = self.reader(reader)
        fake.remove()
        runner = self.runners[reader]
        runner.step()
        # The runner goes on polling every interval until the tracker reports the removal
        # (enough missed polls and enough time; bounded in case a tracker never does).
        for _ in range(100):
            if runner.tracker.current is None:
                break
            self._advance(runner.interval)
            runner.step()

    def press(self, hold: float = 0.0) -> None:
        """Press the dice button for ``hold`` seconds."""
        self.finger.press(hold)

    def close(self) -> None:
        self.button.close()
        for fake in self.readers.values():
            fake.close()


def _image(uid: str, ndef: str | None, problem: str | None) -> bytes | None:
    """The memory of a simulated tag: None (UID only), or an NTAG215 with ``ndef`` or a
    truncated NDEF TLV."""
    if ndef is None and problem is None:
        return None
    from hardware.nfc.ntag import ntag215_image

    raw = bytes.fromhex(uid)
    if len(raw) != 7:
        return None  # a 4- or 10-byte tag is not an NTAG: no memory to read
    image = bytearray(ntag215_image(raw, ndef if ndef is not None else "x:x:x"))
    if problem is not None:
        image[17] = 3  # the NDEF TLV holds only 3 bytes of its record
    return bytes(image)
