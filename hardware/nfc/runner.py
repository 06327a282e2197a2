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
from dataclasses import replace

from hardware.errors import HardwareError, TagMemoryUnsupported
from hardware.nfc.base import PresenceEvent, Reader, TagPresented
from hardware.nfc.presence import DEFAULT_REMOVAL_DELAY, PresenceTracker

log = logging.getLogger(__name__)

#: Seconds between polls while idle (issue 3: configurable, default 100 ms).
DEFAULT_INTERVAL = 0.1

#: Reads of a new tag's NDEF area while it rests on the reader, when the first one failed
#: (a card slid on, the first READ missed): the player need not lift and replace it (issue 20).
NDEF_ATTEMPTS = 3

#: UID length of the NFC Forum Type 2 tags (NTAG21x) whose memory holds a component id: a
#: 4-byte MIFARE Classic never answers READ, so its silence is not worth another try.
_TYPE2_UID = 7


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
            a few milliseconds, once per presentation.
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
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def step(self) -> list[PresenceEvent]:
        """Poll once and deliver the events; returns them too."""
        events = self.tracker.update(self.reader.poll(), self.clock())
        events = [self._with_ndef(e) if isinstance(e, TagPresented) else e for e in events]
        for event in events:
            self.on_event(event)
        return events

    def _with_ndef(self, event: TagPresented) -> TagPresented:
        """``event`` with the tag's NDEF text (or the reason it is unusable) when readable."""
        if not (self.read_ndef and self.reader.reads_memory):
            return event
        try:
            content = self._read_resting(event.uid)
        except TagMemoryUnsupported:
            return event
        if content.problem:
            log.info("reader %s: tag %s: NDEF unusable: %s", self.reader.name, event.uid.hex().upper(),
                     content.problem)
        return replace(event, ndef=content.text, ndef_problem=content.problem)

    def _read_resting(self, uid: bytes):
        """The tag's NDEF text (:func:`hardware.nfc.ntag.read_text`), read again up to
        :data:`NDEF_ATTEMPTS` times while a Type 2 tag still rests there after a failed read."""
        from hardware.nfc.ntag import read_text

        content = read_text(self.reader)
        for _ in range(NDEF_ATTEMPTS - 1):
            if not (content.unread and len(uid) == _TYPE2_UID and self.reader.contact_can_fail) \
                    or self.reader.poll() != uid:
                break  # read, not worth it, or lifted
            log.debug("reader %s: tag %s: reading its memory again", self.reader.name, uid.hex().upper())
            content = read_text(self.reader)
        return content

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
