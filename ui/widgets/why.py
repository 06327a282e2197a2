"""Why? (issue 33 item 1): the card that explains the latest news lines, as the daemon sent
them in the state's ``why`` (each line, its rulebook section, the companion's explanation).
The rules card's look (:class:`ui.widgets.rules.ReadingCard`): large type, Close. A History
line opens it for that line alone (its ``log_why``). The screen only lays out what the daemon
sent."""

from __future__ import annotations

from kivy.metrics import sp
from kivy.utils import escape_markup

from ui.widgets.rules import ReadingCard


def why_markup(entries: list[tuple[str, dict]], heading: str) -> str:
    """The card's text: its heading, then each news line (bold), its rulebook section
    (highlighted) and the explanation."""
    parts = [f"[b][size={int(sp(28))}]{escape_markup(heading)}[/size][/b]"]
    for line, why in entries:
        parts.append(f"[b]{escape_markup(str(line))}[/b]\n[color=ffcc33]{escape_markup(str(why.get('rule') or ''))}"
                     f"[/color]: {escape_markup(str(why.get('text') or ''))}")
    return "\n\n".join(parts)


class WhyView(ReadingCard):
    """The Why? card over the table screen: the explanations of ``entries`` (``(news line,
    why entry)`` pairs; by default the latest news, ``app.model.why``), and Close.

    A History line opens it with that line's pair alone (issue 33 item 2)."""

    def __init__(self, app, entries: list[tuple[str, dict]] | None = None, **kwargs):
        entries = list(app.model.why if entries is None else entries)
        text = why_markup(entries, app.tr._("Why?")) if entries else app.tr._("Nothing to explain yet.")
        super().__init__(app, text, **kwargs)
