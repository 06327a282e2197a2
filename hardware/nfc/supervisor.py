"""Keeps one reader going: opens it, polls it, and reopens it with backoff when it fails.

A reader that fails (SPI node missing at boot, serial adapter unplugged, a chip that stops
answering) never stops the daemon: the supervisor reports it offline once, retries with a
backoff that doubles up to ``max_backoff`` seconds, and reports it online again as soon as
it opens, so a returning device is back within ``max_backoff`` plus one poll (issue 3, case 12).
A card that lay on the reader through the fault is not reported again when it reopens, and
an unexpected exception from a driver counts as a failure, never the end of the thread
(issue 8).

A loose wire makes a reader drop out and come back many times a minute: after
:data:`FLAPPING_DROPOUTS` drop-outs within :data:`FLAPPING_WINDOW` seconds the supervisor
says once that it keeps dropping out (:data:`DROPPING_OUT`) and nothing more until it has
worked for :data:`CALM_AFTER` seconds in a row (:data:`WORKING_AGAIN`); it counts every
drop-out since start (:attr:`ReaderSupervisor.dropouts`, issue 30).
"""

from __future__ import annotations

import concurrent.futures
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from hardware.errors import HardwareError, ReaderUnavailable, fault, fault_of
from hardware.nfc.base import PresenceEvent, Reader
from hardware.nfc.runner import DEFAULT_INTERVAL, ReaderRunner

log = logging.getLogger(__name__)

#: Longest wait between two attempts to reopen a failed reader, in seconds.
DEFAULT_MAX_BACKOFF = 1.0

#: Drop-outs (online, then offline) within :data:`FLAPPING_WINDOW` seconds that make a
#: reader "keeps dropping out" instead of one offline/working notice each.
FLAPPING_DROPOUTS = 3
FLAPPING_WINDOW = 30.0
#: Seconds a reader that kept dropping out must work in a row before it is "working again".
CALM_AFTER = 10.0

#: The ``detail`` of the offline status said once for a reader that keeps dropping out, and
#: of the online status said once it has held (the daemon words them for the table).
DROPPING_OUT = fault("it keeps dropping out: check its wires")
WORKING_AGAIN = fault("it is working again")


