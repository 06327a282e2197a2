"""The table check (issue 6): "does your table look like this?" Every line the daemon's
``check`` lists (what the companion believes: ghosts per room, positions, tokens) with big
buttons for the corrections it accepts; "Looks right" goes back to the table.

A correction is sent as an ordinary ``choose`` with the check's ``revision`` (the daemon
logs it as a correction, Undo takes it back); after every state the app asks for the check
again, so the lines always show what the companion now believes.
"""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, DictProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from ui import theme
from ui.kvloader import load_kv
from ui.widgets.buttons import TouchButton, wrapped

#: Design sizes (× dp × app.scale): a correction button's height (9 mm and more on every
#: panel), its smallest width, the gap between buttons, and the line's fonts.
#: A correction's words are 26 px, a button's floor at a metre, and never shrink (issue 29:
#: they were 16 px, fit down to 12 for "Sposta nella Biblioteca Pubblica di Derry"): a long
#: one takes more lines and its row of the grid grows.
BUTTON_HEIGHT = 56
BUTTON_MIN_WIDTH = 150
GAP = 6
LABEL_FONT = 22
BUTTON_FONT = 26
#: A line's padding above and below its content (issue 29: 6; at 800×480 the list showed
#: one and a half rows of corrections above Looks right, 3 gives a fourth row).
LINE_PAD = 3

#: In a wide window the part of a line its buttons take, beside its words (issue 29: 0.58,
#: so a line of three corrections stacked them under its words, a row more): three
#: corrections of :data:`BUTTON_MIN_WIDTH` fit beside the words at 800×480.
BUTTONS_SHARE = 0.68

#: A line with more corrections than this (a hunter or the King: any room, issue 17 item 9)
#: shows them as a grid of equal buttons under its words: every place one touch away.
INLINE_FIXES = 4


class CheckLine(BoxLayout):
    """One line: what is checked and what the companion believes (left, or on top in a
    narrow window), and one button per correction.

    Attributes:
        line: ``{"label", "value", "fixes": [{"key", "label"}]}`` from the daemon.
        scale: the app's size factor.
        stacked: the buttons go under the words (portrait, or many corrections).
        busy: a touch is on its way: the buttons are disabled.
    """

    line = DictProperty({})
    scale = NumericProperty(1.0)
    stacked = BooleanProperty(False)
    busy = BooleanProperty(False)
    #: Columns of the grid of a line with many corrections.
    columns = NumericProperty(4)

    def __init__(self, on_fix, **kwargs):
        super().__init__(size_hint_y=None, **kwargs)
        self._on_fix = on_fix
        self.bind(busy=self._set_busy)
        self._build()

    def buttons(self) -> list[TouchButton]:
        return [w for w in self.walk(restrict=True) if isinstance(w, TouchButton)]

    def _build(self) -> None:
        unit = dp(1) * self.scale
        fixes = list(self.line.get("fixes") or [])
        self.orientation = "vertical" if self.stacked else "horizontal"
        self.spacing = GAP * unit
        self.padding = (10 * unit, LINE_PAD * unit)
        words = Label(markup=True, text=_markup(self.line), font_size=sp(LABEL_FONT) * self.scale,
                      halign="left", valign="middle", size_hint_y=None)
        words.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                   texture_size=self._fit)
        row_height = BUTTON_HEIGHT * unit
        columns = self.columns if len(fixes) > INLINE_FIXES else max(1, len(fixes))
        buttons = GridLayout(cols=columns, spacing=GAP * unit, size_hint_y=None, height=0)
        buttons.bind(minimum_height=buttons.setter("height"))
        for fix in fixes:
            button = wrapped(TouchButton(text=fix.get("label", ""), key=fix.get("key", ""), bold=True,
                                         font_size=sp(BUTTON_FONT) * self.scale, disabled=self.busy,
                                         size_hint_y=None, height=row_height), grow=False)
            button.bind(texture_size=self._even, on_release=lambda b: self._on_fix(b.key))
            buttons.add_widget(button)
        if self.stacked:
            self.add_widget(words)
            if fixes:
                self.add_widget(buttons)
        else:
            words.size_hint_x = 1 - BUTTONS_SHARE if fixes else 1
            self.add_widget(words)
            if fixes:
                buttons.size_hint_x = BUTTONS_SHARE
                self.add_widget(buttons)
        self._words, self._buttons = words, buttons
        buttons.bind(height=self._fit)
        self._fit()
        with self.canvas.before:
            from kivy.graphics import Color, RoundedRectangle

            Color(*theme.PANEL)
            self._bg = RoundedRectangle(pos=self.pos, size=self.size, radius=[8 * unit], segments=4)
        self.bind(pos=self._paint, size=self._paint)

    def _even(self, *_args) -> None:
        """Every correction as tall as the one whose words need the most lines (at least
        :data:`BUTTON_HEIGHT`): the grid's rows stay even."""
        unit = dp(1) * self.scale
        buttons = self.buttons()
        tallest = max([b.texture_size[1] + 12 * unit for b in buttons] + [BUTTON_HEIGHT * unit])
        for button in buttons:
            button.height = tallest

    def _fit(self, *_args) -> None:
        """The words as tall as their text (stacked) or as the line (beside the buttons,
        centred); the line as tall as its content."""
        pad = self.padding[1] * 2
        text = self._words.texture_size[1]
        if self.stacked:
            self._words.height = text
            gap = self.spacing if self.line.get("fixes") else 0
            self.height = text + gap + self._buttons.height + pad
        else:
            self._words.height = max(text, self._buttons.height)  # the text shows centred in it
            self.height = self._words.height + pad

    def _paint(self, *_args) -> None:
        self._bg.pos, self._bg.size = self.pos, self.size

    def _set_busy(self, _self, busy: bool) -> None:
        for button in self.buttons():
            button.disabled = busy


