"""A fake NFC reader: a real :class:`Reader` whose field holds whatever a test puts there.

Modelled on gpiozero's ``MockPin``: ``present(uid)``/``remove()`` change the field,
``history`` records what happened, and the real runner and presence tracker run on top.
"""

from __future__ import annotations

from hardware.nfc.base import Reader


class FakeNfcReader(Reader):
    """A reader with a simulated field.

    Attributes:
        field: the UID in the field, or None.
        history: ``("present", uid)`` / ``("remove", uid)`` tuples, oldest first.
        polls: how many times :meth:`poll` was called.
    """

    def __init__(self, name: str = "table"):
        super().__init__(name)
        self.field: bytes | None = None
        self.history: list[tuple[str, bytes | None]] = []
        self.polls = 0

    def present(self, uid: bytes | str) -> None:
        """Put a tag in the field; ``uid`` is bytes or hex."""
        self.field = bytes.fromhex(uid) if isinstance(uid, str) else bytes(uid)
        self.history.append(("present", self.field))

    def remove(self) -> None:
        """Take the tag out of the field."""
        self.history.append(("remove", self.field))
        self.field = None

    def poll(self) -> bytes | None:
        self.polls += 1
        return self.field
