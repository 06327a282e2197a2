"""The table screen's settings command (issue 29, :mod:`companion.screen_settings`).

``{"cmd": "screen_settings", "screen": {"text": "large", "motion": false}}`` (any subset):
kept in the store's settings like the language and the voice's; every ``state`` then
carries them (:func:`screen_settings`), so every screen at the table follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion import protocol
from companion import screen_settings as settings
from companion.daemon.command_table import Ack, command

if TYPE_CHECKING:
    from companion.daemon.api import DaemonApi


def screen_settings(daemon: DaemonApi) -> dict:
    """The table screen's settings, for every ``state`` (kept by the daemon's ``screen``)."""
    return daemon.screen.current()


@command("screen_settings")
async def change(daemon: DaemonApi, message, writer) -> Ack:
    """``screen_settings`` (screen: an object): keep the new settings, then every client gets the state."""
    try:
        update = settings.checked(message.get("screen"))
    except settings.ScreenSettingsError as exc:
        raise protocol.ProtocolError(str(exc)) from None

    def use() -> Ack:
        daemon.screen.change(update)
        daemon.publish()
        return True, ""

    return await daemon.in_order(use)
