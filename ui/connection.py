"""Keeps the UI connected to the daemon and sends its touches, off the Kivy main thread.

No Kivy here: callbacks arrive on background threads and the app hops to its main thread
with ``Clock.schedule_once``. Everything goes through :class:`companion.client.Client`.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.client import Client, DaemonUnavailable

log = logging.getLogger(__name__)

#: Seconds between attempts to reach a daemon that is not there (yet).
RETRY_INTERVAL = 0.5

#: ``done(ack, error)``: the daemon's ack dict, or None and the exception.
Done = Callable[[dict[str, Any] | None, Exception | None], None]


class DaemonLink:
    """One live :class:`Client` at a time, reconnected whenever the daemon goes away.

    Args:
        socket_path: the daemon's Unix socket.
        on_message: every daemon message (from the client's reader thread).
        on_lost: called (from the link's thread) each time an open connection closes.
        retry: seconds between connection attempts.
        client_factory: makes a client (tests inject one); called as
            ``client_factory(socket_path, on_message=...)``.
    """

    def __init__(self, socket_path: str | Path, on_message: Callable[[dict[str, Any]], None],
                 on_lost: Callable[[], None] | None = None, retry: float = RETRY_INTERVAL,
                 client_factory: Callable[..., Client] = Client):
        self.socket_path = str(socket_path)
        self.on_message = on_message
        self.on_lost = on_lost
        self.retry = retry
        self._factory = client_factory
        self._client: Client | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._commands: queue.Queue = queue.Queue()
        self._threads: list[threading.Thread] = []

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> DaemonLink:
        """Start connecting (in the background) and the command worker."""
        for target, name in ((self._connect_loop, "ui-link"), (self._work, "ui-commands")):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Disconnect and end both threads (waits up to ``timeout`` seconds for each)."""
        self._stopping.set()
        self._commands.put(None)
        with self._lock:
            client = self._client
        if client is not None:
            client.close()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(timeout)

    @property
    def connected(self) -> bool:
        """True while a connection is open and the daemon's first state has come."""
        with self._lock:
            return self._client is not None and self._client.state is not None

    # ------------------------------------------------------------------ commands

    def command(self, name: str, *args: Any, done: Done | None = None) -> None:
        """Queue ``Client.<name>(*args)`` (``choose``, ``undo``, ``new_game``); never blocks.

        ``done(ack, error)`` is called from the worker thread once the daemon answered, or
        with a :class:`DaemonUnavailable` when there is no connection.
        """
        self._commands.put((name, args, done))

    def _work(self) -> None:
        while (item := self._commands.get()) is not None:
            name, args, done = item
            ack, error = self._run(name, args)
            if done is not None:
                done(ack, error)

    def _run(self, name: str, args: tuple) -> tuple[dict[str, Any] | None, Exception | None]:
        with self._lock:
            client = self._client
        if client is None:
            return None, DaemonUnavailable("not connected to the companion")
        try:
            return getattr(client, name)(*args), None
        except DaemonUnavailable as exc:
            log.info("%s failed: %s", name, exc)
            return None, exc

    # ------------------------------------------------------------------ connecting

    def _connect_loop(self) -> None:
        while not self._stopping.is_set():
            client = self._factory(self.socket_path, on_message=self._deliver)
            with self._lock:  # before connecting: commands may follow the first state at once
                self._client = client
            try:
                client.connect(timeout=self.retry)
            except DaemonUnavailable:
                with self._lock:
                    self._client = None
                self._stopping.wait(self.retry)
                continue
            self._serve(client)

    def _serve(self, client: Client) -> None:
        """Hold ``client`` until its connection closes, then report the loss."""
        if not self._stopping.is_set():
            client.wait_closed()
        with self._lock:
            self._client = None
        client.close()
        if not self._stopping.is_set() and self.on_lost is not None:
            self.on_lost()

    def _deliver(self, message: dict[str, Any]) -> None:
        if not self._stopping.is_set():
            self.on_message(message)

