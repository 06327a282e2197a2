"""The form for what is printed on one component (issues 5, 6, 10, 12), built from the
fields of the daemon's ``content`` answer (``companion.table_content.forms``):

* ``int``: a big − / + stepper with the value in large type (a value not known yet shows
  "?"; the first + gives the lowest value);
* ``choice``: a row of toggle buttons, one chosen;
* ``flags``: a row of toggle buttons, any number chosen;
* ``text``: a button showing the text; touching it opens the on-screen keyboard.

Save hands ``{field: value}`` (every field with a value) to ``on_save``; Reset asks for the
content file's data back (``on_reset``); the third button (Cancel, or Skip during
enrollment) calls ``on_close``. The form never talks to the daemon itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.carddata import entry_of, stepped, toggled
from ui.text import value_text
from ui.widgets.buttons import TouchButton, wrapped
from ui.widgets.keyboard import NameKeyboard

#: Height of the form's touch targets, in design pixels (≥ 9 mm on a 7" 800×480 panel: 47 px).
TARGET = 56

#: Width of the − and + buttons, in design pixels.
STEP_WIDTH = 96

#: Longest printed text, in characters (the daemon's ``companion.engine.content.MAX_TEXT``;
#: the client imports nothing of the companion but its socket client).
MAX_TEXT = 40

#: Toggle buttons a row, at most.
TOGGLES_PER_ROW = 4


class ContentForm(BoxLayout):
    """One component's form.

    Args:
        component: one entry of the ``content`` answer's ``components``.
        on_save: ``on_save(component_id, fields)``.
        on_reset: ``on_reset(component_id)`` (the button is disabled when nothing was entered).
        on_close: ``on_close()``.
        close_text: the third button's caption ("Cancel", "Skip").

    Attributes:
        values: field name -> the value shown now.
    """

    def __init__(self, component: dict, on_save: Callable[[str, dict], None],
                 on_reset: Callable[[str], None], on_close: Callable[[], None], close_text: str, **kwargs):
        super().__init__(orientation="vertical", **kwargs)
        app = App.get_running_app()
        self.app, self._ = app, app.tr._
        self.component = component
        self.fields: list[dict] = list(component.get("fields") or [])
        self.values: dict[str, Any] = {f["name"]: f.get("value") for f in self.fields}
        self._on_save, self._on_reset, self._on_close = on_save, on_reset, on_close
        self._refreshers: list[Callable[[], None]] = []
        unit = dp(1) * app.scale
        self.spacing = 8 * unit
        self.add_widget(_label(component.get("label", component.get("component", "")), app, 24, bold=True,
                               colour=theme.GOLD))
        self.add_widget(_label(self._("What is printed on this piece of yours. It counts from the next new game."),
                               app, 18, colour=theme.TEXT_DIM))
        scroll = ScrollView(do_scroll_x=False, bar_width=8 * unit)
        body = BoxLayout(orientation="vertical", size_hint_y=None, spacing=10 * unit,
                         padding=(0, 0, 10 * unit, 8 * unit))
        body.bind(minimum_height=body.setter("height"))
        for field in self.fields:
            body.add_widget(self._field(field, app, unit))
        scroll.add_widget(body)
        self.add_widget(scroll)
        self.add_widget(self._actions(app, unit, close_text))
        self.refresh()

    # ------------------------------------------------------------------ actions

    def step(self, name: str, step: int) -> None:
        """Touch − or + of int field ``name``."""
        field = self._field_named(name)
        self.values[name] = stepped(field, self.values.get(name), step)
        self.refresh()

    def toggle(self, name: str, choice: Any) -> None:
        """Touch ``choice`` of choice or flags field ``name``."""
        self.values[name] = toggled(self._field_named(name), self.values.get(name), choice)
        self.refresh()

    def type_text(self, name: str) -> None:
        """Open the on-screen keyboard for text field ``name``."""
        NameKeyboard(str(self.values.get(name) or ""), lambda text: self._typed(name, text), limit=MAX_TEXT).open()

    def _typed(self, name: str, text: str) -> None:
        self.values[name] = text
        self.refresh()

    def save(self) -> None:
        self._on_save(self.component["component"], entry_of(self.fields, self.values))

    def reset(self) -> None:
        self._on_reset(self.component["component"])

    def close(self) -> None:
        self._on_close()

    def refresh(self) -> None:
        """Show ``values`` on every field and the Save button."""
        for refresh in self._refreshers:
            refresh()
        self.ids_save.disabled = not entry_of(self.fields, self.values)

    def _field_named(self, name: str) -> dict:
        return next(f for f in self.fields if f["name"] == name)

    # ------------------------------------------------------------------ widgets

    def _field(self, field: dict, app, unit: float) -> BoxLayout:
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4 * unit)
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(_label(field["label"], app, 19, bold=True))
        if field.get("help"):
            box.add_widget(_label(field["help"], app, 18, colour=theme.TEXT_DIM))
        make = {"int": self._stepper, "text": self._text}.get(field["kind"], self._toggles)
        box.add_widget(make(field, app, unit))
        return box

    def _stepper(self, field: dict, app, unit: float) -> BoxLayout:
        name = field["name"]
        row = BoxLayout(size_hint_y=None, height=72 * unit, spacing=12 * unit)
        minus = _button("−", lambda: self.step(name, -1), app, size=36, width=STEP_WIDTH, height=72, key=f"{name}:-")
        plus = _button("+", lambda: self.step(name, 1), app, size=36, width=STEP_WIDTH, height=72, key=f"{name}:+")
        shown = Label(font_size=sp(44) * app.scale, bold=True, size_hint_x=None, width=110 * unit,
                      color=theme.GOLD)
        span = Label(font_size=sp(18) * app.scale, color=theme.TEXT_DIM, halign="left", valign="middle",
                     text=self._("from {low} to {high}", low=field["low"], high=field["high"]))
        span.bind(size=lambda w, s: setattr(w, "text_size", s))
        for widget in (minus, shown, plus, span):
            row.add_widget(widget)

        def refresh() -> None:
            value = self.values.get(name)
            shown.text = str(value) if isinstance(value, int) else "?"
            minus.disabled = not isinstance(value, int) or value <= field["low"]
            plus.disabled = isinstance(value, int) and value >= field["high"]

        self._refreshers.append(refresh)
        return row

    def _toggles(self, field: dict, app, unit: float) -> GridLayout:
        name = field["name"]
        most = TOGGLES_PER_ROW - 1 if app.portrait else TOGGLES_PER_ROW  # portrait: "Vestibule" was cut at 152 px
        grid = GridLayout(cols=max(1, min(len(field["values"]), most)), size_hint_y=None,
                          spacing=6 * unit)
        grid.bind(minimum_height=grid.setter("height"))
        buttons = []
        words = list(field.get("labels") or [])  # the daemon's words for each value (issue 29)
        for index, value in enumerate(field["values"]):
            text = words[index][:1].upper() + words[index][1:] if index < len(words) else value_text(value, self._)
            # a value on two lines grows its button rather than shrink (26 px, issue 29)
            button = wrapped(_button(text, lambda v=value: self.toggle(name, v), app, height=TARGET,
                                     key=f"{name}={value}"))
            buttons.append((value, button))
            grid.add_widget(button)

        def refresh() -> None:
            now = self.values.get(name)
            for value, button in buttons:
                chosen = value in (now or []) if field["kind"] == "flags" else value == now
                _choose(button, chosen)

        self._refreshers.append(refresh)
        return grid

    def _text(self, field: dict, app, unit: float) -> TouchButton:
        name = field["name"]
        button = _button("", lambda: self.type_text(name), app, height=TARGET, key=f"{name}:type")

        def refresh() -> None:
            value = self.values.get(name)
            button.text = self._("{value}  (touch to type)", value=value) if value else self._("Touch to type")

        self._refreshers.append(refresh)
        return button

    def _actions(self, app, unit: float, close_text: str) -> BoxLayout:
        row = BoxLayout(size_hint_y=None, height=64 * unit, spacing=10 * unit)
        save = _button(self._("Save"), self.save, app, height=64, key="save", size=26)
        save.bold = True
        save.base_colour, save.down_colour = theme.PRIMARY, theme.PRIMARY_DOWN
        reset = _button(self._("Back to the content file"), self.reset, app, height=64, key="reset", size=26)
        reset.disabled = not self.component.get("entered")
        close = _button(close_text, self.close, app, height=64, key="close", size=26)
        for widget in (save, reset, close):
            row.add_widget(wrapped(widget))
        # the row as tall as its tallest button: "Torna al file dei contenuti" takes three lines
        # of 26 px in portrait rather than shrink (issue 29)
        for widget in (save, reset, close):
            widget.size_hint_y = 1
            widget.bind(texture_size=lambda *_a: setattr(row, "height", max(
                64 * unit, *(b.texture_size[1] + 2 * unit for b in (save, reset, close)))))
        self.ids_save = save
        return row


def _choose(button: TouchButton, chosen: bool) -> None:
    """A chosen toggle is filled in the primary colour and bold (not told by hue alone)."""
    button.bold = chosen
    button.base_colour = theme.PRIMARY if chosen else theme.BUTTON
    button.down_colour = theme.PRIMARY_DOWN if chosen else theme.BUTTON_DOWN


def _label(text: str, app, size: float, bold: bool = False, colour=theme.TEXT) -> Label:
    label = Label(text=str(text), font_size=sp(size) * app.scale, bold=bold,
                  color=colour, halign="left", size_hint_y=None)
    label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
               texture_size=lambda w, ts: setattr(w, "height", ts[1]))
    return label


def _button(text: str, action, app, height: float = TARGET, width: float | None = None, size: float = 26,
            key: str = "") -> TouchButton:
    button = TouchButton(text=text, key=key, font_size=sp(size) * app.scale, size_hint_y=None,
                         height=dp(height) * app.scale)
    if width is not None:
        button.size_hint_x, button.width = None, dp(width) * app.scale
    button.bind(on_release=lambda *_: action())
    return button
