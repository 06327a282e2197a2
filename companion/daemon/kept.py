"""A table setting the daemon keeps in its store (issue 28's voice settings, issue 29's screen
settings): read from the store once, written back when its command changes it. Each is a
record of :mod:`companion.table_settings`; its command is made by
:func:`companion.daemon.settings_commands.settings_command`."""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING

import msgspec

from companion import table_settings
from companion.errors import StoreError

if TYPE_CHECKING:
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
