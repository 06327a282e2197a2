"""The fallback board for games without a drawn board yet (House of Spirits, CLUE: IT): the
game's public view as short lines a table reads at arm's length ("Scores: Ada 12 · Bo 9").
It shows only what the daemon's public view holds, so nothing hidden can appear."""

from __future__ import annotations

from typing import Any

from kivy.metrics import sp
from kivy.properties import DictProperty
from kivy.uix.label import Label

from ui import theme

#: View keys that are for programs (scripts, tests), not for the table.
HIDDEN_KEYS = frozenset({"game", "options", "step", "placeholders", "private_screen", "deal", "turn_number"})


def describe(view: dict) -> str:
    """One ``Name: value`` line per view entry worth reading: keys in words, mappings as
    ``Ada 12 · Bo 9``, lists comma-separated, nothing for empty or internal entries."""
    lines = []
    for key, value in view.items():
        text = _value(value)
        if key in HIDDEN_KEYS or text in ("", "none"):
            continue
        lines.append(f"{key.replace('_', ' ').capitalize()}: {text}")
    return "\n".join(lines)


def _value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        parts = [f"{k} {_inner(v)}".strip() for k, v in value.items() if _inner(v) != ""]
        return " · ".join(parts)
    if isinstance(value, (list, tuple)):
        return ", ".join(_inner(v) for v in value if _inner(v) != "")
    return str(value)


def _inner(value: Any) -> str:
    """A value inside a mapping or list: nested mappings in brackets."""
    if isinstance(value, dict):
        text = ", ".join(f"{k} {_inner(v)}".strip() for k, v in value.items() if _inner(v) != "")
        return f"({text})" if text else ""
    return _value(value)


class GenericBoard(Label):
    """Shows ``view`` as short lines of text."""

    view = DictProperty({})
    colours = DictProperty({})  # player colours: not drawn here (the names are in the text)

    def __init__(self, **kwargs):
        super().__init__(color=theme.TEXT_DIM, font_size=sp(17), halign="left", valign="top",
                         **kwargs)
        self.bind(size=lambda *_: setattr(self, "text_size", self.size))

    def on_view(self, *_args) -> None:
        self.text = describe(dict(self.view))
