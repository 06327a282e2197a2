"""Talking to systemd when the daemon runs as a service (``Type=notify``, ``WatchdogSec=``).

systemd hands a ``Type=notify`` service the path of a datagram socket in ``$NOTIFY_SOCKET``;
the service writes ``READY=1`` there once it is ready, and, when the unit has
``WatchdogSec=``, ``WATCHDOG=1`` more often than every ``$WATCHDOG_USEC`` microseconds or it
is killed and restarted. The ``sdnotify`` library writes the datagrams; outside systemd
(no ``$NOTIFY_SOCKET``) every call does nothing.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable, Mapping

import sdnotify

log = logging.getLogger(__name__)


def watchdog_interval(env: Mapping[str, str] = os.environ, pid: int | None = None) -> float | None:
    """Seconds between two keep-alives: half of ``$WATCHDOG_USEC``, or None when systemd
    asks for none (unset, not a positive integer, or ``$WATCHDOG_PID`` names another process).

    Args:
        env: the environment to read.
        pid: this process's id (default :func:`os.getpid`).
    """
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    owner = env.get("WATCHDOG_PID")
    if usec <= 0 or (owner and owner != str(pid if pid is not None else os.getpid())):
        return None
    return usec / 2e6


class ServiceNotifier:
    """``sd_notify`` messages for the daemon's service manager, from this process's
    environment (``NOTIFY_SOCKET``, ``WATCHDOG_USEC``, ``WATCHDOG_PID``), as sdnotify reads it."""

    def __init__(self):
        self.enabled = bool(os.environ.get("NOTIFY_SOCKET"))
        self.interval = watchdog_interval(os.environ) if self.enabled else None
        self._notifier = sdnotify.SystemdNotifier() if self.enabled else None

    def send(self, state: str) -> None:
        """Send one notification (``"READY=1"``, ``"STATUS=…"``); nothing outside systemd."""
        if self._notifier is not None:
            self._notifier.notify(state)

    def ready(self, status: str) -> None:
        """The daemon is ready: store open, socket listening, readers started."""
        self.send(f"READY=1\nSTATUS={status}")

    def stopping(self) -> None:
        """The daemon is shutting down on purpose."""
        self.send("STOPPING=1")

    async def keep_alive(self, alive: Callable[[], Awaitable[None]]) -> None:
        """Send ``WATCHDOG=1`` every :attr:`interval` seconds for as long as the loop runs.

        Args:
            alive: awaited before each keep-alive; it returns only when the daemon is
                working (:meth:`companion.daemon.Daemon.heartbeat`: the input worker has
                handled everything queued before it). A hung worker or a blocked loop
                therefore stops the keep-alives, and systemd restarts the daemon.
        """
        if self.interval is None:
            return
        log.info("systemd watchdog: a keep-alive every %.1f s", self.interval)
        while True:
            await alive()
            self.send("WATCHDOG=1")
            await asyncio.sleep(self.interval)
