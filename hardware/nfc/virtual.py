"""Virtual readers: the card readers of a table without any (a laptop), tapped from outside.

A :class:`VirtualReader` is a :class:`~hardware.nfc.fake.FakeNfcReader` run by the real
:class:`~hardware.nfc.supervisor.ReaderSupervisor`: a tap puts an NTAG215 in its field and
lifts it again, and the runner, the presence tracker and the NDEF reading see it as they
would see a real card. ``companion tap`` and the table screen's Cards panel use it through
the daemon's ``tap`` command; programming a tag (``companion tags write``) works on it too.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from hardware.nfc.base import PresenceEvent
from hardware.nfc.fake import FakeNfcReader
from hardware.nfc.ntag import ntag215_image
from hardware.nfc.supervisor import ReaderSupervisor

T = TypeVar("T")

#: Seconds between polls of a virtual reader.
VIRTUAL_INTERVAL = 0.05

#: Longest wait for the runner to see a lifted tag go (the removal delay, a few polls).
LIFT_WAIT = 3.0


def virtual_uid(component: str) -> str:
    """The 7-byte UID (hex) of the virtual tag that carries ``component``: NXP's
    manufacturer byte 04, then 6 bytes of the component id's SHA-256 (the same every time)."""
    return "04" + hashlib.sha256(component.encode("utf-8")).hexdigest()[:12].upper()


def tag_image(uid: str, text: str | None) -> bytes | None:
    """The memory of a virtual tag: an NTAG215 carrying ``text`` (a blank one when None) for
    a 7-byte UID; None (a tag that answers no READ) for a 4- or 10-byte UID."""
    raw = bytes.fromhex(uid)
    return ntag215_image(raw, text) if len(raw) == 7 else None


class VirtualReader:
    """One virtual reader under the real supervisor.

    Args:
        name: the reader's name (in events, messages and table scripts).
        role: ``"cards"`` or ``"tiles"``.
        on_event: receives presence events (the daemon's ``on_presence``).
        on_status: ``(name, online, detail)`` (the daemon's ``devices.on_status``).
    """

    def __init__(self, name: str, role: str, on_event: Callable[[PresenceEvent], None],
                 on_status: Callable[[str, bool, str], None], interval: float = VIRTUAL_INTERVAL):
        self.name, self.role = name, role
        self.fake = FakeNfcReader(name)
        self.supervisor = ReaderSupervisor(name, lambda: self.fake, on_event, on_status, interval=interval)
        self._one_at_a_time = threading.Lock()
        self._stopping = threading.Event()  # a hold in progress ends at once (SIGTERM, issue 26)

    def start(self) -> None:
        self._stopping.clear()
        self.supervisor.start()

    def stop(self) -> None:
        self._stopping.set()
        self.supervisor.stop()

    def run_job(self, job):
        """:meth:`ReaderSupervisor.run_job` (programming a tag put on this reader)."""
        return self.supervisor.run_job(job)

    def tap(self, uid: str, text: str | None, hold: float, until_read: Callable[[], T]) -> T:
        """Put the tag ``uid`` (carrying ``text``) on the reader, wait for ``until_read()``
        (the daemon's answer to the tap), keep it there ``hold`` seconds in all, then lift it
        and wait until the runner has seen it go. One tap at a time per reader; blocking."""
        with self._one_at_a_time:
            started = time.monotonic()
            known = text is None and bytes.fromhex(uid) in self.fake.memory  # programmed here before
            self.fake.present(uid, None if known else tag_image(uid, text))
            try:
                result = until_read()
                self._stopping.wait(max(0.0, hold - (time.monotonic() - started)))
            finally:
                self.lift()
            return result

    def lift(self) -> bool:
        """Take the tag off and wait (up to :data:`LIFT_WAIT` s) until the runner reports
        the removal, so the next tap of the same card counts as a new one."""
        self.fake.remove()
        deadline = time.monotonic() + LIFT_WAIT
        while time.monotonic() < deadline:
            runner = self.supervisor.runner
            if runner is None or runner.tracker.current is None:
                return True
            time.sleep(self.supervisor.interval)
        return False
