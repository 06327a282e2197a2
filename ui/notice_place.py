"""Where the notice banner goes on the table screen: by the prompt (issue 29).

The banner lay over the board's top, beside the prompt's column: not where a player looks
after a touch that was refused. On the table it now lies in the prompt's column, over
nothing a finger reaches for:

* directly under the instruction (the prompt, or the physical step), in the room left
  there before the first button, when its words fit that room at :data:`UNDER_SIZES`;
  else lower, in the first stretch of the column's width that holds no button (between the
  slots and the main button, or under the slots: :func:`free_spots`) at those sizes;
* else over the instruction, at the column's top, as high as its words, and the instruction
  again under it (:class:`ui.widgets.banner.NoticeCopy`), in the room left above the first
  button at the instruction's own size, a page at a time (touch it for the next): both read
  at once (issue 29: the banner hid the prompt for its 5 s, and the player could not read
  what was asked), when the instruction fits there whole; else in a free stretch at 22 or
  20 px; else, in portrait, over the board's bottom (just over the column) while no place
  on the board picks a choice, covering whole lines of it or none (screen16); else over
  the instruction with it paged under. :func:`choose_over` picks the banner's size: the
  first that leaves the instruction whole, else two of its lines a page, else one; paged,
  it opens on what to do, past a page that only says who and where (:func:`opening_page`);
* only when not one line of the instruction fits under the banner, the banner alone over the
  instruction, down to the first button (the prompt is back when it fades or is touched).

Nothing else moves: the banner floats over the screen, the buttons keep their places.
Elsewhere it covers the top of the page, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.metrics import dp, sp

from ui import theme
from ui.layout import GAP
from ui.text import escape_markup, page_mark, page_words, prompt_markup
from ui.widgets import todo
from ui.widgets.buttons import TouchButton
from ui.widgets.frame import before_frame

#: The banner's text (sp at scale 1) over the instruction: the prompt's 32 first, never under 20.
SIZES = (32, 28, 26, 22, 20)
#: ... and under it (a smaller one would rather take the instruction's room).
UNDER_SIZES = (32, 28, 26)
#: The banner's size elsewhere (the page's top).
PAGE_SIZE = 22
#: The banner's padding (dp at scale 1), across and up and down (``kv/app.kv``) ...
PAD_X, PAD_Y = 14, 10
#: ... up and down when the instruction shows under it (the room is the instruction's).
TIGHT_PAD_Y = 4
#: ... and in a free stretch of the column as a last try before the instruction is covered
#: (screen16: words16's longer Italian refusal, "Si sta piazzando una carta fantasma: prima
#: mettetela sotto una stanza.", missed the room under Children's slots at 720×1280 by 4 px
#: and lay alone over "Bo: metti Penny sotto una stanza").
LEAST_PAD_Y = 2
#: The instruction's padding under the banner (dp at scale 1), above its words (the gap to
#: the banner in) and under them (``kv/app.kv``'s NoticeCopy).
COPY_PAD_TOP, COPY_PAD_BOTTOM = 14, 2
#: How far the instruction's box reaches up under the banner (dp at scale 1): its rounded
#: corners let the words under them show through.
COPY_UNDER = 10


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


def choose_over(area: float, height_at: Callable[[int], float], whole: float,
                line: float, two: float | None = None, paged: bool = True) -> tuple[int, float] | None:
    """The banner's size over the instruction and the room left under it for the instruction
    (``area`` pixels above the first button; ``whole``: the instruction's height at its size,
    ``line``: one of its lines, ``two``: two of them, ``2 * line`` when not given): the first
    of :data:`SIZES` that leaves the instruction whole, else (``paged``) two lines of it, else
    one; None when none leaves even a line (the banner alone)."""
    tiers = (whole, 2 * line if two is None else two, line) if paged else (whole,)
    for least in tiers:
        for size in SIZES:
            if area - height_at(size) >= least:
                return size, area - height_at(size)
    return None


def free_spots(below: float, bottom: float, boxes: list[tuple[float, float]], margin: float,
               gap: float) -> list[tuple[float, float]]:
    """The room the column leaves free under the instruction, from the top down: ``(top,
    height)`` of each stretch of its whole width that holds no button (``boxes``: each
    button's ``(bottom, top)``), between the instruction's bottom ``below`` and the column's
    ``bottom``. The first stretch starts at ``below`` (``margin`` clear of the next button);
    the others ``gap`` clear of the buttons above and under them (issue 29: a banner that
    did not fit over the first slot row lay over the instruction, while the room between
    the slots and the main button, or under the slots, stood empty)."""
    spots, top, first = [], below, True
    for low, high in sorted(boxes, key=lambda box: -box[1]):
        if low >= top - 1:  # above the stretch's top: in the instruction, or a row passed
            continue
        if high > top:  # reaches into the stretch's top: the stretch starts under it
            top, first = low - gap, False
            continue
        room = top - high - (2 * margin if first else gap)
        if room > 0:
            spots.append((top, room))
        top, first = low - gap, False
    room = top - bottom - (2 * margin if first else margin)
    if room > 0:
        spots.append((top, room))
    return spots


def choose_spot(spots: list[tuple[float, float]], height_at: Callable[[int], float],
                sizes: tuple[int, ...]) -> tuple[float, int] | None:
    """The top of the first free stretch (``spots``, :func:`free_spots`) that holds the
    banner at the first of ``sizes`` that fits one, and that size; None when none does."""
    for size in sizes:
        for top, room in spots:
            if height_at(size) <= room:
                return top, size
    return None


def opening_page(pages: list[str]) -> int:
    """The page of the prompt under the banner on show first: the one where its head (who
    and where, up to its first colon: "Ada col cacciatore rosso (fuori):") ends, or the
    next when the head ends that page: what to do, or its start, shows; the first page
    when no page has a colon (newcomer19 finding 4: at 800x480 the copy read that head,
    "› 1/2", and the move it asked for, "muovi fino a 1, poi Fine turno", was a touch away
    for the banner's 5 s; at 720x1280, "Ada's red hunter › 1/4"). The other pages stay a
    touch away, in order."""
    head = next((n for n, page in enumerate(pages) if ":" in page), None)
    if head is None:
        return 0
    ends = pages[head].rstrip().endswith(":") and head + 1 < len(pages)
    return head + 1 if ends else head


def board_lines(slot) -> list[tuple[float, float]]:
    """``(bottom, top)`` in the window of each line of text the board in ``slot`` shows (its
    labels' words as drawn: centred in the label, as on every board), and of what a board
    widget draws on its canvas that a player reads, where it says so (``drawn_rows()``: Ghost
    at Home's floors)."""
    from kivy.uix.label import Label

    rows = []
    for widget in slot.walk(restrict=True):
        if widget.opacity <= 0:
            continue
        if isinstance(widget, Label) and widget.text.strip() and widget.texture_size[1] > 0:
            low = widget.to_window(widget.x, widget.center_y - widget.texture_size[1] / 2)[1]
            rows.append((low, low + widget.texture_size[1]))
        for x, y, _w, h in getattr(widget, "drawn_rows", list)():
            low = widget.to_window(x, y)[1]
            rows.append((low, low + h))
    return rows


def whole_rows(edge: float, rows: list[tuple[float, float]], highest: float) -> float | None:
    """The top of a banner whose top would be ``edge`` (window px) over lines of text
    (``rows``: each one's ``(bottom, top)``), raised to the top of every line it would cut
    until it cuts none (screen16: over the board's bottom in portrait it hid half of House of
    Spirits' "3/18" and CLUE: IT's "Luogo 9" for its 5 s; whole lines or none now; a line
    starting where the last one ends, as Ghost at Home's floors, is not cut); None when that
    top would be over ``highest``."""
    while edge <= highest + 0.5:
        cut = [top for bottom, top in rows if bottom < edge - 1 and top > edge + 1]
        if not cut:
            return edge
        edge = max(cut)
    return None


class NoticePlace:
    """Keeps the root's ``notice_place`` (``[x, top, width, least height]`` in the window, or
    ``[]`` off the table) and ``notice_font`` up to date for the table screen ``table``."""

    def __init__(self, table, app):
        self.table, self.app = table, app
        self._step = False  # the instruction under the banner is a physical step
        self._trigger = before_frame(self.place)
        ids = table.ids
        app.model.bind(notice=self._trigger, screen=self._trigger)
        app.bind(portrait=self._trigger)
        for widget in (ids.right, ids.prompt, ids.todo, ids.gameover, ids.out_of_turn, ids.choices):
            widget.bind(pos=self._trigger, size=self._trigger)
        ids.choices.bind(choices=self._trigger, hold_slots=self._trigger, over=self._trigger)
        ids.todo.bind(showing=self._trigger, ticked=self._trigger, page=self._trigger)
        app.model.bind(prompt_text=self._trigger, player=self._trigger, colours=self._trigger)
        table.bind(prompt_font=self._trigger)

    def place(self, *_args) -> None:
        root = self.app.root
        if root is None:
            return
        model = self.app.model
        if model.screen != "table" or not model.notice:
            root.notice_place, root.notice_font, root.notice_pad = [], PAGE_SIZE, PAD_Y
            self.show_copy(None)
            return
        ids = self.table.ids
        if ids.choices.building() or ids.todo.building():  # their buttons move before this frame
            self._trigger()
            return
        unit = dp(1) * self.app.scale
        right = ids.right
        x, bottom = right.to_window(right.x, right.y)
        top, width = bottom + right.height, right.width
        boxes = self.button_boxes()
        area = top - max((high for _low, high in boxes), default=bottom) - 6 * unit
        spots = free_spots(self.instruction_bottom(top), bottom, boxes, unit, GAP * unit)

        def height(size: int, pad: float = PAD_Y) -> float:
            return self.height_at(size, width, pad)

        # under the instruction, or lower in the column's free room, at 32..26 px: it covers
        # nothing; else over the instruction with it whole under; else free room at 22..20
        # px; else (portrait) over the board's bottom while no place on it picks; else over
        # the instruction with it paged under; else the banner alone over it
        spot = choose_spot(spots, height, UNDER_SIZES)
        if spot is not None:
            self.put_in(spot, x, width, PAD_Y)
            return
        if self.over_with_copy(x, top, width, area, paged=False):
            return
        for pad in (TIGHT_PAD_Y, LEAST_PAD_Y):
            spot = choose_spot(spots, lambda size, pad=pad: height(size, pad), SIZES[len(UNDER_SIZES):])
            if spot is not None:
                self.put_in(spot, x, width, pad)
                return
        spot = self.board_spot(height)
        if spot is not None:  # down to the board's bottom: the lines it rose over hidden whole
            self.put_in(spot, x, width, PAD_Y, least=spot[0] - self.board_bottom())
            return
        if not self.over_with_copy(x, top, width, area):  # not a line of it fits: the banner alone
            root.notice_font, root.notice_pad = choose(0, area, height)[1], PAD_Y
            root.notice_place = [x, top, width, max(0.0, area)]
            self.show_copy(None)

    def board_spot(self, height: Callable[[int], float]) -> tuple[float, int] | None:
        """In portrait, the bottom of the board over the prompt's column (the same width) when
        no place on it picks a choice now: the top of the banner there and its size (the
        first of :data:`UNDER_SIZES` no higher than half the board); None in landscape, or
        while the board picks (portrait15: Ghost at Home's question, three lines over three
        rows of numbers, paged a line at a time under the banner). Its top rises over every
        line of the board it would cut in half (:func:`whole_rows`), never over half the board
        (a smaller size where the largest would: Ghost at Home's ground floors)."""
        if not self.app.portrait:
            return None
        board, slot = self.table.board, self.table.ids.board_slot
        if board is None or getattr(board, "picks", None) or slot.height <= 0:
            return None
        bottom, lines = self.board_bottom(), board_lines(slot)
        for size in UNDER_SIZES:  # the largest whose banner, over whole lines, is half the board at most
            top = whole_rows(bottom + height(size), lines, bottom + slot.height / 2)
            if top is not None:
                return top, size
        return None

    def board_bottom(self) -> float:
        """The window height of the board slot's bottom."""
        slot = self.table.ids.board_slot
        return slot.to_window(slot.x, slot.y)[1]

    def put_in(self, spot: tuple[float, int], x: float, width: float, pad: float, least: float = 0) -> None:
        """The banner in a free stretch of the column (``spot``: its top and the banner's
        size), ``pad`` dp above and under its words, at least ``least`` px high."""
        root = self.app.root
        root.notice_font, root.notice_pad = spot[1], pad
        root.notice_place = [x, spot[0], width, least]
        self.show_copy(None)

    def over_with_copy(self, x: float, top: float, width: float, area: float, paged: bool = True) -> bool | None:
        """The banner at the column's top, as high as its words, and the instruction it lies
        over again under it, paged in the room left (None: not a line of it fits; with
        ``paged`` False, None unless it fits whole)."""
        words, fill = self.instruction()
        if not words:
            return None
        font = self.table.prompt_font
        under = dp(COPY_UNDER) * self.app.scale  # the part of the padding under the banner
        whole = self.copy_height(self.first_page(words, 1, 1), font, width) - under
        line = self.copy_height("Ag", font, width) - under
        # two lines share one padding (2 * line counted it twice: Ghost at Home's question
        # paged a line at a time, "Cy: how many › 1/4", where two lines fitted)
        two = self.copy_height("Ag\nAg", font, width) - under
        chosen = choose_over(area, lambda size: self.height_at(size, width, TIGHT_PAD_Y), whole, line, two, paged)
        if chosen is None:
            return None
        size, room = chosen
        root = self.app.root
        root.notice_font, root.notice_pad = size, TIGHT_PAD_Y
        banner = self.height_at(size, width, TIGHT_PAD_Y)
        root.notice_place = [x, top, width, banner]

        # the copy's box reaches up under the banner (the instruction under it showed through
        # a gap and the banner's rounded corners); its words start under it (COPY_PAD_TOP)
        def fits(text: str, number: int, count: int) -> bool:
            return self.copy_height(self.first_page(text, number, count), font, width) <= room + under

        plain = page_words(words, fits)
        # its fill down to 1 px over the first button (the room stops 6 px over it, and the
        # step's words under showed in that strip)
        below = 5 * dp(1) * self.app.scale
        # a prompt opens on what to do (a step's words before a colon are what to do)
        start = 0 if self._step else opening_page(plain)
        self.show_copy([self.first_page(text, n, len(plain)) for n, text in enumerate(plain, 1)],
                       [x, top - banner + under, width, room + under + below], font, fill, start)
        return True

    def instruction(self) -> tuple[str, list]:
        """The words the banner would lie over (the physical step on show, else the prompt;
        "" at game over) and the colour behind them."""
        ids, model = self.table.ids, self.app.model
        if ids.todo.showing and ids.todo.height > 0:
            self._step = True
            return ids.todo.current(), list(todo.FILL)
        self._step = False
        if model.over or not model.prompt_text:
            return "", []
        return model.prompt_text, list(theme.BACKGROUND)

    def first_page(self, text: str, number: int, count: int) -> str:
        """A page of the instruction as shown: a prompt's first page with the player's name
        in their colour, and the page mark."""
        model = self.app.model
        words = (prompt_markup(text, model.player, model.over, model.colours)
                 if number == 1 and not self._step else escape_markup(text))
        return words + page_mark(number, count)

    def show_copy(self, pages: list[str] | None, place: list | None = None, font: float = 32,
                  fill: list | None = None, start: int = 0) -> None:
        root = self.app.root
        copy = root.ids.notice_copy
        if not pages:
            if copy.pages:
                copy.pages = []
            root.notice_copy_place = []
            return
        root.notice_copy_font = font
        root.notice_copy_place = [round(v, 1) for v in place]
        copy.fill = fill
        if list(copy.pages) != pages:
            copy.pages = pages
            copy.page = start  # what to do, not only who and where (:func:`opening_page`)

    def copy_height(self, markup: str, font: float, width: float) -> float:
        """The instruction's height at ``font`` sp (scale 1) in ``width`` pixels (its label's
        padding in: ``kv/app.kv``'s NoticeCopy)."""
        scale = self.app.scale
        pad_x, pad_y = dp(4) * scale, dp(COPY_PAD_TOP + COPY_PAD_BOTTOM) * scale / 2  # both, halved
        label = MarkupLabel(text=markup, font_size=sp(font) * scale, bold=True,
                          text_size=(max(1.0, width - 2 * pad_x), None), halign="left")
        label.refresh()
        return label.content_height + 2 * pad_y

    def button_boxes(self) -> list[tuple[float, float]]:
        """The window heights of the bottom and the top of each button on show in the prompt's
        column (the step's Done, the out-of-turn row, the slots, the main button)."""
        return [(w.to_window(w.x, w.y)[1], w.to_window(w.x, w.top)[1])
                for w in self.table.ids.right.walk(restrict=True)
                if isinstance(w, TouchButton) and w.opacity > 0 and w.height > 0 and w.width > 0]

    def instruction_bottom(self, top: float) -> float:
        """The window height where the instruction ends (the game-over panel, the prompt, the
        physical step: the lowest of those on show), ``top`` when none shows."""
        ids = self.table.ids
        shown = [w for w in (ids.gameover, ids.prompt, ids.todo) if w.height > 0 and w.opacity > 0]
        return min((w.to_window(w.x, w.y)[1] for w in shown), default=top)

    def height_at(self, size: int, width: float, pad: float = PAD_Y) -> float:
        """The banner's height with its words at ``size`` sp (scale 1) in ``width`` pixels
        (``pad`` dp above and under them)."""
        scale = self.app.scale
        pad_x, pad_y = dp(PAD_X) * scale, dp(pad) * scale
        label = CoreLabel(text=self.app.model.notice, font_size=sp(size) * scale, bold=True,
                          text_size=(max(1.0, width - 2 * pad_x), None), halign="left")
        label.refresh()
        return label.content_height + 2 * pad_y
