"""A fake NFC reader: a real :class:`Reader` whose field holds whatever it is told to hold.

A product feature, not only a test double: the ``fake`` reader driver of the config, the
readers of :class:`hardware.simulated.SimulatedTable` (demo, replays) and the virtual
readers of laptop play. (Chip-level simulators for the drivers' tests are in
:mod:`hardware.testing`.)

Modelled on gpiozero's ``MockPin``: ``present(uid)``/``remove()`` change the field,
``history`` records what happened, and the real runner and presence tracker run on top.
A tag may be given a Type 2 memory image, so NDEF reading and programming run the real
code (:mod:`hardware.nfc.ntag`) too.
"""

from __future__ import annotations

from hardware.nfc.base import Reader


class FakeNfcReader(Reader):
    """A reader with a simulated field.

    Attributes:
        field: the UID in the field, or None.
        memory: UID -> the tag's pages (4 bytes each, concatenated), for tags given one.
        history: ``("present", uid)`` / ``("remove", uid)`` tuples, oldest first.
        polls: how many times :meth:`poll` was called.
    """

    reads_memory = True
    contact_can_fail = False  # a simulated tag's memory is there or not: reading again changes nothing

    def __init__(self, name: str = "table"):
        super().__init__(name)
        self.field: bytes | None = None
        self.memory: dict[bytes, bytearray] = {}
        self.history: list[tuple[str, bytes | None]] = []
        self.polls = 0

    def present(self, uid: bytes | str, pages: bytes | None = None) -> None:
        """Put a tag in the field; ``uid`` is bytes or hex; ``pages`` its memory image (or
        None: a tag that answers no READ, like a MIFARE Classic, unless given one before)."""
        self.field = bytes.fromhex(uid) if isinstance(uid, str) else bytes(uid)
        if pages is not None:
            self.memory[self.field] = bytearray(pages)
        self.history.append(("present", self.field))

    def remove(self) -> None:
        """Take the tag out of the field."""
        self.history.append(("remove", self.field))
        self.field = None

    def poll(self) -> bytes | None:
        self.polls += 1
        return self.field

    def read_pages(self, start: int) -> bytes | None:
        """Four pages from ``start`` (rolling over at the end, as NTAG READ does), or None."""
        memory = self.memory.get(self.field) if self.field is not None else None
        if memory is None or start * 4 >= len(memory):
            return None
        count = len(memory) // 4
        return b"".join(bytes(memory[((start + i) % count) * 4:][:4]) for i in range(4))

    def write_page(self, page: int, data: bytes) -> bool:
        """Store ``data`` at ``page``; pages 0-3 (UID, lock bytes, CC) are not writable here."""
        if len(data) != 4 or not 0 <= page <= 0xFF:
            raise ValueError("write_page takes a page 0-255 and 4 bytes")
        memory = self.memory.get(self.field) if self.field is not None else None
        if memory is None or page < 4 or page * 4 >= len(memory):
            return False
        memory[page * 4:page * 4 + 4] = data
        return True
