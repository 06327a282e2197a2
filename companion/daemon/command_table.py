"""The socket commands' table: command name -> handler, filled by :func:`command` in
:mod:`~companion.daemon.commands`, :mod:`~companion.daemon.desk_commands` and
:mod:`~companion.daemon.voice` (each registers its own; none imports another)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.daemon.api import Commands

#: ``(ok, text)``: whether the command did its work, and the sentence for its ``ack``.
Ack = tuple[bool, str]
#: ``async (ctx, command, writer) -> Ack``: ``command`` is the message as its checked
#: struct (:func:`companion.schema.command`), never the raw dict.
Handler = Callable[["Commands", Any, asyncio.StreamWriter], Awaitable[Ack]]

#: Command name -> its handler.
COMMANDS: dict[str, Handler] = {}


def command(*names: str) -> Callable[[Handler], Handler]:
    """Register the decorated handler for the commands ``names``."""
    def register(handler: Handler) -> Handler:
        for name in names:
            COMMANDS[name] = handler
        return handler
    return register
