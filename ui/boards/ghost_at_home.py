"""The Ghost at Home board: every player's house side by side, each with its roof and three
floors (bottom first): two room spaces per floor, the light (a warm glow when on), ghosts
and cats; under the house the player's name and one small card per card in hand. The
escaping player's roof is gold; the player whose turn it is has a bright outline.

Under the houses a short legend says what the colours mean (in the table's language).
Reads the view described in ``companion/games/ghost_at_home/view.py`` (received over the
socket; nothing of the game is imported here).
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.boards.fit import word_width
from ui.boards.names import short_marks
from ui.boards.parts import FLOOR, font
from ui.kvloader import load_kv
from ui.widgets import shapes

LIT_FLOOR = (0.55, 0.45, 0.16, 1)
DARK_FLOOR = (0.09, 0.08, 0.13, 1)
ROOM = (0.36, 0.30, 0.50, 1)
WILD_ROOM = (0.18, 0.58, 0.62, 1)
CAT = (1.0, 0.60, 0.18, 1)
ROOF = (0.30, 0.14, 0.16, 1)
CARD_BACK = (0.55, 0.45, 0.80, 1)


def cat(canvas, x: float, y: float, size: float, colour=CAT) -> None:
    """A cat's head: a round face with two ears, in a ``size`` square at (x, y)."""
    canvas.add(Color(*colour))
    canvas.add(Ellipse(pos=(x + size * 0.1, y), size=(size * 0.8, size * 0.75)))
    canvas.add(Triangle(points=[x + size * 0.12, y + size * 0.5, x + size * 0.2, y + size,
                                x + size * 0.45, y + size * 0.65]))
    canvas.add(Triangle(points=[x + size * 0.88, y + size * 0.5, x + size * 0.8, y + size,
                                x + size * 0.55, y + size * 0.65]))


