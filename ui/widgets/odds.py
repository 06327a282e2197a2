"""The odds meter's figure on the board (issue 33 item 5): "Next card a ghost: 15%", drawn
in a corner of the board slot over the board (the board keeps its size and its drawing;
nothing is laid out around it). At most one figure: the state's ``odds``.

The corner is the top right, where it hides least, unless the board says otherwise (its
``odds_place``): Children's top strip holds the hand limit and the skull pile, so the figure
keeps to the step's corner on two lines; CLUE: IT's top row is location names, so the figure
sits on the status line at the bottom."""

from __future__ import annotations

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

    def _draw(self, *_args) -> None:
        self.group.clear()
        if not self.text:
            return
        edge, share = self.place()
        pad = dp(6) * self.scale
        label = _label(self.text, sp(FONT) * self.scale, self.slot.width * share - 2 * pad)
        texture = label.texture
        nearest(texture)  # drawn at its own size: one texel a pixel (ui/sampling.py)
        w, h = texture.width + 2 * pad, texture.height + pad
        x = self.slot.right - w
        y = self.slot.top - h if edge == "top" else self.slot.y
        self.group.add(Color(*theme.PANEL_EDGE))
        self.group.add(RoundedRectangle(pos=(x, y), size=(w, h), radius=[dp(6) * self.scale]))
        self.group.add(Color(*theme.TEXT))
        self.group.add(Rectangle(texture=texture, pos=(x + pad, y + pad / 2), size=texture.size))
