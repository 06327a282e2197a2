"""What the table must physically do now (issue 17 item 1, issue 29): the state's ``todo``
lines in large type, one step at a time, each behind a drawn icon of its kind (place, move,
remove, flip, lock, deal, put back, a player out, set-up), in the prompt's place (the
prompt and the choices other than the main button wait behind it), until the table ticks
it off or the next input comes. The log keeps them too.

Icons are canvas shapes (Roboto has no such glyphs: never a missing-glyph box).
"""

from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle, RoundedRectangle, Triangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.text import escape_markup, page_mark, page_words
from ui.widgets.buttons import TouchButton
from ui.widgets.frame import before_frame

#: The step's font size (sp at scale 1): read from a metre (issue 29), never smaller. A step
#: too long for the room the panel has (``most``: the choices keep their main button) pages
#: at this size: its words a page at a time, "› 1/2" after them, and its button reads
#: "Next ›" until the last page (it stepped down to 30, 28 and 26 sp: notes/cellar29.md).
FONT = 32
SIZES = (FONT,)
#: With Settings' large text (issue 29): larger where the step fits, else the floor.
LARGE_SIZES = (40, 36, FONT)

#: The panel's fill and edge: amber, unlike the log and the buttons.
FILL = (0.22, 0.15, 0.03, 1)
EDGE = theme.GOLD


def _line(**kwargs) -> Line:
    """An icon's stroke: mitred joints (round ones make a fan of triangles at each point of
    a curve, drawn every frame)."""
    return Line(joint="miter", **kwargs)


def _arrow(x0: float, y0: float, x1: float, y1: float, head: float) -> list:
    """A line from (x0, y0) to (x1, y1) with a filled head at the end."""
    angle = math.atan2(y1 - y0, x1 - x0)
    left = (x1 - head * math.cos(angle - 0.5), y1 - head * math.sin(angle - 0.5))
    right = (x1 - head * math.cos(angle + 0.5), y1 - head * math.sin(angle + 0.5))
    return [_line(points=[x0, y0, x1, y1], width=max(1.2, head / 4)),
            Triangle(points=[x1, y1, *left, *right])]


def icon_shapes(kind: str, x: float, y: float, s: float) -> list:
    """Canvas instructions of the icon for ``kind`` in the square (x, y, s)."""
    w = max(1.2, s / 12)
    cx, cy, r = x + s / 2, y + s / 2, s * 0.42
    if kind == "setup":  # an empty box: the checklist starts unticked (issue 29)
        return [_line(rectangle=(x + s * 0.12, y + s * 0.12, s * 0.76, s * 0.76), width=w)]
    if kind == "place":  # a piece going down onto the board
        return [*_arrow(cx, y + s * 0.95, cx, y + s * 0.3, s * 0.28),
                _line(points=[x + s * 0.1, y + s * 0.12, x + s * 0.9, y + s * 0.12], width=w)]
    if kind == "move":
        return _arrow(x + s * 0.08, cy, x + s * 0.92, cy, s * 0.32)
    if kind == "remove":  # a piece lifted off the board
        return [*_arrow(cx, y + s * 0.2, cx, y + s * 0.92, s * 0.28),
                _line(points=[x + s * 0.1, y + s * 0.08, x + s * 0.9, y + s * 0.08], width=w)]
    if kind == "flip":  # a card, half turned
        return [_line(rectangle=(x + s * 0.1, y + s * 0.15, s * 0.36, s * 0.7), width=w),
                Rectangle(pos=(x + s * 0.54, y + s * 0.15), size=(s * 0.36, s * 0.7))]
    if kind == "lock":  # a padlock
        return [_line(ellipse=(x + s * 0.28, y + s * 0.42, s * 0.44, s * 0.5, -90, 90), width=w),
                RoundedRectangle(pos=(x + s * 0.18, y + s * 0.08), size=(s * 0.64, s * 0.46), radius=[s * 0.06],
                                 segments=4)]
    if kind == "deal":  # two cards, fanned
        return [_line(rectangle=(x + s * 0.08, y + s * 0.1, s * 0.42, s * 0.65), width=w),
                Rectangle(pos=(x + s * 0.42, y + s * 0.25), size=(s * 0.42, s * 0.65))]
    if kind == "return":  # an arrow turning back
        return [_line(ellipse=(x + s * 0.15, y + s * 0.12, s * 0.7, s * 0.7, 0, 270), width=w),
                Triangle(points=[x + s * 0.15, y + s * 0.47, x + s * 0.02, y + s * 0.68,
                                 x + s * 0.34, y + s * 0.66])]
    if kind == "out":  # a cross in a circle
        d = r * 0.6
        return [_line(circle=(cx, cy, r), width=w),
                _line(points=[cx - d, cy - d, cx + d, cy + d], width=w),
                _line(points=[cx - d, cy + d, cx + d, cy - d], width=w)]
    return [Ellipse(pos=(cx - r * 0.45, cy - r * 0.45), size=(r * 0.9, r * 0.9))]  # other: a dot


