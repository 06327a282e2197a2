"""Settling the heap once a game is on the table (issue 35): the game's start or resume is
collected, and the rest frozen out of the cyclic GC's reach, a second after its state went
out, never on an input's path."""

from __future__ import annotations

import asyncio
import gc

#: Seconds after a game is on the table before :func:`settle_heap` runs.
SETTLE_AFTER = 1.0


def settle_heap() -> None:
    """Once a game is on the table (its state published): collect what its start or resume
    left, then freeze the rest (the modules, the game's replayed history) out of the cyclic
    GC's reach, so a collection during a tap walks only what was made since (issue 35). The
    game before it is unfrozen first, so nothing it left behind is kept."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class HeapSettler:
    """Runs :func:`settle_heap` :data:`SETTLE_AFTER` seconds after a game is on the table,
    when ``on`` (the daemon process; off where a daemon shares a large process: tests).

    Call :meth:`soon` on the loop, or before serving (it then runs once :meth:`serving`).
    """

    def __init__(self, on: bool):
        self._on = on
        self._due: asyncio.TimerHandle | bool = False  # a settle_heap to run (its timer once serving)
        self._loop: asyncio.AbstractEventLoop | None = None

    def soon(self) -> None:
        """A game is on the table: its state has gone out, the screens read it, and a tap
        arriving at once does not wait for the collection."""
        if not self._on:
            return
        if isinstance(self._due, asyncio.TimerHandle):
            self._due.cancel()
        self._due = True
        if self._loop is not None and self._loop.is_running():
            self._due = self._loop.call_later(SETTLE_AFTER, self._settle)

    def serving(self, loop: asyncio.AbstractEventLoop) -> None:
        """The daemon serves on ``loop``: a game put on the table before (a resume at boot)
        is settled now."""
        self._loop = loop
        if self._due is True:
            self._due = loop.call_later(SETTLE_AFTER, self._settle)

    def _settle(self) -> None:
        self._due = False
        settle_heap()
