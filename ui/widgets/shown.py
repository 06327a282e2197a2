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
            self._canvas_index = canvas.indexof(self.canvas)
            canvas.remove(self.canvas)
        elif self.shown and not inside and self in parent.children:
            index = min(getattr(self, "_canvas_index", len(canvas.children)), len(canvas.children))
            canvas.insert(index, self.canvas)


class ShownLabel(ShownBehavior, Label):
    """A :class:`~kivy.uix.label.Label` drawn only while ``shown``."""


Factory.register("ShownBehavior", cls=ShownBehavior)
Factory.register("ShownLabel", cls=ShownLabel)
