"""What the window draws that costs without showing (issue 17 item 10).

Under Mesa's software renderer every pixel of every shape costs about 17 ns, whether it
shows or not, and a wide :class:`~kivy.graphics.Line` costs far more than its pixels:

* drawn in a colour with alpha 0, or in a widget at opacity 0 (Kivy rules often "hide"
  a frame or a label that way), it costs what a visible one does;
* wider than 1 px in a colour with alpha under 1, Kivy draws it twice through the stencil
  buffer, over its whole bounding box;
* a RoundedRectangle set to no area is not rebuilt: its last shape stays on screen (a
  way to hide that does not hide);
* a stencil (the clipping of Kivy's ScreenManager, StencilView and ScrollView) costs two
  passes over its box and a test of every pixel drawn inside it;
* a texture read with linear filtering costs a quarter to a third more a pixel than one
  read at the nearest texel, for nothing when it is one colour (the default texture of
  every untextured shape) or drawn at its own size (a label);
* wider than 1 px with round joints, each of its points becomes a fan of triangles: a
  rounded frame (180 points unless told fewer) costs about 0.3 ms a frame, however small.

:func:`wasted_drawing` walks the window's render graph in drawing order (the colour set
by a :class:`~kivy.graphics.Color` holds until the next one) and names each such case.
"""

from __future__ import annotations

#: Shapes that put pixels on the screen.
SHAPES = ("Rectangle", "RoundedRectangle", "Ellipse", "Line", "SmoothLine", "Mesh", "BorderImage",
          "Triangle", "Quad", "Point", "Bezier")


def _owners(root) -> dict[int, str]:
    """id(canvas) -> the class name of the widget that owns it, for every widget under ``root``."""
    owners: dict[int, str] = {}
    for widget in root.walk(restrict=True):
        for canvas in (widget.canvas.before, widget.canvas, widget.canvas.after):
            text = getattr(widget, "text", "")
            owners[id(canvas)] = type(widget).__name__ + (f" {text[:24]!r}" if isinstance(text, str) else "")
    return owners


#: What a stencil costs (Kivy's StencilView, ScreenManager, ScrollView clip with one).
CLIPPING = "clipped by a stencil (two passes over its box and a test of every pixel drawn inside)"

#: A wide line with round joints and more points than this is a fan of triangles a point.
FEW_POINTS = 8


def _empty(instruction) -> bool:
    """True if ``instruction`` has nothing to draw (a line without points, a shape of no area)."""
    if getattr(instruction, "size", None) is not None:
        return _pixels(instruction) < 1
    return not getattr(instruction, "points", None)


def _pixels(instruction) -> int:
    """The area of a shape's box in pixels (a line's: its bounding box), about."""
    size = getattr(instruction, "size", None)
    if size is not None:
        return int(abs(size[0] * size[1]))
    points = list(getattr(instruction, "points", []) or [])
    if len(points) < 4:
        return 0
    xs, ys = points[0::2], points[1::2]
    return int((max(xs) - min(xs)) * (max(ys) - min(ys)))


def _linear_for_nothing(instruction) -> bool:
    """True if ``instruction`` samples its texture linearly where the nearest texel gives
    the same picture: Kivy's one-colour default texture, or a picture drawn at its own size."""
    texture = getattr(instruction, "texture", None)
    if texture is None or "linear" not in (texture.mag_filter, texture.min_filter):
        return False
    one_colour = "default.png" in str(getattr(texture, "source", "") or "")
    size = getattr(instruction, "size", None)
    return one_colour or (size is not None and tuple(map(round, size)) == tuple(texture.size))


def _waste(instruction, alpha: float) -> str | None:
    """Why drawing ``instruction`` at colour alpha ``alpha`` costs for nothing, or None."""
    kind = type(instruction).__name__
    if kind == "RoundedRectangle" and _empty(instruction) and alpha > 0:
        return "RoundedRectangle of no area (Kivy does not rebuild it: its last shape stays drawn)"
    if kind not in SHAPES or _empty(instruction):
        return None
    if alpha <= 0:
        return f"{kind} drawn in a transparent colour or at opacity 0"
    if _linear_for_nothing(instruction):
        return f"{kind} reading its texture with linear filtering (a quarter to a third of each pixel)"
    if kind == "Line" and instruction.width > 1:
        if alpha < 1:
            return f"wide Line in a translucent colour (alpha {alpha:.2f}: drawn twice through the stencil)"
        if instruction.joint == "round" and len(instruction.points) > 2 * FEW_POINTS:
            return f"wide Line of {len(instruction.points) // 2} points with round joints (a fan of triangles a point)"
    return None


def wasted_drawing(window, root) -> list[str]:
    """Each shape the window draws that costs without showing, as "Owner: why" (one per
    owner and reason, with a count)."""
    owners = _owners(root)
    found: dict[str, tuple[int, int]] = {}
    alpha = 1.0

    def note(what: str, pixels: int) -> None:
        count, total = found.get(what, (0, 0))
        found[what] = count + 1, total + pixels

    def walk(canvas, owner: str, opacity: float) -> None:
        nonlocal alpha
        owner = owners.get(id(canvas), owner)
        opacity *= getattr(canvas, "opacity", 1.0)  # a widget's opacity: its canvas's
        for instruction in canvas.children:
            kind = type(instruction).__name__
            if kind == "Color":
                alpha = instruction.a
            elif kind == "StencilPush":
                note(f"{owner}: {CLIPPING}", 0)
            elif hasattr(instruction, "children"):
                walk(instruction, owner, opacity)
            elif (why := _waste(instruction, alpha * opacity)) is not None:
                note(f"{owner}: {why}", _pixels(instruction))

    walk(window.canvas, "Window", 1.0)
    return [f"{what} ×{count} ({pixels} px)" for what, (count, pixels) in sorted(found.items())]
