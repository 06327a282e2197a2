"""The prompt's choices as big touch buttons: the main one (the engine's expected next
step) first and widest, the rest equal buttons in a grid of two to five columns (see
:mod:`ui.layout`); should even that not fit, the grid is paged ("More 1/2"), never scrolled:
every choice is reachable without a hidden scroll bar (issue 17 item 3). Out-of-turn
choices (another player's, :class:`OutOfTurnRow`) are a small row of their own.
"""

from __future__ import annotations

from functools import lru_cache

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui import theme
from ui.layout import (
    FINAL_KEYS,
    GAP,
    MAIN_FONT,
    MAIN_HEIGHT,
    SLOT_COLUMNS,
    SLOT_FONT,
    SLOT_ROW,
    face_number,
    main_choice,
    order_choices,
    pack,
    rows_of,
    slot_pages,
    slot_rows,
    split_faces,
)
from ui.widgets.buttons import TouchButton
from ui.widgets.frame import before_frame

#: Key of the "start a new game" button the panel shows when the game is over.
NEW_GAME = "new-game"

#: Key of the button that shows the next page of a long pick list.
MORE_KEY = "ui:more"


#: Seconds a slot ignores touches after its words changed: a finger on its way down to
#: what was there does not pick what came (issue 29: nothing moves under a finger).
SETTLE = 0.35


class SlotButton(TouchButton):
    """A choice button that ignores a touch coming down within :data:`SETTLE` of a change."""

    changed_at = -1e9

    def mark_changed(self) -> None:
        self.changed_at = Clock.get_boottime()

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos) and Clock.get_boottime() - self.changed_at < SETTLE:
            return True  # swallowed: the button changed under the finger
        return super().on_touch_down(touch)


def pages_of(rest: list, room: int) -> list[list]:
    """``rest`` cut into pages for a grid of ``room`` buttons: all on one page when they
    fit, else ``room - 1`` a page (the last button says "More")."""
    if len(rest) <= room:
        return [rest]
    size = max(1, room - 1)
    return [rest[i:i + size] for i in range(0, len(rest), size)]


@lru_cache(maxsize=512)
def needs_wide_slot(text: str, width: float, unit: float, font_size: float) -> bool:
    """``text`` at ``font_size`` needs more than two lines in a slot ``width`` pixels wide
    (``unit``: one dp at the app's scale). Remembered: the same choices come back with most
    states, and each was drawn into a texture to be measured (issue 27 item 7)."""
    from kivy.core.text import Label as CoreLabel

    label = CoreLabel(text=text, font_size=font_size, text_size=(width - 12 * unit, None), halign="center")
    label.refresh()
    return label.texture.size[1] > SLOT_ROW * unit - 4 * unit


@lru_cache(maxsize=256)
def _slot_pages(wide: tuple[bool, ...], rows: int) -> list[list[int]]:
    """:func:`ui.layout.slot_pages`, remembered: it packs the list again for each page
    boundary it tries, and the same lists come back state after state (issue 27 item 7).
    The pages are only read."""
    return slot_pages(list(wide), rows)


