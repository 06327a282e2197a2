"""The Daemon as its socket commands see it (:mod:`~companion.daemon.commands`,
:mod:`~companion.daemon.answers`, :mod:`~companion.daemon.desk_commands`,
:mod:`~companion.daemon.voice`): what they reach, and nothing else. They never import
:mod:`~companion.daemon.core` (an import-linter contract, issue 27); the
:class:`~companion.daemon.core.Daemon` is one of these.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from companion.daemon.enroller import EnrollmentController
    from companion.daemon.game_on_table import GameOnTable
    from companion.daemon.hub import ClientHub
    from companion.daemon.kept import KeptSettings
    from companion.daemon.links import Links
    from companion.daemon.programmer import TagProgrammer
    from companion.daemon.staff import StaffCall
    from companion.daemon.taps import VirtualTaps
    from companion.header import GameHeader
    from companion.session import Reply, Session
    from companion.store import EventStore


class Publisher(Protocol):
    """The state and the notices every screen gets."""

    def state(self) -> dict[str, Any]: ...

    def send_later(self, writer: Any = None) -> None: ...

    def notify(self, text: str, level: str = "warning", rule: str | None = None) -> None: ...


class DaemonApi(Protocol):
    """What a socket command reaches of the daemon: read here, changed only through its
    methods. ``phones``: the phone server while phones are served, or None; ``desk_config``
    and ``mqtt_config``: the config's ``[desk]`` and ``[mqtt]``, or None."""

    @property
    def store(self) -> EventStore: ...

    @property
    def session(self) -> Session | None: ...

    @property
    def game(self) -> GameOnTable: ...

    @property
    def language(self) -> str: ...

    @property
    def revision(self) -> int: ...

    @property
    def reader_roles(self) -> Mapping[str, str]: ...

    @property
    def hub(self) -> ClientHub: ...

    @property
    def publisher(self) -> Publisher: ...

    @property
    def enroller(self) -> EnrollmentController: ...

    @property
    def programmer(self) -> TagProgrammer: ...

    @property
    def taps(self) -> VirtualTaps: ...

    @property
    def staff(self) -> StaffCall: ...

    @property
    def voice(self) -> KeptSettings: ...

    @property
    def screen(self) -> KeptSettings: ...

    @property
    def links(self) -> Links: ...

    @property
    def phones(self) -> Any: ...

    @property
    def desk_config(self) -> Any: ...

    @property
    def mqtt_config(self) -> Any: ...

    @property
    def by_touch(self) -> bool: ...

    @property
    def socket_path(self) -> Path: ...

    def in_order(self, fn: Callable[[], Any]) -> Awaitable[Any]: ...

    def start_task(self, coro: Coroutine) -> asyncio.Task: ...

    def publish(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> None: ...

    def touch(self, key: str, seen: int | None) -> Reply: ...

    def choose_language(self, chosen: str) -> None: ...

    def start_game(self, header: GameHeader) -> Session: ...

    def start_desk(self, quiet: bool = False) -> Awaitable[Any]: ...

