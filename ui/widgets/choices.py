"""The prompt's choices as big touch buttons: the main one (the engine's expected next
step) first and widest, the rest equal buttons in a grid of two to five columns (see
:mod:`ui.layout`); should even that not fit, the grid is paged ("More 1/2"), never scrolled:
every choice is reachable without a hidden scroll bar (issue 17 item 3). Out-of-turn
choices (another player's, :class:`OutOfTurnRow`) are a small row of their own.
"""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from ui import theme
from ui.layout import (
    FINAL_KEYS,
    GAP,
    GRID_FONT,
    MIN_ROW_HEIGHT,
    PRIMARY_HEIGHT,
    SMALLEST_FONT,
    capacity,
    grid_shape,
    main_choice,
    order_choices,
)
from ui.widgets.buttons import TouchButton, fit_text
from ui.widgets.frame import before_frame

#: Key of the "start a new game" button the panel shows when the game is over.
NEW_GAME = "new-game"

#: Key of the game-over panel's Undo button (the input that ended the game, issue 17 item 5).
UNDO_KEY = "ui:undo"

#: Key of the button that shows the next page of a long pick list.
MORE_KEY = "ui:more"


def pages_of(rest: list, room: int) -> list[list]:
    """``rest`` cut into pages for a grid of ``room`` buttons: all on one page when they
    fit, else ``room - 1`` a page (the last button says "More")."""
    if len(rest) <= room:
        return [rest]
    size = max(1, room - 1)
    return [rest[i:i + size] for i in range(0, len(rest), size)]


class ChoicePanel(BoxLayout):
    """Buttons for ``choices``; dispatches ``on_choose(key)`` when one is touched.

    Attributes:
        choices: ``{"key", "label"}`` dicts from the prompt.
        over: the game is over: a "New game" button (key :data:`NEW_GAME`) and, while the
            input that ended it can be taken back (``can_undo``), an Undo (:data:`UNDO_KEY`).
        busy: a touch is on its way to the daemon: buttons are disabled.
        scale: the app's size factor (window / 800×480).
    """

    choices = ListProperty([])
    over = BooleanProperty(False)
    busy = BooleanProperty(False)
    scale = NumericProperty(1.0)
    new_game_label = StringProperty("New game")
    can_undo = BooleanProperty(False)
    undo_label = StringProperty("Undo the last move")
    more_label = StringProperty("More")
    #: The page of a paged pick list on show (back to 0 for every new list).
    page = NumericProperty(0)
    #: The first choice gets the big main button (False: every choice in the grid, none
    #: looking like the one to take: the picks of an accusation).
    lead = BooleanProperty(True)

    def __init__(self, **kwargs):
        self.register_event_type("on_choose")
        super().__init__(orientation="vertical", **kwargs)
        self._box = BoxLayout(orientation="vertical", size_hint_y=None)
        self._box.bind(minimum_height=self._box.setter("height"))
        self.add_widget(self._box)
        self.add_widget(BoxLayout())  # the room below the buttons
        # Made once and kept: a new state updates their words, colours and sizes (making
        # buttons cost ~26 ms a state on the Pi-like Xvfb run, see docs/performance.md).
        self._main = self._new_button()
        self._grid = GridLayout(cols=2, size_hint_y=None)
        self._grid.bind(minimum_height=self._grid.setter("height"))
        self._pool: list[TouchButton] = []  # the grid's buttons, shown or not
        self._page_count = 1
        self._trigger = before_frame(self._rebuild)
        self.bind(choices=self._new_list, over=self._new_list, scale=self._trigger, new_game_label=self._trigger,
                  lead=self._trigger, can_undo=self._trigger, page=self._trigger,
                  height=self._trigger, width=self._trigger, busy=self._set_busy)

    def on_choose(self, key: str) -> None:
        """Default handler: nothing."""

    def buttons(self) -> list[TouchButton]:
        """The choice buttons on show, main one first."""
        return [w for w in self._box.walk(restrict=True) if isinstance(w, TouchButton)]

    def main_button(self) -> TouchButton | None:
        """The big main button, or None while none is on show."""
        return self._main if self._main.parent is not None else None

    # ------------------------------------------------------------------ building

    def _new_list(self, *_args) -> None:
        self.page = 0
        self._trigger()

    def _ordered(self) -> tuple[dict | None, list[dict]]:
        """The main button's choice (or None) and the equal buttons' choices."""
        if self.over:
            undo = [{"key": UNDO_KEY, "label": self.undo_label}] if self.can_undo else []
            return {"key": NEW_GAME, "label": self.new_game_label}, undo
        choices = list(self.choices)
        main = main_choice(choices) if self.lead else None
        ordered = order_choices(choices)
        return main, [c for c in ordered if c is not main]

    def _rebuild(self, *_args) -> None:
        """Show the buttons for ``choices`` (or the New game button), reusing the ones made
        for earlier states: a button is made only when more are needed than ever before."""
        self._box.spacing = dp(GAP) * self.scale
        main, rest = self._ordered()
        self._show(self._main, main is not None, self._box, first=True)
        if main is not None:
            self._dress(self._main, main, True)
        self._show(self._grid, bool(rest), self._box)
        if not rest:
            return
        unit = dp(1) * self.scale
        across = self.width
        # grid_shape keeps room for the main button; without one the grid has it too
        # (a pixel kept spare: the grid's rows are rounded, never a row poking out of the panel)
        height = self.height - 1 if main is not None else self.height - 1 + (PRIMARY_HEIGHT + GAP) * unit
        pages = pages_of(rest, capacity(height, unit, across))
        self._page_count = len(pages)
        page = pages[min(int(self.page), len(pages) - 1)]
        if len(pages) > 1:
            number = min(int(self.page), len(pages) - 1) + 1
            page = page + [{"key": MORE_KEY, "label": f"{self.more_label} {number}/{len(pages)} ›"}]
        cols, row = grid_shape(len(page), height, unit, across)
        self._grid.cols, self._grid.spacing = cols, GAP * unit
        while len(self._pool) < len(page):
            self._pool.append(self._new_button())
        for index, button in enumerate(self._pool):
            shown = index < len(page)
            if shown:
                self._dress(button, page[index], False, row, sp(GRID_FONT[cols]) * self.scale)
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
        elif choice["key"] == MORE_KEY:
            button.base_colour, button.down_colour, button.text_colour = theme.PANEL_EDGE, theme.BUTTON_DOWN, theme.GOLD
        elif choice["key"] in FINAL_KEYS:
            button.base_colour, button.down_colour, button.text_colour = theme.WIN_BUTTON, theme.BUTTON_DOWN, theme.GOLD
        else:
            button.base_colour, button.down_colour, button.text_colour = theme.BUTTON, theme.BUTTON_DOWN, theme.TEXT

    def _touched(self, button: TouchButton) -> None:
        if button.key == MORE_KEY:
            self.page = (int(self.page) + 1) % max(1, self._page_count)
            return
        self.dispatch("on_choose", button.key)

    def _set_busy(self, *_args) -> None:
        for button in self.buttons():
            button.disabled = self.busy



