"""The voice's socket commands (issue 28; the voice itself is :mod:`companion.voice`, a
client of its own that the daemon never waits for).

``{"cmd": "repeat"}``: every client gets ``{"type": "repeat"}`` (the voice says the prompt
and what to do again). ``{"cmd": "why"}``: every client gets ``{"type": "why"}`` (the voice
says the explanations of the latest news, issue 33 item 2). ``{"cmd": "voice_settings", "voice": {...}}``: any subset of
:data:`companion.voice.settings.DEFAULTS`, kept in the store's settings like the language;
every ``state`` then carries them (:func:`voice_settings`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from companion.daemon.command_table import Ack, command
from companion.daemon.settings_commands import settings_command
from companion.voice.settings import VoiceSettings

if TYPE_CHECKING:
    from companion.daemon.api import Commands

log = logging.getLogger(__name__)


def voice_settings(ctx: Commands) -> dict:
    """The table's voice settings, for every ``state``."""
    return ctx.parts.voice.current()


@command("repeat")
async def repeat(ctx: Commands, command, writer) -> Ack:
    """``repeat``: every client is told to say the prompt and what to do again."""
    ctx.replies.broadcast({"type": "repeat"})
    return True, ""


@command("why")
async def why(ctx: Commands, command, writer) -> Ack:
    """``why``: every client is told to say the explanations of the latest news (Why?)."""
    ctx.replies.broadcast({"type": "why"})
    return True, ""


change = settings_command("voice_settings", VoiceSettings, lambda ctx: ctx.parts.voice)
