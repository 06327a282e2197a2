"""The overlay panel the table screen's cards share (History, the rules card, Why?, the Cards
panel): a rounded box in the panel colour over a dimmed table, and the wrapping label the
cards are read in. One place, so the cards look alike and a change of look is made once."""

from __future__ import annotations

from kivy.app import App
from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from ui import theme
from ui.widgets.refit import refit_while_open, rescale


class Panel(BoxLayout):
    """A vertical box drawn as a rounded panel; ``unit`` is one dp at the app's scale."""

    def __init__(self, unit: float, **kwargs):
        kwargs.setdefault("orientation", "vertical")
        super().__init__(padding=12 * unit, spacing=8 * unit, **kwargs)
        with self.canvas.before:
            Color(*theme.PANEL)
            self._bg = RoundedRectangle(radius=[10 * unit])
        self.bind(pos=lambda _w, p: setattr(self._bg, "pos", p), size=lambda _w, s: setattr(self._bg, "size", s))


class Overlay(ModalView):
    """A card over the table screen: a touch outside (or its Close) closes it.

    Built at the app's scale; when the window turns or is resized while it is open (or
    before it is opened again), its sizes follow the new scale (:func:`~ui.widgets.refit.
    rescale`) and :meth:`refitted` lays out what goes with the window's shape."""

    def __init__(self, size_hint=(0.96, 0.94), dim: float = 0.8, **kwargs):
        super().__init__(auto_dismiss=True, size_hint=size_hint, background="", background_color=(0, 0, 0, 0),
                         overlay_color=(0, 0, 0, dim), **kwargs)
        app = App.get_running_app()
        #: the app's scale the card's sizes are at
        self.built_scale = getattr(app, "scale", 1.0)

    def open(self, *args, **kwargs) -> None:
        """Open it (at the app's scale now), refitting while it is open."""
        app = App.get_running_app()
        if not self._is_open and app is not None:
            if self.built_scale != app.scale:
                self._refit()
            refit_while_open(self, self._refit)
        super().open(*args, **kwargs)

    def _refit(self) -> None:
        app = App.get_running_app()
        if app.scale != self.built_scale:
            rescale(self, app.scale / self.built_scale)
            self.built_scale = app.scale
        self.refitted()

    def refitted(self) -> None:
        """The window turned or was resized (the sizes already follow the new scale): lay out
        again what depends on the window's shape. Nothing here; a card overrides it."""


def unit_of(app) -> float:
    """One dp at the app's scale."""
    return dp(1) * app.scale


def reading_label(font_size: float, halign: str = "left", valign: str = "top", pad: float = 0.0,
                  **kwargs) -> Label:
    """A label that wraps at its width and grows to its text's height (plus ``pad`` px), for a
    scroll view or a box of stacked lines; ``font_size`` in pixels, markup on. The pad is kept
    as the label's ``pad`` (:func:`~ui.widgets.refit.rescale` scales it with the window)."""
    kwargs.setdefault("markup", True)
    label = Label(font_size=font_size, halign=halign, valign=valign, size_hint_y=None, **kwargs)
    label.pad = pad
    label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
               texture_size=lambda w, size: setattr(w, "height", size[1] + w.pad))
    return label
