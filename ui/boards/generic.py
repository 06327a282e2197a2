"""The fallback board: a game's public view as plain text, for games without a board yet."""

from __future__ import annotations

import json

from kivy.metrics import sp
from kivy.properties import DictProperty
from kivy.uix.label import Label

from ui import theme


def describe(view: dict) -> str:
    """One ``key: value`` line per view entry (nested values as compact JSON)."""
    lines = []
    for key, value in view.items():
        text = value if isinstance(value, str) else json.dumps(value, separators=(", ", ": "))
        lines.append(f"{key}: {text}")
    return "\n".join(lines)


class GenericBoard(Label):
    """Shows ``view`` as text."""

    view = DictProperty({})
    colours = DictProperty({})  # player colours: not drawn here (the names are in the text)

    def __init__(self, **kwargs):
        super().__init__(color=theme.TEXT_DIM, font_size=sp(14), halign="left", valign="top",
                         **kwargs)
        self.bind(size=lambda *_: setattr(self, "text_size", self.size))

    def on_view(self, *_args) -> None:
        self.text = describe(dict(self.view))
