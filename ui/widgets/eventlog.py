"""The event log: the latest news lines, newest at the bottom, older ones dimmer."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.stencilview import StencilView

from ui.text import LOG_LINES, log_markup
from ui.widgets.shown import ShownBehavior


def _render_now(label) -> None:
    """Render ``label`` now (its size is read at once), and drop the render Kivy queued for
    the next frame when its text changed: the same text again, a second markup render a
    state for nothing (issue 17 item 10)."""
    label.texture_update()
    label._trigger_texture.cancel()


class EventLog(ShownBehavior, StencilView):
    """Shows as many of the last :data:`~ui.text.LOG_LINES` news lines as fit whole.

    Its label's rule is in ``kv/app.kv``. Drawn only while ``shown``.

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
        """Drop the oldest lines until the rest fit the height (the newest always shows).

        One render of the last :data:`~ui.text.LOG_LINES` lines measures every line (its
        wrapped rows, from the core label's layout); a second render only when some must go:
        at most two renders a state (it was up to six: ~5 ms a state on the Pi-like run)."""
        label = self.ids.text
        lines = list(self.lines)
        if not lines:
            label.text = ""
            return
        most = min(LOG_LINES, len(lines))
        label.text = log_markup(lines, int(self.fresh), most)
        _render_now(label)
        if label.texture_size[1] <= self.height:
            return
        shown = self._fitting(label, most)
        if shown is None:  # no layout to read: the old way, one render per try
            shown = most
            while shown > 1:
                shown -= 1
                label.text = log_markup(lines, int(self.fresh), shown)
                _render_now(label)
                if label.texture_size[1] <= self.height:
                    return
            return
        label.text = log_markup(lines, int(self.fresh), shown)

    def _fitting(self, label, most: int) -> int | None:
        """How many of the last ``most`` lines fit, from the rendered layout's rows (a news
        line that wraps is several rows; the last row of each has ``is_last_line``)."""
        rows = getattr(getattr(label, "_label", None), "_cached_lines", None)
        if not rows:
            return None
        heights, current = [], 0.0
        for row in rows:
            current += row.h
            if row.is_last_line:
                heights.append(current)
                current = 0.0
        if len(heights) != most:
            return None
        room = self.height - label.padding[1] - label.padding[3]
        shown, used = 0, 0.0
        for height in reversed(heights):
            if used + height > room and shown:
                break
            used += height
            shown += 1
        return max(1, shown)