class HouseView(Widget):
    """One player's house, drawn from ``house`` (a view's ``houses[player]`` entry).

    Attributes:
        name: the player's name (in the player's colour when the table gave one:
            ``colours``, name -> palette key); ``hand``: cards in hand.
        active: it is this player's turn; ``escaping``: this player is escaping.
    """

    house = DictProperty({})
    name = StringProperty("")
    #: the name's short mark, shown where the name does not fit the row under the houses at
    #: 20 sp (:func:`name_row`)
    mark = StringProperty("")
    #: every player's ``(name, mark)`` in the row, this house's at :attr:`index` (the names
    #: share the row under the houses: a long name takes room a short one beside it leaves,
    #: screen20 item 5: "Tomm" for Tommaso beside "Giulia"); empty: this house alone
    row = ListProperty([])
    index = NumericProperty(0)
    hand = NumericProperty(0)
    active = BooleanProperty(False)
    escaping = BooleanProperty(False)
    colours = DictProperty({})

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.label = Label(color=theme.TEXT, bold=True, halign="center", valign="middle")
        self.add_widget(self.label)
        self.bind(pos=self.redraw, size=self.redraw, house=self.redraw, name=self.redraw, row=self.redraw,
                  index=self.redraw, hand=self.redraw, active=self.redraw, escaping=self.redraw, colours=self.redraw)

    def redraw(self, *_args) -> None:
        canvas = self.canvas.before
        canvas.clear()
        pad, x, w, label_h, hand_h, roof_h, floors_y, floor_h = self._geometry()
        for n in (1, 2, 3):
            self._floor(canvas, self.house.get(str(n)) or {}, x, floors_y + (n - 1) * floor_h, w, floor_h)
        top = floors_y + 3 * floor_h
        canvas.add(Color(*(theme.GOLD if self.escaping else ROOF)))
        canvas.add(Triangle(points=[x - pad * 0.5, top, x + w + pad * 0.5, top, x + w / 2, top + roof_h]))
        if self.active:
            canvas.add(Color(*theme.PRIMARY_DOWN))
            canvas.add(Line(rectangle=self._frame(), width=max(1.5, pad * 0.3)))
        self._hand(canvas, x, self.y + label_h, w, hand_h)
        self.label.color = theme.on_dark(theme.player_colour(self.name, self.colours, theme.TEXT))
        self.label.text, self.label.font_size, left, width = self._name_place(w, label_h)
        self.label.pos, self.label.size = (left, self.y), (width, label_h)
        self.label.text_size = self.label.size

    def _name_place(self, w: float, label_h: float) -> tuple[str, float, float, float]:
        """(text, font size, x, width) of the name line: the name at 24 sp, smaller to fit the
        house's ``w`` but never under the boards' floor (20 px at 800×480, issue 29; it was
        14), wider than the house where the row under the houses holds it (:func:`name_row`),
        else the short mark."""
        entries = [tuple(entry) for entry in self.row] or [(self.name, self.mark)]
        index = min(int(self.index), len(entries) - 1)
        pitch = self.width + float(getattr(self.parent, "spacing", 0) or 0)

        def drawn(text: str) -> tuple[float, float]:
            widest = word_width(text, font(24), True) or 1
            size = max(font(FLOOR), min(label_h * 0.7, font(24), font(24) * w / widest))
            return size, word_width(text, size, True)

        text, size, left, ink = name_row(entries, drawn, self.width, pitch, font(FLOOR) / 2)[index]
        box = max(w, ink + 2)  # a label as wide as its ink may wrap its last letter
        return text, size, self.x - index * pitch + left + (ink - box) / 2, box

    def _geometry(self) -> tuple[float, float, float, float, float, float, float, float]:
        """(pad, x, width, name row's height, hand row's height, roof's height, lowest floor's
        y, a floor's height) of the house as :meth:`redraw` draws it."""
        pad = min(self.width, self.height) * 0.04
        label_h, hand_h, roof_h = self.height * 0.12, self.height * 0.07, self.height * 0.14
        floor_h = (self.height - label_h - hand_h - roof_h - pad) / 3
        return pad, self.x + pad, self.width - 2 * pad, label_h, hand_h, roof_h, self.y + label_h + hand_h, floor_h

    def _frame(self) -> tuple[float, float, float, float]:
        """The outline around the house whose turn it is, ``(x, y, width, height)``: the
        floors and the roof."""
        pad, x, w, _label_h, _hand_h, roof_h, floors_y, floor_h = self._geometry()
        return x - pad * 0.6, floors_y - pad * 0.3, w + pad * 1.2, 3 * floor_h + roof_h + pad * 0.3

    def floor_box(self, n: int) -> tuple[float, float, float, float]:
        """(x, y, width, height) of floor ``n`` (1-3, bottom first) as :meth:`redraw` draws it
        (for the ring of what changed there: ui/motion.py)."""
        _pad, x, w, _label_h, _hand_h, _roof_h, floors_y, floor_h = self._geometry()
        return x, floors_y + (n - 1) * floor_h, w, floor_h

    def drawn_rows(self) -> list[tuple[float, float, float, float]]:
        """What :meth:`redraw` draws that a player reads, ``(x, y, width, height)`` each: the
        three floors and the row of cards in hand (screen16: a banner over the board's bottom
        must hide them whole or not at all: :func:`ui.notice_place.board_lines`)."""
        hand_h = self.height * 0.07
        floors = [self.floor_box(n) for n in (1, 2, 3)]
        return [*floors, (floors[0][0], floors[0][1] - hand_h, floors[0][2], hand_h)]

    def drawn_parts(self) -> list[tuple[str, tuple[float, float, float, float]]]:
        """Everything :meth:`redraw` draws that a player looks at, ``(what, (x, y, width,
        height))`` each: the floors and the cards (:meth:`drawn_rows`), the roof (gold: the
        player escaping) and, on this player's turn, the outline around the house (screen20
        item 6: the odds figure lay over the roofs and the outline's top; the window tests'
        ``readability.covered`` reads them)."""
        pad, x, w, _label_h, _hand_h, roof_h, floors_y, floor_h = self._geometry()
        rows = self.drawn_rows()
        parts = [*((f"floor {n}", box) for n, box in zip((1, 2, 3), rows, strict=False)), ("cards", rows[3]),
                 ("roof", (x - pad * 0.5, floors_y + 3 * floor_h, w + pad, roof_h))]
        return [*parts, ("outline", self._frame())] if self.active else parts

    def _floor(self, canvas, floor: dict, x: float, y: float, w: float, h: float) -> None:
        gap = h * 0.08
        canvas.add(Color(*(LIT_FLOOR if floor.get("light") else DARK_FLOOR)))
        canvas.add(RoundedRectangle(pos=(x, y + gap / 2), size=(w, h - gap), radius=[gap]))
        rooms = list(floor.get("rooms") or [])
        slot_w = (w - 3 * gap) / 2
        for side in range(2):
            sx = x + gap + side * (slot_w + gap)
            if side < len(rooms):
                canvas.add(Color(*(WILD_ROOM if rooms[side] == "room-wild-card" else ROOM)))
                canvas.add(RoundedRectangle(pos=(sx, y + gap * 1.5), size=(slot_w, h - 3 * gap), radius=[gap / 2]))
            else:
                canvas.add(Color(*theme.PANEL_EDGE))
                canvas.add(Line(rounded_rectangle=(sx, y + gap * 1.5, slot_w, h - 3 * gap, gap / 2), width=1))
        size = min(h * 0.5, slot_w * 0.45)
        cy = y + (h - size) / 2
        for i in range(int(floor.get("ghosts") or 0)):
            shapes.ghost(canvas, x + gap * 2 + i * size * 1.1, cy, size)
        for i in range(int(floor.get("cat") or 0)):
            cat(canvas, x + w - gap * 2 - (i + 1) * size * 1.1, cy, size)

    def _hand(self, canvas, x: float, y: float, w: float, h: float) -> None:
        card_w, card_h = h * 0.65, h * 0.9
        count = int(self.hand)
        start = x + (w - count * card_w * 1.25) / 2
        canvas.add(Color(*CARD_BACK))
        for i in range(count):
            canvas.add(Rectangle(pos=(start + i * card_w * 1.25, y), size=(card_w, card_h)))


