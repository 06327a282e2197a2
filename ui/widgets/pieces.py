"""Widgets that draw pieces: one marker (legend, badges) and a row of markers (room tiles)."""

from __future__ import annotations

from kivy.properties import ColorProperty, ListProperty, NumericProperty, OptionProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.boards.fit import word_width
from ui.widgets import shapes
from ui.widgets.drawn import DrawnWidget
from ui.widgets.frame import before_frame


class Marker(DrawnWidget):
    """One piece (``kind``: ghost, haunting or crown), as large as fits the widget."""

    kind = OptionProperty("ghost", options=list(shapes.PIECES))
    colour = ColorProperty(None, allownone=True)
    redraw_on = ("kind", "colour")

    def draw(self) -> None:
        x, y, size = self.centred_square()
        if size <= 0:  # a hidden marker (the Cellar's passage tile on a room without one):
            return  # its ~15 instructions drew nothing, every frame, on each of 15 tiles
        draw = shapes.PIECES[self.kind]
        if self.colour is None:
            draw(self.canvas, x, y, size)
        else:
            draw(self.canvas, x, y, size, tuple(self.colour))
        self.piece_px = size


class PieceRow(DrawnWidget):
    """Ghosts then hauntings, left to right, shrunk to fit the widget's width.

    Attributes:
        ghosts, hauntings: how many of each to draw.
        piece_size: the preferred size of one piece in pixels (shrinks when they do not fit).
    """

    ghosts = NumericProperty(0)
    hauntings = NumericProperty(0)
    piece_size = NumericProperty(16)
    redraw_on = ("ghosts", "hauntings", "piece_size")

    def draw(self) -> None:
        kinds = ["haunting"] * int(self.hauntings) + ["ghost"] * int(self.ghosts)
        self.overlapped = False
        if not kinds:
            return
        size, step = fan(len(kinds), self.piece_size, min(self.piece_size, self.height), self.width)
        y = self.y + (self.height - size) / 2
        self.piece_px = size
        self.overlapped = len(kinds) > 1 and step < size - 0.5  # a fanned hand (the audit's)
        if len(kinds) == 1 or step > size:  # side by side: one mesh a colour for the row
            shapes.apart(self.canvas, kinds, [self.x + i * step for i in range(len(kinds))], y, size)
            return
        for i, kind in enumerate(kinds):
            shapes.PIECES[kind](self.canvas, self.x + i * step, y, size)


#: The part of a pawn's square its base fills, and a hair: pawns this far apart do not touch.
PAWN_WIDTH = 0.74


class PawnRow(DrawnWidget):
    """Hunters' pawns (``colours``, one RGBA each), left to right in that order and flush
    with the widget's right edge, shrunk to fit its width."""

    colours = ListProperty([])
    piece_size = NumericProperty(16)
    #: The smallest a pawn is drawn (pixels: the boards' floor) to stand apart from the next.
    floor = NumericProperty(16)
    redraw_on = ("colours", "piece_size", "floor")

    def draw(self) -> None:
        self.overlapped = False
        if not self.colours:
            return
        count = len(self.colours)
        size, step = fan(count, self.piece_size, min(self.piece_size, self.height), self.width)
        if count > 1 and step < size * PAWN_WIDTH:  # smaller, down to the floor, rather than over each other
            apart = self.width / (1 + (PAWN_WIDTH + 0.02) * (count - 1))
            if apart >= self.floor:
                size, step = apart, (self.width - apart) / (count - 1)
        y = self.y + (self.height - size) / 2
        left = self.right - (len(self.colours) - 1) * step - size  # in the names' order, flush right
        self.piece_px = size
        # a pawn's base is 0.72 of its square (ui.widgets.shapes.pawn): closer, they overlap
        self.overlapped = len(self.colours) > 1 and step < size * PAWN_WIDTH  # a fanned hand (the audit's)
        for i, colour in enumerate(self.colours):
            shapes.pawn(self.canvas, left + i * step, y, size, tuple(colour))


def fan(count: int, wanted: float, floor: float, width: float, least: float = 0.45) -> tuple[float, float]:
    """``(size, step)`` of ``count`` pieces in a row ``width`` pixels wide: ``wanted``
    pixels each with a gap where they fit; else overlapping like a fanned hand, each
    ``floor`` pixels or larger (issue 29: the Cellar's pawns shrank to 14 px), at least
    ``least`` of each piece showing; only when even that does not fit, smaller."""
    if count <= 1:
        return min(wanted, max(width, floor)), 0.0
    gap = wanted * 0.2
    size = min(wanted, (width + gap) / count - gap)
    if size >= floor:
        return size, size + gap
    size = floor
    step = (width - size) / (count - 1)
    if step < size * least:
        size = width / (1 + least * (count - 1))
        step = size * least
    return size, step


