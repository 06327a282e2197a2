"""Motion that tells what changed (issue 29 item 5): a ghost arriving, a haunting forming,
the Ghost King moving and a score changing draw a ring round the room or the score that
changed (Ghost at Home: a ghost, a light going on or a cat on a player's floor; CLUE: IT: a
Kid mover arriving at a place, the Red Balloons drawn), fading in at most :data:`LONGEST`
seconds (a Kivy :class:`~kivy.animation.Animation`).

What changed is read from two views of one game (:func:`changes`, pure); the table screen
hands every view to :class:`Motion`, which finds the board's widget for each change and
starts its ring. Nothing changed: nothing starts, no work and no extra frame. Settings can
turn motion off (``app.motion``, kept by the daemon): then nothing ever starts.
"""

from __future__ import annotations

from typing import Any

from kivy.animation import Animation
from kivy.event import EventDispatcher
from kivy.graphics import Color, InstructionGroup, Line
from kivy.metrics import dp
from kivy.properties import NumericProperty

from ui import theme

#: What changed.
ARRIVE, HAUNTING, KING, SCORE = "arrive", "haunting", "king", "score"
LIGHT, CAT = "light", "cat"  # Ghost at Home: a floor's light went on, a cat came
MOVER, BALLOONS = "mover", "balloons"  # CLUE: IT: a Kid mover arrived, a Red Balloon drawn

#: Seconds each ring takes to fade (configured values; issue 29: at most 400 ms).
DURATIONS = {ARRIVE: 0.35, HAUNTING: 0.4, KING: 0.4, SCORE: 0.3,
             LIGHT: 0.35, CAT: 0.35, MOVER: 0.35, BALLOONS: 0.4}
LONGEST = 0.4

#: Seconds between two steps of an animation: the client's frame rate (ui.app's maxfps 30).
STEP = 1 / 30

#: The ring's colour for each change.
COLOURS = {ARRIVE: theme.GHOST, HAUNTING: theme.HAUNTING, KING: theme.GOLD, SCORE: theme.GOLD,
           LIGHT: theme.GOLD, CAT: theme.CAT, MOVER: theme.ONLINE, BALLOONS: theme.HAUNTING}

#: Ghost at Home's place for a floor: "<player>:<floor>" (floors "1"-"3", bottom first).
FLOOR_MARK = ":"

#: More changes than this between two views is a jump (a new game, an undo of several
#: steps, a screen that just connected): nothing moves, the board is simply drawn.
MOST = 4


def _count(value: Any) -> int:
    """Pieces in a view's field: a number (Creepy Cellar) or a list of them (Children)."""
    if isinstance(value, (list, tuple)):
        return len(value)
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _dict(view: dict, key: str) -> dict:
    value = view.get(key)
    return value if isinstance(value, dict) else {}


def floor_changes(old: dict, new: dict) -> list[tuple[str, str]]:
    """Ghost at Home: on a floor of a house both views show, more ghosts (ARRIVE), the light
    gone on (LIGHT), more cats (CAT); place ``"<player>:<floor>"``."""
    found: list[tuple[str, str]] = []
    old_houses = _dict(old, "houses")
    for player, house in _dict(new, "houses").items():
        before = old_houses.get(player)
        if not isinstance(house, dict) or not isinstance(before, dict):
            continue
        for floor in ("1", "2", "3"):
            now, then = house.get(floor), before.get(floor)
            if not isinstance(now, dict) or not isinstance(then, dict):
                continue
            place = f"{player}{FLOOR_MARK}{floor}"
            if _count(now.get("ghosts")) > _count(then.get("ghosts")):
                found.append((ARRIVE, place))
            if now.get("light") and not then.get("light"):
                found.append((LIGHT, place))
            if _count(now.get("cat")) > _count(then.get("cat")):
                found.append((CAT, place))
    return found


def mover_changes(old: dict, new: dict) -> list[tuple[str, str]]:
    """CLUE: IT: a Kid mover at another place than before (MOVER, place: where it arrived)
    and more Red Balloons drawn (BALLOONS, place "balloons")."""
    old_movers = _dict(old, "movers")
    found = [(MOVER, str(where)) for kid, where in _dict(new, "movers").items()
             if where and old_movers.get(kid) and where != old_movers.get(kid)]
    if "balloons" in old and _count(new.get("balloons")) > _count(old.get("balloons")):
        found.append((BALLOONS, BALLOONS))
    return found


def changes(old: dict, new: dict) -> list[tuple[str, str]]:
    """``(kind, place)`` for what changed from view ``old`` to view ``new`` of one game:
    more ghosts in a room (ARRIVE), more hauntings (HAUNTING), the Ghost King in another
    room (KING), a player's score (SCORE, place: the player), Ghost at Home's floors
    (:func:`floor_changes`) and CLUE: IT's movers and balloons (:func:`mover_changes`).
    Nothing for a first view, another game's view, or a jump of more than :data:`MOST`
    changes."""
    if not old or not new or old.get("game") != new.get("game"):
        return []
    found = floor_changes(old, new) + mover_changes(old, new)
    old_rooms = old.get("rooms") if isinstance(old.get("rooms"), dict) else {}
    rooms = new.get("rooms") if isinstance(new.get("rooms"), dict) else {}
    for place, room in rooms.items():
        before = old_rooms.get(place) if isinstance(old_rooms.get(place), dict) else {}
        if not isinstance(room, dict):
            continue
        if _count(room.get("ghosts")) > _count(before.get("ghosts")):
            found.append((ARRIVE, str(place)))
        if _count(room.get("hauntings")) > _count(before.get("hauntings")):
            found.append((HAUNTING, str(place)))
    king = new.get("ghost_king")
    if king and old.get("ghost_king") and king != old.get("ghost_king"):
        found.append((KING, str(king)))
    old_players = old.get("players") if isinstance(old.get("players"), dict) else {}
    players = new.get("players") if isinstance(new.get("players"), dict) else {}
    for name, player in players.items():
        before = old_players.get(name)
        if isinstance(player, dict) and isinstance(before, dict) and "score" in player \
                and _count(player.get("score")) != _count(before.get("score")):
            found.append((SCORE, str(name)))
    return found if len(found) <= MOST else []


