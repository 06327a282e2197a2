"""Labels whose text does not fit their box (issue 17 tests): compare the text's real
laid-out size (Kivy's core label ``_internal_size``, before any clipping to ``text_size``)
with the widget's size. Runs inside the Kivy client process (the harnesses).

A label that shortens with an ellipsis (``shorten``) is allowed to: it never spills.
"""

from __future__ import annotations

#: Pixels of slack (anti-aliasing, rounding).
SLACK = 2.0


def needed_size(label) -> tuple[float, float]:
    """The size ``label``'s text needs as laid out now (its texture size when the core
    label does not say)."""
    core = getattr(label, "_label", None)
    size = getattr(core, "_internal_size", None) if core is not None else None
    if not size or not size[0]:
        return tuple(label.texture_size)
    return float(size[0]), float(size[1])


def shown(widget) -> bool:
    """``widget`` and all its parents are visible (opacity > 0) and it has a size."""
    if widget.width <= 1 or widget.height <= 1:
        return False
    node = widget
    while node is not None and node is not node.parent:
        if getattr(node, "opacity", 1) <= 0:
            return False
        node = node.parent
    return True


def overflowing(root, skip=()) -> list[str]:
    """``"'text…' needs WxH, has WxH"`` for every shown label under ``root`` whose text
    spills out of its box; labels under a widget in ``skip`` are left out."""
    from kivy.uix.label import Label

    skipped = {id(w) for s in skip for w in s.walk(restrict=True)} if skip else set()
    found = []
    for widget in root.walk(restrict=True):
        if not isinstance(widget, Label) or id(widget) in skipped or not widget.text.strip():
            continue
        if widget.shorten or not shown(widget):
            continue
        widget.texture_update()
        width, height = needed_size(widget)
        if width > widget.width + SLACK or height > widget.height + SLACK:
            found.append(f"{widget.text[:40]!r} needs {width:.0f}x{height:.0f}, has "
                         f"{widget.width:.0f}x{widget.height:.0f}")
    return found
