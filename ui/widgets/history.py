"""History (issue 29): the game's log, one touch away from the table screen instead of on
it. A panel over the table in readable type (22 sp), newest at the bottom; a touch anywhere
closes it. Its Rules button opens the rules card (:mod:`ui.widgets.rules`, issue 33); its Why?
button the explanations of the latest news (:mod:`ui.widgets.why`, issue 33)."""

from __future__ import annotations

from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.text import log_markup
from ui.widgets.buttons import TouchButton

#: Log lines the panel shows (the client keeps :data:`ui.model.HISTORY`).
SHOWN = 40


class HistoryView(ModalView):
    """The log over the table screen; Close (or a touch outside) closes it."""

    def __init__(self, app, **kwargs):
        super().__init__(auto_dismiss=True, size_hint=(0.96, 0.94), background="",
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.8), **kwargs)
        unit = dp(1) * app.scale
        box = BoxLayout(orientation="vertical", padding=12 * unit, spacing=8 * unit)
        with box.canvas.before:
            Color(*theme.PANEL)
            self._bg = RoundedRectangle(radius=[10 * unit])
        box.bind(pos=lambda w, p: setattr(self._bg, "pos", p), size=lambda w, s: setattr(self._bg, "size", s))
        lines = list(app.model.history) or [(app.tr._("Nothing has happened yet."), "news")]
        self.label = Label(text=log_markup(lines, SHOWN, SHOWN), markup=True, font_size=sp(22) * app.scale,
                           halign="left", valign="top", size_hint_y=None, line_height=1.1)
        self.label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                        texture_size=lambda w, size: setattr(w, "height", size[1]))
        scroll = ScrollView(do_scroll_x=False, bar_width=8 * unit, scroll_y=0)
        scroll.add_widget(self.label)
        box.add_widget(scroll)
        row = BoxLayout(size_hint_y=None, height=64 * unit, spacing=8 * unit)
        rules = TouchButton(text=app.tr._("Rules"), font_size=sp(26) * app.scale, disabled=not app.model.game)
        rules.bind(on_release=lambda *_: (self.dismiss(animation=False), app.show_rules()))
        close = TouchButton(text=app.tr._("Close"), bold=True, font_size=sp(26) * app.scale)
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        why = TouchButton(text=app.tr._("Why?"), font_size=sp(26) * app.scale, disabled=not app.model.why)
        why.bind(on_release=lambda *_: (self.dismiss(animation=False), app.show_why()))
        row.add_widget(why)
        row.add_widget(rules)
        row.add_widget(close)
        box.add_widget(row)
        self.add_widget(box)
