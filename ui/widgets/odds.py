"""The odds meter's figure on the board (issue 33 item 5): "Next card a ghost: 15%", drawn
in the board slot's top right corner over the board (the board keeps its size and its
drawing; nothing is laid out around it). At most one figure: the state's ``odds``."""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, InstructionGroup, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp

from ui import theme
from ui.sampling import nearest

#: The figure's type size at 800x480 (the board labels' floor, notes/screen.md).
FONT = 20


def odds_text(odds: dict | None) -> str:
    """"Next card a ghost: 15%" (under 1 % but not nil: "<1%"); empty without odds."""
    if not odds or odds.get("value") is None:
        return ""
    value = float(odds["value"])
    percent = "<1" if 0 < value < 0.005 else str(int(round(100 * value)))
    return f"{odds.get('what', '')}: {percent}%"


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

    def _draw(self, *_args) -> None:
        self.group.clear()
        if not self.text:
            return
        label = CoreLabel(text=self.text, font_size=sp(FONT) * self.scale, bold=True)
        label.refresh()
        texture = label.texture
        nearest(texture)  # drawn at its own size: one texel a pixel (ui/sampling.py)
        pad = dp(6) * self.scale
        w, h = texture.width + 2 * pad, texture.height + pad
        x = self.slot.right - w
        y = self.slot.top - h
        self.group.add(Color(*theme.PANEL_EDGE))
        self.group.add(RoundedRectangle(pos=(x, y), size=(w, h), radius=[dp(6) * self.scale]))
        self.group.add(Color(*theme.TEXT))
        self.group.add(Rectangle(texture=texture, pos=(x + pad, y + pad / 2), size=texture.size))
