"""The odds meter's figure on the board (issue 33 item 5): "Next card a ghost: 15%", drawn
in a corner of the board slot over the board (the board keeps its size and its drawing;
nothing is laid out around it). At most one figure: the state's ``odds``.

A board that keeps a spot of its own for it (its ``odds_spot``: a row that holds no text;
issue 29: at 800×480 the corner hid House of Spirits' monster card name, "Mo… 10", and
Children's step line) has it there. A spot with a ``figure`` property shares its row with
words of its own (CLUE: IT's answers line): it is told the figure's text, and puts its words
away while a figure is drawn. Else the corner is the top right, unless the board says
otherwise (its ``odds_place``): Children's top strip holds the hand limit and the skull pile, so the figure
keeps to the step's corner on two lines."""

from __future__ import annotations

import weakref

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, InstructionGroup, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp

from ui import theme
from ui.sampling import nearest

#: The figure's type size at 800x480 (the board labels' floor, notes/screen.md).
FONT = 20

#: Where the figure sits on a board that says nothing (a board's ``odds_place``): the edge
#: ("top" or "bottom", at the right) and the share of the slot's width it may take before it
#: wraps onto a second line.
DEFAULT_PLACE = ("top", 1.0)


def odds_text(odds: dict | None) -> str:
    """"Next card a ghost: 15%" (under 1 % but not nil: "<1%"); empty without odds."""
    if not odds or odds.get("value") is None:
        return ""
    value = float(odds["value"])
    percent = "<1" if 0 < value < 0.005 else str(int(round(100 * value)))
    return f"{odds.get('what', '')}: {percent}%"


def _label(text: str, size: float, room: float) -> CoreLabel:
    """The figure's text on one line, or wrapped at spaces (right-aligned) when wider than
    ``room``: the texture as wide as its longest line."""
    label = CoreLabel(text=text, font_size=size, bold=True)
    lines: list[str] = []
    for word in text.split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and label.get_extents(joined)[0] <= room:
            lines[-1] = joined
        else:
            lines.append(word)
    if len(lines) > 1:
        widest = max(label.get_extents(line)[0] for line in lines)
        label = CoreLabel(text="\n".join(lines), font_size=size, bold=True, halign="right",
                          text_size=(widest + 1, None))
    label.refresh()
    return label


class OddsBadge:
    """The figure, drawn on ``slot.canvas.after``; :meth:`show` redraws it."""

    def __init__(self, slot):
        self.slot = slot
        self.group = InstructionGroup()
        self.text = ""
        self.scale = 1.0
        self._spot = None  # the board's reserved spot the figure follows (``odds_spot``)
        #: where the figure is drawn, ``(x, y, width, height)`` in the window (None: not drawn)
        self.box: tuple[float, float, float, float] | None = None
        slot.canvas.after.add(self.group)
        slot.bind(pos=self._draw, size=self._draw)

    def show(self, odds: dict | None, scale: float = 1.0) -> None:
        self.text, self.scale = odds_text(odds), scale
        self._draw()

    def place(self) -> tuple[str, float]:
        """(edge, share of the width) for the board in the slot: its ``odds_place``, else
        :data:`DEFAULT_PLACE`."""
        places = [getattr(child, "odds_place", None) for child in self.slot.children]
        return next((tuple(p) for p in places if p), DEFAULT_PLACE)

    def spot(self):
        """The board's reserved spot for the figure (its ``odds_spot`` widget: a row of its
        own that holds no text), or None."""
        return next((child.odds_spot for child in self.slot.children
                     if getattr(child, "odds_spot", None) is not None), None)

    def _follow(self, spot) -> None:
        """Redraw when the reserved spot moves (the board lays itself out inside the slot).
        The spot is held weakly: a board that left the slot is not kept alive by it."""
        old = self._spot() if self._spot is not None else None
        if spot is old:
            return
        if old is not None:
            old.unbind(pos=self._draw, size=self._draw)
        self._spot = weakref.ref(spot) if spot is not None else None
        if spot is not None:
            spot.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_args) -> None:
        self.group.clear()
        self.box = None
        spot = self.spot()
        self._follow(spot)
        if spot is not None and hasattr(spot, "figure"):  # a spot that shares its row: it puts its words away
            spot.figure = self.text
        if not self.text:
            return
        edge, share = self.place()
        pad = dp(6) * self.scale
        width = spot.width if spot is not None else self.slot.width * share
        label = _label(self.text, sp(FONT) * self.scale, width - 2 * pad)
        texture = label.texture
        nearest(texture)  # drawn at its own size: one texel a pixel (ui/sampling.py)
        w, h = texture.width + 2 * pad, texture.height + pad
        if spot is not None:  # right-aligned in the spot, centred on its height
            # (from x and y: ``right`` and ``center_y`` are not yet new when ``pos`` dispatches)
            x, y = spot.x + spot.width - w, spot.y + (spot.height - h) / 2
        else:
            x = self.slot.right - w
            y = self.slot.top - h if edge == "top" else self.slot.y
        self.box = (*self.slot.to_window(x, y), w, h)
        self.group.add(Color(*theme.PANEL_EDGE))
        self.group.add(RoundedRectangle(pos=(x, y), size=(w, h), radius=[dp(6) * self.scale]))
        self.group.add(Color(*theme.TEXT))
        self.group.add(Rectangle(texture=texture, pos=(x + pad, y + pad / 2), size=texture.size))