class TodoIcon(Widget):
    """The drawn icon of one todo line."""

    kind = StringProperty("other")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # drawn once its row is laid out (drawn at each change, an icon was left where an
        # earlier layout step had put it)
        self._trigger = before_frame(self._draw)
        self.bind(pos=self._trigger, size=self._trigger, kind=self._trigger)

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        side = min(self.width, self.height)
        with self.canvas:
            Color(*theme.GOLD)
        for shape in icon_shapes(self.kind, self.x, self.top - side, side):
            self.canvas.add(shape)


class TodoPanel(BoxLayout):
    """The todo lines, one step at a time (issue 29): the first step not yet done in large
    type behind its icon, "Step 2 of 5" and a Done button that ticks it off and shows the
    next. Every step stays until the table says it is done (Done) or the next input comes
    (new lines, or none); a list starts unticked. Its height follows the step on show (0
    when there is none left).

    Attributes:
        lines: ``{"kind", "text"}`` dicts from the state message.
        scale: the app's size factor.
        ticked: how many steps (from the first) the table has ticked off.
    """

    lines = ListProperty([])
    scale = NumericProperty(1.0)
    #: Settings' large text: the step starts at :data:`LARGE_SIZES`.
    large = BooleanProperty(False)
    ticked = NumericProperty(0)
    #: The state's revision: a new one starts the steps unticked (a language switch, which
    #: words the same steps again, keeps the ticks).
    revision = NumericProperty(0)
    #: A step is on show (the table screen's prompt waits behind it).
    showing = BooleanProperty(False)
    font_size = NumericProperty(FONT)
    #: The most height the panel may take (pixels): a step taller than that at its size pages.
    most = NumericProperty(10_000)
    #: The step's pages, and the one on show (from 0; a new step starts at its first).
    pages = NumericProperty(1)
    page = NumericProperty(0)
    done_text = StringProperty("Done")
    #: The button's words while the step has pages left (" ›" is added).
    next_text = StringProperty("Next")
    step_text = StringProperty("Step {n} of {total}")

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", size_hint_y=None, height=0, **kwargs)
        self._icon = TodoIcon(size_hint_x=None)
        self._label = Label(halign="left", valign="middle", bold=True, color=theme.TEXT, markup=True)
        self._row = BoxLayout(orientation="horizontal", size_hint_y=None)
        self._row.add_widget(self._icon)
        self._row.add_widget(self._label)
        self._count = Label(halign="left", valign="middle", color=theme.GOLD, size_hint_y=None)
        self._done = TouchButton(bold=True, size_hint=(None, None))
        self._done.bind(on_release=lambda *_: self.next())
        self._tallest_key: tuple = ()
        self._tallest = 0.0
        self._foot = BoxLayout(orientation="horizontal", size_hint_y=None)
        self._foot.add_widget(self._count)
        self._foot.add_widget(self._done)
        self._trigger = before_frame(self._refit)
        self._paged_for: tuple = ("", 0)  # the step (its words, its pages) whose page is on show
        self._pages_key: tuple = ()  # what the pages were cut for, and their (size, markup)
        self._sized_pages: tuple = (FONT, [""])
        self._laid: tuple = ()  # the label's words, font and width as last rendered
        self.bind(lines=self._new_lines, scale=self._trigger, large=self._trigger, width=self._trigger,
                  ticked=self._trigger, most=self._trigger, done_text=self._trigger, step_text=self._trigger,
                  page=self._trigger, next_text=self._trigger)
        self._box = InstructionGroup()  # in canvas.before only while framed
        self._fill = RoundedRectangle(segments=4)
        self._edge = Line(width=1.5, joint="miter")
        for instruction in (Color(*FILL), self._fill, Color(*EDGE), self._edge):
            self._box.add(instruction)
        self.bind(pos=self._frame, size=self._frame)

    def _frame(self, *_args) -> None:
        """Frame the step in the amber box, or take the box out when there is none: drawn
        in a transparent colour it cost as much as a visible one, and a RoundedRectangle made
        0 wide keeps drawing its last shape (Kivy does not rebuild it)."""
        shown = bool(self.children and self.height > 1)  # no empty box
        if shown != self.framed:
            (self.canvas.before.add if shown else self.canvas.before.remove)(self._box)
        if shown:
            radius = dp(8) * self.scale
            self._fill.pos, self._fill.size, self._fill.radius = self.pos, self.size, [radius]
            self._edge.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, radius, 4)

    def building(self) -> bool:
        """Its step is laid out again before the next frame (its Done moves then)."""
        return bool(self._trigger.is_triggered)

    def _new_lines(self, *_args) -> None:
        count = len(self._lines())
        if count != getattr(self, "_count_seen", None):
            self.ticked = 0
        self._count_seen = count
        self.page = 0  # new words: the step from its first page
        self._trigger()

    def on_revision(self, *_args) -> None:
        self.ticked = self.page = 0
        self._trigger()

    def tick(self) -> None:
        """The table did the step on show: the next one."""
        self.page = 0
        self.ticked = min(len(self._lines()), int(self.ticked) + 1)

    def next(self) -> None:
        """The step's button: its next page while it has one ("Next ›"), else Done (ticked)."""
        if int(self.page) + 1 < int(self.pages):
            self.page = int(self.page) + 1
        else:
            self.tick()

    @property
    def done_button(self) -> TouchButton:
        """The button under the step: "Next ›" while it has pages left, then Done."""
        return self._done

    @property
    def framed(self) -> bool:
        """The amber box is drawn (never without a step in it)."""
        return self._box in self.canvas.before.children

    def _lines(self) -> list[dict]:
        return [line for line in self.lines if isinstance(line, dict) and line.get("text")]

    def shown_lines(self) -> list[dict]:
        """The lines with words, ticked or not (a line's ``lesson``, what a set-up step is for in
        first-game mode, is on the lesson card: :mod:`ui.widgets.step_cards`)."""
        return self._lines()

    def count_text(self) -> str:
        """"Step 2 of 6" for the step on show ("" for a step alone)."""
        lines = self._lines()
        return self.step_text.format(n=int(self.ticked) + 1, total=len(lines)) if len(lines) > 1 else ""

    def texts(self) -> list[str]:
        """Every line's words (ticked or not; for tests)."""
        return [str(line["text"]) for line in self._lines()]

    def labels(self) -> list[Label]:
        """The step's label while one shows (the readability audit's "todo" text)."""
        return [self._label] if self._label.parent is not None and self.height > 1 else []

    def current(self) -> str:
        """The words of the step on show ("" when none is left)."""
        lines = self._lines()
        return str(lines[int(self.ticked)]["text"]) if int(self.ticked) < len(lines) else ""

    def _refit(self, *_args) -> None:
        lines = self._lines()
        self.clear_widgets()
        self.showing = int(self.ticked) < len(lines)
        if not self.showing:
            self.height = 0
            self._frame()
            return
        unit = dp(1) * self.scale
        self.padding = (10 * unit, 6 * unit)
        self.spacing = 4 * unit
        line = lines[int(self.ticked)]
        self._icon.kind = str(line.get("kind") or "other")
        self._row.spacing = 8 * unit
        foot = 56 * unit  # the Done button: at least 9 mm on every panel
        room = self.most - foot - 16 * unit
        pages = self._paged(str(line["text"]), room, unit)
        self.add_widget(self._row)
        self._count.font_size = sp(20) * self.scale
        # one step alone needs no count (its Done still shows the prompt behind it)
        self._count.text = self.count_text()
        last = int(self.page) >= len(pages) - 1
        self._done.text = self.done_text if last else f"{self.next_text} \u203a"
        self._done.font_size = sp(26) * self.scale
        self._done.width = 140 * unit
        # the foot reaches up to a shorter step's words: the list's tallest step's room under
        # them, Done and the count at its bottom: Done keeps one place from step to step
        # (newcomer19 finding 5: y 315, 239, 277 on the set-up's steps 1-3)
        self._count.height = self._done.height = foot
        self._foot.height = foot + max(0.0, self._tallest_row(lines, room, unit) - self._row.height)
        self.add_widget(self._foot)
        self.height = self._row.height + self._foot.height + 12 * unit + 4 * unit
        self._frame()

    def _paged(self, text: str, room: float, unit: float) -> list[str]:
        """Lay the step's page on show out, at the first of its sizes it fits ``room`` at
        whole; at the floor a longer step pages (whole words, "› 1/2" after each page): it
        is never drawn smaller (issue 29). Returns the pages' markup (kept for the step's
        other pages: turning one lays out only that page)."""
        sizes = LARGE_SIZES if self.large else SIZES
        key = (text, sizes, self.width, room, self.scale)
        if key != self._pages_key:
            whole = escape_markup(text)
            size = next((s for s in sizes if self._fit_step(whole, s, unit) <= room), None)
            pages = [whole]
            if size is None:  # too long at the floor: pages at the floor
                size = FONT

                def fits(part: str, number: int, count: int) -> bool:
                    return self._fit_step(_page(part, number, count), FONT, unit) <= room

                words = page_words(text, fits, sentences=True)  # one instruction a page (issue 29)
                pages = [_page(part, n, len(words)) for n, part in enumerate(words, 1)]
            self._pages_key, self._sized_pages = key, (size, pages)
        size, pages = self._sized_pages
        if (text, len(pages)) != self._paged_for:  # another step (or its words in another language)
            self._paged_for, self.page = (text, len(pages)), 0
        self.pages = len(pages)
        self._fit_step(pages[min(int(self.page), len(pages) - 1)], size, unit)
        return pages

    def _tallest_row(self, lines: list[dict], room: float, unit: float) -> float:
        """The height of the list's tallest step (its first page, or ``room`` for a step
        that pages), measured once a list (not with the step's label: its texture is the
        one on show)."""
        sizes = LARGE_SIZES if self.large else SIZES
        texts = tuple(str(line["text"]) for line in lines)
        key = (texts, sizes, self.width, room, self.scale)
        if key != self._tallest_key:
            self._tallest_key = key
            self._tallest = max(self._measure(escape_markup(text), sizes, room, unit) for text in texts)
        return self._tallest

    def _measure(self, markup: str, sizes: tuple, room: float, unit: float) -> float:
        """A step's row height at the first of ``sizes`` it fits ``room`` at, else ``room``
        (it pages at the floor, each page at most that high)."""
        from kivy.core.text.markup import MarkupLabel

        for size in sizes:
            font = sp(size) * self.scale
            width = max(10.0, self.width - 20 * unit - font * 1.15 - 8 * unit)
            label = MarkupLabel(text=markup, font_size=font, bold=True, text_size=(width, None), halign="left")
            label.refresh()
            height = max(font * 1.15, label.content_height)
            if height <= room:
                return height
        return room

    def _fit_step(self, markup: str, size: float, unit: float) -> float:
        """Lay ``markup`` out as the step at font ``size`` (sp at scale 1); its row's height
        (rendered once: the same words at the same size and width are not rendered again)."""
        font = sp(size) * self.scale
        icon_side = font * 1.15
        width = max(10.0, self.width - 20 * unit - icon_side - 8 * unit)
        self.font_size = size
        self._icon.width = icon_side
        if (markup, font, width) != self._laid:
            self._label.font_size = font
            self._label.text = markup
            self._label.text_size = (width, None)
            self._label.texture_update()
            self._label._trigger_texture.cancel()  # rendered now, as shown: not once more next frame
            self._laid = (markup, font, width)
        self._row.height = max(icon_side, self._label.texture_size[1])
        return self._row.height


def _page(words: str, number: int, count: int) -> str:
    """A step's page as shown: its words, and "› 1/2" after them when it has pages."""
    return escape_markup(words) + page_mark(number, count)
