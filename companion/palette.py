"""Player colours: the Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2008),
told apart by people with the common colour-vision deficiencies. Black is left out (the
screen is dark). No Kivy import here: the header validates the keys, the client draws them.

A colour is never the only mark of a player: the screens always show the name (or its
initial) with it.
"""

from __future__ import annotations

#: Palette key -> ``#rrggbb`` (Okabe–Ito), in the order the New game screen offers them.
PALETTE: dict[str, str] = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
}


def rgba(key: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    """The colour ``key`` as RGBA floats 0–1.

    Raises:
        KeyError: ``key`` is not in :data:`PALETTE`.
    """
    value = PALETTE[key].lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255, alpha)