class OutOfTurnRow(BoxLayout):
    """A small row of the choices other players may make now, out of turn ("Bo: play the
    Crickets device"), each edged in its player's colour; ``on_choose(key)`` when touched.
    Zero height when there are none.

    Attributes:
        choices: ``{"key", "label", "player"}`` dicts from the prompt's ``out_of_turn``.
        colours: player name -> palette key.
    """

    choices = ListProperty([])
    colours = DictProperty({})
    busy = BooleanProperty(False)
    scale = NumericProperty(1.0)

    def __init__(self, **kwargs):
        self.register_event_type("on_choose")
        super().__init__(size_hint_y=None, height=0, **kwargs)
        self.bind(choices=self._rebuild, colours=self._rebuild, scale=self._rebuild, busy=self._rebuild)

    def on_choose(self, key: str) -> None:
        """Default handler: nothing."""

    def _rebuild(self, *_args) -> None:
        self.clear_widgets()
        unit = dp(1) * self.scale
        self.spacing = GAP * unit
        self.height = (MIN_ROW_HEIGHT * unit) if self.choices else 0
        for choice in self.choices:
            player = str(choice.get("player") or "")
            label = str(choice.get("label") or choice["key"])
            text = f"{player}: {label}" if player and not label.startswith(player) else label
            button = TouchButton(text=text, key=choice["key"], font_size=sp(16) * self.scale,
                                 disabled=self.busy)
            fill = theme.player_colour(player, self.colours, theme.BUTTON)
            button.base_colour = theme.blend(theme.BUTTON, fill, 0.45)
            button.down_colour = fill
            fit_text(button, sp(SMALLEST_FONT) * self.scale)
            button.bind(on_release=lambda b: self.dispatch("on_choose", b.key))
            self.add_widget(button)
