"""The table screen's settings (issue 29): what Settings changes with the socket's
``screen_settings`` command, the daemon keeps in its store (a table setting that outlives a
restart, like the language) and every ``state`` carries as ``"screen": {"text", "motion"}``.

``text``: ``"normal"`` or ``"large"`` (the reading text, read from a metre or more);
``motion``: ``True`` animates what changed (a ghost arriving, a score), ``False`` never.

Pure: no socket, no Kivy here.
"""

from __future__ import annotations

import json
from typing import Any

from companion.protocol import SCREEN_DEFAULTS

#: The text sizes Settings offers.
TEXT_SIZES = ("normal", "large")

#: The settings of a table that chose none.
DEFAULTS: dict[str, Any] = SCREEN_DEFAULTS


class ScreenSettingsError(ValueError):
    """A ``screen_settings`` value out of its range (the message names the key)."""


def checked(update: Any) -> dict[str, Any]:
    """The keys of ``update`` (any subset of :data:`DEFAULTS`), checked.

    Raises:
        ScreenSettingsError: not an object, an unknown key, or a bad value.
    """
    if not isinstance(update, dict):
        raise ScreenSettingsError("screen is an object such as {\"text\": \"large\", \"motion\": false}")
    for key, value in update.items():
        _check(key, value)
    return dict(update)


def _check(key: str, value: Any) -> None:
    if key not in DEFAULTS:
        raise ScreenSettingsError(f"unknown screen setting {key!r} (known: {', '.join(DEFAULTS)})")
    if key == "text" and value not in TEXT_SIZES:
        raise ScreenSettingsError(f"screen.text is one of {', '.join(TEXT_SIZES)}, not {value!r}")
    if key == "motion" and not isinstance(value, bool):
        raise ScreenSettingsError(f"screen.motion is true or false, not {value!r}")


def from_text(text: str | None) -> dict[str, Any]:
    """The settings kept as JSON text in the store (None or damaged text: the defaults)."""
    try:
        kept = checked(json.loads(text)) if text else {}
    except (ValueError, TypeError):
        kept = {}
    return {**DEFAULTS, **kept}
