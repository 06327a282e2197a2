"""The table's voice settings as the daemon keeps them (issue 28): read from the store once,
written back when the ``voice_settings`` command changes them (:mod:`companion.daemon.voice`)."""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING

from companion.errors import StoreError
from companion.voice import settings

if TYPE_CHECKING:
    from companion.store import EventStore

log = logging.getLogger(__name__)

#: The store's setting that keeps them (JSON text).
SETTING = "voice"


class KeptVoice:
    """The table's voice settings: read from the store once, kept there when changed (a
    store that cannot be written keeps them for this run only, said in the log)."""

    def __init__(self, store: EventStore):
        self._store = store
        self._kept: dict | None = None

    def current(self) -> dict:
        if self._kept is None:
            self._kept = settings.from_text(self._store.setting(SETTING))
        return dict(self._kept)

    def change(self, update: dict) -> None:
        self._kept = {**self.current(), **update}
        try:
            self._store.set_setting(SETTING, json.dumps(self._kept), time.time())
        except StoreError as exc:
            log.warning("%s; the voice settings hold until the companion stops", exc)