class ChoicePanel(Widget):
    """Buttons for ``choices``; dispatches ``on_choose(key)`` when one is touched.

    The main button is always at the bottom, full width and :data:`ui.layout.MAIN_HEIGHT`
    tall; the other choices fill fixed slots above it, row by row from the top of the panel
    (a pick list without a main choice also uses its place), their text never under
    :data:`ui.layout.SLOT_FONT` (issue 29): what does not fit pages. A slot whose choice
    changed ignores a touch for :data:`SETTLE` seconds.

    Attributes:
        choices: ``{"key", "label"}`` dicts from the prompt.
        over: the game is over: a "New game" button (key :data:`NEW_GAME`) alone. The
            header's Undo takes back the input that ended it (issue 29 item 7: a second
            "Undo the last move" here kept a row of the column from the summary).
        busy: a touch is on its way to the daemon: buttons are disabled.
        scale: the app's size factor (window / 800×480).
    """

    choices = ListProperty([])
    over = BooleanProperty(False)
    busy = BooleanProperty(False)
    scale = NumericProperty(1.0)
    new_game_label = StringProperty("New game")
    more_label = StringProperty("More")
    first_label = StringProperty("First page")
    #: The page of a paged pick list on show (back to 0 for every new list).
    page = NumericProperty(0)
    #: The first choice gets the big main button (False: every choice in a slot, none
    #: looking like the one to take: the picks of an accusation).
    lead = BooleanProperty(True)
    #: Keep the main button's place empty when there is no main choice (False: a pick list
    #: uses it for its slots; a button that changes under a finger ignores the touch).
    keep_main_place = BooleanProperty(False)
    #: The slots wait (only the main button shows): the table screen while a physical step
    #: is on show (one instruction at a time, issue 29).
    hold_slots = BooleanProperty(False)
    #: The main button's place is taken now (a main choice, New game, or
    #: :attr:`keep_main_place`): the table screen's step box keeps clear of it; without,
    #: in portrait, the step may use that room too (issue 29: 174 px stood empty under it).
    main_kept = BooleanProperty(False)

    def __init__(self, **kwargs):
        self.register_event_type("on_choose")
        super().__init__(**kwargs)
        # Made once and kept: a new state updates their words, colours and sizes (making
        # buttons cost ~26 ms a state on the Pi-like Xvfb run, see docs/performance.md).
        self._main = self._new_button()
        self._pool: list[TouchButton] = []  # the slots' buttons, shown or not
        self._page_count = 1
        self._measure = None
        self._settle: tuple = ()  # Clock triggers to run before a build (:meth:`build_after`)
        self._trigger = before_frame(self._build_when_settled)
        self.bind(choices=self._new_list, over=self._new_list, scale=self._trigger, new_game_label=self._trigger,
                  lead=self._trigger, page=self._trigger, pos=self._trigger,
                  hold_slots=self._trigger,
                  height=self._trigger, width=self._trigger, busy=self._set_busy)
        self.bind(choices=self._keep_main, over=self._keep_main, lead=self._keep_main,
                  keep_main_place=self._keep_main, new_game_label=self._keep_main)
        self._keep_main()

    def on_choose(self, key: str) -> None:
        """Default handler: nothing."""

    def buttons(self) -> list[TouchButton]:
        """The choice buttons on show, main one first."""
        shown = [self._main] if self._main.parent is not None else []
        return shown + [b for b in self._pool if b.parent is not None]

    def main_button(self) -> TouchButton | None:
        """The big main button, or None while none is on show."""
        return self._main if self._main.parent is not None else None

    def building(self) -> bool:
        """Its buttons are placed again before the next frame."""
        return bool(self._trigger.is_triggered)

    def slots_wanted(self) -> bool:
        """Some choice goes in a slot above the main button now (the table screen's prompt
        keeps a row of room for them; without, it may take that row too)."""
        return bool(self._ordered()[1]) and not (self.hold_slots and not self.over)

    # ------------------------------------------------------------------ building

    def build_after(self, *triggers) -> None:
        """Build the buttons only once ``triggers`` (Clock trigger events: the table's prompt
        fit, the prompt's texture, the column's layout) have run before the frame: they give
        the panel its height for the new state. A build before them was made again at the
        new height, with other rows (issue 27 item 7: two builds a state)."""
        self._settle = triggers

    def _build_when_settled(self, *_args) -> None:
        if any(trigger.is_triggered for trigger in self._settle):
            self._trigger()  # again after them, still before this frame
            return
        self._rebuild()

    def _keep_main(self, *_args) -> None:
        self.main_kept = self.keep_main_place or self._ordered()[0] is not None

    def _new_list(self, *_args) -> None:
        self.page = 0
        self._trigger()

    def _ordered(self) -> tuple[dict | None, list[dict]]:
        """The main button's choice (or None) and the equal buttons' choices."""
        if self.over:
            return {"key": NEW_GAME, "label": self.new_game_label}, []
        choices = list(self.choices)
        main = main_choice(choices) if self.lead else None
        ordered = order_choices(choices)
        return main, [c for c in ordered if c is not main]

    def _wide(self, text: str, width: float) -> bool:
        """``text`` at the slot font needs more than two lines in ``width`` pixels."""
        return needs_wide_slot(text, width, dp(1) * self.scale, sp(SLOT_FONT) * self.scale)

    def _rebuild(self, *_args) -> None:
        """Show the buttons for ``choices`` (or the New game button), reusing the ones made
        for earlier states: a button is made only when more are needed than ever before."""
        unit = dp(1) * self.scale
        main, rest = self._ordered()
        if self.hold_slots and not self.over:
            rest = []
        self._show(self._main, main is not None)
        main_room = (MAIN_HEIGHT + GAP) * unit if (main is not None or self.keep_main_place) else 0
        if main is not None:
            self._dress(self._main, main, True)
            self._main.pos, self._main.size = (self.x, self.y), (self.width, MAIN_HEIGHT * unit)
        column = (self.width - (SLOT_COLUMNS - 1) * GAP * unit) / SLOT_COLUMNS
        rows = slot_rows(self.height - main_room, unit)
        faces, rest = split_faces(rest, rows, self.width, unit)  # a die's faces: a row of their own
        wide = [self._wide(str(c.get("label") or c["key"]), column) for c in rest]
        pages = _slot_pages(tuple(wide), rows - (1 if faces else 0)) if rest else [[]]
        self._page_count = len(pages)
        number = min(int(self.page), len(pages) - 1)
        page = [rest[i] for i in pages[number]]
        page_wide = [wide[i] for i in pages[number]]
        if len(pages) > 1:
            last = number == len(pages) - 1
            label = f"{self.first_label} 1/{len(pages)}" if last else f"{self.more_label} {number + 2}/{len(pages)}"
            page, page_wide = page + [{"key": MORE_KEY, "label": label}], page_wide + [False]
        while len(self._pool) < len(page) + len(faces):
            self._pool.append(self._new_button())
        placed = pack(page_wide) if page else []
        for index, button in enumerate(self._pool):
            shown = index < len(page) + len(faces)
            self._show(button, shown)
            if index >= len(page) and shown:
                self._place_face(button, faces, index - len(page), rows_of(placed), unit)
            elif shown:
                row, col, span = placed[index]
                self._dress(button, page[index], False, SLOT_ROW * unit, sp(SLOT_FONT) * self.scale)
                button.size = (column * span + GAP * unit * (span - 1), SLOT_ROW * unit)
                top = self.top - row * (SLOT_ROW + GAP) * unit
                button.pos = (self.x + col * (column + GAP * unit), top - SLOT_ROW * unit)

    def _place_face(self, button: TouchButton, faces: list[dict], index: int, row: int, unit: float) -> None:
        """``button`` as the ``index``-th of the die's ``faces`` in slot row ``row``: the faces
        share the row, each a die-coloured button with its number at the main button's size."""
        width = (self.width - (len(faces) - 1) * GAP * unit) / len(faces)
        self._dress(button, faces[index], False, SLOT_ROW * unit, sp(MAIN_FONT) * self.scale,
                    text=face_number(faces[index]))
        button.size = (width, SLOT_ROW * unit)
        top = self.top - row * (SLOT_ROW + GAP) * unit
        button.pos = (self.x + index * (width + GAP * unit), top - SLOT_ROW * unit)

    def _show(self, widget, shown: bool) -> None:
        """Put ``widget`` in the panel or take it out, as ``shown`` says."""
        if shown and widget.parent is None:
            self.add_widget(widget)
        elif not shown and widget.parent is not None:
            widget.parent.remove_widget(widget)

    def _new_button(self) -> TouchButton:
        button = SlotButton(size_hint=(None, None))
        button.bind(on_release=self._touched)
        return button

    def _dress(self, button: TouchButton, choice: dict, primary: bool, height: float | None = None,
               font_size: float | None = None, text: str = "") -> None:
        """Make ``button`` show ``choice``; ``height`` and ``font_size`` in pixels (defaults:
        the main button's); ``text``: its words where they are not the choice's label (a die
        face's number)."""
        text = text or str(choice.get("label") or choice["key"])
        if (button.text, button.key) != (text, choice["key"]):
            button.mark_changed()
        button.height = height or dp(MAIN_HEIGHT) * self.scale
        button.font_size = font_size or sp(MAIN_FONT) * self.scale
        button.bold, button.text = primary or bool(face_number(choice)), text
        button.key = choice["key"]
        button.disabled = self.busy
        if primary:
            button.base_colour, button.down_colour, button.text_colour = theme.PRIMARY, theme.PRIMARY_DOWN, theme.TEXT
        elif choice["key"] == MORE_KEY:
            button.base_colour, button.down_colour, button.text_colour = theme.PANEL_EDGE, theme.BUTTON_DOWN, theme.GOLD
        elif face_number(choice):  # a die's face: its number on the die's colours
            button.base_colour, button.down_colour, button.text_colour = theme.DIE_FACE, theme.BUTTON_DOWN, theme.PIP
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
        self.height = (SLOT_ROW * unit) if self.choices else 0
        for choice in self.choices:
            player = str(choice.get("player") or "")
            label = str(choice.get("label") or choice["key"])
            text = f"{player}: {label}" if player and not label.startswith(player) else label
            button = TouchButton(text=text, key=choice["key"], font_size=sp(SLOT_FONT) * self.scale,
                                 disabled=self.busy)
            fill = theme.player_colour(player, self.colours, theme.BUTTON)
            button.base_colour = theme.blend(theme.BUTTON, fill, 0.45)
            button.down_colour = fill
            button.bind(on_release=lambda b: self.dispatch("on_choose", b.key))
            self.add_widget(button)
