"""A page's title in its top bar (``PageBar`` in ``kv/app.kv``): whole, never "Tab...ck"."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import sp
from kivy.properties import NumericProperty
from kivy.uix.label import Label


class PageTitle(Label):
    """The title at the first size from :attr:`biggest` down to :attr:`smallest` (sp at the
    app's scale) at which every word fits its width and its lines its height; it wraps onto
    two lines before it gets smaller (issue 29: in portrait, Back and a button on the right
    left "New game" 141 of its 169 px, and it was drawn "Ne...me"). Refitted when its size,
    its words or the app's scale change.

    Attributes:
        biggest: :attr:`biggest` is a NumericProperty, sp at scale 1, and defaults to 24.
        smallest: :attr:`smallest` is a NumericProperty, sp at scale 1, and defaults to 18
            (the floor of any text a player reads at a metre).
    """

    biggest = NumericProperty(24)
    smallest = NumericProperty(18)

    def __init__(self, **kwargs):
        kwargs.setdefault("bold", True)
        kwargs.setdefault("halign", "left")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        self._refit = Clock.create_trigger(self.fit)
        self.bind(size=self._refit, text=self._refit, biggest=self._refit, smallest=self._refit)
        App.get_running_app().bind(scale=self._refit)
        self.fit()

    def fit(self, *_args) -> None:
        """Take the first size whose words and lines fit; the smallest when none does."""
        scale = float(getattr(App.get_running_app(), "scale", 1.0) or 1.0)
        width = max(self.width, 1)
        self.text_size = (width, None)
        size = self.smallest
        for size in range(int(self.biggest), int(self.smallest) - 1, -1):
            if self._fits(sp(size) * scale, width):
                break
        self.font_size = sp(size) * scale
        self.texture_update()

    def _fits(self, font: float, width: float) -> bool:
        self.font_size = font
        self.texture_update()
        words = self.text.split()
        wide = max((self._label.get_extents(word)[0] for word in words), default=0)
        return wide <= width and self.texture_size[1] <= self.height
