"""What waits until a state has gone out, off every input's path (issue 35 item 3): the
heap's settle once a game is on the table and the table is quiet
(:mod:`~companion.daemon.heap`), and a long game's due snapshot
(:mod:`~companion.daemon.snapshots`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.daemon.heap import HeapSettler
from companion.daemon.snapshots import SnapshotWriter

if TYPE_CHECKING:
    from companion.session import Session


class Afterwards:
    """The heap's settle and the due snapshot of one daemon (call every method on its loop).

    Args:
        settle_heap: settle the heap (:class:`~companion.daemon.heap.HeapSettler`'s ``on``).
        session: the game on the table, or None.
    """

    def __init__(self, settle_heap: bool, session: Callable[[], Session | None]):
        self._settler = HeapSettler(settle_heap)
        self._snapshots = SnapshotWriter(session)

    def on_table(self) -> None:
        """A game is on the table, its state out: the heap is settled once the table is quiet."""
        self._settler.soon()

    def input_done(self) -> None:
        """An input was handled and its state has gone out: the heap's settle waits for quiet,
        and a snapshot it made due is written soon."""
        self._settler.stirred()
        self._snapshots.soon()

    def serving(self, loop: asyncio.AbstractEventLoop) -> None:
        """The daemon serves on ``loop`` (a game resumed before is settled on it)."""
        self._settler.serving(loop)
        self._snapshots.serving(loop)

    def stopping(self) -> None:
        """At shutdown, the input worker stopped: a due snapshot is written now."""
        self._snapshots.now()
