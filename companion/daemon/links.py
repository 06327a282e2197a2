"""What a part of the daemon is given of the rest of it (issue 27): a part never holds the
:class:`~companion.daemon.core.Daemon`, only these, made by the Daemon at construction.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.session import Session


@dataclass(frozen=True)
class Links:
    """The daemon as its parts see it.

    Attributes:
        in_order: run a function on the input worker, after every input queued before it;
            awaitable of its result.
        start_task: run a coroutine on the daemon's loop until it ends or the daemon stops.
        publish: send the current state to every screen.
        notify: show a notice on every screen (``text``, ``level``; logged).
    """

    in_order: Callable[[Callable[[], Any]], Awaitable[Any]]
    start_task: Callable[[Coroutine], asyncio.Task]
    publish: Callable[[], None]
    notify: Callable[..., None]


@dataclass(frozen=True)
class TableNow:
    """A read-only snapshot of the daemon for a part that reads it (taken when asked:
    :meth:`Daemon.now`).

    Attributes:
        session: the game on the table, or None (read it, never change it).
        language: the table's language.
        by_touch: no dice button: a sentence that asks for it names the screen's button.
        dice_button: a dice button is on the table.
        readers: reader name -> ``{"online", "detail"}`` as last told.
        reader_dropouts: reader name -> drop-outs since start.
        reader_roles: reader name -> role.
    """

    session: Session | None
    language: str
    by_touch: bool
    dice_button: bool
    readers: Mapping[str, Mapping[str, Any]]
    reader_dropouts: Mapping[str, int]
    reader_roles: Mapping[str, str]
