"""The voice's two socket commands (issue 28; the voice itself is :mod:`companion.voice`, a
client of its own that the daemon never waits for).

``{"cmd": "repeat"}``: every client gets ``{"type": "repeat"}`` (the voice says the prompt
and what to do again). ``{"cmd": "voice_settings", "voice": {...}}``: any subset of
:data:`companion.voice.settings.DEFAULTS`, kept in the store's settings like the language;
every ``state`` then carries them (:func:`voice_settings`).
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING

from companion import protocol
from companion.daemon.commands import Ack, command
from companion.errors import StoreError
from companion.voice import settings

if TYPE_CHECKING:
    from companion.daemon.api import DaemonApi
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


def voice_settings(daemon: DaemonApi) -> dict:
    """The table's voice settings, for every ``state``."""
    return daemon.voice.current()


@command("repeat")
async def repeat(daemon: DaemonApi, message, writer) -> Ack:
    """``repeat``: every client is told to say the prompt and what to do again."""
    daemon.hub.broadcast({"type": "repeat"})
    return True, ""


@command("voice_settings")
async def change(daemon: DaemonApi, message, writer) -> Ack:
    """``voice_settings`` (voice: an object): keep the new settings, then every client gets the state."""
    try:
        update = settings.checked(message.get("voice"))
    except settings.VoiceSettingsError as exc:
        raise protocol.ProtocolError(str(exc)) from None

    def use() -> Ack:
        daemon.voice.change(update)
        daemon.publish()
        return True, ""

    return await daemon.in_order(use)
