"""What a house allows: where the next room goes, which floor a ghost targets, where a cat
or a light may go. Pure functions of one house (floors 1–3, bottom first).

Rulebook: "Gioca una o più carte stanza" (lower floors full first), "Gioca una carta
fantasma" (the highest floor with a room), "Gioca una carta gatto" (a room you explored, not
on another cat), "Accendi la luce" (all lower floors explored; the first floor always).
"""

from __future__ import annotations

from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.state import Floor, House


def top_floor(house: House) -> int | None:
    """The highest floor (1–3) holding a room card, or None for an unexplored house."""
    floors = [n for n, floor in enumerate(house, 1) if floor.rooms]
    return floors[-1] if floors else None


def next_floor(house: House) -> int | None:
    """The floor (1–3) the next room card fills: the lowest one not fully explored; None
    when the house is complete."""
    return next((n for n, floor in enumerate(house, 1) if not floor.explored), None)


def complete(house: House) -> bool:
    """Every floor fully explored (the escape starts, "even with the lights off")."""
    return next_floor(house) is None


def fits(house: House, card: str) -> bool:
    """Whether room card ``card`` (a floor card or the Room Wild Card) goes on the house now:
    only on the lowest floor not yet explored ("È necessario riempire tutti i piani
    inferiori"); the wild card on that floor whatever it is."""
    return fits_on(next_floor(house), card)


def fits_on(floor: int | None, card: str) -> bool:
    """:func:`fits` for a house whose next floor (:func:`next_floor`) is ``floor``."""
    if floor is None:
        return False
    return card == gc.WILD or gc.ROOM_FLOOR.get(card) == floor


def lower_explored(house: House, floor: int) -> bool:
    """Every floor below ``floor`` is fully explored (always true for the first floor)."""
    return all(f.explored for f in house[: floor - 1])


def can_light(house: House, floor: int) -> bool:
    """Whether the light of ``floor`` may be turned on: off now, lower floors explored."""
    return not house[floor - 1].lit and lower_explored(house, floor)


def light_floors(house: House) -> tuple[int, ...]:
    """Floors whose light may be turned on now."""
    return tuple(n for n in range(1, gc.FLOORS + 1) if can_light(house, n))


def takes_cat(floor: Floor, granularity: str) -> bool:
    """Whether a cat may be put on ``floor``: it has an explored room and no cat there
    (``cat_granularity``: one cat per floor, or one per room)."""
    if not floor.rooms:
        return False
    if granularity == "room":
        return floor.cats < len(floor.rooms)
    return floor.cats == 0


def cat_floors(house: House, granularity: str, but: int | None = None) -> tuple[int, ...]:
    """Floors of ``house`` that take a cat now (leaving out floor ``but``)."""
    return tuple(n for n, f in enumerate(house, 1) if n != but and takes_cat(f, granularity))


def takes_ghost(house: House, second_on_lit: bool) -> bool:
    """Whether a ghost from a hand may be played on the house ("Il bersaglio deve essere il
    piano più alto in cui l'avversario ha una carta stanza … non deve avere un fantasma");
    a second ghost on a lit floor under house rule ``second_ghost_on_lit_floor``."""
    top = top_floor(house)
    if top is None:
        return False
    floor = house[top - 1]
    return floor.ghosts == 0 or (second_on_lit and floor.lit and floor.ghosts == 1)
