"""A long game's snapshot (issue 9) written once its state has gone out, never on a tap's
path (issue 35 item 3): encoding the session (about 1 ms) and its durable write (2-8 ms of
fsync) made the tap that reached every 500th event the slowest of all.

The session on the table keeps the snapshot due (:attr:`~companion.session.Session.snapshot_later`)
and writes it itself before its next input; the daemon writes it :data:`WRITE_AFTER` seconds
after the state went out, whichever comes first, when the game leaves the table
(:class:`~companion.daemon.game_on_table.GameOnTable`), and at shutdown. A snapshot is a
cache: a power cut before it is written loses nothing (the resume replays the log)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.session import Session

#: Seconds after a state has gone out before the snapshot it made due is written.
WRITE_AFTER = 0.2


class SnapshotWriter:
    """Writes the due snapshot of the game on the table, soon after its state went out.

    Args:
        session: the game on the table, or None.

    Call every method on the daemon's loop; before :meth:`serving`, a due snapshot is written at once.
    """

    def __init__(self, session: Callable[[], Session | None]):
        self._session = session
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None

    def serving(self, loop: asyncio.AbstractEventLoop) -> None:
        """The daemon serves on ``loop``: due snapshots wait :data:`WRITE_AFTER` seconds on it."""
        self._loop = loop

    def soon(self) -> None:
        """A state has gone out: its due snapshot, if any, is written :data:`WRITE_AFTER` seconds on."""
        session = self._session()
        if session is None or not session.snapshot_due or self._timer is not None:
            return
        loop = self._loop
        if loop is None or not loop.is_running():
            self.now()
            return
        self._timer = loop.call_later(WRITE_AFTER, self.now)

    def now(self) -> None:
        """Write the due snapshot of the game on the table now (at shutdown: the last one)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        session = self._session()
        if session is not None:
            session.save_snapshot()
