"""A table setting the daemon keeps in its store (issue 28's voice settings, issue 29's screen
settings): read from the store once, written back when its command changes it. Each is a
record of :mod:`companion.table_settings`, and each has its command made here by
:func:`settings_command` (:mod:`companion.daemon.voice`, :mod:`companion.daemon.screen`)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from companion import protocol, table_settings
from companion.daemon.command_table import Ack, Handler, command
from companion.errors import StoreError

if TYPE_CHECKING:
    from companion.daemon.api import Commands
    from companion.store import EventStore

log = logging.getLogger(__name__)


class KeptSettings:
    """One table setting (JSON text under the record's ``key`` in the store's settings), read
    once and kept there when changed; a store that cannot be written keeps it for this run
    only, said in the log. ``record``: its :mod:`companion.table_settings` struct."""

    def __init__(self, store: EventStore, record: type[msgspec.Struct]):
        self._store, self._record = store, record
        self._name: str = record.key  # type: ignore[attr-defined]
        self._kept: dict | None = None

    def current(self) -> dict:
        if self._kept is None:
            self._kept = table_settings.from_text(self._store.setting(self._name), self._record)
        return dict(self._kept)

    def change(self, update: dict) -> None:
        self._kept = {**self.current(), **update}
        try:
            self._store.set_setting(self._name, json.dumps(self._kept), time.time())
        except StoreError as exc:
            log.warning("%s; the %s settings hold until the companion stops", exc, self._name)


def settings_command(name: str, record: type[msgspec.Struct], part: Callable[[Commands], KeptSettings]) -> Handler:
    """Register the command ``name`` that changes a table setting: ``{"cmd": name, KEY:
    {...}}`` (``KEY``: the record's ``key``, any subset of its fields) is checked
    (:func:`companion.table_settings.checked`: a bad one is refused in one line naming the
    key, and nothing changes), kept in ``part(ctx)``, and every client gets the state."""
    @command(name)
    async def change(ctx: Commands, command, writer) -> Ack:
        try:  # the command's struct says it is an object (companion.schema); its keys are checked here
            update = table_settings.checked(getattr(command, record.key), record)  # type: ignore[attr-defined]
        except table_settings.SettingsError as exc:
            raise protocol.ProtocolError(str(exc)) from None

        def use() -> Ack:
            part(ctx).change(update)
            ctx.worker.publish()
            return True, ""

        return await ctx.worker.in_order(use)

    change.__doc__ = f"``{name}`` ({record.key}: an object): keep the new settings, then every client gets the state."  # type: ignore[attr-defined]
    return change
