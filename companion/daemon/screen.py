"""The table screen's settings command (issue 29, :mod:`companion.screen_settings`).

``{"cmd": "screen_settings", "screen": {"text": "large", "motion": false}}`` (any subset):
kept in the store's settings like the language and the voice's; every ``state`` then
carries them (:func:`screen_settings`), so every screen at the table follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.daemon.settings_commands import settings_command
from companion.screen_settings import ScreenSettings

if TYPE_CHECKING:
    from companion.daemon.api import Commands


def screen_settings(ctx: Commands) -> dict:
    """The table screen's settings, for every ``state`` (kept by the daemon's ``screen``)."""
    return ctx.parts.screen.current()


change = settings_command("screen_settings", ScreenSettings, lambda ctx: ctx.parts.screen)
