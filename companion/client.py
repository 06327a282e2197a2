"""A client of the daemon socket: what the Kivy UI, the console and replays speak through.

Blocking sends, plus a reader thread that delivers every message to ``on_message`` (called
from that thread: a Kivy caller hops to its main thread with ``Clock.schedule_once``).
"""

from __future__ import annotations

import itertools
import logging
import os
import socket
import stat
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from companion import protocol, schema
from companion.errors import CompanionError
from companion.i18n import msg
from companion.paths import default_socket  # noqa: F401  (re-exported for clients such as ui/)

log = logging.getLogger(__name__)


def _seen(revision: int | None) -> dict[str, int]:
    return {} if revision is None else {"revision": revision}


class DaemonUnavailable(CompanionError, ConnectionError):
    """The daemon socket does not answer."""


class NoDaemon(DaemonUnavailable):
    """Nothing listens at the socket: no companion is running there."""

    def __init__(self, text: str, socket_path: str):
        super().__init__(text)
        self.socket_path = socket_path

    def sentence(self) -> str:
        """What a client command says (one line, exit 2): a path that is something other
        than a socket (``--socket notes.txt``) is named as what it is, and a socket nobody
        listens on (a daemon killed, SIGKILL or a power cut) as left behind."""
        kind = not_a_socket(self.socket_path)
        if kind is not None:
            return (f"{self.socket_path} is {kind}, not a companion's socket: give the socket the daemon "
                    f"listens on (companion daemon says it when it starts), or leave out --socket")
        if os.path.exists(self.socket_path):  # a socket nobody listens on
            return (f"No companion daemon is running at {self.socket_path}: its socket is left from one that "
                    f"stopped (the next companion daemon replaces it); start one with companion play GAME "
                    f"--players A,B")
        return (f"No companion is running (nothing answers at {self.socket_path}; start one with "
                f"companion play GAME --players A,B)")


