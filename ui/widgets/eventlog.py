"""The event log: the latest news lines, newest at the bottom, older ones dimmer."""

from __future__ import annotations

from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.stencilview import StencilView
from kivy.utils import escape_markup

from ui import theme

#: How many news lines the log shows at most.
SHOWN = 6


def log_markup(lines: list[str], fresh: int, shown: int = SHOWN) -> str:
    """The last ``shown`` of ``lines`` as Kivy markup; the last ``fresh`` ones bright."""
    tail = lines[-shown:] if shown else []
    bright = theme.hex_colour(theme.TEXT)
    dim = theme.hex_colour(theme.TEXT_DIM)
    out = []
    for i, line in enumerate(tail):
        colour = bright if i >= len(tail) - fresh else dim
        out.append(f"[color={colour}]{escape_markup(line)}[/color]")
    return "\n".join(out)


class EventLog(StencilView):
    """Clips its label at the top, so the newest lines always show (see ``kv/app.kv``).

    Attributes:
        lines: news, oldest first.
        fresh: how many of the last lines are new since the previous state.
        markup: what the label shows.
    """

    lines = ListProperty([])
    fresh = NumericProperty(0)
    markup = StringProperty("")

    def on_lines(self, *_args) -> None:
        self.markup = log_markup(list(self.lines), int(self.fresh))

    def on_fresh(self, *_args) -> None:
        self.on_lines()
