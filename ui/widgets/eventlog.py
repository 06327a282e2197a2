"""The event log: the latest news lines, newest at the bottom, older ones dimmer."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.stencilview import StencilView

from ui.text import LOG_LINES, log_markup


class EventLog(StencilView):
    """Shows as many of the last :data:`~ui.text.LOG_LINES` news lines as fit whole.

    Its label's rule is in ``kv/app.kv``.

    Attributes:
        lines: news, oldest first.
        fresh: how many of the last lines are new since the previous state (drawn bright).
    """

    lines = ListProperty([])
    fresh = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._refit = Clock.create_trigger(self._fit)
        self.bind(lines=self._refit, fresh=self._refit, size=self._refit)

    def _fit(self, *_args) -> None:
        """Drop the oldest lines until the rest fit the height (the newest always shows)."""
        label = self.ids.text
        lines = list(self.lines)
        for shown in range(min(LOG_LINES, len(lines)), 0, -1):
            label.text = log_markup(lines, int(self.fresh), shown)
            label.texture_update()
            if label.texture_size[1] <= self.height:
                return
        if not lines:
            label.text = ""
