"""Running a daemon in a background thread (replays, the demo, tests)."""

from __future__ import annotations

import asyncio
import threading
from typing import Generic, Protocol, TypeVar


class Serving(Protocol):
    """What the thread runs: a :class:`~companion.daemon.core.Daemon` (``serve``, ``stop``)."""

    async def serve(self, ready: threading.Event | None = None) -> None: ...

    def stop(self) -> None: ...


D = TypeVar("D", bound=Serving)


class DaemonThread(Generic[D]):
    """Runs a :class:`Daemon` on its own loop in a background thread (replays, demo, tests).

    Use as a context manager: the daemon listens on entry and is stopped and joined on exit.
    """

    def __init__(self, daemon: D):
        self.daemon = daemon
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="companion-daemon", daemon=True)
        self._error: BaseException | None = None

    def _run(self) -> None:
        try:
            asyncio.run(self.daemon.serve(self._ready))
        except BaseException as exc:  # reported by __enter__/__exit__
            self._error = exc
            self._ready.set()

    def __enter__(self) -> D:
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        return self.daemon

    def __exit__(self, *exc) -> None:
        self.daemon.stop()
        self._thread.join(10)
