"""Rules (issue 33 item 4): the rules card over the table screen. First the sections that
govern the step at hand, each under its rulebook name (to look it up in the printed
rulebook), in the companion's own words; "Whole game" shows every section. The daemon
sends the card (its ``rules`` message); the screen only lays it out."""

from __future__ import annotations

from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from ui.widgets.buttons import TouchButton
from ui.widgets.panel import Overlay, Panel, reading_label, unit_of

#: The card's reading size at 800x480: a player leans in to read it, as a rulebook.
TEXT_SP = 24


def rules_markup(sections: list[dict], heading: str) -> str:
    """The card's text: its heading, then each section's name (bold) and summary."""
    parts = [f"[b][size={int(sp(28))}]{escape_markup(heading)}[/size][/b]"] if heading else []
    for section in sections:
        parts.append(f"[b][color=ffcc33]{escape_markup(section['section'])}[/color][/b]\n"
                     f"{escape_markup(section['text'])}")
    return "\n\n".join(parts)


class ReadingCard(Overlay):
    """A card to read over the table screen (the rules card, Why?): its text in a scroll view
    at :data:`TEXT_SP`, then a row of its own ``buttons`` and Close."""

    def __init__(self, app, text: str = "", buttons: tuple = (), **kwargs):
        super().__init__(**kwargs)
        self._ = app.tr._
        unit = unit_of(app)
        box = Panel(unit)
        self.label = reading_label(sp(TEXT_SP) * app.scale, text=text, line_height=1.1)
        self.scroll = ScrollView(do_scroll_x=False, bar_width=8 * unit)
        self.scroll.add_widget(self.label)
        box.add_widget(self.scroll)
        row = BoxLayout(size_hint_y=None, height=64 * unit, spacing=8 * unit)
        close = TouchButton(text=self._("Close"), bold=True, font_size=sp(26) * app.scale)
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        for button in (*buttons, close):
            row.add_widget(button)
        box.add_widget(row)
        self.add_widget(box)


class RulesView(ReadingCard):
    """The rules card; "Whole game" and "For now" switch its text, Close closes it."""

    def __init__(self, app, **kwargs):
        self.card: dict = {}
        self.whole = False
        self.switch = TouchButton(text=app.tr._("Whole game"), font_size=sp(26) * app.scale, disabled=True)
        self.switch.bind(on_release=lambda *_: self.show(not self.whole))
        super().__init__(app, app.tr._("Asking the companion…"), (self.switch,), **kwargs)

    def take(self, message: dict) -> None:
        """The daemon's ``rules`` message."""
        self.card = message
        self.switch.disabled = not message.get("all")
        self.show(False)

    def show(self, whole: bool) -> None:
        """The sections for now, or (``whole``) every section of the game."""
        self.whole = whole
        now = self.card.get("now") or []
        if whole or not now:
            heading = self._("The rules of {title}").format(title=self.card.get("title") or "")
            sections = self.card.get("all") or []
        else:
            heading, sections = self._("The rules for now"), now
        self.label.text = rules_markup(sections, heading) if sections else self._("No game is on the table.")
        self.switch.text = self._("For now") if whole else self._("Whole game")
        self.switch.disabled = not (self.card.get("all") and now)
        self.scroll.scroll_y = 1
