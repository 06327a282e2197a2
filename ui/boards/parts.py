"""Small pieces the drawn boards share: a panel with a rounded background (one that is a
touchable place: :class:`PlacePanel`), a row of pips
(health, skulls), a progress bar, and the app's sizes (``sp`` × the app's scale)."""

from __future__ import annotations

from kivy.app import App
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.boards import picks_at
from ui.boards.fit import FitLabel
from ui.widgets.drawn import DrawnWidget


def scale() -> float:
    """The app's size factor (1.0 at 800×480)."""
    app = App.get_running_app()
    return float(getattr(app, "scale", 1.0) or 1.0)


def font(size: float) -> float:
    """``size`` sp at the app's scale, in pixels."""
    return sp(size) * scale()


def gap(size: float) -> float:
    """``size`` dp at the app's scale, in pixels."""
    return dp(size) * scale()


#: No board label or figure is drawn smaller than this (sp at the app's scale: 20 px at
#: 800×480, issue 29's floor for a player a metre away).
FLOOR = 20

#: How much larger than its ``biggest`` a board text may grow where its box has room
#: (a portrait screen, a short name): larger type reads better from a metre.
GROW = 1.35


def text(markup: str = "", biggest: float = 18, smallest: float = FLOOR, **kwargs) -> FitLabel:
    """A :class:`FitLabel` with fonts of ``biggest`` × :data:`GROW` down to ``smallest`` sp,
    never under :data:`FLOOR` (markup on)."""
    kwargs.setdefault("color", theme.TEXT)
    smallest = max(smallest, FLOOR)
    biggest = max(biggest, smallest)
    return FitLabel(text=markup, markup=True, max_font=font(biggest * GROW), min_font=font(smallest), **kwargs)


def name_or_mark(label: FitLabel, name: str, mark: str, markup) -> None:
    """``label`` shows ``markup(name)`` where it fits the label's width on one line at the
    boards' floor, else ``markup(mark)`` (a short mark: "Giul"), again at each new width
    (issue 29: "Giulia" broke as "Giuli" / "a" in a four-player panel)."""
    from ui.boards.fit import plain, word_width

    def pick(*_args) -> None:
        whole = markup(name)
        fits = word_width(plain(whole), font(FLOOR), True) + 4 <= label.width
        label.text = whole if fits else markup(mark)

    label.bind(width=pick)
    pick()


class Panel(BoxLayout):
    """A box with a rounded fill and edge (``fill``, ``edge``; ``bright``: a thicker edge)."""

    fill = ColorProperty(theme.PANEL)
    edge = ColorProperty(theme.PANEL_EDGE)
    bright = BooleanProperty(False)

    def __init__(self, **kwargs):
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("padding", gap(4))
        kwargs.setdefault("spacing", gap(2))
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, fill=self._draw, edge=self._draw, bright=self._draw)

    def _draw(self, *_args) -> None:
        self.canvas.before.clear()
        radius = gap(6)
        with self.canvas.before:
            Color(*self.fill)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[radius])
            Color(*self.edge)
            Line(rounded_rectangle=(self.x, self.y, self.width, self.height, radius),
                 width=gap(2.2 if self.bright else 1), joint="miter")


class PlacePanel(Panel):
    """A :class:`Panel` that is a place on a :class:`~ui.boards.PlacePicks` board: while
    ``pickable`` a gold frame runs inside its edge and touching it picks the choice of
    ``place``."""

    place = StringProperty("")
    pickable = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pickable=self._draw)

    def _draw(self, *_args) -> None:
        super()._draw()
        if self.pickable:
            inset = gap(3)
            with self.canvas.before:
                Color(*theme.GOLD)
                Line(rounded_rectangle=(self.x + inset, self.y + inset, self.width - 2 * inset,
                                        self.height - 2 * inset, gap(5)), width=gap(1.6), joint="miter")

    def on_touch_down(self, touch):
        if self.pickable and picks_at(self, self.place, touch):
            return True
        return super().on_touch_down(touch)


