"""Bounds on what phones (and anyone else on the network) can make the daemon do."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable

#: Largest request the phone server reads (it takes no request body at all).
MAX_REQUEST = 1024
#: Longest request line or header field, in bytes.
MAX_FIELD = 4096
#: Largest WebSocket message a phone may send (a choice is a few dozen bytes).
MAX_MESSAGE = 1024
#: Live-update connections per token (a phone reloading its page has two for a moment).
PER_TOKEN = 2
#: Live-update connections in all (six players, each with a spare).
TOTAL = 16
#: TCP connections open at once, of any kind (a connection that never sends a byte holds
#: one slot; beyond this, new ones are closed at once and the daemon's files are safe).
CONNECTIONS = 64
#: Seconds an idle kept-alive HTTP connection stays open.
KEEPALIVE = 15.0
#: Failed attempts (bad token, unknown path) one address may make per :data:`WINDOW`.
FAILURES = 20
WINDOW = 60.0
#: Addresses remembered (the oldest are forgotten first).
ADDRESSES = 256


class FailureLimit:
    """Counts failed requests per client address; :meth:`blocked` once one made
    :data:`FAILURES` in :data:`WINDOW` seconds. Memory is bounded (:data:`ADDRESSES`)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, failures: int = FAILURES,
                 window: float = WINDOW, addresses: int = ADDRESSES):
        self.clock, self.failures, self.window, self.addresses = clock, failures, window, addresses
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def failed(self, address: str) -> None:
        """``address`` made a failed attempt."""
        times = self._seen.pop(address, None) or deque(maxlen=self.failures)
        times.append(self.clock())
        self._seen[address] = times
        while len(self._seen) > self.addresses:
            self._seen.popitem(last=False)

    def blocked(self, address: str) -> bool:
        """``address`` made too many failed attempts lately."""
        times = self._seen.get(address)
        if times is None or len(times) < self.failures:
            return False
        return self.clock() - times[0] < self.window
