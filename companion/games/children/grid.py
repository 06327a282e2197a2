"""The Thornhill Mansion as a grid: 4 floors of up to 5 rooms ("1. Play a Room Tablet").

A grid is a tuple of :data:`~components.FLOORS` rows (row 0 the basement) of
:data:`~components.COLUMNS` cells, each a tablet id or None (a gap). Pure functions only.

* Placement: on the tablet's own floor; next to a tablet in play when possible (side by
  side, or straight above/below); otherwise in straight lines with the tablets in play,
  leaving gaps for floors not built yet.
* Players and Kitty Kitty move through a door or trapdoor on either tablet ("Move to an
  adjacent room"); ghosts follow the arrows of the tablet they are in ("4. Move 1 Ghost").
* Distance counts rooms straight up, down, left or right, never diagonally: a diagonal
  neighbour is 2 away ("When determining distance between rooms can I count diagonally?").
"""

from __future__ import annotations

from functools import lru_cache

from companion.engine.memo import remember_last
from companion.engine.present import present
from companion.games.children import components as cc

Grid = tuple[tuple[str | None, ...], ...]
Pos = tuple[int, int]

EMPTY: Grid = tuple((None,) * cc.COLUMNS for _ in range(cc.FLOORS))

#: Where the first tablet goes: the middle column, so the mansion can grow both ways.
FIRST_COLUMN = cc.COLUMNS // 2


@remember_last  # asked at most steps (moves, devices, ghosts, Kitty), mostly of the grid asked last
@lru_cache(maxsize=64)  # a grid changes only with a tablet
def rooms(grid: Grid) -> tuple[str, ...]:
    """Rooms in play, basement first, left to right."""
    return tuple(r for row in grid for r in row if r is not None)


def position(grid: Grid, room: str) -> Pos | None:
    """``(floor, column)`` of ``room``, or None when it is not in play."""
    return _positions(grid).get(room)


def place(grid: Grid, room: str) -> Pos:
    """``(floor, column)`` of ``room``, a room the step promises is in play."""
    return present(_positions(grid).get(room), "a room in play")


def within(grid: Grid, room: str, rooms, reach: int) -> list[bool]:
    """For each of ``rooms``, whether its :func:`distance` from ``room`` is at most ``reach``
    (the positions looked up once for all of them: the Hatpin's and the Feather's ghosts)."""
    positions = _positions(grid)
    fa, ca = present(positions.get(room), "a room in play")
    out = []
    for other in rooms:
        fb, cb = present(positions.get(other), "a room in play")
        out.append(abs(fa - fb) + abs(ca - cb) <= reach)
    return out


@remember_last  # asked for every distance and neighbour, mostly of the grid asked last (the same object)
@lru_cache(maxsize=64)  # a grid changes only with a tablet
def _positions(grid: Grid) -> dict[str, Pos]:
    return {room: (f, c) for f, row in enumerate(grid) for c, room in enumerate(row) if room is not None}


def at(grid: Grid, pos: Pos) -> str | None:
    f, c = pos
    if 0 <= f < cc.FLOORS and 0 <= c < cc.COLUMNS:
        return grid[f][c]
    return None


def neighbour(grid: Grid, room: str, side: str) -> str | None:
    """The room next to ``room`` on ``side`` (left/right/up/down), or None."""
    f, c = place(grid, room)
    df, dc = cc.STEP[side]
    return at(grid, (f + df, c + dc))


def put(grid: Grid, room: str | None, pos: Pos) -> Grid:
    f, c = pos
    row = grid[f][:c] + (room,) + grid[f][c + 1:]
    return grid[:f] + (row,) + grid[f + 1:]


def remove(grid: Grid, room: str) -> Grid:
    """``grid`` without ``room`` (its cell becomes a gap)."""
    return put(grid, None, place(grid, room))


def swap(grid: Grid, a: str, b: str) -> Grid:
    """``a`` and ``b`` trade places (the Toad)."""
    pa, pb = place(grid, a), place(grid, b)
    return put(put(grid, b, pa), a, pb)


def placements(grid: Grid, floor: int) -> tuple[Pos, ...]:
    """Legal cells for a new tablet of ``floor``, in column order.

    The first tablet of the game goes in the middle column. Otherwise: empty cells of the
    floor next to a tablet in play (left, right, above or below); when there are none,
    empty cells of the floor in a column that already holds a tablet (straight lines, gaps
    left for floors not built yet); failing that any empty cell of the floor.
    """
    empty = [(floor, c) for c in range(cc.COLUMNS) if grid[floor][c] is None]
    if not rooms(grid):
        return ((floor, FIRST_COLUMN),)
    adjacent = [p for p in empty if any(at(grid, (p[0] + df, p[1] + dc)) for df, dc in cc.STEP.values())]
    if adjacent:
        return tuple(adjacent)
    used = {c for row in grid for c, r in enumerate(row) if r}
    straight = [p for p in empty if p[1] in used]
    return tuple(straight or empty)


def _passage(grid: Grid, room: str, side: str, content: cc.Content) -> str | None:
    other = neighbour(grid, room, side)
    if other is None:
        return None
    if side in content.tablet(room).doors or cc.OPPOSITE[side] in content.tablet(other).doors:
        return other
    return None


def walks(grid: Grid, room: str, content: cc.Content | None = None) -> tuple[str, ...]:
    """Rooms a player (or Kitty Kitty) may move to from ``room``: a door or trapdoor on
    either tablet between the two ("Move to an adjacent room"). ``content``: the game's
    tablets as printed on the table's copy (default: the content file's)."""
    content = content or cc.content()
    return tuple(r for side in cc.SIDES if (r := _passage(grid, room, side, content)))


def flows(grid: Grid, room: str, content: cc.Content | None = None) -> tuple[str, ...]:
    """Rooms a ghost in ``room`` may drift to: along the arrows of its tablet (``content``
    as for :func:`walks`)."""
    arrows = (content or cc.content()).tablet(room).arrows
    return tuple(r for side in cc.SIDES if side in arrows and (r := neighbour(grid, room, side)))


def adjacent(grid: Grid, room: str) -> tuple[str, ...]:
    """Rooms straight up, down, left or right of ``room`` (doors do not matter)."""
    return tuple(r for side in cc.SIDES if (r := neighbour(grid, room, side)))


def distance(grid: Grid, a: str, b: str) -> int:
    """Rooms between ``a`` and ``b`` counted straight up/down and left/right (never diagonally)."""
    positions = _positions(grid)
    (fa, ca), (fb, cb) = present(positions.get(a), "a room in play"), present(positions.get(b), "a room in play")
    return abs(fa - fb) + abs(ca - cb)


def same_line(grid: Grid, room: str) -> tuple[str, ...]:
    """Other rooms on the floor of ``room`` or straight above/below it (Secret Passage)."""
    positions = _positions(grid)  # rooms in play in the order of rooms(): basement first, left to right
    f, c = present(positions.get(room), "a room in play")
    return tuple(r for r, (rf, rc) in positions.items() if r != room and (rf == f or rc == c))


def same_floor(grid: Grid, room: str) -> tuple[str, ...]:
    """Other rooms on the floor of ``room`` (the Toad)."""
    f, _ = place(grid, room)
    return tuple(r for r in grid[f] if r and r != room)
