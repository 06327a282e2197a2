"""The input worker: one input or call at a time, in the order they came (issue 27).

An input comes from a reader thread (or the dice button's, or a test's) through
:meth:`InputWorker.from_thread`: one hand-off to the daemon's loop (``call_soon_threadsafe``).
When nothing is queued and the worker is waiting, the input is played in that very callback
(issue 35 item 3): it used to be put in the queue and taken by the worker's task on the loop's
next turn, a second hop on every tap's path. Anything queued still goes first, so the order is
the order of arrival. Socket commands and the phones' and desk's calls wait their turn through
:meth:`InputWorker.in_order`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable
from typing import Any

#: The name of the input worker's asyncio task (one input at a time, in order).
WORKER_TASK = "input worker"

#: What the worker hands on: ``(kind, payload, future)``; kind ``"input"`` or ``"call"``.
Item = tuple[str, Any, "concurrent.futures.Future | asyncio.Future"]


class InputWorker:
    """The daemon's one queue of inputs and calls, and the task that works through it.

    Args:
        handle: plays one item (``kind``, ``payload``, ``future``) and resolves its future;
            it must not raise (the daemon's logs and tells the table).

    Call :meth:`start` on the loop, then :meth:`from_thread` from any thread and
    :meth:`in_order` on the loop; :meth:`stop` at shutdown.
    """

    def __init__(self, handle: Callable[[str, Any, Any], None]):
        self._handle = handle
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[Item] | None = None
        self._task: asyncio.Task | None = None
        #: Items handled in the callback that brought them, never queued (a work count for tests).
        self.direct = 0

    def start(self, loop: asyncio.AbstractEventLoop) -> asyncio.Task:
        """Start the worker's task on ``loop`` (call on it); returns the task."""
        self._loop, self._queue = loop, asyncio.Queue()
        self._task = loop.create_task(self._work(), name=WORKER_TASK)
        return self._task

    def stop(self) -> None:
        """No more items are handled (at shutdown: what is still queued stays there)."""
        if self._task is not None:
            self._task.cancel()

    def waiting(self) -> int:
        """The items queued and not yet taken."""
        return self._queue.qsize() if self._queue is not None else 0

    def from_thread(self, item: Item) -> None:
        """Hand ``item`` to the worker from any thread: its one hop to the loop."""
        self._loop.call_soon_threadsafe(self._arrive, item)

    def _arrive(self, item: Item) -> None:
        """On the loop: play ``item`` now when the worker is idle, else queue it behind the rest.

        The worker's task only ever waits in ``get()``: an item is handled synchronously, so
        whenever this callback runs, an empty queue means the worker is waiting for the next
        item and nothing is half done. A stopped worker handles nothing more."""
        if self._queue.qsize() or self._task is None or self._task.done() or self._task.cancelling():
            self._queue.put_nowait(item)
            return
        self.direct += 1
        self._handle(*item)

    async def in_order(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the worker, after every item queued before it; its result."""
        future: asyncio.Future = self._loop.create_future()
        await self._queue.put(("call", fn, future))
        return await future

    async def drained(self) -> None:
        """Return once every item queued so far has been handled."""
        await self._queue.join()

    async def _work(self) -> None:
        """Handle queued items one at a time, for as long as the daemon runs."""
        while True:
            kind, payload, future = await self._queue.get()
            try:
                self._handle(kind, payload, future)
            finally:
                self._queue.task_done()
