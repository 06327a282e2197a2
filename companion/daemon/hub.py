"""The client hub: the Unix socket, the clients connected to it, and what each is sent.

Every message to a client goes through :meth:`ClientHub.send`, which drops a client that
stopped reading instead of buffering for it without end; :meth:`ClientHub.broadcast`
encodes a message once for every screen; :meth:`ClientHub.together` holds what is sent
meanwhile and writes it at the end, one write per client (a tap's flash and its state: the
screen wakes once, issue 35 item 3).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from companion import paths, protocol
from companion.errors import UnusablePath
from companion.i18n import msg

log = logging.getLogger(__name__)

#: Bytes that may wait for one slow client before it is dropped.
MAX_BACKLOG = 1 << 20


class DaemonBusy(UnusablePath, OSError):
    """Another daemon already serves this socket."""


#: Connections that may wait to be accepted: made while the daemon opens its game (the socket is
#: bound first), they are served once it listens (as many as asyncio's own default).
BACKLOG = 100

#: Seconds to wait for an answer on a socket already at the path before it is left alone as busy.
CLAIM_WAIT = 2.0


class BoundSocket:
    """The daemon's socket, bound and listening at ``path`` before anything else is done:
    ``companion daemon`` makes one before it opens the event store, so a socket that cannot be
    bound (a folder gone read-only since the check, a daemon that took the path meanwhile)
    stops it with nothing changed in the store (fixes14: a new empty game was saved first).
    Clients that connect while the game is opened wait in the backlog and are greeted once
    the hub listens (:meth:`ClientHub.open`); another daemon finds it taken (:class:`DaemonBusy`).

    The socket is bound as ``s`` inside a fresh ``0700`` directory beside its final path,
    set to ``0660`` there, then hard-linked into place (atomic, same directory; it never replaces a
    socket another daemon put there meanwhile, :func:`_place`). Binding at
    the final path and chmodding afterwards left a moment where a permissive umask made
    it world-writable; narrowing the umask around the bind instead would change it for
    every thread of the process (a reader thread or the store's copy thread creating a
    file at that moment would get the narrowed mode). The temporary path (``.sXXXXXXXX/s``)
    is no longer than the final one when the socket's name has 12 characters or more
    (``companion.sock`` has 14); :func:`companion.paths.check_socket_path` refuses a path
    whose temporary one does not fit, and a folder where no socket can be bound.

    Args:
        path: where the socket goes.
        store_path: the event store's file, which the socket must never be (nor its side files).

    Raises:
        DaemonBusy: another daemon answers at ``path`` (or may: another user's socket).
        PathRefused: ``path`` is not a place for a socket, or no socket can be bound there.
    """

    def __init__(self, path: str | Path, store_path: str | Path | None = None):
        self.path = Path(path)
        _claim(self.path, store_path)
        try:
            self.sock = _bind(self.path)
        except DaemonBusy:
            raise
        except OSError as exc:
            raise paths.unbindable(self.path, self.path.parent, exc) from None
        self._seen = self.path.lstat()

    def release(self) -> None:
        """Close the socket and remove its file, unless another is at the path since; for a
        daemon that stops before it serves. Safe to call twice, and after the hub closed."""
        self.sock.close()
        paths.remove_stale_socket(self.path, self._seen)


def _claim(path: Path, store_path: str | Path | None) -> None:
    """Remove a stale socket at ``path``; refuse to take over one a live daemon answers on, and
    anything that is not a socket (a store, a directory: issue 20, never removed)."""
    paths.check_socket_path(path, store_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        seen = path.lstat()
    except FileNotFoundError:
        return
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(CLAIM_WAIT)
        try:
            probe.connect(str(path))
        except ConnectionRefusedError:  # stale: left by a daemon that died (nobody listens)
            paths.remove_stale_socket(path, seen)
            return
        except OSError as exc:  # EACCES: another user's socket, perhaps live (issue 26): never removed
            raise DaemonBusy(f"cannot connect to the socket {path} ({exc.strerror or exc}): it may be "
                             f"another user's companion daemon, so it is left alone (give another --socket)") from None
    raise DaemonBusy(f"another companion daemon is already listening on {path}")


def _bind(path: Path) -> socket.socket:
    """A socket listening at ``path``, ``0660`` from the moment it is there (:class:`BoundSocket`)."""
    private = Path(tempfile.mkdtemp(prefix=paths.BIND_PREFIX, dir=path.parent))  # as checked
    bound = private / "s"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(bound))
        sock.listen(BACKLOG)
        os.chmod(bound, 0o660)
        _place(bound, path)
    except BaseException:
        sock.close()
        bound.unlink(missing_ok=True)
        raise
    finally:
        private.rmdir()
    return sock


def _encoded(message: dict[str, Any]) -> bytes | None:
    """``message`` as its line, or None (logged as an error, sent to nobody) when it cannot be
    JSON: a NaN or infinite float, which a client would otherwise have read as null."""
    try:
        return protocol.encode(message)
    except protocol.ProtocolError as exc:
        log.error("a %s message was not sent: %s", message.get("type"), exc)
        return None


def _place(bound: Path, path: Path) -> None:
    """Put the socket ``bound`` at ``path`` unless something is there: a hard link (atomic, and
    it fails if ``path`` exists), where a rename would replace a socket another daemon put there
    since :func:`_claim` (two daemons starting over one stale socket).

    Raises:
        DaemonBusy: something is at ``path`` now.
    """
    try:
        os.link(bound, path)
    except FileExistsError:
        raise DaemonBusy(f"another companion daemon is already listening on {path}") from None
    except OSError:  # a file system without hard links: the rename, as before
        os.replace(bound, path)
        return
    bound.unlink()


class ClientHub:
    """The socket's clients.

    Args:
        socket_path: where to serve (created ``0660``), or the :class:`BoundSocket` bound there
            already (``companion daemon`` binds it before it opens the store).
        greeting: the message a client gets on connecting (the current state).
        on_line: awaited with each line a client sends, and the client.
        on_leave: called with a client that left.
        store_path: the event store's file, which the socket must never be (nor its side files).
        follow: called with a client just sent the greeting (the state's slow figures), or None.
        language: the table's language now (the hub's own notice, an over-long line's, is said
            in it); default English.
    """

    def __init__(self, socket_path: str | Path | BoundSocket, greeting: Callable[[], dict[str, Any]],
                 on_line: Callable[[bytes, asyncio.StreamWriter], Awaitable[None]],
                 on_leave: Callable[[asyncio.StreamWriter], None], store_path: str | Path | None = None,
                 follow: Callable[[asyncio.StreamWriter], None] | None = None,
                 language: Callable[[], str] = lambda: "en"):
        self._bound = socket_path if isinstance(socket_path, BoundSocket) else None
        self.socket_path = socket_path.path if isinstance(socket_path, BoundSocket) else Path(socket_path)
        self.store_path = store_path
        self.clients: set[asyncio.StreamWriter] = set()
        self._greeting, self._on_line, self._on_leave = greeting, on_line, on_leave
        self._follow = follow
        self._language = language
        self._server: asyncio.AbstractServer | None = None
        self._held: dict[asyncio.StreamWriter, list[bytes]] | None = None  # while together()

    async def open(self) -> None:
        """Listen on the socket: the one bound before (:class:`BoundSocket`), or bound now.

        Raises:
            DaemonBusy: another daemon answers on it.
            PathRefused: no socket can be bound there (checked before, yet the folder may
                have changed since: a mount gone read-only).
        """
        bound = self._bound if self._bound is not None else BoundSocket(self.socket_path, self.store_path)
        self._bound = bound
        try:
            self._server = await asyncio.start_unix_server(self._client, sock=bound.sock, limit=protocol.MAX_LINE)
        except OSError as exc:
            bound.release()
            raise paths.unbindable(self.socket_path, self.socket_path.parent, exc) from None

    async def close(self) -> None:
        """Stop listening, close every client, remove the socket file."""
        self._server.close()
        for writer in list(self.clients):
            writer.close()
        await self._server.wait_closed()
        if self._bound is not None:  # ours only: never a file, nor another daemon's socket, put there since
            self._bound.release()
        else:
            paths.remove_stale_socket(self.socket_path)

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.clients.add(writer)
        self.send(writer, self._greeting())
        if self._follow is not None:
            self._follow(writer)
        try:
            while line := await reader.readline():
                await self._on_line(line, writer)
                await writer.drain()
        except (asyncio.LimitOverrunError, ValueError) as exc:  # a line over MAX_LINE
            log.info("client dropped: %s", exc)
            self.send(writer, protocol.notice(msg("Not done: a line longer than {limit} bytes; closing",
                                                  limit=protocol.MAX_LINE), "error", self._language()))
        except ConnectionError as exc:
            log.info("client dropped: %s", exc)
        except asyncio.CancelledError:
            pass  # the daemon is shutting down; the connection just closes
        finally:
            self.clients.discard(writer)
            self._on_leave(writer)
            writer.close()

    def send(self, writer: asyncio.StreamWriter, message: dict[str, Any], line: bytes | None = None) -> None:
        """Send to one client (``line``: ``message`` already encoded); a client that stopped
        reading is dropped (no unbounded buffer)."""
        if writer.is_closing():
            self.clients.discard(writer)
            return
        if writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("dropping a client that stopped reading (%d bytes waiting)",
                        writer.transport.get_write_buffer_size())
            self.clients.discard(writer)
            writer.transport.abort()
            return
        line = line if line is not None else _encoded(message)
        if line is None:
            return
        if self._held is not None:
            self._held.setdefault(writer, []).append(line)
            return
        writer.write(line)

    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """Hold every message sent inside the block and write them when it ends, in order,
        one write per client (a client's socket then wakes its reader once). Nested blocks
        are one. Call on the loop."""
        if self._held is not None:
            yield
            return
        self._held = {}
        try:
            yield
        finally:
            held, self._held = self._held, None
            for writer, lines in held.items():
                if not writer.is_closing():
                    writer.write(b"".join(lines))

    def broadcast(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every client, encoded once."""
        line = _encoded(message) if self.clients else b""
        if line is None:
            return
        for writer in list(self.clients):
            self.send(writer, message, line)
