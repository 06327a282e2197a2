"""One way to run a real daemon in a test: :func:`running_daemon` (the ``daemon`` fixture of
tests/conftest.py is one with a fresh store)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.store import EventStore


@contextlib.contextmanager
def running_daemon(tmp_path: Path, store: EventStore | None = None, socket: str | Path = "run/companion.sock",
                   db: str = "d.sqlite3", **options) -> Iterator[Daemon]:
    """A :class:`Daemon` listening on ``tmp_path / socket`` in a background thread, stopped
    at the end; ``options`` are its :class:`DaemonSettings` (``language``, ``reader_roles``...),
    or ``settings`` gives them whole.

    Its store is ``store`` (the caller's: left open), or a new one at ``tmp_path / db``
    (``db`` ``":memory:"``: in memory) closed at the end.
    """
    own = store is None
    if own:
        store = EventStore(db if db == ":memory:" else tmp_path / db)
    try:
        settings = options.pop("settings", None) or DaemonSettings(**options)
        with DaemonThread(Daemon(store, tmp_path / socket, settings)) as daemon:
            yield daemon
    finally:
        if own:
            store.close()
