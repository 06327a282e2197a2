"""Waiting on conditions, never for a time: every message one socket client receives, in
order, with a wait for the first that matches (:class:`Collector`, the ``on_message``
callback of :class:`companion.client.Client` in daemon tests), :func:`wait_until` and, in
an event loop, :func:`until`."""

from __future__ import annotations

import threading
import time


class Collector:
    """Collects messages; :meth:`wait_for` returns the first one ``predicate`` accepts."""

    def __init__(self):
        self.messages: list[dict] = []
        self.cond = threading.Condition()

    def __call__(self, message: dict) -> None:
        with self.cond:
            self.messages.append(message)
            self.cond.notify_all()

    def clear(self) -> None:
        """Forget the messages so far (the next wait looks only at later ones)."""
        with self.cond:
            self.messages.clear()

    def wait_for(self, predicate, timeout: float = 10.0) -> dict:
        """The first message ``predicate`` accepts, waiting up to ``timeout`` seconds for it
        (the test fails, showing the last messages, when none comes)."""
        with self.cond:
            assert self.cond.wait_for(lambda: any(predicate(m) for m in self.messages), timeout), \
                self.messages[-5:]
            return next(m for m in self.messages if predicate(m))


def wait_until(predicate, timeout: float = 10.0, what="the condition", fail: bool = True,
               poll: float = 0.01) -> bool:
    """Return True as soon as ``predicate()`` is true; the test fails when it is still false
    after ``timeout`` seconds (a generous bound for a loaded machine, not a measured time).

    ``what`` names the condition in the failure, or is a callable that says more then (the
    last state seen); ``fail=False`` returns False at the timeout instead, for a caller whose
    own assertion shows more (a subprocess's stderr). ``poll``: seconds between two looks
    (longer for a look that costs, such as a new daemon connection)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() >= deadline:
            assert not fail, f"timed out waiting for {what() if callable(what) else what}"
            return False
        time.sleep(poll)  # the poll interval of the wait, not a wait of its own
    return True


async def until(predicate, timeout: float = 10.0, what="the condition", poll: float = 0.01) -> None:
    """:func:`wait_until` inside an event loop: the loop goes on while it waits."""
    import asyncio

    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what() if callable(what) else what}"
        await asyncio.sleep(poll)  # the poll interval of the wait, not a wait of its own
