"""The table's voice settings (issue 28): what the Settings screen changes with the socket's
``voice_settings`` command, the daemon keeps in its store and every ``state`` carries as
``"voice": {"on", "volume", "speed", "say"}``.

Pure and shared by the daemon and the voice client: no sound, no socket here. Checked as
every table setting is (:mod:`companion.table_settings`).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, get_args

import msgspec

from companion import table_settings
from companion.protocol import VOICE_DEFAULTS

#: Speeds: ``slow`` is for children who are learning the game.
Speed = Literal["slow", "normal"]
SPEEDS: tuple[str, ...] = get_args(Speed)

#: What the voice says: everything (prompts, what to do, news, refusals, sounds), only what
#: to do (the todo lines, what to put back, refusals; sounds too), or only the sounds.
Say = Literal["everything", "todo", "sounds"]
SAY: tuple[str, ...] = get_args(Say)


class VoiceSettings(msgspec.Struct, frozen=True):
    """The voice's settings, each with its default (the protocol's: every client shows them).
    ``volume``: percent."""

    key: ClassVar[str] = "voice"
    example: ClassVar[str] = '{"on": true, "volume": 80}'

    on: bool = VOICE_DEFAULTS["on"]
    volume: Annotated[int, msgspec.Meta(ge=0, le=100)] = VOICE_DEFAULTS["volume"]
    speed: Speed = VOICE_DEFAULTS["speed"]
    say: Say = VOICE_DEFAULTS["say"]


#: The settings of a table that chose none (the protocol's: every client shows them).
DEFAULTS: dict[str, Any] = VOICE_DEFAULTS


def checked(update: Any) -> dict[str, Any]:
    """The keys of ``update`` (any subset of :data:`DEFAULTS`), checked.

    Raises:
        companion.table_settings.SettingsError: not an object, an unknown key, or a bad value.
    """
    return table_settings.checked(update, VoiceSettings)


def from_text(text: str | None) -> dict[str, Any]:
    """The settings kept as JSON text in the store (None or damaged text: the defaults)."""
    return table_settings.from_text(text, VoiceSettings)
