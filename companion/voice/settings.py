"""The table's voice settings (issue 28): what the Settings screen changes with the socket's
``voice_settings`` command, the daemon keeps in its store and every ``state`` carries as
``"voice": {"on", "volume", "speed", "say"}``.

Pure and shared by the daemon and the voice client: no sound, no socket here.
"""

from __future__ import annotations

import json
from typing import Any

from companion.protocol import VOICE_DEFAULTS

#: Speeds: ``slow`` is for children who are learning the game.
SPEEDS = ("slow", "normal")

#: What the voice says: everything (prompts, what to do, news, refusals, sounds), only what
#: to do (the todo lines, what to put back, refusals; sounds too), or only the sounds.
SAY = ("everything", "todo", "sounds")

#: The settings of a table that chose none (the protocol's: every client shows them).
DEFAULTS: dict[str, Any] = VOICE_DEFAULTS


class VoiceSettingsError(ValueError):
    """A ``voice_settings`` value out of its range (the message names the key)."""


def checked(update: Any) -> dict[str, Any]:
    """The keys of ``update`` (any subset of :data:`DEFAULTS`), checked.

    Raises:
        VoiceSettingsError: not an object, an unknown key, or a bad value.
    """
    if not isinstance(update, dict):
        raise VoiceSettingsError("voice is an object such as {\"on\": true, \"volume\": 80}")
    for key, value in update.items():
        _check(key, value)
    return dict(update)


def _check(key: str, value: Any) -> None:
    if key not in DEFAULTS:
        raise VoiceSettingsError(f"unknown voice setting {key!r} (known: {', '.join(DEFAULTS)})")
    if key == "on" and not isinstance(value, bool):
        raise VoiceSettingsError(f"voice.on is true or false, not {value!r}")
    if key == "volume" and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100):
        raise VoiceSettingsError(f"voice.volume is a whole number from 0 to 100, not {value!r}")
    if key == "speed" and value not in SPEEDS:
        raise VoiceSettingsError(f"voice.speed is one of {', '.join(SPEEDS)}, not {value!r}")
    if key == "say" and value not in SAY:
        raise VoiceSettingsError(f"voice.say is one of {', '.join(SAY)}, not {value!r}")


def from_text(text: str | None) -> dict[str, Any]:
    """The settings kept as JSON text in the store (None or damaged text: the defaults)."""
    try:
        kept = checked(json.loads(text)) if text else {}
    except (ValueError, TypeError):
        kept = {}
    return {**DEFAULTS, **kept}
