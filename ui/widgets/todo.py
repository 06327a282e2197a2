"""What the table must physically do now (issue 17 item 1): the state's ``todo`` lines in
large type, each behind a drawn icon of its kind (place, move, remove, flip, lock, deal, put
back, a player out, set-up), between the prompt and the choices, until the next accepted
input. The log keeps them for history; no touch is needed to see them.

Icons are canvas shapes (Roboto has no such glyphs: never a missing-glyph box).
"""

from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle, RoundedRectangle, Triangle
from kivy.metrics import dp, sp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.frame import before_frame

#: Font sizes (sp at scale 1) to try, largest first: the first whose lines fit the room.
#: Below the last one the lines are paged (a long set-up checklist), never clipped.
SIZES = (30, 28, 26, 24, 22, 20)

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
    if kind == "setup":  # a ticked box
        return [_line(rectangle=(x + s * 0.12, y + s * 0.12, s * 0.76, s * 0.76), width=w),
                _line(points=[x + s * 0.25, cy, x + s * 0.45, y + s * 0.28, x + s * 0.8, y + s * 0.78], width=w)]
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
    """The todo lines; its height follows them (0 with none). The font is the largest of
    :data:`SIZES` whose lines fit ``most`` pixels (never clipped: a long list shrinks).

    Attributes:
        lines: ``{"kind", "text"}`` dicts from the state message.
        scale: the app's size factor.
        most: the height the panel may take at most, in pixels.
    """

    lines = ListProperty([])
    scale = NumericProperty(1.0)
    most = NumericProperty(200)
    font_size = NumericProperty(0)
    #: The page of a long list on show (0-based), and how many there are.
    page = NumericProperty(0)
    pages = NumericProperty(1)
    #: "Touch for the next steps" (``app.tr._``), shown under a paged list with "1/2".
    more_text = StringProperty("Touch for the next steps")

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", size_hint_y=None, height=0, **kwargs)
        self._rows: list[tuple[BoxLayout, TodoIcon, Label]] = []
        self._trigger = before_frame(self._refit)
        self.bind(lines=self._new_lines, scale=self._trigger, most=self._trigger, width=self._trigger,
                  page=self._trigger, more_text=self._trigger)
        self._more = Label(halign="right", valign="middle", color=theme.GOLD, size_hint_y=None)
        self._box = InstructionGroup()  # in canvas.before only while framed
        self._fill = RoundedRectangle(segments=4)
        self._edge = Line(width=1.5, joint="miter")
        for instruction in (Color(*FILL), self._fill, Color(*EDGE), self._edge):
            self._box.add(instruction)
        self.bind(pos=self._frame, size=self._frame)

    def _frame(self, *_args) -> None:
        """Frame the lines in the amber box, or take the box out when there are none: drawn
        in a transparent colour it cost as much as a visible one, and a RoundedRectangle made
        0 wide keeps drawing its last shape (Kivy does not rebuild it)."""
        shown = bool(self.lines and self.children and self.height > 1)  # no empty box
        if shown != self.framed:
            (self.canvas.before.add if shown else self.canvas.before.remove)(self._box)
        if shown:
            radius = dp(8) * self.scale
            self._fill.pos, self._fill.size, self._fill.radius = self.pos, self.size, [radius]
            self._edge.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, radius, 4)

    def _new_lines(self, *_args) -> None:
        self.page = 0
        self._trigger()

    def on_touch_down(self, touch):
        if self.pages > 1 and self.collide_point(*touch.pos):
            self.page = (int(self.page) + 1) % int(self.pages)
            return True
        return super().on_touch_down(touch)

    @property
    def framed(self) -> bool:
        """The amber box is drawn (never without a line in it)."""
        return self._box in self.canvas.before.children

    def texts(self) -> list[str]:
        """Every line's words (all pages; for tests)."""
        return [str(line.get("text", "")) for line in self.lines if isinstance(line, dict) and line.get("text")]

    def labels(self) -> list[Label]:
        return [label for _row, _icon, label in self._rows if label.parent is not None]

    def _row(self) -> tuple[BoxLayout, TodoIcon, Label]:
        row = BoxLayout(orientation="horizontal", size_hint_y=None)
        icon = TodoIcon(size_hint_x=None)
        label = Label(halign="left", valign="middle", bold=True, color=theme.TEXT)
        row.add_widget(icon)
        row.add_widget(label)
        return row, icon, label

    def _refit(self, *_args) -> None:
        lines = [line for line in self.lines if isinstance(line, dict) and line.get("text")]
        while len(self._rows) < len(lines):
            self._rows.append(self._row())
        unit = dp(1) * self.scale
        self.padding = (10 * unit, 6 * unit)
        self.spacing = 4 * unit
        if not lines:
            self.clear_widgets()
            self.height = 0
            self._frame()
            return
        for size in SIZES:
            if self._fit(size, lines) <= self.most:
                self.pages = 1
                self._show(lines)
                return
        if self._fit(SIZES[-1], lines[:1]) > self.most:  # not one line fits (a long game-over
            self.pages = 1                                 # summary): the log has them
            self.clear_widgets()
            self.height = 0
            self._frame()
            return
        self._show(self._paged(lines))

    def _paged(self, lines: list) -> list:
        """The lines of the page on show, at the smallest size, with the "1/2" line after
        them: pages filled in order, each as many lines as fit (at least one)."""
        size = SIZES[-1]
        self._more.font_size = sp(size - 4) * self.scale
        self._more.text = f"{self.more_text}  {int(self.page) + 1}/…"
        self._more.text_size = (max(10.0, self.width - 20 * dp(1) * self.scale), None)
        self._more.texture_update()
        room = self.most - self._more.texture_size[1] - self.spacing
        pages, current = [], []
        for line in lines:
            if current and self._fit(size, current + [line]) > room:
                pages.append(current)
                current = []
            current.append(line)
        pages.append(current)
        self.pages = len(pages)
        if self.page >= self.pages:
            self.page = 0
        self._more.text = f"{self.more_text}  {int(self.page) + 1}/{self.pages} ›"
        return pages[int(self.page)]

    def _show(self, lines: list) -> None:
        """Put the rows of ``lines`` (and the page line when paged) in the panel, laid out."""
        self.clear_widgets()
        for (row, _icon, _label), _line in zip(self._rows, lines):
            self.add_widget(row)
        size = SIZES[-1] if self.pages > 1 else None
        height = self._fit(size or self.font_size, lines)
        if self.pages > 1:
            self._more.text_size = (self.width - 20 * dp(1) * self.scale, None)
            self._more.texture_update()
            self._more.height = self._more.texture_size[1]
            self.add_widget(self._more)
            height += self._more.height + self.spacing
        self.height = height
        self._frame()

    def _fit(self, size: float, lines: list) -> float:
        """Lay the rows out at font ``size`` (sp at scale 1); returns the panel's height."""
        unit = dp(1) * self.scale
        font = sp(size) * self.scale
        icon_side = font * 1.15
        text_width = max(10.0, self.width - 20 * unit - icon_side - 8 * unit)
        total = 12 * unit + 4 * unit * (len(lines) - 1)
        for (row, icon, label), line in zip(self._rows, lines):
            icon.kind = str(line.get("kind") or "other")
            if label.text != str(line["text"]):
                label.text = str(line["text"])
            row.spacing = 8 * unit
            icon.width = icon_side
            label.font_size = font
            label.text_size = (text_width, None)
            label.texture_update()
            row.height = max(icon_side, label.texture_size[1])
            label.height = row.height
            total += row.height
        self.font_size = size
        self.height = total
        return total
