"""The prompt's choices as big touch buttons: the main one first and widest, the rest in a
two-column grid, all in a scroll view so up to ~16 choices fit on an 800×480 screen.
"""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.widgets.buttons import TouchButton

#: Choice keys that get the big button when present (otherwise the first choice does).
PRIMARY_KEYS = ("end-turn",)

#: Choice keys that cannot be undone: drawn in gold, last.
FINAL_KEYS = ("declare-win",)

#: Key of the "start a new game" button the panel shows when the game is over.
NEW_GAME = "new-game"

#: Columns of the grid of secondary choices.
COLUMNS = 2


def order_choices(choices: list[dict]) -> list[dict]:
    """The main choice first, the final ones last, the rest in the daemon's order."""
    primary = [c for c in choices if c["key"] in PRIMARY_KEYS][:1] or choices[:1]
    final = [c for c in choices if c["key"] in FINAL_KEYS and c not in primary]
    rest = [c for c in choices if c not in primary and c not in final]
    return primary + rest + final


class ChoicePanel(ScrollView):
    """Buttons for ``choices``; dispatches ``on_choose(key)`` when one is touched.

    Attributes:
        choices: ``{"key", "label"}`` dicts from the prompt.
        over: the game is over: show one "New game" button (key :data:`NEW_GAME`).
        busy: a touch is on its way to the daemon: buttons are disabled.
        scale: the app's size factor (window / 800×480).
    """

    choices = ListProperty([])
    over = BooleanProperty(False)
    busy = BooleanProperty(False)
    scale = NumericProperty(1.0)

    def __init__(self, **kwargs):
        self.register_event_type("on_choose")
        super().__init__(do_scroll_x=False, bar_width=dp(6), **kwargs)
        self._box = BoxLayout(orientation="vertical", size_hint_y=None)
        self._box.bind(minimum_height=self._box.setter("height"))
        self.add_widget(self._box)
        self.bind(choices=self._rebuild, over=self._rebuild, scale=self._rebuild,
                  busy=self._set_busy)

    def on_choose(self, key: str) -> None:
        """Default handler: nothing."""

    def buttons(self) -> list[TouchButton]:
        """The choice buttons, main one first."""
        return [w for w in self._box.walk(restrict=True) if isinstance(w, TouchButton)]

    # ------------------------------------------------------------------ building

    def _rebuild(self, *_args) -> None:
        self._box.clear_widgets()
        self._box.spacing = dp(8) * self.scale
        self.scroll_y = 1
        if self.over:
            self._box.add_widget(self._button({"key": NEW_GAME, "label": "New game"}, primary=True))
            return
        ordered = order_choices(list(self.choices))
        if not ordered:
            return
        self._box.add_widget(self._button(ordered[0], primary=True))
        if len(ordered) > 1:
            self._box.add_widget(self._grid(ordered[1:]))

    def _grid(self, choices: list[dict]) -> GridLayout:
        grid = GridLayout(cols=COLUMNS, size_hint_y=None, spacing=dp(8) * self.scale)
        grid.bind(minimum_height=grid.setter("height"))
        for choice in choices:
            grid.add_widget(self._button(choice, primary=False))
        return grid

    def _button(self, choice: dict, primary: bool) -> TouchButton:
        """One button; heights in dp × scale, fonts in sp × scale."""
        button = TouchButton(
            text=str(choice.get("label") or choice["key"]),
            key=choice["key"],
            size_hint_y=None,
            height=dp(68 if primary else 54) * self.scale,
            font_size=sp(30 if primary else 19) * self.scale,
            bold=primary,
            disabled=self.busy,
        )
        if primary:
            button.base_colour, button.down_colour = theme.PRIMARY, theme.PRIMARY_DOWN
        elif choice["key"] in FINAL_KEYS:
            button.base_colour, button.text_colour = theme.WIN_BUTTON, theme.GOLD
        button.bind(on_release=self._touched)
        return button

    def _touched(self, button: TouchButton) -> None:
        self.dispatch("on_choose", button.key)

    def _set_busy(self, *_args) -> None:
        for button in self.buttons():
            button.disabled = self.busy

