"""The reader runner: polls a reader, tracks presence, hands events to a callback.

It owns the poll interval and the removal delay (house style 4). It can run in its own
thread (:meth:`start`) or be stepped by a caller that owns the clock (:meth:`step`), which
is how fast table-script replays drive it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from hardware.errors import HardwareError, TagMemoryUnsupported
from hardware.nfc.base import PresenceEvent, Reader, TagPresented, TagRemoved, TagUnread
from hardware.nfc.presence import DEFAULT_REMOVAL_DELAY, PresenceTracker

log = logging.getLogger(__name__)

#: Seconds between polls while idle (issue 3: configurable, default 100 ms).
DEFAULT_INTERVAL = 0.1

#: Seconds a resting Type 2 tag whose memory did not answer is read again, on later polls,
#: before its tap goes without its text (issue 30: a card slid on, a thick sleeve). Its tap
#: is held meanwhile and sent once, with the text as soon as a read succeeds.
READ_PATIENCE = 2.5

#: Seconds of failed reads after which the table is asked to hold the card still.
HOLD_STILL_AFTER = 0.5

#: Waits between two reads of a resting tag that did not answer: the next poll, then
#: doubling up to the last (a few milliseconds of radio each; 0.2 s keeps a card that
#: answers at last from waiting long for it).
READ_BACKOFF = (0.0, 0.1, 0.2)

#: Why a held tap went without its text: its memory never answered while it rested.
UNREAD = "its memory did not answer: hold the card still on the reader"

#: UID length of the NFC Forum Type 2 tags (NTAG21x) whose memory holds a component id: a
#: 4-byte MIFARE Classic never answers READ, so its silence is not worth another try.
_TYPE2_UID = 7


@dataclass
class _Held:
    """A tap held while its tag's memory is read again (issue 30)."""

    event: TagPresented
    since: float  # first failed read
    next_read: float
    reads: int = 1
    told: bool = False  # TagUnread sent


class ReaderRunner:
    """Polls one reader.

    Args:
        reader: the reader.
        on_event: called with each :data:`PresenceEvent`, from the runner's thread (or the
            caller of :meth:`step`).
        interval: seconds to sleep between polls.
        removal_delay: seconds a tag must be missing before it counts as removed.
        clock: monotonic seconds (injected in tests and fast replays).
        read_ndef: read a newly presented tag's NDEF text record (a programmed card's
            component id) when the reader can read tag memory: two to four READ commands,
            a few milliseconds, once per presentation. A Type 2 tag whose memory does not
            answer yet is read again on later polls while it rests (with backoff, for
            :data:`READ_PATIENCE` seconds) and its tap is held until then.
    """

    def __init__(self, reader: Reader, on_event: Callable[[PresenceEvent], None],
                 interval: float = DEFAULT_INTERVAL, removal_delay: float = DEFAULT_REMOVAL_DELAY,
                 clock: Callable[[], float] = time.monotonic, read_ndef: bool = True):
        self.reader = reader
        self.read_ndef = read_ndef
        self.on_event = on_event
        self.interval = interval
        self.clock = clock
        self.tracker = PresenceTracker(reader.name, removal_delay)
        #: Taps held while their tag's memory is read again, by UID.
        self.held: dict[bytes, _Held] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def step(self) -> list[PresenceEvent]:
        """Poll once and deliver the events; returns them too."""
        now = self.clock()
        if self.reader.reports_field:
            field = self.reader.poll_field()
            found = self.tracker.update_field(field, now)
        else:
            field = self.reader.poll()
            found = self.tracker.update(field, now)
            field = (field,) if field else ()
        events = self._read_held(field or (), now)  # before this poll's new taps: not read twice at once
        for event in found:
            if isinstance(event, TagPresented):
                events += self._presented(event, now)
            elif isinstance(event, TagRemoved) and event.uid in self.held:
                events += [self._give_up(event.uid), event]  # lifted unread: its tap, once
            else:
                events.append(event)
        for event in events:
            self.on_event(event)
        return events

    def _presented(self, event: TagPresented, now: float) -> list[PresenceEvent]:
        """The tap of a new tag, with its NDEF text; or nothing yet, when it is held."""
        if not (self.read_ndef and self.reader.reads_memory):
            return [event]
        try:
            content = self._read(event.uid)
        except TagMemoryUnsupported:
            return [event]
        if content.unread and self._worth_reading_again(event.uid):
            log.debug("reader %s: tag %s: memory did not answer; holding its tap", self.reader.name,
                      event.uid.hex().upper())
            self.held[event.uid] = _Held(event, now, now + READ_BACKOFF[0])
            return []
        return [self._with(event, content)]

    def _worth_reading_again(self, uid: bytes) -> bool:
        """A Type 2 tag (7-byte UID, SAK 0x00 when known) on a real radio field."""
        sak = self.reader.sak_of(uid)
        return len(uid) == _TYPE2_UID and self.reader.contact_can_fail and sak in (None, 0x00)

    def _read_held(self, field, now: float) -> list[PresenceEvent]:
        """Read again the held tags seen in this poll whose wait is over."""
        events: list[PresenceEvent] = []
        for uid, held in list(self.held.items()):
            if uid not in field or now < held.next_read:
                continue
            content = self._read(uid)
            if not content.unread:
                del self.held[uid]
                # No UID in these lines: a face-down card's tag would tell the card (newcomer 20)
                log.info("reader %s: a tag read after %.2f s", self.reader.name, now - held.since)
                events.append(self._with(held.event, content))
                continue
            held.next_read = now + READ_BACKOFF[min(held.reads, len(READ_BACKOFF) - 1)]
            held.reads += 1
            if now - held.since >= READ_PATIENCE:
                events.append(self._give_up(uid))
            elif now - held.since >= HOLD_STILL_AFTER and not held.told:
                held.told = True
                events.append(TagUnread(self.reader.name, uid))
        return events

    def _give_up(self, uid: bytes) -> TagPresented:
        """The held tap of ``uid``, without its text: its memory never answered."""
        held = self.held.pop(uid)
        log.info("reader %s: a tag's memory unread after %d reads", self.reader.name, held.reads)
        return replace(held.event, ndef_problem=UNREAD)

    def _read(self, uid: bytes):
        """The tag's NDEF text (:func:`hardware.nfc.ntag.read_text`), read from the card
        ``uid`` (the reader's :attr:`~hardware.nfc.base.Reader.target`)."""
        from hardware.nfc.ntag import read_text

        self.reader.target = uid
        try:
            return read_text(self.reader)
        finally:
            self.reader.target = None

    def _with(self, event: TagPresented, content) -> TagPresented:
        if content.problem:
            log.info("reader %s: a tag's NDEF unusable: %s", self.reader.name, content.problem)
        return replace(event, ndef=content.text, ndef_problem=content.problem)

    def start(self) -> None:
        """Poll in a daemon thread until :meth:`stop`."""
        self._thread = threading.Thread(target=self._run, name=f"reader-{self.reader.name}", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop polling and join the thread (``timeout`` seconds). Thread-safe."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                log.warning("reader %s did not stop within %.1f s", self.reader.name, timeout)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.step()
            except HardwareError as exc:
                log.warning("reader %s: %s", self.reader.name, exc)
            self._stop.wait(self.interval)