class KeySwatch(Widget):
    """A legend's sample: a floor's or a room's fill (``fill``), or with ``card`` a card back
    as the hands under the houses draw them."""

    fill = ListProperty([1, 1, 1, 1])
    card = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, fill=self.redraw, card=self.redraw)

    def redraw(self, *_args) -> None:
        self.canvas.clear()
        side = min(self.width, self.height)
        x, y = self.center_x - side / 2, self.center_y - side / 2
        self.canvas.add(Color(*self.fill))
        if self.card:  # upright, as a card in hand
            self.canvas.add(Rectangle(pos=(x + side * 0.2, y), size=(side * 0.6, side * 0.9)))
        else:
            self.canvas.add(RoundedRectangle(pos=(x, y + side * 0.1), size=(side, side * 0.8), radius=[side * 0.12]))


class GhostAtHomeBoard(BoxLayout):
    """All houses side by side over a legend (a gold floor: its light is on; a purple space:
    a room; a small card: one in hand; board15: the colours had no words); set ``view`` to a
    Ghost at Home view dict (and ``colours``, player name -> palette key: the table screen
    sets it from the state)."""

    game = "ghost_at_home"
    view = DictProperty({})
    colours = DictProperty({})

    def __init__(self, **kwargs):
        load_kv("ghost_at_home")
        super().__init__(**kwargs)
        self.houses: dict[str, HouseView] = {}

    @property
    def odds_spot(self):
        """The odds figure's row over the houses (:class:`ui.widgets.odds.OddsBadge`): in the
        board slot's corner it lay over the roofs and the outline around the house whose turn
        it is (screen20 item 6)."""
        return self.ids.odds_spot.__self__  # the widget: ids are weak proxies

    def on_colours(self, *_args) -> None:
        self.on_view()

    def on_view(self, *_args) -> None:
        players = list(self.view.get("players") or [])
        if list(self.houses) != players:
            row = self.ids.row
            row.clear_widgets()
            marks = short_marks(players)
            names = [(name, marks[name]) for name in players]
            self.houses = {name: HouseView(name=name, mark=marks[name], row=names, index=i)
                           for i, name in enumerate(players)}
            for house in self.houses.values():
                row.add_widget(house)
        houses = self.view.get("houses") or {}
        hands = self.view.get("hand_sizes") or {}
        colours = dict(self.colours)
        for name, widget in self.houses.items():
            widget.colours = colours
            widget.house = houses.get(name) or {}
            widget.hand = int(hands.get(name) or 0)
            widget.active = self.view.get("deciding") == name
            widget.escaping = self.view.get("escape") == name and not self.view.get("outcome")


