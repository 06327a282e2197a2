"""Widgets drawn only while shown (issue 17 item 10).

A widget with opacity 0 is still drawn every frame (all its instructions, under Xvfb's
software renderer every pixel of them). :class:`ShownBehavior` takes a hidden widget's
canvas out of its parent's instead: nothing of it is drawn, while it keeps its place,
size and children (the layout does not move), and its opacity follows (0 while hidden).
``shown: root.king`` in kv replaces ``opacity: 1 if root.king else 0``.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty
from kivy.uix.label import Label


class ShownBehavior:
    """Mixin: the widget's canvas is in its parent's only while ``shown`` (default True)."""

    shown = BooleanProperty(True)

    def on_shown(self, *_args) -> None:
        self.opacity = 1 if self.shown else 0  # what reads "visible" (the UI tests) still sees it
        self._place_canvas()

    def on_parent(self, *_args) -> None:
        # the parent adds the canvas after setting ``parent``: place it before the next frame
        Clock.schedule_once(self._place_canvas, -1)

    def _place_canvas(self, *_args) -> None:
        parent = self.parent
        if parent is None:
            return
        canvas = parent.canvas
        inside = self.canvas in canvas.children
        if inside and not self.shown:
            canvas.remove(self.canvas)
        elif self.shown and not inside and self in parent.children:
            canvas.insert(drawn_before(parent, self), self.canvas)


def drawn_before(parent, widget) -> int:
    """Where ``widget``'s canvas goes back in ``parent``'s: just before the canvas of the
    nearest sibling drawn after it that is in the drawing (else at the end), so that it is
    drawn in its place among its siblings however many of them are hidden and shown
    meanwhile. (An index kept from when it was taken out went stale when a sibling was
    hidden or shown in between: a Cellar room's hunters' names came back over its ghosts.)"""
    canvas = parent.canvas
    siblings = parent.children  # the last added (drawn last) first
    for sibling in reversed(siblings[:siblings.index(widget)]):
        if sibling.canvas in canvas.children:
            return canvas.indexof(sibling.canvas)
    return len(canvas.children)


class ShownLabel(ShownBehavior, Label):
    """A :class:`~kivy.uix.label.Label` drawn only while ``shown``."""


Factory.register("ShownBehavior", cls=ShownBehavior)
Factory.register("ShownLabel", cls=ShownLabel)
