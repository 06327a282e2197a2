"""The prompt's choices as big touch buttons: the main one first and widest, the rest in a
grid of two to four columns (see :mod:`ui.layout`), in a scroll view should even that not
fit; ~20 choices fit on an 800×480 screen.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.layout import FINAL_KEYS, GAP, GRID_FONT, PRIMARY_HEIGHT, SMALLEST_FONT, grid_shape, order_choices
from ui.widgets.buttons import TouchButton, fit_text

#: Key of the "start a new game" button the panel shows when the game is over.
NEW_GAME = "new-game"


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
    new_game_label = StringProperty("New game")
    #: The first choice gets the big main button (False: every choice in the grid, none
    #: looking like the one to take: the picks of an accusation).
    lead = BooleanProperty(True)

    def __init__(self, **kwargs):
        self.register_event_type("on_choose")
        super().__init__(do_scroll_x=False, bar_width=dp(8), bar_color=theme.PRIMARY_DOWN,
                         bar_inactive_color=theme.PANEL_EDGE, scroll_type=["bars", "content"],
                         **kwargs)
        self._box = BoxLayout(orientation="vertical", size_hint_y=None)
        self._box.bind(minimum_height=self._box.setter("height"))
        self.add_widget(self._box)
        self._trigger = Clock.create_trigger(self._rebuild)
        self.bind(choices=self._trigger, over=self._trigger, scale=self._trigger, new_game_label=self._trigger,
                  lead=self._trigger,
                  height=self._trigger, width=self._trigger, busy=self._set_busy)

    def on_choose(self, key: str) -> None:
        """Default handler: nothing."""

    def buttons(self) -> list[TouchButton]:
        """The choice buttons, main one first."""
        return [w for w in self._box.walk(restrict=True) if isinstance(w, TouchButton)]

    # ------------------------------------------------------------------ building

    def _rebuild(self, *_args) -> None:
        self._box.clear_widgets()
        self._box.spacing = dp(GAP) * self.scale
        self._box.padding = (0, 0, dp(12) * self.scale, 0)  # room for the scroll bar
        self.scroll_y = 1
        if self.over:
            self._box.add_widget(self._button({"key": NEW_GAME, "label": self.new_game_label}, True))
            return
        ordered = order_choices(list(self.choices))
        if not ordered:
            return
        if not self.lead:
            self._box.add_widget(self._grid(ordered, lead=False))
            return
        self._box.add_widget(self._button(ordered[0], True))
        if len(ordered) > 1:
            self._box.add_widget(self._grid(ordered[1:]))

    def _grid(self, choices: list[dict], lead: bool = True) -> GridLayout:
        unit = dp(1) * self.scale
        across = self.width - self._box.padding[2]
        # grid_shape keeps room for the main button; without one the grid has it too
        height = self.height if lead else self.height + (PRIMARY_HEIGHT + GAP) * unit
        cols, row = grid_shape(len(choices), height, unit, across)
        grid = GridLayout(cols=cols, size_hint_y=None, spacing=GAP * unit)
        grid.bind(minimum_height=grid.setter("height"))
        for choice in choices:
            grid.add_widget(self._button(choice, False, row, sp(GRID_FONT[cols]) * self.scale))
        return grid

    def _button(self, choice: dict, primary: bool, height: float | None = None,
                font_size: float | None = None) -> TouchButton:
        """One button; ``height`` and ``font_size`` in pixels (defaults: the main button's)."""
        button = TouchButton(
            text=str(choice.get("label") or choice["key"]),
            key=choice["key"],
            size_hint_y=None,
            height=height or dp(PRIMARY_HEIGHT) * self.scale,
            font_size=font_size or sp(30) * self.scale,
            bold=primary,
            disabled=self.busy,
        )
        fit_text(button, sp(SMALLEST_FONT) * self.scale)
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