class Pips(DrawnWidget):
    """``total`` round pips, the first ``filled`` of them lit in ``colour`` (health left);
    ``mark`` (a short text, "?" for a placeholder health: House of Spirits, words19) is drawn
    one pip's step after them, as tall as a pip, in the panel's dim type."""

    total = NumericProperty(0)
    filled = NumericProperty(0)
    colour = ColorProperty(theme.GHOST)
    mark = StringProperty("")
    redraw_on = ("total", "filled", "colour", "mark")

    def drawn_rows(self) -> list[tuple[float, float, float, float]]:
        """Where the pips are, ``(x, y, width, height)`` (screen16: a banner over the board's
        bottom hides them whole or not at all: :func:`ui.notice_place.board_lines`)."""
        count = int(self.total)
        if count <= 0 or self.width < 2:
            return []
        size = min(self.height, self.width / (count * 1.3))
        return [(self.x, self.center_y - size / 2, self.width, size)]

    def draw(self) -> None:
        count = int(self.total)
        if count <= 0 or self.width < 2:
            return
        slots = count + (1 if self.mark else 0)  # the mark takes a pip's place after them
        size = min(self.height, self.width / (slots * 1.3))
        step = size * 1.3
        x0 = self.center_x - (slots * step - (step - size)) / 2
        y = self.center_y - size / 2
        if self.mark:
            self._draw_mark(x0 + count * step, y, size)
        for i in range(count):
            lit = i < self.filled
            self.canvas.add(Color(*(self.colour if lit else theme.PANEL_EDGE)))
            if lit:
                self.canvas.add(Ellipse(pos=(x0 + i * step, y), size=(size, size)))
            else:
                self.canvas.add(Line(ellipse=(x0 + i * step, y, size, size, 0, 360, 20),
                                     width=max(1.0, size * 0.08), joint="miter"))


    def _draw_mark(self, x: float, y: float, size: float) -> None:
        """``mark`` in bold, its height about a pip's, centred in the pip's place at ``x, y``."""
        from kivy.core.text import Label as CoreLabel

        label = CoreLabel(text=self.mark, font_size=size * 1.1, bold=True)
        label.refresh()
        texture = label.texture
        self.canvas.add(Color(*theme.TEXT_DIM))
        self.canvas.add(Rectangle(texture=texture, size=texture.size,
                                  pos=(x + (size - texture.width) / 2, y + (size - texture.height) / 2)))


class Progress(DrawnWidget):
    """A bar ``value`` / ``limit`` full (a score's way to 18)."""

    value = NumericProperty(0)
    limit = NumericProperty(1)
    colour = ColorProperty(theme.GOLD)
    redraw_on = ("value", "limit", "colour")

    def drawn_rows(self) -> list[tuple[float, float, float, float]]:
        """The bar, ``(x, y, width, height)`` (as :meth:`Pips.drawn_rows`)."""
        return [(self.x, self.y, self.width, self.height)]

    def draw(self) -> None:
        share = max(0.0, min(1.0, self.value / self.limit)) if self.limit else 0
        self.canvas.add(Color(*theme.BACKGROUND))
        self.canvas.add(Rectangle(pos=self.pos, size=self.size))
        self.canvas.add(Color(*self.colour))
        self.canvas.add(Rectangle(pos=self.pos, size=(self.width * share, self.height)))


class Parts:
    """The parts of a board kept from one view to the next: a part is rebuilt only when
    the view's inputs it draws (its ``key``) changed (issue 27 item 7)."""

    def __init__(self):
        self.kept: dict = {}

    def get(self, name, key, build):
        """The part ``name`` drawn for ``key``: the one kept when ``key`` is the same,
        else ``build()`` (kept from now on)."""
        key = (scale(), key)  # fonts and gaps are made at the app's scale: a new scale, a new part
        kept = self.kept.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        widget = build()
        self.kept[name] = (key, widget)
        return widget

    def forget_all_but(self, names) -> None:
        """Drop the kept parts not in ``names`` (a player who left, a card gone)."""
        names = set(names)
        self.kept = {name: kept for name, kept in self.kept.items() if name in names}

    @staticmethod
    def place(box, widgets: list) -> None:
        """Make ``widgets`` the children of ``box``, in order (untouched when they are)."""
        if list(reversed(box.children)) == widgets:
            return
        box.clear_widgets()
        for widget in widgets:
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
            box.add_widget(widget)
