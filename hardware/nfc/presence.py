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

#: Consecutive polls without the tag before it counts as removed (issue 3, case 10).
DEFAULT_REMOVAL_MISSES = 3


@dataclass
class PresenceTracker:
    """Pure presence logic for one reader (no I/O, no clock of its own).

    A tag counts as removed only when it has been missing for ``removal_misses``
    consecutive polls *and* for ``removal_delay`` seconds, so a chip that drops a resting
    card on every other poll, or a slow poll loop, never produces a second tap.

    Attributes:
        reader: the reader's name, copied into the events.
        removal_delay: seconds a tag must be missing before :class:`TagRemoved`.
        removal_misses: consecutive polls it must be missing from.
        current: the UID in the field, or None.
        missing_since: when ``current`` was first missing (seconds, the caller's clock), or None.
        misses: consecutive polls ``current`` has been missing from.
    """

    reader: str
    removal_delay: float = DEFAULT_REMOVAL_DELAY
    removal_misses: int = DEFAULT_REMOVAL_MISSES
    current: bytes | None = None
    missing_since: float | None = None
    misses: int = 0

    def assume(self, uid: bytes) -> None:
        """Take ``uid`` as already in the field (no presented event for it), e.g. after the
        reader's owner used the tag itself to program it."""
        self.current, self.missing_since, self.misses = uid, None, 0

    def update(self, uid: bytes | None, now: float) -> list[PresenceEvent]:
        """Feed one poll result taken at ``now`` (seconds); returns the events it causes."""
        if uid is not None and uid == self.current:
            self.missing_since, self.misses = None, 0
            return []
        events: list[PresenceEvent] = []
        if self.current is not None:
            if uid is None:
                if self.missing_since is None:
                    self.missing_since = now
                self.misses += 1
                if self.misses < self.removal_misses or now - self.missing_since < self.removal_delay:
                    return []
            events.append(TagRemoved(self.reader, self.current))
            self.current, self.missing_since, self.misses = None, None, 0
        if uid is not None:
            self.current = uid
            events.append(TagPresented(self.reader, uid))
        return events
