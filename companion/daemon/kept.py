"""A table setting the daemon keeps in its store (issue 28's voice settings, issue 29's screen
settings): read from the store once, written back when its command changes it
(:mod:`companion.daemon.voice`, :mod:`companion.daemon.screen`)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.errors import StoreError

if TYPE_CHECKING:
    from companion.store import EventStore

log = logging.getLogger(__name__)


class KeptSettings:
    """One table setting (JSON text under ``name`` in the store's settings), read once and kept
    there when changed; a store that cannot be written keeps it for this run only, said in the
    log. ``from_text``: the stored text (or None) -> the settings, defaults filled in."""

    def __init__(self, store: EventStore, name: str, from_text: Callable[[str | None], dict], what: str):
        self._store, self._name, self._from_text, self._what = store, name, from_text, what
        self._kept: dict | None = None

    def current(self) -> dict:
        if self._kept is None:
            self._kept = self._from_text(self._store.setting(self._name))
        return dict(self._kept)

    def change(self, update: dict) -> None:
        self._kept = {**self.current(), **update}
        try:
            self._store.set_setting(self._name, json.dumps(self._kept), time.time())
        except StoreError as exc:
            log.warning("%s; %s hold until the companion stops", exc, self._what)
