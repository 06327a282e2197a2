"""Why? (issue 33 item 1): the card that explains the latest news lines, as the daemon sent
them in the state's ``why`` (each line, its rulebook section, the companion's explanation).
The rules card's look (:mod:`ui.widgets.rules`): large type, Close. The screen only lays
out what the daemon sent."""

from __future__ import annotations

from kivy.metrics import sp
from kivy.utils import escape_markup

from ui.widgets.rules import RulesView


def why_markup(entries: list[tuple[str, dict]], heading: str) -> str:
    """The card's text: its heading, then each news line (bold), its rulebook section
    (highlighted) and the explanation."""
    parts = [f"[b][size={int(sp(28))}]{escape_markup(heading)}[/size][/b]"]
    for line, why in entries:
        parts.append(f"[b]{escape_markup(str(line))}[/b]\n[color=ffcc33]{escape_markup(str(why.get('rule') or ''))}"
                     f"[/color]: {escape_markup(str(why.get('text') or ''))}")
    return "\n\n".join(parts)


class WhyView(RulesView):
    """The Why? card over the table screen: no "Whole game" switch, only Close."""

    def __init__(self, app, **kwargs):
        super().__init__(app, **kwargs)
        self.switch.opacity, self.switch.disabled = 0, True
        entries = list(app.model.why)
        self.label.text = (why_markup(entries, self._("Why?")) if entries
                           else self._("Nothing to explain yet."))
