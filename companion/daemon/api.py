"""What the socket commands are given of the daemon (:mod:`~companion.daemon.commands`,
:mod:`~companion.daemon.answers`, :mod:`~companion.daemon.desk_commands`,
:mod:`~companion.daemon.settings_commands`, :mod:`~companion.daemon.voice`), the phones and the owner's desk:
a :class:`Commands` record, grouped by what each part does, naming only what they use. They are
never handed the :class:`~companion.daemon.core.Daemon` and never import
:mod:`~companion.daemon.core` (an import-linter contract, issue 27); the Daemon makes the one
record at construction (:func:`companion.daemon.core.commands_of`, ``Daemon.context``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.daemon.enroller import EnrollmentController
    from companion.daemon.game_on_table import GameOnTable
    from companion.daemon.kept import KeptSettings
    from companion.daemon.links import Links
    from companion.daemon.programmer import TagProgrammer
    from companion.daemon.staff import StaffCall
    from companion.daemon.taps import VirtualTaps
    from companion.header import GameHeader
    from companion.session import Reply, Session
    from companion.store import EventStore


@dataclass(frozen=True)
class Replies:
    """What goes back to the clients.

    Attributes:
        send: send one message to one client (``writer``, ``message``): the asker only.
        broadcast: send one message to every client.
        state: the current ``state`` message (as every screen last got it).
        send_later: send one client (None: every screen) the slow figures that follow the
            state (the ``later`` message, issue 35 item 3), once they are worked out.
    """

    send: Callable[[asyncio.StreamWriter, Any], None]
    broadcast: Callable[[Any], None]
    state: Callable[[], dict[str, Any]]
    send_later: Callable[[Any], None]


@dataclass(frozen=True)
class Reads:
    """What a command reads of the table (read it, never change it; each callable is read when
    called, on the input worker for the game's own).

    Attributes:
        session: the game on the table, or None.
        revision: the game's changes so far (every state carries it, issue 8).
        language: the table's language.
        by_touch: no dice button: a sentence asking for it names the screen's button instead.
        reader_roles: reader name -> role.
        store: the event store (its reads; its writes are the commands' own work).
        socket_path: where the daemon serves its socket.
    """

    session: Callable[[], Session | None]
    revision: Callable[[], int]
    language: Callable[[], str]
    by_touch: Callable[[], bool]
    reader_roles: Mapping[str, str]
    store: EventStore
    socket_path: Path


@dataclass(frozen=True)
class Changes:
    """What changes the game on the table (call on the input worker).

    Attributes:
        touch: a touch (``key``) made on the state numbered ``seen`` (None: the current one).
        start_game: start and record a new game, and publish it.
        game: the game on the table: resume a saved game, set it aside.
        choose_language: render everything in another language from now on.
    """

    touch: Callable[[str, int | None], Reply]
    start_game: Callable[[GameHeader], Session]
    game: GameOnTable
    choose_language: Callable[[str], None]


@dataclass(frozen=True)
class Parts:
    """The daemon's parts a command works with: the enrollment walk, the tag programmer, the
    virtual taps, the call for staff, the kept voice and screen settings."""

    enroller: EnrollmentController
    programmer: TagProgrammer
    taps: VirtualTaps
    staff: StaffCall
    voice: KeptSettings
    screen: KeptSettings


@dataclass(frozen=True)
class Services:
    """The optional services.

    Attributes:
        phones: the phone server (:class:`companion.phones.link.PhoneLink`) while phones are
            served, else None.
        start_desk: the owner's desk, started if need be (``quiet``: None instead of
            ``OSError`` when it cannot listen); awaitable.
        desk_config: the config's ``[desk]``, or None (the defaults); read when the desk starts.
        mqtt_config: the config's ``[mqtt]``, or None (no venue).
    """

    phones: Callable[[], Any]
    start_desk: Callable[..., Awaitable[Any]]
    desk_config: Callable[[], Any]
    mqtt_config: Any


@dataclass(frozen=True)
class Commands:
    """The daemon as its socket commands, the phones and the desk see it.

    Attributes:
        worker: the input worker (``in_order``, ``start_task``) and the ``publish`` and
            ``notify`` callbacks (:class:`~companion.daemon.links.Links`).
        replies: what goes back to the clients.
        reads: what the commands read.
        changes: what changes the game on the table.
        parts: the parts the commands work with.
        services: phones, the owner's desk, the venue's config.
    """

    worker: Links
    replies: Replies
    reads: Reads
    changes: Changes
    parts: Parts
    services: Services
