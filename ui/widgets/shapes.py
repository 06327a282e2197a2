"""Canvas drawings of the board's pieces (Roboto has no emoji, so pieces are shapes).

Every function adds instructions to ``group`` (a canvas or an ``InstructionGroup``) for a
piece whose bounding box starts at ``(x, y)`` (window pixels, bottom-left) and is ``size``
pixels wide and high.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, Triangle

from ui import theme
from ui.widgets.onemesh import OneMesh

#: Segments of a small drawn circle (Kivy's default 180 costs the software renderer of the
#: Pi-like run for nothing at a few millimetres).
SEGMENTS = 20


def _polygon(group, points: list[tuple[float, float]], centre: tuple[float, float]) -> None:
    """A filled polygon that is star-shaped around ``centre`` (a triangle fan)."""
    fan = [centre, *points, points[0]]
    vertices = [v for x, y in fan for v in (x, y, 0, 0)]
    group.add(Mesh(vertices=vertices, indices=list(range(len(fan))), mode="triangle_fan"))


def ghost(group, x: float, y: float, size: float, colour=theme.GHOST) -> None:
    """A little ghost: round head, body with a wavy hem, two dark eyes (one mesh for the
    body, one for the eyes: :mod:`ui.widgets.onemesh`)."""
    body, eyes = OneMesh(), OneMesh()
    _ghost_shapes(body, eyes, x, y, size)
    group.add(Color(*colour))
    body.add_to(group)
    group.add(Color(*theme.PIP))
    eyes.add_to(group)


def _ghost_shapes(body: OneMesh, eyes: OneMesh, x: float, y: float, size: float) -> None:
    """A ghost's head, body and hem into ``body``, its eyes into ``eyes``."""
    w = size * 0.8
    x += (size - w) / 2
    body.ellipse((x, y + size - w), (w, w), SEGMENTS)
    body.rectangle((x, y + w * 0.18), (w, size - w / 2 - w * 0.18))
    hem = w / 3
    for i in range(3):
        body.ellipse((x + i * hem, y), (hem, hem * 0.9), SEGMENTS)
    eye = w * 0.17
    for ex in (x + w * 0.26, x + w * 0.57):
        eyes.ellipse((ex, y + size - w * 0.55), (eye, eye * 1.3), SEGMENTS)


def _haunting_points(x: float, y: float, size: float) -> tuple[list, tuple, tuple, tuple]:
    """A haunting token's house (points and centre) and its door (pos and size)."""
    m = size * 0.06
    left, right, base = x + m, x + size - m, y + m
    eaves, peak = y + size * 0.55, y + size - m
    points = [(left, base), (right, base), (right, eaves), (x + size / 2, peak), (left, eaves)]
    return points, (x + size / 2, y + size * 0.4), (x + size * 0.41, base), (size * 0.18, size * 0.3)


def apart(group, kinds: list[str], xs: list[float], y: float, size: float) -> None:
    """Hauntings and ghosts (``kinds``, default colours) at ``xs``, side by side with no
    overlap: one mesh a colour for them all (the houses, the ghosts, then every door and
    eye), the pixels of drawing them one by one (issue 27 item 7: 6 instructions a piece)."""
    houses, bodies, dark = OneMesh(), OneMesh(), OneMesh()
    for kind, x in zip(kinds, xs):
        if kind == "ghost":
            _ghost_shapes(bodies, dark, x, y, size)
        else:
            points, centre, door_pos, door_size = _haunting_points(x, y, size)
            houses.polygon(points, centre)
            dark.rectangle(door_pos, door_size)
    for colour, mesh in ((theme.HAUNTING, houses), (theme.GHOST, bodies), (theme.PIP, dark)):
        if mesh.indices:
            group.add(Color(*colour))
            mesh.add_to(group)


def haunting(group, x: float, y: float, size: float, colour=theme.HAUNTING) -> None:
    """A haunting token: a red house (square body, pointed roof) with a dark door."""
    points, centre, door_pos, door_size = _haunting_points(x, y, size)
    group.add(Color(*colour))
    _polygon(group, points, centre)
    group.add(Color(*theme.PIP))
    group.add(Rectangle(pos=door_pos, size=door_size))


