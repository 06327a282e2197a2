"""Where the notice banner goes on the table screen: by the prompt (issue 29).

The banner lay over the board's top, beside the prompt's column: not where a player looks
after a touch that was refused. On the table it now lies in the prompt's column, over
nothing a finger reaches for:

* directly under the instruction (the prompt, or the physical step), in the room left
  there before the first button, when its words fit that room at :data:`UNDER_SIZES`;
* else over the instruction itself, from the column's top down to the first button, in the
  first of :data:`SIZES` its words fit (the refusal says why; the prompt is back when it
  fades or is touched away).

Nothing else moves: the banner floats over the screen, the buttons keep their places.
Elsewhere it covers the top of the page, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp

from ui.widgets.buttons import TouchButton
from ui.widgets.frame import before_frame

#: The banner's text (sp at scale 1) over the instruction: the prompt's 32 first, never under 20.
SIZES = (32, 28, 26, 22, 20)
#: ... and under it (a smaller one would rather take the instruction's room).
UNDER_SIZES = (32, 28, 26)
#: The banner's size elsewhere (the page's top).
PAGE_SIZE = 22
#: The banner's padding (dp at scale 1), across and up and down (``kv/app.kv``).
PAD_X, PAD_Y = 14, 10


def choose(free: float, area: float, height_at: Callable[[int], float]) -> tuple[str, int]:
    """``("under", size)`` when the words at ``size`` (``height_at(size)`` pixels high) fit the
    ``free`` room under the instruction, else ``("over", size)``: the first size that fits the
    ``area`` above the first button (the smallest when none does)."""
    for size in UNDER_SIZES:
        if height_at(size) <= free:
            return "under", size
    for size in SIZES:
        if height_at(size) <= area:
            return "over", size
    return "over", SIZES[-1]


class NoticePlace:
    """Keeps the root's ``notice_place`` (``[x, top, width, least height]`` in the window, or
    ``[]`` off the table) and ``notice_font`` up to date for the table screen ``table``."""

    def __init__(self, table, app):
        self.table, self.app = table, app
        self._trigger = before_frame(self.place)
        ids = table.ids
        app.model.bind(notice=self._trigger, screen=self._trigger)
        app.bind(portrait=self._trigger)
        for widget in (ids.right, ids.prompt, ids.todo, ids.gameover, ids.out_of_turn, ids.choices):
            widget.bind(pos=self._trigger, size=self._trigger)
        ids.choices.bind(choices=self._trigger, hold_slots=self._trigger, over=self._trigger)

    def place(self, *_args) -> None:
        root = self.app.root
        if root is None:
            return
        model = self.app.model
        if model.screen != "table" or not model.notice:
            root.notice_place, root.notice_font = [], PAGE_SIZE
            return
        ids = self.table.ids
        if ids.choices.building() or ids.todo.building():  # their buttons move before this frame
            self._trigger()
            return
        unit = dp(1) * self.app.scale
        right = ids.right
        x, bottom = right.to_window(right.x, right.y)
        top = bottom + right.height
        tops = self.button_tops()
        below = self.instruction_bottom(top)
        under = max((t for t in tops if t <= below + 1), default=bottom)
        free, area = below - under - 2 * unit, top - max(tops, default=bottom) - 6 * unit
        where, size = choose(free, area, lambda size: self.height_at(size, right.width))
        root.notice_font = size
        root.notice_place = ([x, below, right.width, 0] if where == "under"
                             else [x, top, right.width, max(0.0, area)])

    def button_tops(self) -> list[float]:
        """The window height of the top of each button on show in the prompt's column (the
        step's Done, the out-of-turn row, the slots, the main button)."""
        return [w.to_window(w.x, w.top)[1] for w in self.table.ids.right.walk(restrict=True)
                if isinstance(w, TouchButton) and w.opacity > 0 and w.height > 0 and w.width > 0]

    def instruction_bottom(self, top: float) -> float:
        """The window height where the instruction ends (the game-over panel, the prompt, the
        physical step: the lowest of those on show), ``top`` when none shows."""
        ids = self.table.ids
        shown = [w for w in (ids.gameover, ids.prompt, ids.todo) if w.height > 0 and w.opacity > 0]
        return min((w.to_window(w.x, w.y)[1] for w in shown), default=top)

    def height_at(self, size: int, width: float) -> float:
        """The banner's height with its words at ``size`` sp (scale 1) in ``width`` pixels."""
        scale = self.app.scale
        pad_x, pad_y = dp(PAD_X) * scale, dp(PAD_Y) * scale
        label = CoreLabel(text=self.app.model.notice, font_size=sp(size) * scale, bold=True,
                          text_size=(max(1.0, width - 2 * pad_x), None), halign="left")
        label.refresh()
        return label.content_height + 2 * pad_y