def name_row(entries: list[tuple[str, str]], drawn: Callable[[str], tuple[float, float]], house_w: float,
             pitch: float, gap: float) -> list[tuple[str, float, float, float]]:
    """Where each name goes in the row under the houses: ``(text, font size, x, width)`` per
    entry ``(name, mark)``, x from the first house's left. ``drawn(text)`` gives the size a
    text is drawn at and its width then; house ``i`` spans ``i * pitch`` to that plus
    ``house_w``. Each name is centred under its house, pushed aside as little as it takes to
    keep ``gap`` px between names, in the row, and its middle under its own house; where the
    row cannot, the widest name wider than its house gives way to its mark ("Margherita" ->
    "Marg" in five houses at 800×480), and so on."""
    texts = [name for name, _mark in entries]
    row = (len(entries) - 1) * pitch + house_w
    while True:
        sizes = [drawn(text) for text in texts]
        widths = [width for _size, width in sizes]
        lefts = pushed([i * pitch + house_w / 2 for i in range(len(texts))], widths, gap, row)
        if lefts is not None and all(i * pitch <= left + width / 2 <= i * pitch + house_w
                                     for i, (left, width) in enumerate(zip(lefts, widths, strict=True))):
            return [(text, size, left, width) for text, (size, width), left in zip(texts, sizes, lefts, strict=True)]
        wide = [i for i, (text, (_name, mark)) in enumerate(zip(texts, entries, strict=True))
                if mark and text != mark and widths[i] > house_w]
        if not wide:  # each under its own house as it is
            return [(text, size, i * pitch + (house_w - width) / 2, width)
                    for i, (text, (size, width)) in enumerate(zip(texts, sizes, strict=True))]
        widest = max(wide, key=lambda i: widths[i])
        texts[widest] = entries[widest][1]


def pushed(centres: list[float], widths: list[float], gap: float, row: float) -> list[float] | None:
    """The left edges of boxes ``widths`` wide, each as near its centre in ``centres`` as
    keeps them in order, ``gap`` apart and within 0..``row``; None when they do not fit."""
    if sum(widths) + gap * (len(widths) - 1) > row:
        return None
    lefts = [centre - width / 2 for centre, width in zip(centres, widths, strict=True)]
    for i in range(len(lefts)):  # right, past the row's start and the box before
        lefts[i] = max(lefts[i], 0.0 if i == 0 else lefts[i - 1] + widths[i - 1] + gap)
    for i in reversed(range(len(lefts))):  # then left, before the row's end and the box after
        lefts[i] = min(lefts[i], row - widths[i] if i == len(lefts) - 1 else lefts[i + 1] - gap - widths[i])
    return lefts
