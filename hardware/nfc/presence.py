"""Presence tracking: turns a stream of polls into presented/removed events.

A tag resting on the reader is reported once. A tag is removed only after it has been
missing for ``removal_delay`` seconds, so one missed poll (a tag at the edge of the field)
does not produce a removal and a second tap.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.nfc.base import PresenceEvent, TagPresented, TagRemoved

#: Seconds a tag must be missing before it counts as removed.
DEFAULT_REMOVAL_DELAY = 0.3


@dataclass
class PresenceTracker:
    """Pure presence logic for one reader (no I/O, no clock of its own).

    Attributes:
        reader: the reader's name, copied into the events.
        removal_delay: seconds a tag must be missing before :class:`TagRemoved`.
        current: the UID in the field, or None.
        missing_since: when ``current`` was last missing (seconds, the caller's clock), or None.
    """

    reader: str
    removal_delay: float = DEFAULT_REMOVAL_DELAY
    current: bytes | None = None
    missing_since: float | None = None

    def update(self, uid: bytes | None, now: float) -> list[PresenceEvent]:
        """Feed one poll result taken at ``now`` (seconds); returns the events it causes."""
        if uid is not None and uid == self.current:
            self.missing_since = None
            return []
        events: list[PresenceEvent] = []
        if self.current is not None:
            if uid is None:
                if self.missing_since is None:
                    self.missing_since = now
                if now - self.missing_since < self.removal_delay:
                    return []
            events.append(TagRemoved(self.reader, self.current))
            self.current, self.missing_since = None, None
        if uid is not None:
            self.current = uid
            events.append(TagPresented(self.reader, uid))
        return events