class Ring(EventDispatcher):
    """A ring drawn round ``target`` (in its ``canvas.after``) while ``level`` goes from 1 to
    0; it takes itself out when its animation ends."""

    level = NumericProperty(1.0)

    def __init__(self, target, colour, scale: float = 1.0, **kwargs):
        super().__init__(**kwargs)
        self.target, self.scale = target, scale
        self._colour = Color(*colour[:3], 1.0)
        self._line = Line(width=1.0, joint="miter")
        self._group = InstructionGroup()
        self._group.add(self._colour)
        self._group.add(self._line)
        target.canvas.after.add(self._group)
        self.on_level()

    def on_level(self, *_args) -> None:
        """One frame of the ring: its alpha and width follow ``level`` (two instructions)."""
        target, unit = self.target, dp(1) * self.scale
        grow = (1.0 - self.level) * 6 * unit
        self._colour.a = self.level
        self._line.width = 1.5 * unit + 3 * unit * self.level
        self._line.rectangle = (target.x - grow, target.y - grow, target.width + 2 * grow, target.height + 2 * grow)

    def done(self, *_args) -> None:
        """Take the ring off the target's canvas."""
        self.target.canvas.after.remove(self._group)


def pulse(targets: list, kind: str, motion: bool = True, scale: float = 1.0) -> Animation | None:
    """Start the rings of ``kind`` round each of ``targets`` (None ones skipped) with one
    Kivy Animation, :data:`DURATIONS` long, stepping at the client's frame rate: one clock
    event however many rings. Returns it (``animation.rings``: the rings), or None when
    nothing starts (motion off, no target)."""
    targets = [target for target in targets if target is not None]
    if not motion or not targets:
        return None
    animation = Animation(level=0.0, duration=DURATIONS[kind], t="out_quad", step=STEP)
    animation.rings = [Ring(target, COLOURS[kind], scale) for target in targets]
    animation.bind(on_complete=lambda _animation, ring: ring.done())
    for ring in animation.rings:
        animation.start(ring)
    return animation


class Spot:
    """A part of a widget's drawing a ring can go round (Ghost at Home's floor in a house):
    ``canvas`` is the widget's, the box is asked of ``box()`` at every frame (it follows the
    layout)."""

    def __init__(self, widget, box):
        self.canvas, self._box = widget.canvas, box

    x = property(lambda self: self._box()[0])
    y = property(lambda self: self._box()[1])
    width = property(lambda self: self._box()[2])
    height = property(lambda self: self._box()[3])


def place_widget(board, kind: str, place: str, view: dict):
    """The widget of ``board`` that shows ``place`` (a room's tile, a player's score, a
    floor, the Red Balloons), or None when the board has no widget of its own for it."""
    if kind == BALLOONS:  # CLUE: IT: the Red Balloons (and deck, roll) strip
        return getattr(board, "counts", None)
    tiles = getattr(board, "tiles", None)
    if isinstance(tiles, dict) and place in tiles:  # Creepy Cellar's rooms, CLUE: IT's places
        return tiles[place]
    houses = getattr(board, "houses", None)
    if isinstance(houses, dict) and FLOOR_MARK in place:  # Ghost at Home: a floor of a house
        player, floor = place.rsplit(FLOOR_MARK, 1)
        house = houses.get(player)
        if house is None or not hasattr(house, "floor_box"):
            return None
        return Spot(house, lambda: house.floor_box(int(floor)))
    cells = getattr(board, "cells", None)
    if isinstance(cells, dict) and kind != SCORE:  # Children's mansion: rooms by their grid cell
        for floor, row in (view.get("mansion") or {}).items():
            for column, name in enumerate(row or []):
                if name == place:
                    return cells.get((floor, column))
    if kind == SCORE:  # House of Spirits: a score bar per player, in the view's order
        from ui.boards.parts import Progress

        bars = [w for w in board.walk(restrict=True) if isinstance(w, Progress)]  # in the order added
        names = list(view.get("players") or {})
        if place in names and len(bars) == len(names):
            return bars[names.index(place)]
    return None


class Motion:
    """Follows the views the table screen shows and starts the rings of what changed.

    Attributes:
        started: rings started so far (for tests and the benchmark); running: rings moving now.
    """

    def __init__(self):
        self._board = None
        self._view: dict = {}
        self._language = ""
        self.started = 0
        self.running = 0

    def shown(self, board, view: dict, motion: bool, scale: float = 1.0, language: str = "") -> int:
        """``board`` now shows ``view``: start a ring for each change since the view before
        (none for another board's, after a language switch (the view's names are in the
        table's language: Children's rooms are keyed by them), with motion off, or off
        screen); returns how many."""
        same = board is self._board and language == self._language
        old, self._view = (self._view if same else {}), dict(view)
        self._board, self._language = board, language
        if not motion or board is None or board.parent is None:
            return 0
        found = changes(old, view)
        count = 0
        for kind in dict.fromkeys(kind for kind, _place in found):  # one animation a kind
            targets = [place_widget(board, kind, place, view) for k, place in found if k == kind]
            animation = pulse(targets, kind, motion, scale)
            if animation is not None:
                count += len(animation.rings)
                self.running += len(animation.rings)
                animation.bind(on_complete=self._ended)
        self.started += count
        return count

    def _ended(self, *_args) -> None:
        self.running -= 1