def crown(group, x: float, y: float, size: float, colour=theme.GOLD) -> None:
    """The Ghost King's crown: a band with three points."""
    w, h = size, size * 0.75
    y += (size - h) / 2
    points = [(x, y), (x + w, y), (x + w, y + h), (x + w * 0.75, y + h * 0.5),
              (x + w * 0.5, y + h), (x + w * 0.25, y + h * 0.5), (x, y + h)]
    group.add(Color(*colour))
    _polygon(group, points, (x + w / 2, y + h * 0.3))


def passage(group, x: float, y: float, size: float, colour=theme.GOLD) -> None:
    """A secret passage tile (Creepy Cellar): a square tile with a dark arched doorway and
    three steps going down into it (issue 29: the tile was the bare letters "SP")."""
    group.add(Color(*colour))
    group.add(Rectangle(pos=(x, y), size=(size, size)))
    door_w, door_x = size * 0.56, x + size * 0.22
    group.add(Color(*theme.PIP))
    group.add(Rectangle(pos=(door_x, y + size * 0.08), size=(door_w, size * 0.5)))
    group.add(Ellipse(pos=(door_x, y + size * 0.3), size=(door_w, door_w), segments=SEGMENTS))
    group.add(Color(*colour))
    for step in range(3):  # steps down: each narrower and higher than the one below
        inset = door_w * 0.12 * (step + 1)
        group.add(Rectangle(pos=(door_x + inset, y + size * (0.08 + 0.1 * step)),
                            size=(door_w - inset, size * 0.06)))


def door(group, x: float, y: float, size: float, colour=theme.TEXT_DIM) -> None:
    """An open door (Creepy Cellar's door status, screen20b): the frame's outline and its
    leaf swung out towards the viewer, a status mark rather than a button's box."""
    edge = max(1.0, size * 0.08)
    left, right, base, top = x + size * 0.18, x + size * 0.72, y + size * 0.04, y + size * 0.96
    group.add(Color(*colour))
    group.add(Line(rectangle=(left, base, right - left, top - base), width=edge, joint="miter"))
    leaf = [(right, base), (x + size * 0.98, base + size * 0.1), (x + size * 0.98, top - size * 0.1), (right, top)]
    _polygon(group, leaf, (x + size * 0.85, y + size / 2))


def locked_door(group, x: float, y: float, size: float, colour=theme.TEXT_DIM) -> None:
    """A locked door (Creepy Cellar's door status): the closed leaf in the doors' colour
    with a dark keyhole."""
    left, width = x + size * 0.18, size * 0.64
    group.add(Color(*colour))
    group.add(Rectangle(pos=(left, y + size * 0.04), size=(width, size * 0.92)))
    group.add(Color(*theme.PIP))
    hole, cx = size * 0.2, left + width / 2
    group.add(Ellipse(pos=(cx - hole / 2, y + size * 0.46), size=(hole, hole), segments=SEGMENTS))
    low, half = y + size * 0.2, hole * 0.45
    group.add(Triangle(points=[cx, y + size * 0.52, cx - half, low, cx + half, low]))


def tablet(group, x: float, y: float, size: float, colour=theme.TEXT_DIM) -> None:
    """A room tablet (Children's mansion): a square tile with a dark doorway at the bottom of
    its floor plan, without the passage's arch and steps; beside a stand-in room's number
    where its name does not fit the tile."""
    group.add(Color(*colour))
    group.add(Rectangle(pos=(x + size * 0.06, y + size * 0.06), size=(size * 0.88, size * 0.88)))
    group.add(Color(*theme.PIP))
    edge = max(1.0, size * 0.07)
    group.add(Line(rectangle=(x + size * 0.2, y + size * 0.2, size * 0.6, size * 0.6), width=edge, joint="miter"))
    group.add(Rectangle(pos=(x + size * 0.4, y + size * 0.06), size=(size * 0.2, size * 0.3)))


