"""Colours (RGBA, 0–1) and sizes of the haunted-house look. No Kivy import here.

Sizes are in "design pixels" for an 800×480 screen; the app multiplies them by its
``scale`` (window size / 800×480) and by Kivy's ``sp``/``dp`` density.
"""

from __future__ import annotations

import functools

from companion.palette import PALETTE, rgba

#: The design screen: the Raspberry Pi 7" touchscreen, in pixels.
DESIGN_SIZE = (800, 480)

#: A status line's font (sp at scale 1): the lines a player reads to play beside the board
#: (Creepy Cellar's mode, cellar and risk; Children's hand limit and step; House of Spirits'
#: round; Home's readers), read as a sentence at a metre, as the buttons are (status15: they
#: were 20 px, Home's 18). The readability audit's "status" floor (tests/ui/readability.py).
STATUS_FONT = 26

BACKGROUND = (0.045, 0.035, 0.07, 1)
PANEL = (0.11, 0.09, 0.16, 1)
PANEL_EDGE = (0.32, 0.26, 0.45, 1)
TEXT = (0.95, 0.93, 0.99, 1)
#: The secondary text (status lines, headings, hints at the 20 px floor): at least 7:1 on
#: every dark fill it is drawn on (issue 29: it was 6.3:1 on a room tile, 6.9:1 on a panel;
#: tests/ui/test_theme_contrast.py), and still plainly dimmer than :data:`TEXT` (1.8:1).
TEXT_DIM = (0.72, 0.69, 0.82, 1)
#: Text less needed still ("No cards in play", a CLUE kid who is out): 4.5:1 at least
#: (it was 3.0:1 on a greyed panel).
TEXT_FAINT = (0.60, 0.57, 0.70, 1)
#: A disabled button's words, on :data:`DISABLED`: 3.3:1, where an enabled button's are
#: 10.8:1 (Kivy drew them in its own 30% white, 2.7:1).
TEXT_DISABLED = (0.48, 0.45, 0.58, 1)

GHOST = (0.42, 0.98, 0.55, 1)
HAUNTING = (0.93, 0.16, 0.18, 1)
HAUNTED_TILE = (0.26, 0.07, 0.10, 1)
GOLD = (1.0, 0.80, 0.20, 1)
ROOM_TILE = (0.14, 0.12, 0.21, 1)
CELLAR_TILE = (0.17, 0.12, 0.08, 1)
CELLAR_EDGE = (0.45, 0.33, 0.20, 1)
#: The "Cellar" heading beside the cellar rooms: the cellar's brown, light enough to read
#: (9.2:1 on the background; the edge's brown was 2.9:1, issue 29).
CELLAR_TEXT = (0.84, 0.66, 0.44, 1)

BUTTON = (0.22, 0.18, 0.34, 1)
BUTTON_DOWN = (0.40, 0.32, 0.60, 1)
PRIMARY = (0.49, 0.24, 0.80, 1)
PRIMARY_DOWN = (0.65, 0.40, 0.95, 1)
WIN_BUTTON = (0.50, 0.38, 0.06, 1)
DISABLED = (0.16, 0.15, 0.20, 1)

NOTICE = (1.0, 0.55, 0.08, 1)
NOTICE_DIM = (0.75, 0.47, 0.18, 1)
OFFLINE = (0.98, 0.45, 0.30, 1)
ONLINE = (0.42, 0.80, 0.98, 1)
NOTICE_TEXT = (0.08, 0.04, 0.0, 1)
ERROR = (0.85, 0.14, 0.14, 1)
WON = (0.42, 0.98, 0.55, 1)
LOST = (0.98, 0.30, 0.28, 1)

#: Text on a player's colour (see :func:`ink`).
INK_DARK = (0.05, 0.04, 0.08, 1)
INK_LIGHT = (1, 1, 1, 1)

DOORS = {
    "green": (0.13, 0.62, 0.27, 1),
    "blue": (0.20, 0.42, 0.95, 1),
}
DOORS_OPEN = (0.24, 0.22, 0.30, 1)

