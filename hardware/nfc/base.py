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


@dataclass(frozen=True)
class TagUnread:
    """The tag ``uid`` rests on reader ``reader`` but its memory has not answered for a while
    (a card slid on, a thick sleeve): its tap is held while the runner reads it again, and the
    table can ask the player to hold the card still (issue 30). Not a tap."""

    reader: str
    uid: bytes


@dataclass(frozen=True)
class CardsStacked:
    """Reader ``reader`` has more than one card in its field at once (``uids``, in the order
    they came): each is reported once as it came, and the table can ask for one to be lifted."""

    reader: str
    uids: tuple[bytes, ...]


PresenceEvent = Union[TagPresented, TagRemoved, TagUnread, CardsStacked]


class Unanswered:
    """The type of :data:`UNANSWERED` (falsy, like "no tag", for callers that only look for one)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "UNANSWERED"


#: What a poll returns when the reader did not answer it (a timeout, a garbled frame): the
#: field is unknown. Only an answered "no target" is an empty field, and the presence
#: tracker never removes a card on unanswered polls (issue 30).
UNANSWERED = Unanswered()

#: What :meth:`Reader.poll` returns: a UID, None (no tag) or :data:`UNANSWERED`.
Poll = bytes | Unanswered | None

#: What :meth:`Reader.poll_field` returns: every UID in the field, or :data:`UNANSWERED`.
Field = tuple[bytes, ...] | Unanswered


class Reader(ABC):
    """One NFC reader. A context manager; :meth:`close` is idempotent.

    Attributes:
        name: the reader's name in config, scripts and logs (``"table"``).
    """

    def __init__(self, name: str):
        self.name = name

    @abstractmethod
    def poll(self) -> Poll:
        """Look for a tag once, bounded in time (a driver keeps it under 50 ms).

        Returns:
            The UID of the tag in the field, None when the reader answered that there is
            none, or :data:`UNANSWERED` when this poll got no answer (the field is unknown).

        Raises:
            ReaderUnavailable: the reader stopped answering.
        """

    #: True when :meth:`poll_field` reports every card in the field (full anticollision),
    #: not only one: the presence tracker then follows each card on its own.
    reports_field = False

    #: The SAK (SEL_RES) of the card last polled, when the driver knows it, else None: 0x00
    #: for an NFC Forum Type 2 tag (NTAG21x), whose memory is worth reading again.
    last_sak: int | None = None

    #: The card :meth:`read_pages` and :meth:`write_page` should talk to when several rest on
    #: the reader (a driver with :attr:`reports_field` selects it by its UID); None: any.
    target: bytes | None = None

    def sak_of(self, uid: bytes) -> int | None:
        """The SAK the card ``uid`` gave, when the driver knows it (else None)."""
        return self.last_sak

    def poll_field(self) -> Field:
        """Every card in the field: a tuple of UIDs (empty when the reader answered that
        there is none), or :data:`UNANSWERED`. A driver that sees one card at a time
        returns at most one."""
        uid = self.poll()
        if isinstance(uid, Unanswered):
            return UNANSWERED
        return () if uid is None else (uid,)

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