def pawn(group, x: float, y: float, size: float, colour=theme.GOLD) -> None:
    """A hunter's pawn (Creepy Cellar): a round head on a flared body and a base, in the
    pawn's printed colour (:data:`ui.theme.PAWNS`) with a light rim so the dark blue reads
    on a dark tile (one mesh for the rim, one for the pawn: :mod:`ui.widgets.onemesh`)."""
    rim = theme.TEXT_DIM
    for inset, fill in ((0.0, rim), (size * 0.06, colour)):
        w = size * 0.62 - 2 * inset
        left = x + (size - w) / 2
        shape = OneMesh()
        shape.rectangle((x + size * 0.14 + inset, y + inset), (size * 0.72 - 2 * inset, size * 0.16))
        shape.polygon([(left, y + size * 0.12), (left + w, y + size * 0.12),
                       (x + size * 0.5 + size * 0.1 - inset, y + size * 0.6),
                       (x + size * 0.5 - size * 0.1 + inset, y + size * 0.6)], (x + size / 2, y + size * 0.35))
        head = size * 0.42 - 2 * inset
        shape.ellipse((x + (size - head) / 2, y + size * 0.56 + inset), (head, head), SEGMENTS)
        group.add(Color(*fill))
        shape.add_to(group)


def calm_ghost(group, x: float, y: float, size: float, colour=theme.GHOST) -> None:
    """A calm ghost (Children): green."""
    ghost(group, x, y, size, colour)


def enraged_ghost(group, x: float, y: float, size: float, colour=theme.HAUNTING) -> None:
    """An enraged ghost (Children): red, with two angry brows over its eyes."""
    ghost(group, x, y, size, colour)
    w = size * 0.8
    left = x + (size - w) / 2
    brow = max(1.0, size * 0.07)
    group.add(Color(*theme.PIP))
    top = y + size - w * 0.55 + w * 0.17 * 1.3 + brow
    group.add(Line(points=[left + w * 0.2, top + w * 0.12, left + w * 0.45, top], width=brow, joint="miter"))
    group.add(Line(points=[left + w * 0.55, top, left + w * 0.8, top + w * 0.12], width=brow, joint="miter"))


def cat(group, x: float, y: float, size: float, colour=theme.CAT) -> None:
    """Kitty Kitty / a cat: a round face with two ears."""
    group.add(Color(*colour))
    group.add(Ellipse(pos=(x + size * 0.1, y), size=(size * 0.8, size * 0.75), segments=SEGMENTS))
    group.add(Triangle(points=[x + size * 0.12, y + size * 0.5, x + size * 0.2, y + size,
                               x + size * 0.45, y + size * 0.65]))
    group.add(Triangle(points=[x + size * 0.88, y + size * 0.5, x + size * 0.8, y + size,
                               x + size * 0.55, y + size * 0.65]))
    group.add(Color(*theme.PIP))
    for ex in (x + size * 0.3, x + size * 0.58):
        group.add(Ellipse(pos=(ex, y + size * 0.3), size=(size * 0.12, size * 0.14), segments=SEGMENTS))


def card(group, x: float, y: float, size: float, colour=theme.CARD_BACK) -> None:
    """A card face down (a card in hand)."""
    group.add(Color(*colour))
    group.add(Rectangle(pos=(x + size * 0.15, y), size=(size * 0.7, size)))
    group.add(Color(*theme.PIP))
    group.add(Line(rectangle=(x + size * 0.25, y + size * 0.1, size * 0.5, size * 0.8), width=max(1.0, size * 0.04),
                   joint="miter"))


def plot(group, x: float, y: float, size: float, colour=theme.GOLD) -> None:
    """A plot card played (House of Spirits): a gold card with a dark star on it."""
    card(group, x, y, size, colour)
    star(group, x + size * 0.25, y + size * 0.25, size * 0.5, theme.PIP)


def skull(group, x: float, y: float, size: float, colour=theme.TEXT) -> None:
    """A skull: a round head over a jaw, two dark eyes."""
    w = size * 0.8
    x += (size - w) / 2
    group.add(Color(*colour))
    group.add(Ellipse(pos=(x, y + size * 0.2), size=(w, size * 0.8), segments=SEGMENTS))
    group.add(Rectangle(pos=(x + w * 0.22, y), size=(w * 0.56, size * 0.35)))
    group.add(Color(*theme.PIP))
    for ex in (x + w * 0.18, x + w * 0.56):
        group.add(Ellipse(pos=(ex, y + size * 0.4), size=(w * 0.26, w * 0.26), segments=SEGMENTS))