class IconCounts(Widget):
    """One line of drawn pieces, each with a number after it ("[card] 3 [skull] 0"): a
    player's cards in hand, skulls, trapped ghosts; a monster's attack and defence.

    ``items``: ``[(kind, value), ...]`` or ``(kind, value, colour)`` (``kind`` one of
    :data:`ui.widgets.shapes.PIECES`; ``value`` a number, a short figure such as "4/4" or
    a name; ``colour`` the piece's, RGBA). Icons and numbers are as large as
    the widget allows, never smaller than ``smallest`` pixels (the boards' floor)."""

    items = ListProperty([])
    smallest = NumericProperty(20)
    biggest = NumericProperty(30)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.numbers: list[Label] = []
        self.piece_px = 0.0  # the icons' size (0: none drawn), for the readability audit
        # drawn once before the next frame however often a layout moves it meanwhile
        # (its figures' labels are made at once: what a view makes is counted, test_board_work)
        trigger = before_frame(self.draw)
        self.bind(pos=trigger, size=trigger, items=trigger, smallest=trigger, biggest=trigger)
        self.bind(items=lambda *_: self._labels(len(self.items)))
        self._labels(len(self.items))
        trigger()

    def _labels(self, count: int) -> list[Label]:
        while len(self.numbers) < count:
            label = Label(bold=True, color=theme.TEXT)
            self.numbers.append(label)
            self.add_widget(label)
        for extra in self.numbers[count:]:
            extra.text = ""
        return self.numbers[:count]

    def piece_size(self) -> float:
        """Icons and numbers as large as the pairs fit the width (a pair: the icon, a gap
        and its figure, about 1.3 + 0.6 sizes a character), at least :attr:`smallest`."""
        chars = sum(len(str(item[1])) for item in self.items) or 1
        across = self.width / (len(self.items) * 1.5 + 0.6 * chars + 0.4) if self.items else self.height
        return max(self.smallest, min(self.height * 0.8, self.biggest, across))

    def one_row(self, width: float) -> bool:
        """The pairs hold one row of ``width`` px at :attr:`smallest` (else :meth:`draw` lays
        them in rows where the height holds them: a stand-in monster's "3?" "2?" in a card
        55 px wide, screen20b)."""
        size = self.smallest
        return sum(size * 1.1 + word_width(str(item[1]), size, True) for item in self.items) <= width

    def draw(self, *_args) -> None:
        canvas = self.canvas.before
        canvas.clear()
        labels = self._labels(len(self.items))
        self.piece_px = 0.0
        if self.width < 4 or self.height < 4 or not self.items:
            return
        size = self.piece_px = self.piece_size()
        for label, item in zip(labels, self.items):
            label.text, label.font_size = str(item[1]), size
            label.texture_update()
            label.size = label.texture_size
        pairs = [size * 1.1 + label.width for label in labels]
        rows = _rows(pairs, self.width, max(1, int(self.height // size)))
        for row_number, row in enumerate(rows):
            centre_y = self.top - self.height * (row_number + 0.5) / len(rows)
            space = max(0.0, (self.width - sum(pairs[i] for i in row)) / (len(row) + 1))
            x = self.x + space
            for i in row:
                item, label = self.items[i], labels[i]
                if len(item) > 2:
                    shapes.PIECES[item[0]](canvas, x, centre_y - size / 2, size, tuple(item[2]))
                else:
                    shapes.PIECES[item[0]](canvas, x, centre_y - size / 2, size)
                label.pos = (x + size * 1.1, centre_y - label.height / 2)
                x += pairs[i] + space


def _rows(pairs: list[float], width: float, most: int) -> list[list[int]]:
    """The pairs (their widths, px) by row, in order: one row where they fit ``width``, else
    as many rows as they need packed left to right, when that is at most ``most`` rows (else
    one row, as before: the readability audit says what spills)."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, pair in enumerate(pairs):
        if rows[-1] and used + pair > width:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += pair
    return rows if len(rows) <= most else [list(range(len(pairs)))]


class PieceStrip(Widget):
    """Pieces standing in one place (CLUE: IT's Kid movers as pawns and Item tokens as
    icons), never smaller than ``smallest`` pixels, each telling which piece it is:

    * its name under it, where every name fits at ``smallest`` pixels in one row;
    * else its mark beside it ("M" for Mike, "3" for Kid 3: ``mark``), in as many rows as
      the place holds, the pawns' marks first (a question names a Kid);
    * else the pieces alone, in rows (never codes).

    ``pieces``: ``[{"kind": "pawn" | "item", "colour": RGBA, "name": str, "mark": str,
    "index": n}]``. ``piece_px`` is the size the pieces were drawn at (0: none drawn),
    ``marked`` how they were told apart ("names", "marks", "pawn marks" or "").
    """

    pieces = ListProperty([])
    smallest = NumericProperty(20)
    piece_size = NumericProperty(28)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.names: list[Label] = []
        self.piece_px, self.marked = 0.0, ""
        trigger = before_frame(self.draw)  # once before the next frame, as IconCounts
        self.bind(pos=trigger, size=trigger, pieces=trigger, smallest=trigger, piece_size=trigger)
        self.bind(pieces=lambda *_: self._labels(len(self.pieces)))
        self._labels(len(self.pieces))
        trigger()

    def _labels(self, count: int) -> list[Label]:
        while len(self.names) < count:
            label = Label(bold=True)
            self.names.append(label)
            self.add_widget(label)
        for extra in self.names[count:]:
            extra.text = ""
        return self.names[:count]

    def named_width(self, font_size: float) -> list[float]:
        """Each piece's width with its name under it at ``font_size``."""
        return [max(self.piece_size, word_width(p.get("name", ""), font_size, True) + font_size * 0.3)
                for p in self.pieces]

    def draw(self, *_args) -> None:
        canvas = self.canvas.before
        canvas.clear()
        labels = self._labels(len(self.pieces))
        self.piece_px, self.marked = 0.0, ""
        for label in labels:
            label.text = ""
        if not self.pieces or self.width < 4 or self.height < 4:
            return
        if self._named(canvas, labels):
            return
        for marks in ("marks", "pawn marks", ""):
            placed = self._flow(marks)
            if placed is not None or not marks:
                self._draw_flow(canvas, labels, placed or self._flow(marks, force=True), marks)
                return

    def _named(self, canvas, labels: list[Label]) -> bool:
        """The pieces in one row with their names under them, where all fit."""
        widths = self.named_width(self.smallest)
        line = self.smallest * 1.2
        size = min(self.piece_size, self.height - line)
        if sum(widths) > self.width or size < self.smallest:
            return False
        x = self.x + (self.width - sum(widths)) / 2
        y = self.y + (self.height - size - line) / 2
        for piece, label, width in zip(self.pieces, labels, widths):
            self._piece(canvas, piece, x + (width - size) / 2, y + line, size)
            self._label(label, piece, piece.get("name", ""), (x, y), (width, line))
            x += width
        self.piece_px, self.marked = size, "names"
        return True

    def _mark(self, piece: dict, marks: str) -> str:
        if marks == "marks" or (marks == "pawn marks" and piece.get("kind") != "item"):
            return str(piece.get("mark", ""))
        return ""

    def _flow(self, marks: str, force: bool = False):
        """``(size, rows)``: the largest piece size from ``piece_size`` down to ``smallest``
        at which the pieces (with their marks) fill rows that the height holds; rows are
        lists of ``(piece, width)``. None when they do not hold even at ``smallest``
        (``force``: the rows at the smallest size all the same, the last resort)."""
        size = self.piece_size
        while True:
            gap = max(2.0, size * 0.15)
            widths = [size + gap + (word_width(m, self.smallest, True) + gap if m else 0)
                      for m in (self._mark(p, marks) for p in self.pieces)]
            rows = flow(list(zip(self.pieces, widths)), self.width)
            row_h = max(size, self.smallest * 1.15) + gap
            if len(rows) * row_h - gap <= self.height or (force and size <= self.smallest):
                return size, rows
            if size <= self.smallest:
                return None
            size = max(self.smallest, size * 0.9)

    def _draw_flow(self, canvas, labels: list[Label], placed, marks: str) -> None:
        size, rows = placed
        gap = max(2.0, size * 0.15)
        row_h = max(size, self.smallest * 1.15) + gap
        top = self.center_y + (len(rows) * row_h - gap) / 2
        labels_left = iter(labels)
        for r, row in enumerate(rows):
            x = self.x + (self.width - sum(w for _p, w in row) + gap) / 2
            y = top - (r + 1) * row_h + gap
            for piece, width in row:
                self._piece(canvas, piece, x, y + (row_h - gap - size) / 2, size)
                mark = self._mark(piece, marks)
                if mark:
                    self._label(next(labels_left), piece, mark, (x + size + gap * 0.5, y),
                                (width - size - gap, row_h - gap))
                x += width
        self.piece_px, self.marked = size, marks

    def _label(self, label: Label, piece: dict, words: str, pos, size) -> None:
        label.text, label.font_size = words, self.smallest
        label.color = piece.get("ink") or piece.get("colour") or theme.TEXT
        label.size, label.pos = size, pos  # its box is set: no texture drawn here to measure it

    @staticmethod
    def _piece(canvas, piece: dict, x: float, y: float, size: float) -> None:
        colour = tuple(piece.get("colour") or theme.GOLD)
        if piece.get("kind") == "item":
            shapes.item(canvas, x, y, size, colour, int(piece.get("index") or 0))
        else:
            shapes.pawn(canvas, x, y, size, colour)


def flow(items: list[tuple], width: float) -> list[list[tuple]]:
    """``items`` (``(thing, its width)``) in rows of at most ``width`` pixels, in order
    (a row holds one item however wide it is)."""
    rows: list[list[tuple]] = []
    used = width + 1
    for item in items:
        if rows and used + item[1] <= width:
            rows[-1].append(item)
            used += item[1]
        else:
            rows.append([item])
            used = item[1]
    return rows
