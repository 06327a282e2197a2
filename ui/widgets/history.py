"""History (issue 29): the game's log, one touch away from the table screen instead of on
it. A panel over the table in readable type (22 sp), newest at the bottom; a touch outside
closes it. Its Rules button opens the rules card (:mod:`ui.widgets.rules`, issue 33); its Why?
button the explanations of the latest news (:mod:`ui.widgets.why`, issue 33).

A line the daemon explained (the state's ``why``/``log_why``, issue 33 item 2) is a button
marked "?": touching it opens the Why card for that line. The other lines are plain text,
several in one label."""

from __future__ import annotations

from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.text import coloured, log_markup
from ui.widgets.buttons import TouchButton
from ui.widgets.panel import Overlay, Panel, reading_label, unit_of

#: Log lines the panel shows (the client keeps :data:`ui.model.HISTORY`).
SHOWN = 40
#: The log's reading size at 800x480, in sp.
TEXT_SP = 22
#: An explained line's least height, in dp: a finger's width (about 9 mm on the 7" screen).
LINE_DP = 52


def runs(entries: list[tuple[str, str, dict | None]]) -> list[tuple[str, str, dict | None]]:
    """The panel's rows, oldest first: ``(markup, text, why)``; consecutive lines without a why
    are one row (one line each; ``text`` "" and ``why`` None), each explained line a row of its
    own, marked "?" (``text``: that line)."""
    rows: list[tuple[str, str, dict | None]] = []
    plain: list[str] = []
    for text, kind, why in entries:
        line = log_markup([(text, kind)], 1, 1)
        if why is None:
            plain.append(line)
            continue
        if plain:
            rows.append(("\n".join(plain), "", None))
            plain = []
        rows.append((f"{coloured('?', theme.GOLD)}  {line}", text, why))
    if plain:
        rows.append(("\n".join(plain), "", None))
    return rows


class HistoryView(Overlay):
    """The log over the table screen; Close (or a touch outside) closes it.

    Attributes:
        lines: the explained lines' buttons, oldest first (each ``line``: its text, ``why``:
            the daemon's explanation).
    """

    def __init__(self, app, **kwargs):
        super().__init__(**kwargs)
        self.app, _ = app, app.tr._
        unit = unit_of(app)
        box = Panel(unit)
        entries = app.model.explained_history()[-SHOWN:] or [(_("Nothing has happened yet."), "news", None)]
        rows = runs(entries)
        if any(why is not None for _markup, _text, why in rows):
            hint = reading_label(sp(20) * app.scale, text=_("Touch a line marked ? to see why."), color=theme.GOLD)
            box.add_widget(hint)
        column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4 * unit)
        column.bind(minimum_height=column.setter("height"))
        self.lines: list[TouchButton] = []
        for markup, text, why in rows:
            column.add_widget(self._row(markup, why, text, unit) if why is not None
                              else reading_label(sp(TEXT_SP) * app.scale, text=markup, line_height=1.1))
        scroll = ScrollView(do_scroll_x=False, bar_width=8 * unit, scroll_y=0)
        scroll.add_widget(column)
        box.add_widget(scroll)
        box.add_widget(self._buttons(unit))
        self.add_widget(box)

    def _row(self, markup: str, why: dict, text: str, unit: float) -> TouchButton:
        """An explained line: a button that opens the Why card for that line alone."""
        scale = self.app.scale
        button = TouchButton(text=markup, markup=True, font_size=sp(TEXT_SP) * scale, halign="left",
                             valign="middle", size_hint_y=None, height=LINE_DP * unit)
        button.bind(width=lambda b, w: setattr(b, "text_size", (w - 20 * unit, None)),
                    texture_size=lambda b, t: setattr(b, "height", max(LINE_DP * unit, t[1] + 12 * unit)))
        button.line, button.why = text, why
        button.bind(on_release=lambda b: self._explain(b))
        self.lines.append(button)
        return button

    def _explain(self, button: TouchButton) -> None:
        self.dismiss(animation=False)
        self.app.show_why([(button.line, button.why)])

    def _buttons(self, unit: float) -> BoxLayout:
        app, _ = self.app, self.app.tr._
        row = BoxLayout(size_hint_y=None, height=64 * unit, spacing=8 * unit)
        why = TouchButton(text=_("Why?"), font_size=sp(26) * app.scale, disabled=not app.model.why)
        why.bind(on_release=lambda *_a: (self.dismiss(animation=False), app.show_why()))
        rules = TouchButton(text=_("Rules"), font_size=sp(26) * app.scale, disabled=not app.model.game)
        rules.bind(on_release=lambda *_a: (self.dismiss(animation=False), app.show_rules()))
        close = TouchButton(text=_("Close"), bold=True, font_size=sp(26) * app.scale)
        close.bind(on_release=lambda *_a: self.dismiss(animation=False))
        for button in (why, rules, close):
            row.add_widget(button)
        return row