#: Creepy Cellar's hunter pawns in their printed colours (rulebook "Set Up": red, yellow,
#: blue, green; issue 29: the red hunter was drawn in the palette's orange), chosen so that
#: they stay apart for colour-blind players (tests/ui/test_colour_blind.py simulates
#: deuteranopia, protanopia and tritanopia): the green lighter than the red, the blue darker.
PAWNS = {
    "red": (0xD7 / 255, 0x26 / 255, 0x3D / 255, 1),
    "yellow": (0xF6 / 255, 0xD1 / 255, 0x3A / 255, 1),
    "blue": (0x1F / 255, 0x5F / 255, 0xBF / 255, 1),
    "green": (0x3D / 255, 0xBE / 255, 0x6A / 255, 1),
}

PIP = (0.08, 0.06, 0.10, 1)
#: Kitty Kitty and the cats (Children, Ghost at Home); the card backs in a hand.
CAT = (1.0, 0.60, 0.18, 1)
CARD_BACK = (0.55, 0.45, 0.80, 1)
DIE_FACE = (0.96, 0.94, 0.88, 1)


def player_colour(name: str, colours: dict, default: tuple = GOLD) -> tuple:
    """The colour the table gave player ``name`` (``colours``: name -> palette key, or
    ``#rrggbb`` where the player's pieces are printed in another colour: the state's
    ``inks``), or ``default`` when none. Shown with the name, never instead of it."""
    key = (colours or {}).get(name)
    if isinstance(key, str) and is_ink(key):
        return hex_rgba(key)
    return rgba(key) if key in PALETTE else default


def is_ink(text: str) -> bool:
    """``text`` is a colour written ``#rrggbb``."""
    return len(text) == 7 and text[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in text[1:])


def hex_rgba(ink: str) -> tuple:
    """``#rrggbb`` as RGBA floats 0-1."""
    return tuple(int(ink[i:i + 2], 16) / 255 for i in (1, 3, 5)) + (1,)


def next_colour(taken) -> str | None:
    """The first palette key (New game order) not in ``taken``, or None when all are."""
    taken = set(taken)
    return next((key for key in PALETTE if key not in taken), None)


def luminance(colour: tuple) -> float:
    """WCAG relative luminance of ``colour`` (0 black – 1 white)."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple, b: tuple) -> float:
    """WCAG contrast ratio of colours ``a`` and ``b`` (1 – 21; small text wants 4.5, AAA 7)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink(fill: tuple) -> tuple:
    """Text colour readable on ``fill``: near-black on light colours, white on dark ones
    (the crossing point of the two contrasts is about 0.18)."""
    return INK_DARK if luminance(fill) > 0.18 else INK_LIGHT


#: Text in a player's colour on the dark tiles is at least this luminous (about 7:1 on a
#: room tile: the printed blue alone is 3.4:1, hard to read from a metre).
TEXT_ON_DARK = 0.3


def on_dark(colour: tuple) -> tuple:
    """``colour`` lightened towards white (hue kept) until text in it reads on the dark
    tiles; light colours are left as they are."""
    return _on_dark(tuple(colour))


@functools.lru_cache(maxsize=64)
def _on_dark(colour: tuple) -> tuple:
    """:func:`on_dark`, kept per colour: a board names its players in a few colours again
    at every state (up to 20 steps of blending each, issue 27 item 7)."""
    t = 0.0
    while luminance(blend(colour, INK_LIGHT, t)) < TEXT_ON_DARK and t < 1:
        t += 0.05
    return blend(colour, INK_LIGHT, t)


def blend(a: tuple, b: tuple, t: float) -> tuple:
    """The colour ``t`` (0–1) of the way from ``a`` to ``b``."""
    t = max(0.0, min(1.0, t))
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def hex_colour(rgba: tuple) -> str:
    """``rgba`` as ``rrggbb`` for Kivy markup ``[color=...]``."""
    return "".join(f"{round(c * 255):02x}" for c in rgba[:3])
