"""Issue 29: the text colours read at a metre. Each text colour of the theme against the fills
it is drawn on, as WCAG contrast ratios (relative luminance, :func:`ui.theme.luminance`):
7:1 (AAA for small text) for the words a player reads at the 20 px floor (the status lines,
the "Cellar" heading, Children's "Hand limit" and step, House of Spirits' round line), 4.5:1
for the fainter ones; a disabled button's words stay plainly dimmer than an enabled one's.
No window."""

from __future__ import annotations

import re
from pathlib import Path

from ui import theme

KV = Path(__file__).resolve().parents[2] / "ui" / "kv"

#: What Kivy draws a disabled label in unless told otherwise (``Label.disabled_color``).
KIVY_DISABLED = (1, 1, 1, 0.3)

#: The dark fills text is drawn on: the window, a card or panel, the board's tiles, a greyed
#: panel (a House of Spirits player who is out, a CLUE kid who is out).
DARK_FILLS = ("BACKGROUND", "PANEL", "ROOM_TILE", "CELLAR_TILE", "HAUNTED_TILE", "DISABLED")


def ratio(a: tuple, b: tuple) -> float:
    """WCAG contrast ratio of ``a`` over ``b`` (``a``'s alpha blended over ``b``)."""
    a = theme.blend(b, a[:3] + (1,), a[3]) if len(a) > 3 else a
    light, dark = sorted((theme.luminance(a), theme.luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def kv_colour(kv: str, after: str, prop: str) -> tuple | None:
    """The ``theme`` colour of ``prop`` in ``kv`` first set after the line holding ``after``
    (None when it is not set there)."""
    text = (KV / kv).read_text(encoding="utf-8")
    found = re.search(rf"{re.escape(prop)}: theme\.([A-Z_]+)\n", text[text.index(after):])
    return getattr(theme, found[1]) if found else None


def test_the_dim_text_reads_at_7_to_1_on_every_dark_fill():
    """The status lines ("Nightmare · cellar 8/12 · Haunting risk…", "Round 13 · first Ada"),
    "Hand limit", the step: TEXT_DIM was 6.3:1 on a room tile, 6.9:1 on a panel."""
    ratios = {fill: round(ratio(theme.TEXT_DIM, getattr(theme, fill)), 2) for fill in DARK_FILLS}
    assert min(ratios.values()) >= 7.0, ratios
    assert ratio(theme.TEXT_DIM, theme.BACKGROUND) >= 9.0  # the boards' own lines
    assert ratio(theme.TEXT_DIM, theme.BUTTON) >= 4.5
    # still plainly dimmer than the main text: the log's fresh lines stand out of the old ones
    assert ratio(theme.TEXT, theme.TEXT_DIM) >= 1.7


def test_the_faint_text_reads_at_4_5_to_1():
    """"No cards in play", a CLUE kid who is out on its greyed panel (3.0:1 before)."""
    ratios = {fill: round(ratio(theme.TEXT_FAINT, getattr(theme, fill)), 2) for fill in ("BACKGROUND", "PANEL",
                                                                                        "DISABLED")}
    assert min(ratios.values()) >= 4.5, ratios
    assert ratio(theme.TEXT_DIM, theme.BACKGROUND) > ratio(theme.TEXT_FAINT, theme.BACKGROUND) + 2


def test_the_cellar_heading_reads_at_7_to_1():
    """"Cellar" ("Cantina") beside the cellar rooms was in the cellar's edge brown: 2.9:1."""
    heading = kv_colour("creepy_cellar.kv", 'text: app.tr._("Cellar")', "color")
    assert ratio(heading, theme.BACKGROUND) >= 7.0
    assert ratio(heading, theme.CELLAR_TILE) >= 7.0  # over the cellar column in portrait


def test_a_disabled_button_reads_yet_stays_dimmer_than_an_enabled_one():
    """Kivy drew a disabled button's words in its own 30% white (2.7:1): now 3.3:1, where an
    enabled button's are 10.8:1 (and the Go button's primary 5:1 at least)."""
    disabled = kv_colour("app.kv", "<-TouchButton>:", "disabled_color") or KIVY_DISABLED
    shown = ratio(disabled, theme.DISABLED)
    assert 3.0 <= shown <= 4.0, round(shown, 2)
    assert ratio(theme.TEXT, theme.BUTTON) >= 2.5 * shown
    assert ratio(theme.TEXT, theme.PRIMARY) >= shown + 1.5
