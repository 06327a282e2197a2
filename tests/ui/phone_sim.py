"""A phone on a seat's link, for the UI tests with phones on (issue 22): it opens the live
page's websocket (claiming the seat), hears its first update and stays until it leaves."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator

import aiohttp


class Phone:
    """A phone on ``link`` in a thread of its own; :meth:`scan` opens the link, :meth:`leave`
    closes it (and returns once it is gone)."""

    def __init__(self, link: str, claim: str):
        self.link, self.claim = link, claim
        self.connected, self._leave = threading.Event(), threading.Event()
        #: The close code the server sent (None while open, or when the phone left itself).
        self.closed_with: int | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    def scan(self) -> None:
        """The player scans the code: returns once the phone got its first update."""
        self._thread.start()
        assert self.connected.wait(10), f"the phone never connected to {self.link}"

    def leave(self) -> None:
        self._leave.set()
        if self._thread.is_alive():
            self._thread.join(10)

    async def _run(self) -> None:
        live = self.link.replace("http://", "ws://") + "/ws?claim=" + self.claim
        async with aiohttp.ClientSession() as http, http.ws_connect(live) as ws:
            await ws.receive()
            self.connected.set()
            while not self._leave.is_set():
                with contextlib.suppress(TimeoutError):
                    message = await asyncio.wait_for(ws.receive(), 0.2)
                    if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                        self.closed_with = message.data if message.type == aiohttp.WSMsgType.CLOSE else ws.close_code
                        return


@contextlib.contextmanager
def phone(link: str, claim: str) -> Iterator[Phone]:
    """A :class:`Phone` on ``link`` that has left once the block ends (however it ends)."""
    made = Phone(link, claim)
    try:
        yield made
    finally:
        made.leave()
