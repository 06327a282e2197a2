"""The reader interface and the presence events the runner yields.

A driver answers one question, bounded in time: which tag is in the field right now?
Debounce, same-card suppression and removal detection live once, in
:class:`hardware.nfc.presence.PresenceTracker`, not in each driver.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Union

from hardware.errors import TagMemoryUnsupported


@dataclass(frozen=True)
class TagPresented:
    """A tag entered the field of reader ``reader``.

    Attributes:
        reader: the reader's name.
        uid: the full UID (4, 7 or 10 bytes).
        ndef: the text of the tag's first NDEF text record (a component id such as
            ``creepy_cellar:ghost:room-H`` on a programmed card), or None.
        ndef_problem: why the tag's NDEF message could not be used (malformed, cut short,
            unreadable), or None.
    """

    reader: str
    uid: bytes
    ndef: str | None = None
    ndef_problem: str | None = None


@dataclass(frozen=True)
class TagRemoved:
    """The tag ``uid`` left the field of reader ``reader``."""

    reader: str
    uid: bytes


PresenceEvent = Union[TagPresented, TagRemoved]


class Reader(ABC):
    """One NFC reader. A context manager; :meth:`close` is idempotent.

    Attributes:
        name: the reader's name in config, scripts and logs (``"table"``).
    """

    def __init__(self, name: str):
        self.name = name

    @abstractmethod
    def poll(self) -> bytes | None:
        """Look for a tag once, bounded in time (a driver keeps it under 50 ms).

        Returns:
            The UID of the tag in the field, or None when there is none.

        Raises:
            ReaderUnavailable: the reader stopped answering.
        """

    #: True when :meth:`read_pages` and :meth:`write_page` work on this reader.
    reads_memory = False

    #: True when a READ can fail on a brief first contact and work a moment later (a real
    #: radio field): the runner then reads a resting tag again (issue 20).
    contact_can_fail = True

    def read_pages(self, start: int) -> bytes | None:
        """Read four NFC Forum Type 2 pages (16 bytes) from page ``start`` of the tag in the field.

        Returns:
            16 bytes, or None when no tag answered (none in the field, or a garbled answer).

        Raises:
            TagMemoryUnsupported: this reader only reads UIDs.
            ReaderUnavailable: the reader stopped answering.
        """
        raise TagMemoryUnsupported(f"reader {self.name} cannot read tag memory")

    def write_page(self, page: int, data: bytes) -> bool:
        """Write one 4-byte page (NTAG WRITE 0xA2) of the tag in the field.

        Returns:
            True when the tag acknowledged the write; False when no tag answered or it
            answered NAK (a locked page, no tag).

        Raises:
            TagMemoryUnsupported: this reader only reads UIDs.
            ReaderUnavailable: the reader stopped answering.
            ValueError: ``page`` is not 0-255 or ``data`` is not 4 bytes.
        """
        raise TagMemoryUnsupported(f"reader {self.name} cannot write tag memory")

    def close(self) -> None:  # noqa: B027 - optional on purpose: a reader holding nothing needs no close
        """Release the reader; safe to call twice and after a failed ``__init__``."""

    def __enter__(self) -> Reader:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
