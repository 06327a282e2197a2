"""Widgets that draw pieces: one marker (legend, badges) and a row of markers (room tiles)."""

from __future__ import annotations

from kivy.properties import ColorProperty, ListProperty, NumericProperty, OptionProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets import shapes
from ui.widgets.drawn import DrawnWidget


class Marker(DrawnWidget):
    """One piece (``kind``: ghost, haunting or crown), as large as fits the widget."""

    kind = OptionProperty("ghost", options=list(shapes.PIECES))
    colour = ColorProperty(None, allownone=True)
    redraw_on = ("kind", "colour")

    def draw(self) -> None:
        x, y, size = self.centred_square()
        draw = shapes.PIECES[self.kind]
        if self.colour is None:
            draw(self.canvas, x, y, size)
        else:
            draw(self.canvas, x, y, size, tuple(self.colour))


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
        if not kinds:
            return
        gap = self.piece_size * 0.2
        size = min(self.piece_size, self.height, (self.width + gap) / len(kinds) - gap)
        y = self.y + (self.height - size) / 2
        for i, kind in enumerate(kinds):
            shapes.PIECES[kind](self.canvas, self.x + i * (size + gap), y, size)


class PawnRow(DrawnWidget):
    """Hunters' pawns (``colours``, one RGBA each), left to right in that order and flush
    with the widget's right edge, shrunk to fit its width."""

    colours = ListProperty([])
    piece_size = NumericProperty(16)
    redraw_on = ("colours", "piece_size")

    def draw(self) -> None:
        if not self.colours:
            return
        gap = self.piece_size * 0.15
        size = min(self.piece_size, self.height, (self.width + gap) / len(self.colours) - gap)
        y = self.y + (self.height - size) / 2
        left = self.right - len(self.colours) * (size + gap) + gap  # in the names' order, flush right
        for i, colour in enumerate(self.colours):
            shapes.pawn(self.canvas, left + i * (size + gap), y, size, tuple(colour))


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
        self.bind(pos=self.draw, size=self.draw, items=self.draw, smallest=self.draw, biggest=self.draw)
        self.draw()

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

    def draw(self, *_args) -> None:
        canvas = self.canvas.before
        canvas.clear()
        labels = self._labels(len(self.items))
        if self.width < 4 or self.height < 4 or not self.items:
            return
        size = self.piece_size()
        for label, item in zip(labels, self.items):
            label.text, label.font_size = str(item[1]), size
            label.texture_update()
            label.size = label.texture_size
        pairs = [size * 1.1 + label.width for label in labels]
        space = max(0.0, (self.width - sum(pairs)) / (len(pairs) + 1))
        x, y = self.x + space, self.center_y - size / 2
        for item, label, pair in zip(self.items, labels, pairs):
            if len(item) > 2:
                shapes.PIECES[item[0]](canvas, x, y, size, tuple(item[2]))
            else:
                shapes.PIECES[item[0]](canvas, x, y, size)
            label.pos = (x + size * 1.1, self.center_y - label.height / 2)
            x += pair + space


class PieceStrip(Widget):
    """Pieces standing in one place, drawn left to right in rows (CLUE: IT's Kid movers as
    pawns and Item tokens as icons), each with its name under it where every name fits at
    ``smallest`` pixels; where they do not (a crowded centre) the pieces are drawn alone,
    never as codes.

    ``pieces``: ``[{"kind": "pawn" | "item", "colour": RGBA, "name": str, "index": n}]``.
    """

    pieces = ListProperty([])
    smallest = NumericProperty(20)
    piece_size = NumericProperty(28)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.names: list[Label] = []
        self.bind(pos=self.draw, size=self.draw, pieces=self.draw, smallest=self.draw, piece_size=self.draw)
        self.draw()

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
        from ui.boards.fit import word_width

        return [max(self.piece_size, word_width(p.get("name", ""), font_size, True) + font_size * 0.3)
                for p in self.pieces]

    def draw(self, *_args) -> None:
        canvas = self.canvas.before
        canvas.clear()
        count = len(self.pieces)
        labels = self._labels(count)
        if not count or self.width < 4 or self.height < 4:
            return
        widths = self.named_width(self.smallest)
        line = self.smallest * 1.2
        named = (sum(widths) <= self.width and self.height >= min(self.piece_size, self.height - line) + line
                 and self.height - line >= self.smallest)
        if named:
            size = min(self.piece_size, self.height - line)
            x = self.x + max(0.0, (self.width - sum(widths)) / 2)
            y = self.y + line
            for piece, label, width in zip(self.pieces, labels, widths):
                self._piece(canvas, piece, x + (width - size) / 2, y, size)
                label.text, label.font_size = piece.get("name", ""), self.smallest
                label.color = piece.get("ink") or piece.get("colour") or theme.TEXT
                label.texture_update()
                label.size = (width, line)
                label.pos = (x, self.y)
                x += width
            return
        for label in labels:
            label.text = ""
        self._rows(canvas)

    def _rows(self, canvas) -> None:
        """The pieces alone, in as few rows as keep them largest."""
        count = len(self.pieces)
        best = (0.0, 1)
        for rows in range(1, count + 1):
            across = -(-count // rows)
            size = min(self.piece_size, self.width / across * 0.92, self.height / rows * 0.92)
            best = max(best, (size, -rows))
        size, rows = best[0], -best[1]
        across = -(-count // rows)
        step_x, step_y = size / 0.92, self.height / rows
        for i, piece in enumerate(self.pieces):
            row, column = divmod(i, across)
            in_row = min(across, count - row * across)
            left = self.x + (self.width - in_row * step_x) / 2
            self._piece(canvas, piece, left + column * step_x, self.top - (row + 1) * step_y + (step_y - size) / 2,
                        size)

    @staticmethod
    def _piece(canvas, piece: dict, x: float, y: float, size: float) -> None:
        colour = tuple(piece.get("colour") or theme.GOLD)
        if piece.get("kind") == "item":
            shapes.item(canvas, x, y, size, colour, int(piece.get("index") or 0))
        else:
            shapes.pawn(canvas, x, y, size, colour)