class ReaderSupervisor:
    """Runs a :class:`ReaderRunner` over a reader it (re)opens itself.

    Args:
        name: the reader's name (for status reports and logs).
        open_reader: opens the reader; raises :class:`HardwareError` when it cannot.
        on_event: receives presence events (from the supervisor's thread).
        on_status: ``(name, online, detail)`` whenever the reader goes offline or online
            (``detail``: a :class:`~hardware.errors.Fault` when the driver made one, translatable).
        interval: seconds between polls.
        max_backoff: longest wait between reopen attempts, in seconds.
        clock: monotonic seconds (the runner's clock, and the drop-outs' times).
        on_dropout: ``(name, dropouts)`` at each drop-out, with the count since start (also
            while the status notices are held back).
        calm_after: :data:`CALM_AFTER`.

    Attributes:
        dropouts: how many times the reader went from online to offline since start.
    """

    def __init__(self, name: str, open_reader: Callable[[], Reader],
                 on_event: Callable[[PresenceEvent], None],
                 on_status: Callable[[str, bool, str], None],
                 interval: float = DEFAULT_INTERVAL, max_backoff: float = DEFAULT_MAX_BACKOFF,
                 clock: Callable[[], float] = time.monotonic,
                 on_dropout: Callable[[str, int], None] | None = None, calm_after: float = CALM_AFTER):
        self.name = name
        self.open_reader = open_reader
        self.on_event = on_event
        self.on_status = on_status
        self.interval = interval
        self.max_backoff = max_backoff
        self.clock = clock
        self.runner: ReaderRunner | None = None
        self.online: bool | None = None
        self.backoff = interval
        self.on_dropout = on_dropout
        self.calm_after = calm_after
        self.dropouts = 0
        self._recent_drops: deque[float] = deque()
        self._flapping = False  # DROPPING_OUT said; WORKING_AGAIN not yet
        self._steady_since: float | None = None  # online without a drop-out since
        self._resting: tuple[bytes, ...] = ()  # the cards on the reader when it failed
        self._held: dict = {}  # their taps still held for a read (ReaderRunner.held)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._wake = threading.Event()  # set by stop() and run_job(): end the wait early

    def run_job(self, job: Callable[[ReaderRunner], Any]) -> concurrent.futures.Future:
        """Run ``job(runner)`` on the reader's own thread between two polls. Thread-safe.

        The reader is never used by two threads at once: maintenance such as programming a
        tag (:mod:`hardware.nfc.ntag`) goes through here while polling pauses.

        Returns:
            A future with the job's result or exception; it fails with
            :class:`ReaderUnavailable` while the reader is offline.
        """
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._jobs.put((job, future))
        self._wake.set()
        return future

    def _run_jobs(self) -> None:
        while not self._jobs.empty():
            job, future = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            if self.runner is None:
                future.set_exception(ReaderUnavailable(f"reader {self.name} is offline"))
                continue
            try:
                future.set_result(job(self.runner))
            except BaseException as exc:  # handed to the caller, whatever it is
                future.set_exception(exc)

    def step(self) -> float:
        """Run waiting jobs, then open the reader if needed or poll it once; returns the
        seconds to wait next."""
        self._run_jobs()
        runner = self.runner
        if runner is None:
            return self._open()
        try:
            runner.step()
        except HardwareError as exc:
            self._lost(runner, fault_of(exc))
            return self._back_off()
        except Exception as exc:  # a driver's or library's surprise must not end the thread (issue 8)
            log.exception("reader %s: unexpected error while polling", self.name)
            error = f"{type(exc).__name__}: {exc}"
            self._lost(runner, fault("reader {name} failed: {error}", name=self.name, error=error))
            return self._back_off()
        # Online only once a poll worked: a device that opens but does not answer
        # (unplugged mid-way, a silent chip) must not flap between online and offline.
        self.backoff = self.interval
        self._report(True, "")
        self._calm()
        return self.interval

    def _open(self) -> float:
        try:
            reader = self.open_reader()
        except HardwareError as exc:
            self._report(False, fault_of(exc))
            return self._back_off()
        self.runner = ReaderRunner(reader, self.on_event, interval=self.interval, clock=self.clock)
        for uid in self._resting:  # a card that lay there before the fault is no new tap
            self.runner.tracker.assume(uid)
        self.runner.held.update(self._held)  # nor is a held one sent twice
        self._resting, self._held = (), {}
        return 0.0

    def _back_off(self) -> float:
        wait, self.backoff = self.backoff, min(self.backoff * 2, self.max_backoff)
        return wait

    def _lost(self, runner: ReaderRunner, detail: str) -> None:
        reader = runner.reader
        self._resting, self._held = tuple(runner.tracker.cards), dict(runner.held)
        self.runner = None
        try:
            reader.close()
        except HardwareError as exc:  # closing a vanished device may fail too
            log.debug("reader %s: close after failure: %s", self.name, exc)
        self._report(False, detail)

    def _report(self, online: bool, detail: str) -> None:
        if online == self.online:
            return
        was, self.online = self.online, online
        if online:
            log.info("reader %s is online", self.name)
            self._steady_since = self.clock()
        else:
            log.warning("reader %s is offline: %s", self.name, detail)
            self._steady_since = None
            if was:
                self._dropped()
        if self._flapping:
            return  # said once already; WORKING_AGAIN comes from _calm()
        if not online and len(self._recent_drops) >= FLAPPING_DROPOUTS:
            self._flapping = True
            log.warning("reader %s keeps dropping out (%d times in %g s)", self.name, len(self._recent_drops),
                        FLAPPING_WINDOW)
            detail = DROPPING_OUT
        self.on_status(self.name, online, detail)

    def _dropped(self) -> None:
        """Count a drop-out (online, then offline) and keep the recent ones' times."""
        now = self.clock()
        self.dropouts += 1
        self._recent_drops.append(now)
        while self._recent_drops and now - self._recent_drops[0] > FLAPPING_WINDOW:
            self._recent_drops.popleft()
        if self.on_dropout is not None:
            self.on_dropout(self.name, self.dropouts)

    def _calm(self) -> None:
        """After a poll that worked: a reader that kept dropping out and has now worked for
        :attr:`calm_after` seconds in a row is working again (said once)."""
        if self._flapping and self._steady_since is not None and \
                self.clock() - self._steady_since >= self.calm_after:
            self._flapping = False
            self._recent_drops.clear()
            log.info("reader %s has worked for %g s: working again", self.name, self.calm_after)
            self.on_status(self.name, True, WORKING_AGAIN)

    def start(self) -> None:
        """Run :meth:`step` in a daemon thread until :meth:`stop`."""
        self._thread = threading.Thread(target=self._run, name=f"reader-{self.name}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.step())
            self._wake.clear()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the thread (waits up to ``timeout`` seconds) and close the reader. Thread-safe."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        if self.runner is not None:
            self.runner.reader.close()
            self.runner = None
        self._run_jobs()  # anything still queued fails: the reader is gone
