"""The reader interface and the presence events the runner yields.

A driver answers one question, bounded in time: which tag is in the field right now?
Debounce, same-card suppression and removal detection live once, in
:class:`hardware.nfc.presence.PresenceTracker`, not in each driver.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True)
class TagPresented:
    """A tag entered the field of reader ``reader``. ``uid`` is the full UID (4, 7 or 10 bytes)."""

    reader: str
    uid: bytes


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

    def close(self) -> None:
        """Release the reader; safe to call twice and after a failed ``__init__``."""

    def __enter__(self) -> "Reader":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
