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
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from companion import paths, protocol
from companion.errors import CompanionError

log = logging.getLogger(__name__)

#: Bytes that may wait for one slow client before it is dropped.
MAX_BACKLOG = 1 << 20


class DaemonBusy(CompanionError, OSError):
    """Another daemon already serves this socket."""


class ClientHub:
    """The socket's clients.

    Args:
        socket_path: where to serve (created ``0660``).
        greeting: the message a client gets on connecting (the current state).
        on_line: awaited with each line a client sends, and the client.
        on_leave: called with a client that left.
        store_path: the event store's file, which the socket must never be (nor its side files).
        follow: called with a client just sent the greeting (the state's slow figures), or None.
    """

    def __init__(self, socket_path: str | Path, greeting: Callable[[], dict[str, Any]],
                 on_line: Callable[[bytes, asyncio.StreamWriter], Awaitable[None]],
                 on_leave: Callable[[asyncio.StreamWriter], None], store_path: str | Path | None = None,
                 follow: Callable[[asyncio.StreamWriter], None] | None = None):
        self.socket_path = Path(socket_path)
        self.store_path = store_path
        self.clients: set[asyncio.StreamWriter] = set()
        self._greeting, self._on_line, self._on_leave = greeting, on_line, on_leave
        self._follow = follow
        self._server: asyncio.AbstractServer | None = None
        self._held: dict[asyncio.StreamWriter, list[bytes]] | None = None  # while together()

    async def open(self) -> None:
        """Listen on the socket.

        Raises:
            DaemonBusy: another daemon answers on it.
            PathRefused: no socket can be bound there (checked before, yet the folder may
                have changed since: a mount gone read-only).
        """
        await self._claim_socket()
        try:
            self._server = await self._listen()
        except OSError as exc:
            raise paths.unbindable(self.socket_path, self.socket_path.parent, exc) from None

    async def close(self) -> None:
        """Stop listening, close every client, remove the socket file."""
        self._server.close()
        for writer in list(self.clients):
            writer.close()
        await self._server.wait_closed()
        paths.remove_stale_socket(self.socket_path)  # ours; never a file put there since

    async def _listen(self) -> asyncio.AbstractServer:
        """Listen on the socket, which is never reachable by others before it is ``0660``.

        The socket is bound as ``s`` inside a fresh ``0700`` directory beside its final path,
        set to ``0660`` there, then renamed into place (atomic, same directory). Binding at
        the final path and chmodding afterwards left a moment where a permissive umask made
        it world-writable; narrowing the umask around the bind instead would change it for
        every thread of the process (a reader thread or the store's copy thread creating a
        file at that moment would get the narrowed mode). The temporary path (``.sXXXXXXXX/s``)
        is no longer than the final one when the socket's name has 12 characters or more
        (``companion.sock`` has 14); :func:`companion.paths.check_socket_path` refuses a path
        whose temporary one does not fit, and a folder where no socket can be bound.
        """
        private = Path(tempfile.mkdtemp(prefix=paths.BIND_PREFIX, dir=self.socket_path.parent))  # as checked
        try:
            bound = private / "s"
            server = await asyncio.start_unix_server(self._client, path=str(bound), limit=protocol.MAX_LINE)
            try:
                os.chmod(bound, 0o660)
                os.replace(bound, self.socket_path)
            except BaseException:
                server.close()
                bound.unlink(missing_ok=True)
                raise
        finally:
            private.rmdir()
        return server

    async def _claim_socket(self) -> None:
        """Remove a stale socket; refuse to take over one a live daemon answers on, and
        anything that is not a socket (a store, a directory: issue 20, never removed)."""
        paths.check_socket_path(self.socket_path, self.store_path)
        self.socket_path.parent.mkdir(parents=True, exist_ok=True)
        try:
            seen = self.socket_path.lstat()
        except FileNotFoundError:
            return
        try:
            _reader, writer = await asyncio.open_unix_connection(str(self.socket_path))
        except ConnectionRefusedError:  # stale: left by a daemon that died (nobody listens)
            paths.remove_stale_socket(self.socket_path, seen)
            return
        except OSError as exc:  # EACCES: another user's socket, perhaps live (issue 26): never removed
            raise DaemonBusy(f"cannot connect to the socket {self.socket_path} ({exc.strerror or exc}): it may be "
                             f"another user's companion daemon, so it is left alone (give another --socket)") from None
        writer.close()
        raise DaemonBusy(f"another companion daemon is already listening on {self.socket_path}")

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
            self.send(writer, protocol.notice(
                f"bad command: a line longer than {protocol.MAX_LINE} bytes; closing", "error"))
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
        line = line if line is not None else protocol.encode(message)
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
        line = protocol.encode(message) if self.clients else b""
        for writer in list(self.clients):
            self.send(writer, message, line)
