"""Presence tracking: turns a stream of polls into presented/removed events.

A tag resting on the reader is reported once. A tag is removed only after it has been
missing for ``removal_delay`` seconds, so one missed poll (a tag at the edge of the field)
does not produce a removal and a second tap. A poll the reader did not answer
(:data:`~hardware.nfc.base.UNANSWERED`) says nothing about the field: it neither removes a
card nor counts towards its removal (issue 30).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hardware.nfc.base import UNANSWERED, CardsStacked, PresenceEvent, TagPresented, TagRemoved

#: Seconds a tag must be missing before it counts as removed.
DEFAULT_REMOVAL_DELAY = 0.3

#: Consecutive polls without the tag before it counts as removed (issue 3, case 10).
DEFAULT_REMOVAL_MISSES = 3


@dataclass
class _Absence:
    """How long one card in the field has been missing from answered polls."""

    since: float | None = None
    misses: int = 0


@dataclass
class PresenceTracker:
    """Pure presence logic for one reader (no I/O, no clock of its own).

    A tag counts as removed only when it has been missing for ``removal_misses``
    consecutive answered polls *and* for ``removal_delay`` seconds, so a chip that drops a
    resting card on every other poll, or a slow poll loop, never produces a second tap.

    :meth:`update` takes one UID a poll (a reader that sees one card at a time: another UID
    means the first one left); :meth:`update_field` takes every card in the field (a reader
    with full anticollision) and follows each card on its own.

    Attributes:
        reader: the reader's name, copied into the events.
        removal_delay: seconds a tag must be missing before :class:`TagRemoved`.
        removal_misses: consecutive answered polls it must be missing from.
        cards: the UIDs in the field, in the order they came, with their absence so far.
    """

    reader: str
    removal_delay: float = DEFAULT_REMOVAL_DELAY
    removal_misses: int = DEFAULT_REMOVAL_MISSES
    cards: dict[bytes, _Absence] = field(default_factory=dict)
    stacked: bool = False  # more than one card in the field, already said

    @property
    def current(self) -> bytes | None:
        """The (first) UID in the field, or None."""
        return next(iter(self.cards), None)

    def _first(self) -> _Absence | None:
        """What is known of the current card, or None (no card)."""
        current = self.current
        return None if current is None else self.cards.get(current)

    @property
    def missing_since(self) -> float | None:
        """When the current card was first missing, or None."""
        first = self._first()
        return first.since if first else None

    @property
    def misses(self) -> int:
        """Consecutive answered polls the current card has been missing from."""
        first = self._first()
        return first.misses if first else 0

    def assume(self, uid: bytes) -> None:
        """Take ``uid`` as already in the field (no presented event for it), e.g. after the
        reader's owner used the tag itself to program it, or after a drop-out."""
        self.cards[uid] = _Absence()

    def update(self, uid, now: float) -> list[PresenceEvent]:
        """Feed one poll result taken at ``now`` (seconds): a UID, None (answered: no tag) or
        :data:`UNANSWERED`; returns the events it causes. Another UID than the current
        one means the current one left (the reader sees one card at a time)."""
        if uid is UNANSWERED:
            return []
        events: list[PresenceEvent] = []
        current = self.current
        if current is not None and uid is not None and uid != current:
            del self.cards[current]
            events.append(TagRemoved(self.reader, current))
        return events + self.update_field(() if uid is None else (uid,), now)

    def update_field(self, uids, now: float) -> list[PresenceEvent]:
        """Feed one poll of the whole field taken at ``now``: the UIDs in it (a tuple, empty
        when the reader answered that there is none) or :data:`UNANSWERED`."""
        if uids is UNANSWERED:
            return []
        events: list[PresenceEvent] = []
        for uid, absence in list(self.cards.items()):
            if uid in uids:
                absence.since, absence.misses = None, 0
                continue
            if absence.since is None:
                absence.since = now
            absence.misses += 1
            if absence.misses >= self.removal_misses and now - absence.since >= self.removal_delay:
                del self.cards[uid]
                events.append(TagRemoved(self.reader, uid))
        for uid in uids:
            if uid not in self.cards:
                self.cards[uid] = _Absence()
                events.append(TagPresented(self.reader, uid))
        events += self._stacking(uids)
        return events

    def _stacking(self, uids) -> list[PresenceEvent]:
        """One :class:`CardsStacked` when a poll first finds more than one card together; not
        again until the field has held fewer than two (counted with the removal delay, so a
        card missing from one poll does not say it twice)."""
        if len(self.cards) < 2:
            self.stacked = False
        if len(uids) < 2 or self.stacked:
            return []
        self.stacked = True
        return [CardsStacked(self.reader, tuple(uid for uid in self.cards if uid in uids))]
