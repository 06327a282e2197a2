"""Labels that fit their box: the font shrinks (from ``max_font`` down to ``min_font``)
until the text fits, wrapping only between words, never inside one.

Used by the boards, whose boxes change with the screen (800×480, 1024×600, 720×1280) and
whose texts change with the game (long room names, Italian words).
"""

from __future__ import annotations

import re
from functools import lru_cache

from kivy.core.text import Label as CoreLabel
from kivy.properties import NumericProperty
from kivy.uix.label import Label

from ui.widgets.frame import before_frame

#: Kivy markup tags, dropped when words are measured.
_TAGS = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")

#: Each step down multiplies the font size by this.
STEP = 0.92

#: Font sizes already found: (text, box, fonts, bold, font) -> size. A board sets the same
#: texts into boxes of the same size with most state messages.
_FITTED: dict[tuple, float] = {}
_FITTED_MAX = 4096


def plain(text: str) -> str:
    """``text`` without Kivy markup (tags dropped, escapes undone)."""
    return _TAGS.sub("", text).replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def words(text: str) -> list[str]:
    """The words of ``text`` without markup, longest first (the ones that could break)."""
    return sorted(set(plain(text).split()), key=len, reverse=True)


@lru_cache(maxsize=4096)
def word_width(word: str, font_size: float, bold: bool, font_name: str = "Roboto") -> float:
    """Pixels ``word`` takes on one line at ``font_size`` (remembered: boards ask again with
    every state message)."""
    core = CoreLabel(text=word, font_size=font_size, bold=bold, font_name=font_name)
    core.refresh()
    return core.texture.size[0] if core.texture else 0


def drawn_bold(text: str, bold: bool) -> bool:
    """The words of ``text`` are drawn bold: the label's ``bold``, or markup that bolds them
    ("[b]The Synagogue[/b]" measured regular fitted a word that then broke, "Synagogu/e")."""
    return bold or "[b]" in text


def widest_word(text: str, font_size: float, bold: bool, font_name: str = "Roboto") -> float:
    """Pixels the widest of the (three longest) words of ``text`` take (bold where its
    markup bolds it)."""
    bold = drawn_bold(text, bold)
    return max((word_width(w, font_size, bold, font_name) for w in words(text)[:3]), default=0)


class FitLabel(Label):
    """A label whose font is as large as fits its box, at most ``max_font`` pixels and at
    least ``min_font``; lines wrap between words. Text that does not fit even at
    ``min_font`` overflows (the UI tests report it) rather than being cut silently.

    Set ``font_size`` through ``max_font``: ``font_size`` is the result.
    """

    max_font = NumericProperty(18)
    min_font = NumericProperty(10)

    def __init__(self, **kwargs):
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        self._fit_trigger = before_frame(self.fit)
        self.bind(text=self._fit_trigger, size=self._fit_trigger, max_font=self._fit_trigger,
                  min_font=self._fit_trigger, bold=self._fit_trigger)
        self._fit_trigger()

    def fit(self, *_args) -> None:
        """Pick the largest font size that fits (called on the next frame after a change)."""
        if not self.text or self.width < 2 or self.height < 2:
            return
        key = (self.text, round(self.width), round(self.height), self.max_font, self.min_font,
               self.bold, self.font_name)
        self.text_size = (self.width, None)
        if key in _FITTED:
            self.font_size = _FITTED[key]
            return
        size = self.max_font
        while True:
            self.font_size = size
            self.texture_update()
            fits = (self.texture_size[1] <= self.height
                    and widest_word(self.text, size, self.bold, self.font_name) <= self.width)
            if fits or size <= self.min_font:
                break
            size = max(self.min_font, size * STEP)
        if len(_FITTED) >= _FITTED_MAX:
            _FITTED.clear()
        _FITTED[key] = size


def lines_font(text: str, width: float, max_font: float, min_font: float, bold: bool = True) -> float:
    """The largest font size, from ``max_font`` down to ``min_font``, at which every line of
    ``text`` (markup allowed) fits ``width`` pixels unbroken: the portrait header's
    "Turn 18" / "Player 3's turn", whose second line would otherwise wrap and be cut."""
    widest = max((word_width(plain(line), max_font, bold) for line in text.split("\n")), default=0)
    if widest <= width or widest <= 0:
        return max_font
    return max(min_font, max_font * width / widest * 0.98)
