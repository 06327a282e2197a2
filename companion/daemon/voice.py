"""The voice's socket commands (issue 28; the voice itself is :mod:`companion.voice`, a
client of its own that the daemon never waits for).

``{"cmd": "repeat"}``: every client gets ``{"type": "repeat"}`` (the voice says the prompt
and what to do again). ``{"cmd": "why"}``: every client gets ``{"type": "why"}`` (the voice
says the explanations of the latest news, issue 33 item 2). ``{"cmd": "voice_settings", "voice": {...}}``: any subset of
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
    from companion.daemon.core import Daemon

log = logging.getLogger(__name__)

#: The store's setting that keeps them (JSON text).
SETTING = "voice"


def voice_settings(daemon: Daemon) -> dict:
    """The table's voice settings, for every ``state`` (read from the store once per daemon)."""
    kept = getattr(daemon, "_voice_settings", None)
    if kept is None:
        kept = daemon._voice_settings = settings.from_text(daemon.store.setting(SETTING))
    return dict(kept)


@command("repeat")
async def repeat(daemon: Daemon, message, writer) -> Ack:
    """``repeat``: every client is told to say the prompt and what to do again."""
    daemon.hub.broadcast({"type": "repeat"})
    return True, ""


@command("why")
async def why(daemon: Daemon, message, writer) -> Ack:
    """``why``: every client is told to say the explanations of the latest news (Why?)."""
    daemon.hub.broadcast({"type": "why"})
    return True, ""


@command("voice_settings")
async def change(daemon: Daemon, message, writer) -> Ack:
    """``voice_settings`` (voice: an object): keep the new settings, then every client gets the state."""
    try:
        update = settings.checked(message.get("voice"))
    except settings.VoiceSettingsError as exc:
        raise protocol.ProtocolError(str(exc)) from None

    def use() -> Ack:
        daemon._voice_settings = {**voice_settings(daemon), **update}
        try:
            daemon.store.set_setting(SETTING, json.dumps(daemon._voice_settings), time.time())
        except StoreError as exc:
            log.warning("%s; the voice settings hold until the companion stops", exc)
        daemon.publish()
        return True, ""

    return await daemon.in_order(use)
