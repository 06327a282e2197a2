"""The table screen's settings command (issue 29, :mod:`companion.screen_settings`).

``{"cmd": "screen_settings", "screen": {"text": "large", "motion": false}}`` (any subset):
kept in the store's settings like the language and the voice's; every ``state`` then
carries them (:func:`screen_settings`), so every screen at the table follows.
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING

from companion import protocol
from companion import screen_settings as settings
from companion.daemon.commands import Ack, command
from companion.errors import StoreError

if TYPE_CHECKING:
    from companion.daemon.core import Daemon

log = logging.getLogger(__name__)

#: The store's setting that keeps them (JSON text).
SETTING = "screen"


def screen_settings(daemon: Daemon) -> dict:
    """The table screen's settings, for every ``state`` (read from the store once per daemon)."""
    kept = getattr(daemon, "_screen_settings", None)
    if kept is None:
        kept = daemon._screen_settings = settings.from_text(daemon.store.setting(SETTING))
    return dict(kept)


@command("screen_settings")
async def change(daemon: Daemon, message, writer) -> Ack:
    """``screen_settings`` (screen: an object): keep the new settings, then every client gets the state."""
    try:
        update = settings.checked(message.get("screen"))
    except settings.ScreenSettingsError as exc:
        raise protocol.ProtocolError(str(exc)) from None

    def use() -> Ack:
        daemon._screen_settings = {**screen_settings(daemon), **update}
        try:
            daemon.store.set_setting(SETTING, json.dumps(daemon._screen_settings), time.time())
        except StoreError as exc:
            log.warning("%s; the screen settings hold until the companion stops", exc)
        daemon.publish()
        return True, ""

    return await daemon.in_order(use)
