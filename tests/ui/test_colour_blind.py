"""Issue 29: the pieces' colours stay apart for colour-blind players. Each palette is seen
as by a player with deuteranopia, protanopia and tritanopia (colorspacious's simulation of
Machado, Oliveira & Fernandes 2009, at full severity), and every two colours of pieces of
the same shape keep a distance of at least :data:`APART` in CAM02-UCS (ΔE'; about 10 reads
as "clearly different" side by side). No window."""

from __future__ import annotations

import itertools

import numpy as np
from colorspacious import cspace_convert, deltaE

from companion.palette import PALETTE, rgba
from ui import theme

KINDS = ("deuteranomaly", "protanomaly", "tritanomaly")

#: Least ΔE' between two pieces' colours under any of the simulations.
APART = 10.0


def seen_by(colour: tuple, kind: str) -> np.ndarray:
    """``colour`` (RGBA 0-1) as a player with ``kind`` of colour blindness sees it (sRGB 0-1)."""
    space = {"name": "sRGB1+CVD", "cvd_type": kind, "severity": 100}
    return np.clip(cspace_convert(np.array(colour[:3]), space, "sRGB1"), 0, 1)


def closest(colours: dict[str, tuple]) -> tuple[float, str, str, str]:
    """The smallest distance between two of ``colours`` under any simulation, and which."""
    found = []
    for kind in KINDS:
        seen = {name: seen_by(c, kind) for name, c in colours.items()}
        for a, b in itertools.combinations(colours, 2):
            found.append((float(deltaE(seen[a], seen[b], input_space="sRGB1", uniform_space="CAM02-UCS")), kind, a, b))
    return min(found)


def test_the_hunter_pawns_stay_apart():
    distance, kind, a, b = closest(theme.PAWNS)
    assert distance >= APART, (kind, a, b, round(distance, 1))


def test_the_creepy_cellar_pieces_stay_apart():
    pieces = {"ghost": theme.GHOST, "haunting": theme.HAUNTING, "king": theme.GOLD}
    distance, kind, a, b = closest(pieces)
    assert distance >= APART, (kind, a, b, round(distance, 1))


def test_the_player_colours_stay_apart():
    distance, kind, a, b = closest({key: rgba(key) for key in PALETTE})
    assert distance >= APART, (kind, a, b, round(distance, 1))  # Okabe-Ito, and the name always beside it


def test_the_check_tells_red_from_green_only_by_more_than_hue():
    # a red and a green of the same lightness fall together for a deuteranope
    same = {"red": (0.80, 0.20, 0.20, 1), "green": (0.45, 0.55, 0.10, 1)}
    assert closest(same)[0] < APART


def test_the_children_pieces_stay_apart():
    # calm and enraged ghosts (the enraged one also has angry brows), Kitty Kitty and the
    # left cards' backs, side by side on a room tile
    pieces = {"calm": theme.GHOST, "enraged": theme.HAUNTING, "kitty": theme.CAT, "cards": theme.CARD_BACK}
    distance, kind, a, b = closest(pieces)
    assert distance >= APART, (kind, a, b, round(distance, 1))


def test_the_clue_it_kid_pawns_stay_apart():
    # a Kid mover no one plays is pale blue; a played one is in its player's colour
    from ui.boards.clue_it_pieces import ITEM_COLOUR, KID_COLOUR

    pawns = {key: rgba(key) for key in PALETTE} | {"unplayed kid": KID_COLOUR}
    distance, kind, a, b = closest(pawns)
    assert distance >= APART, (kind, a, b, round(distance, 1))
    # an Item token (gold) beside the pawns on a location
    distance, kind, a, b = closest({**pawns, "item": ITEM_COLOUR})
    assert distance >= APART, (kind, a, b, round(distance, 1))
