"""The voice as a client of the daemon's socket (issue 28), like the table screen: it hears
every message the daemon broadcasts, turns it into utterances (:mod:`.hearing`) and queues
them (:mod:`.queue`) for the speaker (:mod:`.speaker`). It sends nothing but ``state`` on
reconnecting, never asks for anything private, and when the daemon goes away it connects
again and picks up at the current prompt. The daemon never waits for it: a voice that is
slow or dead is one more socket client, dropped when it stops reading.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

from companion.client import Client, DaemonUnavailable
from companion.voice.hearing import Hearing
from companion.voice.queue import SpeechQueue

log = logging.getLogger(__name__)

#: Seconds between two tries to reach a daemon that is not there.
RETRY = 1.0


class VoiceClient:
    """Follows the daemon at ``socket_path`` and queues what to say on ``queue``.

    Attributes:
        hearing: what it has heard (its ``state`` is the latest state).
        revision: the revision of the latest state heard (-1 before the first).
    """

    def __init__(self, socket_path: str | Path, queue: SpeechQueue):
        self.socket_path = socket_path
        self.queue = queue
        self.hearing = Hearing()
        self.revision = -1
        self.heard = threading.Condition()
        self._stop = threading.Event()
        self._client: Client | None = None

    def on_message(self, message: dict[str, Any]) -> None:
        """Called from the client's reader thread with each message."""
        said = self.hearing.heard(message)
        self.queue.put(said)
        if message.get("type") == "state":
            with self.heard:
                self.revision = message.get("revision", self.revision)
                self.heard.notify_all()

    def settings(self) -> dict[str, Any]:
        return self.hearing.settings

    def run(self, once: bool = False) -> None:
        """Follow the daemon until :meth:`stop` (``once``: only until the first connection ends)."""
        waiting = False  # said once per outage, not once a second
        while not self._stop.is_set():
            try:
                self._follow()
                waiting = False
            except DaemonUnavailable as exc:
                if not waiting:
                    log.info("waiting for the daemon: %s", exc)
                waiting = True
            if once:
                return
            self.hearing = Hearing()  # the next first state is said as it stands
            self._stop.wait(RETRY)

    def _follow(self) -> None:
        client = Client(self.socket_path, on_message=self.on_message)
        self._client = client.connect(timeout=RETRY)
        log.info("the voice follows the daemon at %s", self.socket_path)
        while not self._stop.is_set() and not client.wait_closed(0.5):
            pass
        client.close()

    def stop(self) -> None:
        self._stop.set()
        if self._client is not None:
            self._client.close()

    def wait_revision(self, revision: int, timeout: float = 10.0) -> bool:
        """Block until a state of ``revision`` or later was heard (tests and benchmarks)."""
        with self.heard:
            return self.heard.wait_for(lambda: self.revision >= revision, timeout)
