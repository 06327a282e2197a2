"""Labels that fit their box: the font shrinks (from ``max_font`` down to ``min_font``)
until the text fits, wrapping only between words, never inside one.

Used by the boards, whose boxes change with the screen (800×480, 1024×600, 720×1280) and
whose texts change with the game (long room names, Italian words).
"""

from __future__ import annotations

import re
from functools import lru_cache, partial

from kivy.core.text import Label as CoreLabel
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
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


@lru_cache(maxsize=512)
def wrapped_lines(markup: str, width: float, font_size: float) -> int:
    """How many lines ``markup`` (Kivy markup) takes wrapped at ``width`` pixels at
    ``font_size``, as a label with ``text_size = (width, None)`` draws it."""
    from kivy.core.text.markup import MarkupLabel

    if width <= 1 or not markup:
        return 1
    core = MarkupLabel(text=markup, font_size=font_size, text_size=(width, None))
    core.refresh()
    return max(1, len(core._cached_lines))


def first_fitting(options: list[str] | tuple[str, ...], width: float, font_size: float, lines: int) -> str:
    """The first of ``options`` (markup, the fullest first) that holds ``lines`` lines of
    ``width`` pixels at ``font_size``; the last when none does."""
    for option in options:
        if option and wrapped_lines(option, round(width), font_size) <= lines:
            return option
    return next((option for option in reversed(options) if option), "")


def lines_font(text: str, width: float, max_font: float, min_font: float, bold: bool = True) -> float:
    """The largest font size, from ``max_font`` down to ``min_font``, at which every line of
    ``text`` (markup allowed) fits ``width`` pixels unbroken: the portrait header's
    "Turn 18" / "Player 3's turn", whose second line would otherwise wrap and be cut."""
    widest = max((word_width(plain(line), max_font, bold) for line in text.split("\n")), default=0)
    if widest <= width or widest <= 0:
        return max_font
    return max(min_font, max_font * width / widest * 0.98)


def fit_lines(text: str, width: float, lines: int, measure) -> str:
    """``text`` (plain) cut to what ``lines`` lines of ``width`` pixels hold at the boards'
    floor, where a place's whole name does not (a long location name on a small cell at
    800×480: "Biblioteca Pubblica di Derry" -> "Biblioteca Pubblica…"): whole words first,
    then a word too wide for a line shortened with "." ("Synagogue" -> "Synago."), never
    below the floor. ``measure(word)``: the word's width in pixels. The whole text when it
    fits."""
    def shortened(word: str) -> str:
        cut = word
        while len(cut) > 2 and measure(cut + ".") > width:
            cut = cut[:-1]
        return word if measure(word) <= width else cut + "."

    words_ = text.split()
    broken = hyphenated(words_, width, lines, measure)
    if broken:
        return broken
    if len(words_) > 1 and words_[-1][-1:].isdigit() and measure(text) > width and lines <= 1:
        # a numbered stand-in ("Location 5", "Tablet 1-4") keeps its number: "Loc. 5"
        head = shortened(words_[0])
        while len(head) > 2 and measure(f"{head} {words_[-1]}") > width:
            head = head[:-2] + "." if head.endswith(".") else head[:-1] + "."
        return f"{head} {words_[-1]}"
    rows: list[str] = []
    for word in (shortened(w) for w in words_):
        if rows and measure(f"{rows[-1]} {word}") <= width:
            rows[-1] = f"{rows[-1]} {word}"
        else:
            rows.append(word)
    if len(rows) <= max(1, lines):
        return " ".join(rows) if rows else text
    kept = rows[:max(1, lines)]
    last = kept[-1]
    while last and measure(last + "…") > width:
        last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
    kept[-1] = (last or kept[-1][:1]) + "…"
    return "\n".join(kept)