def sword(group, x: float, y: float, size: float, colour=theme.TEXT) -> None:
    """Attack: a sword pointing up (blade, guard, grip)."""
    cx = x + size / 2
    group.add(Color(*colour))
    blade = size * 0.16
    left, right = cx - blade / 2, cx + blade / 2
    _polygon(group, [(left, y + size * 0.3), (right, y + size * 0.3), (right, y + size * 0.85),
                     (cx, y + size), (left, y + size * 0.85)], (cx, y + size * 0.6))
    group.add(Rectangle(pos=(x + size * 0.2, y + size * 0.22), size=(size * 0.6, size * 0.1)))
    group.add(Rectangle(pos=(cx - size * 0.06, y), size=(size * 0.12, size * 0.24)))


def shield(group, x: float, y: float, size: float, colour=theme.ONLINE) -> None:
    """Defence: a shield (flat top, pointed bottom)."""
    cx = x + size / 2
    group.add(Color(*colour))
    _polygon(group, [(x + size * 0.12, y + size), (x + size * 0.88, y + size), (x + size * 0.88, y + size * 0.5),
                     (cx, y), (x + size * 0.12, y + size * 0.5)], (cx, y + size * 0.55))
    group.add(Color(*theme.PIP))
    group.add(Rectangle(pos=(cx - size * 0.04, y + size * 0.2), size=(size * 0.08, size * 0.68)))


def heart(group, x: float, y: float, size: float, colour=theme.HAUNTING) -> None:
    """Health: a heart."""
    group.add(Color(*colour))
    r = size * 0.5
    group.add(Ellipse(pos=(x, y + size * 0.4), size=(r * 1.05, r * 1.05), segments=SEGMENTS))
    group.add(Ellipse(pos=(x + size - r * 1.05, y + size * 0.4), size=(r * 1.05, r * 1.05), segments=SEGMENTS))
    group.add(Triangle(points=[x + size * 0.03, y + size * 0.62, x + size * 0.97, y + size * 0.62, x + size / 2, y]))


def star(group, x: float, y: float, size: float, colour=theme.GOLD) -> None:
    """A five-pointed star."""
    import math

    cx, cy, outer = x + size / 2, y + size * 0.47, size / 2
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else outer * 0.45
        a = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    group.add(Color(*colour))
    _polygon(group, points, (cx, cy))


def die(group, x: float, y: float, size: float, colour=theme.DIE_FACE) -> None:
    """A die (a roll, a modifier to it): a light rounded square with three pips."""
    group.add(Color(*colour))
    group.add(Rectangle(pos=(x + size * 0.05, y + size * 0.05), size=(size * 0.9, size * 0.9)))
    group.add(Color(*theme.PIP))
    pip = size * 0.18
    for px, py in ((0.2, 0.62), (0.41, 0.41), (0.62, 0.2)):
        group.add(Ellipse(pos=(x + size * px, y + size * py), size=(pip, pip), segments=SEGMENTS))


def balloon(group, x: float, y: float, size: float, colour=theme.HAUNTING) -> None:
    """A Red Balloon (CLUE: IT): an oval on a string."""
    group.add(Color(*colour))
    group.add(Ellipse(pos=(x + size * 0.18, y + size * 0.3), size=(size * 0.64, size * 0.7), segments=SEGMENTS))
    knot = y + size * 0.26
    group.add(Triangle(points=[x + size * 0.44, knot, x + size * 0.56, knot, x + size / 2, y + size * 0.34]))
    group.add(Color(*theme.TEXT_DIM))
    group.add(Line(points=[x + size / 2, y + size * 0.26, x + size * 0.42, y + size * 0.12, x + size / 2, y],
                   width=max(1.0, size * 0.04), joint="miter"))


def _item_box(group, x, y, size, colour):
    """Jack-in-the-Box: a box with a spring and a round head out of it."""
    group.add(Color(*colour))
    group.add(Rectangle(pos=(x + size * 0.12, y), size=(size * 0.76, size * 0.45)))
    group.add(Line(points=[x + size * 0.5, y + size * 0.45, x + size * 0.4, y + size * 0.52,
                           x + size * 0.6, y + size * 0.6, x + size * 0.4, y + size * 0.68],
                   width=max(1.0, size * 0.05)))
    group.add(Ellipse(pos=(x + size * 0.32, y + size * 0.64), size=(size * 0.36, size * 0.36), segments=SEGMENTS))