def _markup(line: dict) -> str:
    """"Room E" in bold, then what the companion believes, in gold."""
    label = _escape(str(line.get("label", "")))
    value = _escape(str(line.get("value", "")))
    return f"[b]{label}[/b]   [color={theme.hex_colour(theme.GOLD)}]{value}[/color]"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


class CheckScreen(Screen):
    """Binds to ``app.model.check``; rebuilds its lines when the check changes.

    Attributes:
        empty: no line to show (no game, or one without a check).
    """

    empty = BooleanProperty(True)

    def __init__(self, **kwargs):
        load_kv("check")
        super().__init__(name="check", **kwargs)
        app = App.get_running_app()
        self._trigger = Clock.create_trigger(self._rebuild)
        app.model.bind(check=self._trigger, busy=self._set_busy)
        app.bind(scale=self._trigger, portrait=self._trigger)
        self.bind(width=self._trigger)
        self._undo = self.ids.undo.__self__  # the widget (ids are weak proxies): moved between rows
        app.bind(portrait=self.place_undo)
        self.place_undo(app, app.portrait)
        self._trigger()  # built on first use (ui.root.LazyScreenManager): the check so far

    def place_undo(self, _app, portrait: bool) -> None:
        """Undo in the page bar (landscape), or beside Looks right at the foot (portrait,
        where the bar between Back and Undo left the title 141 px: "Tab...ck")."""
        row = self.ids.foot if portrait else self.ids.bar
        if self._undo.parent is not row:
            if self._undo.parent is not None:
                self._undo.parent.remove_widget(self._undo)
            row.add_widget(self._undo, index=len(row.children) if portrait else 0)

    def lines(self) -> list[CheckLine]:
        return [w for w in self.ids.lines.children[::-1] if isinstance(w, CheckLine)]

    def buttons(self) -> list[TouchButton]:
        return [b for line in self.lines() for b in line.buttons()]

    def _rebuild(self, *_args) -> None:
        app = App.get_running_app()
        box = self.ids.lines
        box.clear_widgets()
        lines = list((app.model.check or {}).get("lines") or [])
        self.empty = not lines
        wide_enough = self.width >= 600 * dp(1) * app.scale
        for line in lines:
            count = len(line.get("fixes") or [])
            unit = dp(1) * app.scale
            many = count * (BUTTON_MIN_WIDTH + GAP) * unit > BUTTONS_SHARE * self.width or count > INLINE_FIXES
            stacked = app.portrait or not wide_enough or many
            columns = max(2, int((self.width - 40 * unit) // ((BUTTON_MIN_WIDTH + GAP) * unit)))
            box.add_widget(CheckLine(app.correct, line=line, scale=app.scale, stacked=stacked,
                                     busy=app.model.busy, columns=columns))

    def _set_busy(self, _model, busy: bool) -> None:
        for line in self.lines():
            line.busy = busy
