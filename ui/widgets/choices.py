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
        # Made once and kept: a new state updates their words, colours and sizes (making
        # buttons cost ~26 ms a state on the Pi-like Xvfb run, see docs/performance.md).
        self._main = self._new_button()
        self._grid = GridLayout(cols=2, size_hint_y=None)
        self._grid.bind(minimum_height=self._grid.setter("height"))
        self._pool: list[TouchButton] = []  # the grid's buttons, shown or not
        self._trigger = Clock.create_trigger(self._rebuild)
        self.bind(choices=self._trigger, over=self._trigger, scale=self._trigger, new_game_label=self._trigger,
                  lead=self._trigger,
                  height=self._trigger, width=self._trigger, busy=self._set_busy)

    def on_choose(self, key: str) -> None:
        """Default handler: nothing."""

    def buttons(self) -> list[TouchButton]:
        """The choice buttons on show, main one first."""
        return [w for w in self._box.walk(restrict=True) if isinstance(w, TouchButton)]

    # ------------------------------------------------------------------ building

    def _rebuild(self, *_args) -> None:
        """Show the buttons for ``choices`` (or the New game button), reusing the ones made
        for earlier states: a button is made only when more are needed than ever before."""
        self._box.spacing = dp(GAP) * self.scale
        self._box.padding = (0, 0, dp(12) * self.scale, 0)  # room for the scroll bar
        self.scroll_y = 1
        if self.over:
            ordered = [{"key": NEW_GAME, "label": self.new_game_label}]
        else:
            ordered = order_choices(list(self.choices))
        lead = bool(ordered) and (self.lead or self.over)  # no main button among an accusation's picks
        self._show(self._main, lead, self._box, first=True)
        if lead:
            self._dress(self._main, ordered[0], True)
        rest = ordered[1:] if lead else ordered
        self._show(self._grid, bool(rest), self._box)
        if not rest:
            return
        unit = dp(1) * self.scale
        across = self.width - self._box.padding[2]
        # grid_shape keeps room for the main button; without one the grid has it too
        height = self.height if lead else self.height + (PRIMARY_HEIGHT + GAP) * unit
        cols, row = grid_shape(len(rest), height, unit, across)
        self._grid.cols, self._grid.spacing = cols, GAP * unit
        while len(self._pool) < len(rest):
            self._pool.append(self._new_button())
        for index, button in enumerate(self._pool):
            shown = index < len(rest)
            if shown:
                self._dress(button, rest[index], False, row, sp(GRID_FONT[cols]) * self.scale)
            self._show(button, shown, self._grid)

    @staticmethod
    def _show(widget, shown: bool, parent, first: bool = False) -> None:
        """Put ``widget`` in ``parent`` (at the end, or ``first``) or take it out, as ``shown`` says."""
        if shown and widget.parent is None:
            parent.add_widget(widget, index=len(parent.children) if first else 0)
        elif not shown and widget.parent is not None:
            widget.parent.remove_widget(widget)

    def _new_button(self) -> TouchButton:
        button = TouchButton(size_hint_y=None)
        fit_text(button, sp(SMALLEST_FONT) * self.scale)
        button.bind(on_release=self._touched)
        return button

    def _dress(self, button: TouchButton, choice: dict, primary: bool, height: float | None = None,
               font_size: float | None = None) -> None:
        """Make ``button`` show ``choice``; ``height`` and ``font_size`` in pixels (defaults:
        the main button's)."""
        text = str(choice.get("label") or choice["key"])
        height = height or dp(PRIMARY_HEIGHT) * self.scale
        full = font_size or sp(30) * self.scale
        shown = (button.text, button.height, button.bold, getattr(button, "full_font", None))
        if shown != (text, height, primary, full):
            # something changed: full size again, fit_text shrinks it (unchanged: left as fitted)
            button.fit_smallest = sp(SMALLEST_FONT) * self.scale
            button.full_font = button.fit_full = full
            button.height, button.font_size, button.bold, button.text = height, full, primary, text
        button.key = choice["key"]
        button.disabled = self.busy
        if primary:
            button.base_colour, button.down_colour, button.text_colour = theme.PRIMARY, theme.PRIMARY_DOWN, theme.TEXT
        elif choice["key"] in FINAL_KEYS:
            button.base_colour, button.down_colour, button.text_colour = theme.WIN_BUTTON, theme.BUTTON_DOWN, theme.GOLD
        else:
            button.base_colour, button.down_colour, button.text_colour = theme.BUTTON, theme.BUTTON_DOWN, theme.TEXT

    def _touched(self, button: TouchButton) -> None:
        self.dispatch("on_choose", button.key)

    def _set_busy(self, *_args) -> None:
        for button in self.buttons():
            button.disabled = self.busy