def not_a_socket(path: str) -> str | None:
    """What ``path`` is when it exists and is no socket ("a regular file", "a directory"), else None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISSOCK(mode):
        return None
    return "a directory" if stat.S_ISDIR(mode) else "a regular file" if stat.S_ISREG(mode) else "not a socket"


class Client:
    """A connection to the daemon.

    Args:
        socket_path: the daemon's Unix socket.
        on_message: called with each decoded message, from the reader thread.

    Attributes:
        state: the latest ``state`` message, or None before the first one; the ``later``
            message that follows it fills in its view's slow figures (issue 35 item 3).
        mismatch: None, or the sentence saying that the daemon speaks another protocol
            version (also sent to ``on_message`` as an error ``notice``).
        unreadable: None, or where the daemon's first state broke :mod:`companion.messages`
            (checked with :mod:`companion.schema`; a message that breaks it is dropped).
    """

    def __init__(self, socket_path: str | Path,
                 on_message: Callable[[dict[str, Any]], None] | None = None):
        self.socket_path = str(socket_path)
        self.on_message = on_message
        self.state: dict[str, Any] | None = None
        self.mismatch: str | None = None
        self.unreadable: str | None = None
        self._sock: socket.socket | None = None
        self._ids = itertools.count(1)
        self._acks: dict[int, Future] = {}
        self._lock = threading.Lock()
        self._first_state = threading.Event()
        self._reader: threading.Thread | None = None

    def connect(self, timeout: float = 10.0) -> Client:
        """Connect, retrying until ``timeout`` seconds pass, then wait (up to ``timeout``
        seconds more) for the daemon's first state message.

        Raises:
            DaemonUnavailable: nothing answered, or the first state did not come, in time.
        """
        deadline = time.monotonic() + timeout
        while True:
            try:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.connect(self.socket_path)
                break
            except OSError as exc:
                sock.close()
                if time.monotonic() > deadline:
                    raise NoDaemon(f"no daemon at {self.socket_path}: {exc}", str(self.socket_path)) from exc
                time.sleep(0.05)
        self._sock = sock
        self._reader = threading.Thread(target=self._read, args=(sock,), name="companion-client",
                                        daemon=True)
        self._reader.start()
        if not self._first_state.wait(timeout) or self.state is None:
            self.close()
            why = f" this client can read ({self.unreadable})" if self.unreadable else ""
            raise DaemonUnavailable(f"the daemon at {self.socket_path} sent no state{why}")
        return self

    def close(self) -> None:
        """Disconnect; safe to call twice and from two threads at once."""
        with self._lock:
            sock, self._sock = self._sock, None
        if sock is None:
            return
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()

    def wait_closed(self, timeout: float | None = None) -> bool:
        """Block until the connection has closed (``timeout`` seconds, None for ever).

        Returns:
            True if it closed, False if the timeout passed first.
        """
        if self._reader is None:
            return True
        self._reader.join(timeout)
        return not self._reader.is_alive()

    def __enter__(self) -> Client:
        return self.connect() if self._sock is None else self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------ commands

    def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send a command and wait for its ack (``{"type": "ack", "ok": ..., "text": ...}``).

        Raises:
            DaemonUnavailable: not connected, or no ack within ``timeout`` seconds.
        """
        ident = next(self._ids)
        future: Future = Future()
        with self._lock:
            self._acks[ident] = future
        try:
            self.send({**message, "id": ident})
            return future.result(timeout)
        except TimeoutError as exc:
            raise DaemonUnavailable(f"no answer to {message.get('cmd')!r} within {timeout} s") from exc
        finally:
            with self._lock:
                self._acks.pop(ident, None)

    def send(self, message: dict[str, Any]) -> None:
        """Send a command without waiting."""
        if self._sock is None:
            raise DaemonUnavailable("not connected")
        try:
            self._sock.sendall(protocol.encode(message))
        except OSError as exc:
            raise DaemonUnavailable(f"the daemon at {self.socket_path} stopped: its connection closed") from exc

    def choose(self, key: str, revision: int | None = None) -> dict[str, Any]:
        """Touch a choice (its key); returns the ack. ``revision``: the state's ``revision``
        the touch was made on; the daemon refuses the touch if the game moved on since."""
        return self.request({"cmd": "choose", "key": key, **_seen(revision)})

    def undo(self, revision: int | None = None) -> dict[str, Any]:
        """Touch Undo; returns the ack (``revision``: as for :meth:`choose`)."""
        return self.request({"cmd": "undo", **_seen(revision)})

    def new_game(self, game: str, players: list[str], options: dict | None = None) -> dict[str, Any]:
        """Start a new game; returns the ack."""
        return self.request({"cmd": "new_game", "game": game, "players": players,
                             "options": options or {}})

    # ------------------------------------------------------------------ reader thread

    def _read(self, sock: socket.socket) -> None:
        try:
            with sock.makefile("rb") as buffer:
                for line in buffer:
                    self._deliver(line)
        except (OSError, ValueError):
            pass
        finally:
            self._first_state.set()
            self._fail_pending()

    def _deliver(self, line: bytes) -> None:
        try:
            message, fits = schema.decode_checked(line)  # a state of this version: checked as it is read
        except protocol.ProtocolError as exc:
            log.warning("daemon sent a bad line: %s", exc)
            return
        mismatch = None
        if message.get("type") == "state":
            mismatch = self._check_version(message)
        if mismatch is None and not fits and self._misfits(message):
            return
        if message.get("type") == "state":
            self.state = message
            self._first_state.set()
        if message.get("type") == "later":
            self._take_later(message)
        if message.get("type") == "ack":
            with self._lock:
                future = self._acks.pop(message.get("id"), None)
            if future is not None:
                future.set_result(message)
        self._tell(message)
        if mismatch is not None:  # after the state, so the screen it opens shows it
            self._tell(mismatch)

    def _take_later(self, message: dict[str, Any]) -> None:
        """A ``later`` message of the state in :attr:`state` (its revision and game): its
        figures go into that state's view (a new dict; a newer state's figures follow it)."""
        state = self.state
        if state is None or state.get("revision") != message["revision"] or state.get("game") != message["game"]:
            return
        self.state = {**state, "view": {**state.get("view", {}), **message["view"]}}

    def _misfits(self, message: dict[str, Any]) -> bool:
        """True when ``message`` (a state, a notice, an answer such as ``private``; of this
        client's protocol version) breaks :mod:`companion.messages`: it is dropped, said in the log and to the listener
        as an error notice, so the screen keeps its last good state and says why."""
        problem = schema.problem(message)
        if problem is None:
            return False
        log.error("the daemon sent a %s this client cannot read: %s", message.get("type"), problem)
        lang = (self.state or message).get("language") or "en"
        if message.get("type") == "state" and self.state is None:
            self.unreadable = problem
            self._first_state.set()  # connect() says it at once
        self._tell(protocol.notice(msg("The daemon sent a {kind} this screen cannot read ({problem}). "
                                       "Restart the companion (or reboot the Pi).",
                                       kind=str(message.get("type")), problem=problem), "error", str(lang)))
        return True

    def _tell(self, message: dict[str, Any]) -> None:
        if self.on_message is not None:
            try:
                self.on_message(message)
            except Exception:  # a broken listener must not cut the connection
                log.exception("on_message failed for a %s message", message.get("type"))

    def _check_version(self, state: dict[str, Any]) -> dict[str, Any] | None:
        """On the first state: the error notice for the listener when the daemon speaks
        another protocol version than this client (one of them was upgraded and not
        restarted), else None; :attr:`mismatch` keeps the sentence."""
        if self.state is not None or state.get("version") == protocol.PROTOCOL_VERSION:
            return None
        self.mismatch = version_mismatch(state.get("version"))
        log.error("%s", self.mismatch)
        return protocol.notice(self.mismatch, "error", state.get("language") or "en")

    def _fail_pending(self) -> None:
        with self._lock:
            pending, self._acks = self._acks, {}
        for future in pending.values():
            future.set_exception(DaemonUnavailable(f"the daemon at {self.socket_path} stopped: its connection closed"))


def version_mismatch(daemon_version: Any) -> str:
    """The sentence for a daemon whose protocol version is not this client's."""
    return msg("This screen speaks companion protocol {screen}, but the daemon speaks {daemon}: one of them "
               "was updated without a restart. Restart the companion (or reboot the Pi).",
               screen=protocol.PROTOCOL_VERSION, daemon=daemon_version if daemon_version is not None else "?")