def hyphenated(words_: list[str], width: float, lines: int, measure) -> str:
    """The words on at most ``lines`` lines of ``width`` pixels, a word too wide for one
    broken with a hyphen over lines of its own (at least three letters a part: "Flash-" /
    "light"), the whole name kept (newcomer19: House of Spirits' cards read "Ancie. Tome"
    and "Flashli." where they held another line); "" when no word needs it, or the lines do
    not hold it so (:func:`fit_lines` cuts then)."""
    rows: list[str] = []
    joins, broke = False, False  # the last row takes the next word; a word was broken
    for word in words_:
        parts = _hyphen_parts(word, width, measure)
        if not parts:
            return ""
        if len(parts) > 1:
            rows += parts
            joins, broke = False, True
        elif joins and measure(f"{rows[-1]} {word}") <= width:
            rows[-1] = f"{rows[-1]} {word}"
        else:
            rows.append(word)
            joins = True
    return "\n".join(rows) if broke and len(rows) <= lines else ""


def _hyphen_parts(word: str, width: float, measure) -> list[str]:
    """``word`` in parts of at most ``width`` pixels, each but the last ending with a hyphen,
    at least three letters each ([] when no such parts fit); each cut at the widest place
    that is a syllable break (:func:`_break_rank`: "Spec-chio", "Botti-glia", "Flash-light",
    never "Specc-hio", newcomer20), else one that splits no pair of letters said as one."""
    parts, rest = [], word
    while measure(rest) > width:
        fits = [cut for cut in range(3, len(rest) - 2) if measure(rest[:cut] + "-") <= width]
        if not fits:
            return []
        cut = max(fits, key=lambda at: (_break_rank(rest, at), at))
        parts.append(rest[:cut] + "-")
        rest = rest[cut:]
    return parts + [rest]


_VOWELS = frozenset("aeiouàèéìíòóùú")
#: Letters said as one sound or cluster, never split: Italian ch gh gl gn qu sc, English sh th ph
#: ck wh, and a consonant with l or r after it (pl, tr; "bot-ti-glia", "in-tra").
_TOGETHER = frozenset({"ch", "gh", "gl", "gn", "qu", "sc", "sh", "th", "ph", "ck", "wh"})


def _break_rank(word: str, at: int) -> int:
    """How good a hyphen between ``word[:at]`` and ``word[at:]`` is: 2 a syllable break (between a
    double consonant, "bot-ti", "spec-chio"; between two consonants not said together, "Flash-
    light"; before a consonant, or a cluster, that a vowel follows, "Bot-ti-glia"), 1 a break
    that splits no pair said together, 0 one that does ("Specc-hio") or puts two consonants that
    part on the next line ("chio-tto")."""
    left, right = word[at - 1].lower(), word[at].lower()
    after = word[at + 1].lower() if at + 1 < len(word) else ""
    if not (left.isalpha() and right.isalpha()):
        return 1
    pair = left + right
    if pair in _TOGETHER or (left not in _VOWELS and right in "lr" and left in "bcdfgptv"):
        return 0
    if left in _VOWELS and right in _VOWELS:
        return 1  # "io", "ia": often one syllable in Italian
    if left not in _VOWELS and right not in _VOWELS:
        return 2  # a double consonant, or two that are not said together
    if left in _VOWELS and after:
        if after in _VOWELS or right + after in _TOGETHER or (right in "bcdfgptv" and after in "lr"):
            return 2  # before a consonant (or a cluster) that starts the next syllable
        if right != "s" and after not in _VOWELS:
            return 0  # before two consonants that part ("chio-tto"): "chiot-to"; s goes on ("pa-sta")
    return 1


#: Pixels a line of text takes per pixel of font size (Roboto's line height in Kivy).
LINE = 1.22


#: Beside a stand-in's number its icon is a line's font size, then this much of it free.
ICON_GAP = 0.25