def _item_key(group, x, y, size, colour):
    group.add(Color(*colour))
    ring = size * 0.48  # the ring: a disc with a dark hole (a wide circle Line costs a fan a point)
    group.add(Ellipse(pos=(x + size * 0.06, y + size * 0.46), size=(ring, ring), segments=SEGMENTS))
    group.add(Color(*theme.PIP))
    hole = ring * 0.5
    group.add(Ellipse(pos=(x + size * 0.06 + (ring - hole) / 2, y + size * 0.46 + (ring - hole) / 2), size=(hole, hole),
                      segments=SEGMENTS))
    group.add(Color(*colour))
    width = max(1.0, size * 0.08)
    for points in ([0.44, 0.56, 0.9, 0.1], [0.72, 0.28, 0.86, 0.42]):  # the shaft and the bit
        group.add(Line(points=[x + size * points[0], y + size * points[1], x + size * points[2], y + size * points[3]],
                       width=width, joint="miter"))


def _item_lamp(group, x, y, size, colour):
    group.add(Color(*colour))
    group.add(Ellipse(pos=(x + size * 0.22, y + size * 0.35), size=(size * 0.56, size * 0.6), segments=SEGMENTS))
    group.add(Rectangle(pos=(x + size * 0.36, y + size * 0.1), size=(size * 0.28, size * 0.3)))
    group.add(Rectangle(pos=(x + size * 0.3, y), size=(size * 0.4, size * 0.1)))


def _item_book(group, x, y, size, colour):
    group.add(Color(*colour))
    group.add(Rectangle(pos=(x + size * 0.1, y + size * 0.1), size=(size * 0.8, size * 0.8)))
    group.add(Color(*theme.PIP))
    group.add(Rectangle(pos=(x + size * 0.47, y + size * 0.1), size=(size * 0.06, size * 0.8)))


def _item_star(group, x, y, size, colour):
    star(group, x, y, size, colour)


def _item_moon(group, x, y, size, colour):
    group.add(Color(*colour))
    group.add(Ellipse(pos=(x + size * 0.1, y + size * 0.1), size=(size * 0.8, size * 0.8), segments=SEGMENTS))
    group.add(Color(*theme.PIP))
    group.add(Ellipse(pos=(x + size * 0.35, y + size * 0.3), size=(size * 0.65, size * 0.65), segments=SEGMENTS))


#: CLUE: IT's Item tokens, one drawn icon each in the order of the Item cards (the
#: Jack-in-the-Box first: the only one the rulebook names), so that no two items look alike.
ITEM_ICONS = (_item_box, _item_key, _item_lamp, _item_book, _item_star, _item_moon)


def item(group, x: float, y: float, size: float, colour=theme.GOLD, index: int = 0) -> None:
    """CLUE: IT's Item token number ``index`` (0 for the first card): a round dark token with
    the item's own icon (:data:`ITEM_ICONS`) on it in ``colour``."""
    group.add(Color(*colour))  # the rim, then the dark token inside it
    group.add(Ellipse(pos=(x, y), size=(size, size), segments=SEGMENTS))
    rim = max(1.0, size * 0.06)
    group.add(Color(*theme.PIP))
    group.add(Ellipse(pos=(x + rim, y + rim), size=(size - 2 * rim, size - 2 * rim), segments=SEGMENTS))
    inner = size * 0.62
    ITEM_ICONS[index % len(ITEM_ICONS)](group, x + (size - inner) / 2, y + (size - inner) / 2, inner, colour)


PIECES = {"ghost": ghost, "haunting": haunting, "crown": crown, "passage": passage, "pawn": pawn, "tablet": tablet,
          "door": door, "locked_door": locked_door,
          "calm_ghost": calm_ghost, "enraged_ghost": enraged_ghost, "cat": cat, "card": card, "plot": plot,
          "skull": skull, "sword": sword, "shield": shield, "heart": heart, "star": star, "die": die,
          "balloon": balloon, "item": item}
