"""Canvas drawings of the board's pieces (Roboto has no emoji, so pieces are shapes).

Every function adds instructions to ``group`` (a canvas or an ``InstructionGroup``) for a
piece whose bounding box starts at ``(x, y)`` (window pixels, bottom-left) and is ``size``
pixels wide and high.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Mesh, Rectangle

from ui import theme

#: Segments of a small drawn circle (Kivy's default 180 costs the software renderer of the
#: Pi-like run for nothing at a few millimetres).
SEGMENTS = 20


def _polygon(group, points: list[tuple[float, float]], centre: tuple[float, float]) -> None:
    """A filled polygon that is star-shaped around ``centre`` (a triangle fan)."""
    fan = [centre, *points, points[0]]
    vertices = [v for x, y in fan for v in (x, y, 0, 0)]
    group.add(Mesh(vertices=vertices, indices=list(range(len(fan))), mode="triangle_fan"))


def ghost(group, x: float, y: float, size: float, colour=theme.GHOST) -> None:
    """A little ghost: round head, body with a wavy hem, two dark eyes."""
    w = size * 0.8
    x += (size - w) / 2
    group.add(Color(*colour))
    group.add(Ellipse(pos=(x, y + size - w), size=(w, w), segments=SEGMENTS))
    group.add(Rectangle(pos=(x, y + w * 0.18), size=(w, size - w / 2 - w * 0.18)))
    hem = w / 3
    for i in range(3):
        group.add(Ellipse(pos=(x + i * hem, y), size=(hem, hem * 0.9), segments=SEGMENTS))
    eye = w * 0.17
    group.add(Color(*theme.PIP))
    for ex in (x + w * 0.26, x + w * 0.57):
        group.add(Ellipse(pos=(ex, y + size - w * 0.55), size=(eye, eye * 1.3), segments=SEGMENTS))


def haunting(group, x: float, y: float, size: float, colour=theme.HAUNTING) -> None:
    """A haunting token: a red house (square body, pointed roof) with a dark door."""
    m = size * 0.06
    left, right, base = x + m, x + size - m, y + m
    eaves, peak = y + size * 0.55, y + size - m
    points = [(left, base), (right, base), (right, eaves), (x + size / 2, peak), (left, eaves)]
    group.add(Color(*colour))
    _polygon(group, points, (x + size / 2, y + size * 0.4))
    group.add(Color(*theme.PIP))
    group.add(Rectangle(pos=(x + size * 0.41, base), size=(size * 0.18, size * 0.3)))


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


def pawn(group, x: float, y: float, size: float, colour=theme.GOLD) -> None:
    """A hunter's pawn (Creepy Cellar): a round head on a flared body and a base, in the
    pawn's printed colour (:data:`ui.theme.PAWNS`) with a light rim so the dark blue reads
    on a dark tile."""
    rim = theme.TEXT_DIM
    for inset, fill in ((0.0, rim), (size * 0.06, colour)):
        w = size * 0.62 - 2 * inset
        left = x + (size - w) / 2
        group.add(Color(*fill))
        group.add(Rectangle(pos=(x + size * 0.14 + inset, y + inset), size=(size * 0.72 - 2 * inset, size * 0.16)))
        _polygon(group, [(left, y + size * 0.12), (left + w, y + size * 0.12),
                         (x + size * 0.5 + size * 0.1 - inset, y + size * 0.6),
                         (x + size * 0.5 - size * 0.1 + inset, y + size * 0.6)], (x + size / 2, y + size * 0.35))
        head = size * 0.42 - 2 * inset
        group.add(Ellipse(pos=(x + (size - head) / 2, y + size * 0.56 + inset), size=(head, head),
                          segments=SEGMENTS))


PIECES = {"ghost": ghost, "haunting": haunting, "crown": crown, "passage": passage, "pawn": pawn}