class PlaceName(FitLabel):
    """A place's name on a board cell (CLUE: IT's locations, Children's rooms): the whole
    ``name`` where it fits its box at ``min_font`` or larger; else its ``short`` name
    (:func:`ui.boards.names.short_places`: "Public Library"), then the word of it a player
    knows it by ("Library"), where one fits whole; else, for a stand-in with an ``icon``,
    that icon drawn and its number beside it (``stand_in``, the board's
    :func:`ui.boards.names.stand_in_number`: a room tablet and "2-4"; issue 29: a code,
    "#2-4", showed there); else cut by
    :func:`fit_lines` to the lines the box holds at ``min_font`` (never smaller type).
    ``name`` is plain text; the label draws it bold. ``cut`` is True while the shown text
    is cut ("Synago.", "Derry…"); ``number`` the stand-in's number while it shows beside
    its icon ("" else)."""

    name = StringProperty("")
    short = StringProperty("")
    #: a name between ``name`` and ``short``, tried after ``name`` ("" none): Children's step
    #: "2 · Take 2 actions" between "Part 2 · Take 2 actions" and "Part 2"
    middle = StringProperty("")
    cut = BooleanProperty(False)
    #: the piece drawn before a stand-in's number (a kind of :data:`ui.widgets.shapes.PIECES`:
    #: "tablet", "pawn", "card"); "": none (a stand-in too long for its box is cut)
    icon = StringProperty("")
    icon_colour = ColorProperty(None, allownone=True)
    #: the stand-in's number when ``name`` is one (the state's ``stand_ins``, issue 27 item 3;
    #: set before ``name``); "": a printed or entered name, never drawn as an icon and number
    stand_in = StringProperty("")
    number = StringProperty("")

    def __init__(self, **kwargs):
        kwargs.setdefault("bold", True)
        kwargs.setdefault("markup", True)
        self._icon_pad = (0.0, 0.0)  # the padding (left, top) the icon takes while it shows
        super().__init__(**kwargs)
        self.bind(name=self._cut, short=self._cut, middle=self._cut, size=self._cut, min_font=self._cut,
                  padding=self._cut, icon=self._cut, stand_in=self._cut)
        self.bind(pos=self._draw_icon, size=self._draw_icon, texture_size=self._draw_icon,
                  number=self._draw_icon, icon_colour=self._draw_icon)
        self.bind(number=self._fit_trigger)
        self._cut()

    def _cut(self, *_args) -> None:
        if self.width < 2 or self.height < 2:
            self._show(escape(self.name))
            return
        lines = max(1, int(self.height // (self.min_font * LINE)))
        size, bold, font_name = self.min_font, self.bold, self.font_name
        # a few pixels of slack: Kivy wraps a line that measures exactly the box's width
        width = self.width - self._padding_x() - 4

        def fitted(text: str) -> str:
            return fit_lines(text, width, lines, lambda word: word_width(word, size, bold, font_name))

        for candidate in candidates(self.name, self.short, self.middle):
            if fitted(candidate) == " ".join(candidate.split()):
                self._show(escape(candidate))
                return
        number = self.stand_in if self.icon else ""
        measure = partial(word_width, font_size=size, bold=bold, font_name=font_name)
        if number and icon_way(number, width, max(self.height, size * LINE), size, measure):
            self._show(number, number=number)
            return
        self._show(escape(fitted(self.name)), cut=True)

    def _base_padding(self) -> list[float]:
        """The label's padding (left, top, right, bottom) without the icon's."""
        left, top, right, bottom = self.padding  # Kivy keeps four
        return [left - self._icon_pad[0], top - self._icon_pad[1], right, bottom]

    def _padding_x(self) -> float:
        """Pixels of padding beside the text, the icon's aside."""
        pad = self._base_padding()
        return pad[0] + pad[2]

    def _show(self, text: str, cut: bool = False, number: str = "") -> None:
        self.text, self.cut, self.number = text, cut, number
        if not number and any(self._icon_pad):
            self._pad_icon(0.0, 0.0)

    def _pad_icon(self, left: float, top: float) -> None:
        """``left`` pixels left of the text and ``top`` above it for the icon (the text
        centred in the rest)."""
        pad = self._base_padding()
        self._icon_pad = (left, top)
        self.padding = [pad[0] + left, pad[1] + top, pad[2], pad[3]]

    def fit(self, *_args) -> None:
        """A stand-in's number and its icon: the largest font at which they fit side by side
        on one line (the icon as high as the line), else the icon over the number (a narrow
        card: "M. 10" was cut there), at least ``min_font``."""
        if not self.number:
            one_line = self._one_line_font()
            if one_line:
                self.text_size = (self.width, None)
                self.font_size = one_line
                return
            super().fit()
            return
        if self.width < 2 or self.height < 2:
            return
        width, way, size = self.width - self._padding_x() - 4, "", self.min_font
        for size in sizes(self.max_font, self.min_font):
            measure = partial(word_width, font_size=size, bold=self.bold, font_name=self.font_name)
            way = icon_way(self.number, width, self.height, size, measure)
            if way:
                break
        self.text_size = (self.width, None)
        self.font_size = size
        self._pad_icon(*((0.0, size) if way == "above" else (size * (1 + ICON_GAP), 0.0)))
        self._draw_icon()

    def _one_line_font(self) -> float:
        """For a numbered name ("Location 9", "Tessera 2-5") that holds on one line at
        ``min_font``: the largest font (``max_font`` down) at which it stays on one line in
        the box; 0 for another text (issue 29: "Location 9" grew until it wrapped, "Location"
        / "9" in portrait; a name of words may wrap between them at a larger size)."""
        text = plain(self.text)
        if not numbered(text) or "\n" in text or self.width < 2 or self.height < 2:
            return 0.0
        width = self.width - self._padding_x() - 4
        for size in sizes(self.max_font, self.min_font):
            if word_width(text, size, self.bold, self.font_name) <= width and size * LINE <= self.height:
                return size
        return 0.0

    def _draw_icon(self, *_args) -> None:
        group = self.canvas.after
        group.clear()
        if not self.number or not self.icon or not self.texture_size[0]:
            return
        from ui.widgets import shapes

        size, pad = self.font_size, self._base_padding()
        inner = self.width - pad[0] - pad[2]
        if self._icon_pad[1]:  # over the number: at the top of the text's texture, centred
            x = self.x + pad[0] + (inner - size) / 2
            y = self.center_y + self.texture_size[1] / 2 - pad[1] - size
        else:  # the icon, its gap and the number centred as one (the text right of the icon's padding)
            text_w = word_width(self.number, size, self.bold, self.font_name)
            x = self.x + pad[0] + (inner - self._icon_pad[0] - text_w) / 2
            y = self.center_y - size / 2
        draw = shapes.PIECES[self.icon]
        if self.icon_colour is None:
            draw(group, x, y, size)
        else:
            draw(group, x, y, size, tuple(self.icon_colour))


def numbered(text: str) -> bool:
    """``text`` is words and a number ("Location 9", "Tessera 2-5"): the number is read with
    the word before it, never on a line of its own."""
    parts = text.split()
    return len(parts) > 1 and parts[-1][:1].isdigit()


def sizes(largest: float, smallest: float) -> list[float]:
    """Font sizes from ``largest`` down to ``smallest`` (each :data:`STEP` times the last)."""
    out = [largest]
    while out[-1] > smallest:
        out.append(max(smallest, out[-1] * STEP))
    return out


def icon_way(number: str, width: float, height: float, size: float, measure) -> str:
    """How a stand-in's icon and ``number`` fit a box ``width`` × ``height`` px at ``size``
    px (the icon as high as the font): "beside" on one line, else "above" (the icon over
    the number), else "" (they do not fit). ``measure(text)``: pixels at ``size``."""
    if size * (1 + ICON_GAP) + measure(number) <= width and size * LINE <= height:
        return "beside"
    if max(size, measure(number)) <= width and size * (1 + LINE) <= height:  # a line's leading is the gap
        return "above"
    return ""


def candidates(name: str, short: str, middle: str = "") -> list[str]:
    """The names a place may show, the first that fits whole: ``name``, ``middle`` (if any),
    its ``short`` name (none: only ``name``) and that name's key word
    (:func:`ui.boards.names.key_word`; a numbered stand-in keeps its number: "Location 5" is
    cut to "Loc. 5", never "Location")."""
    from ui.boards.names import key_word

    if not short:
        return [name, middle] if middle else [name]
    out = [name] + ([middle] if middle else []) + ([] if short == name else [short])
    if len(short.split()) > 1 and not short.split()[-1][:1].isdigit():
        out.append(key_word(short))
    return out


def escape(text: str) -> str:
    """``text`` safe in Kivy markup."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
