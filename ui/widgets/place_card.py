"""A place's card (issue 29: CLUE: IT's item icons had no legend, and the Centre's crowd no
names): touching a place on the board that picks no choice opens it over the table. It names
each piece standing there beside its drawn shape, in the game's words, at the prompt's size
(32 sp, read from a metre) like the lesson card; a touch outside it, or Close, puts it away.

It shows only what the board shows (the public view): no hand, no envelope.
"""

from __future__ import annotations

from kivy.metrics import sp
from kivy.properties import ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme
from ui.layout import MAIN_HEIGHT
from ui.widgets import shapes
from ui.widgets.buttons import TouchButton
from ui.widgets.drawn import DrawnWidget
from ui.widgets.panel import Overlay, Panel, unit_of

#: The words' size (sp at scale 1): the prompt's floor, as the lesson card's first size.
FONT = 32
#: The card's share of the window (as the lesson card's).
SHARE = (0.96, 0.94)


class PieceIcon(DrawnWidget):
    """One piece as the board draws it: ``kind`` "pawn", "item" (the ``index``-th Item
    token's icon) or "passage", in ``colour``, as large as the widget's square."""

    kind = StringProperty("pawn")
    colour = ColorProperty(theme.GOLD)
    index = NumericProperty(0)
    redraw_on = ("kind", "colour", "index")

    def draw(self) -> None:
        x, y, size = self.centred_square()
        if size <= 0:
            return
        if self.kind == "item":
            shapes.item(self.canvas, x, y, size, tuple(self.colour), int(self.index))
        else:
            shapes.PIECES[self.kind](self.canvas, x, y, size, tuple(self.colour))
        self.piece_px = size


def line_of(row: dict, size: float) -> BoxLayout:
    """A row of the card: the piece (``row``: ``kind``, ``colour``, ``index``) and its
    ``words`` beside it, ``size`` pixels."""
    line = BoxLayout(size_hint_y=None, height=size * 1.2, spacing=size * 0.35)
    line.add_widget(PieceIcon(kind=row["kind"], colour=row["colour"], index=row.get("index", 0),
                              size_hint_x=None, width=size))
    words = Label(text=row["words"], font_size=size, bold=True, color=theme.TEXT, halign="left", valign="middle",
                  shorten=False)
    words.bind(size=lambda label, box: setattr(label, "text_size", box))
    line.add_widget(words)
    return line


class PlaceCard(Overlay):
    """The card of one place: its ``title`` and its ``rows`` (``[{"kind", "colour", "index",
    "words", "column"}]``: column 0 the left, 1 the right; one column in portrait).

    Attributes:
        font_px: the size the words are drawn at (px); ``close``: the Close button.
    """

    def __init__(self, app, title: str, rows: list[dict], **kwargs):
        super().__init__(size_hint=SHARE, **kwargs)
        unit = unit_of(app)
        self.font_px = sp(FONT) * app.scale
        box = Panel(unit)
        heading = Label(text=title, font_size=self.font_px, bold=True, color=theme.GOLD, size_hint_y=None,
                        height=self.font_px * 1.3, halign="left", valign="middle")
        heading.bind(size=lambda label, size: setattr(label, "text_size", size))
        box.add_widget(heading)
        self.app, self.rows = app, rows
        self.columns = BoxLayout(spacing=12 * unit)
        self._lay_out()
        box.add_widget(self.columns)
        bottom = BoxLayout(size_hint_y=None, height=MAIN_HEIGHT * unit)
        bottom.add_widget(BoxLayout())
        self.close = TouchButton(text=app.tr._("Close"), bold=True, font_size=self.font_px, size_hint_x=0.4,
                                 base_colour=theme.PRIMARY, down_colour=theme.PRIMARY_DOWN)
        self.close.bind(on_release=lambda *_: self.dismiss(animation=False))
        bottom.add_widget(self.close)
        box.add_widget(bottom)
        self.add_widget(box)

    def _lay_out(self) -> None:
        """The rows in two columns (one in portrait) at the app's scale."""
        app, unit = self.app, unit_of(self.app)
        self.font_px = sp(FONT) * app.scale
        self.columns.clear_widgets()
        self.columns.spacing = 12 * unit
        portrait = bool(getattr(app, "portrait", False))
        for column in (0,) if portrait else (0, 1):
            stack = BoxLayout(orientation="vertical", spacing=2 * unit)
            for row in self.rows:
                if portrait or row.get("column", 0) == column:
                    stack.add_widget(line_of(row, self.font_px))
            stack.add_widget(BoxLayout())  # the rows at the top
            self.columns.add_widget(stack)

    def refitted(self) -> None:
        """The window turned: the rows laid out again (one column in portrait)."""
        self._lay_out()
