"""History (issue 29): the game's log, one touch away from the table screen instead of on
it. A panel over the table in readable type (22 sp), newest at the bottom; a touch outside
closes it. Its Rules button opens the rules card (:mod:`ui.widgets.rules`, issue 33); its Why?
button the explanations of the latest news (:mod:`ui.widgets.why`, issue 33).

A line the daemon explained (the state's ``why``/``log_why``, issue 33 item 2) has a Why?
button beside it: touching it opens the Why card for that line. The other lines are plain
text, several in one label."""

from __future__ import annotations

from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from ui.text import log_markup
from ui.widgets.buttons import TouchButton
from ui.widgets.panel import Overlay, Panel, reading_label, unit_of

#: Log lines the panel shows (the client keeps :data:`ui.model.HISTORY`).
SHOWN = 40
#: The log's reading size at 800x480, in sp.
TEXT_SP = 22
#: An explained line's least height, in dp: a finger's width (about 9 mm on the 7" screen).
LINE_DP = 52
#: The width of an explained line's Why? button, in dp ("Perché?" at 26 sp).
WHY_DP = 120


def runs(entries: list[tuple[str, str, dict | None]]) -> list[tuple[str, str, dict | None]]:
    """The panel's rows, oldest first: ``(markup, text, why)``; consecutive lines without a why
    are one row (one line each; ``text`` "" and ``why`` None), each explained line a row of its
    own (``text``: that line), which gets a Why? button."""
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
        rows.append((line, text, why))
    if plain:
        rows.append(("\n".join(plain), "", None))
    return rows


class HistoryView(Overlay):
    """The log over the table screen; Close (or a touch outside) closes it.

    Attributes:
        lines: the explained lines' Why? buttons, oldest first (each ``line``: its text, ``why``:
            the daemon's explanation).
    """

    def __init__(self, app, **kwargs):
        super().__init__(**kwargs)
        self.app, _ = app, app.tr._
        unit = unit_of(app)
        box = Panel(unit)
        entries = app.model.explained_history()[-SHOWN:] or [(_("Nothing has happened yet."), "news", None)]
        rows = runs(entries)
        # the right padding keeps the Why? buttons clear of the scroll bar
        column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4 * unit, padding=(0, 0, 14 * unit, 0))
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

    def _row(self, markup: str, why: dict, text: str, unit: float) -> BoxLayout:
        """An explained line: the line, and beside it a Why? button (26 px, as every button)
        that opens the Why card for that line alone."""
        scale = self.app.scale
        row = BoxLayout(size_hint_y=None, height=LINE_DP * unit, spacing=8 * unit)
        label = Label(text=markup, markup=True, font_size=sp(TEXT_SP) * scale, halign="left", valign="middle",
                      line_height=1.1)
        row.label = label
        # the least height at the scale of now, not the one the card was made at (status15:
        # turned landscape -> portrait, its rows kept 800×480's until the card was opened again)
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                   texture_size=lambda _w, _t: self._fit_row(row))
        button = TouchButton(text=self.app.tr._("Why?"), font_size=sp(26) * scale, size_hint_x=None,
                             width=WHY_DP * unit)
        button.line, button.why = text, why
        button.bind(on_release=lambda b: self._explain(b))
        self.lines.append(button)
        row.add_widget(label)
        row.add_widget(button)
        return row

    def _fit_row(self, row: BoxLayout) -> None:
        """``row`` as tall as its line's text, a finger's width (:data:`LINE_DP`) at least."""
        unit = unit_of(self.app)
        row.height = max(LINE_DP * unit, row.label.texture_size[1] + 8 * unit)

    def refitted(self) -> None:
        """The window turned: each explained line's row as tall as its text at the new width
        and scale (its words wrap anew once the row is laid out)."""
        for button in self.lines:
            self._fit_row(button.parent)

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

