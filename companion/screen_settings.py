"""The table screen's settings (issue 29): what Settings changes with the socket's
``screen_settings`` command, the daemon keeps in its store (a table setting that outlives a
restart, like the language) and every ``state`` carries as ``"screen": {"text", "motion"}``.

``text``: ``"normal"`` or ``"large"`` (the reading text, read from a metre or more);
``motion``: ``True`` animates what changed (a ghost arriving, a score), ``False`` never.

Pure: no socket, no Kivy here. Checked as every table setting is (:mod:`companion.table_settings`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, get_args

import msgspec

from companion import table_settings
from companion.protocol import SCREEN_DEFAULTS

#: The text sizes Settings offers.
TextSize = Literal["normal", "large"]
TEXT_SIZES: tuple[str, ...] = get_args(TextSize)


class ScreenSettings(msgspec.Struct, frozen=True):
    """The table screen's settings, each with its default (the protocol's: every client shows them)."""

    key: ClassVar[str] = "screen"
    example: ClassVar[str] = '{"text": "large", "motion": false}'

    text: TextSize = SCREEN_DEFAULTS["text"]
    motion: bool = SCREEN_DEFAULTS["motion"]


#: The settings of a table that chose none.
DEFAULTS: dict[str, Any] = SCREEN_DEFAULTS


def checked(update: Any) -> dict[str, Any]:
    """The keys of ``update`` (any subset of :data:`DEFAULTS`), checked.

    Raises:
        companion.table_settings.SettingsError: not an object, an unknown key, or a bad value.
    """
    return table_settings.checked(update, ScreenSettings)


def from_text(text: str | None) -> dict[str, Any]:
    """The settings kept as JSON text in the store (None or damaged text: the defaults)."""
    return table_settings.from_text(text, ScreenSettings)
