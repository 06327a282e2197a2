"""The event log: the latest news lines, newest at the bottom, older ones dimmer. The strip
is only as tall as the lines it shows (at most ``rows`` rows of text): no empty band above
one line (issue 17; it was a fixed 58 dp at 800×480 showing one line at its bottom)."""

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


def line_rows(label) -> list[list[float]] | None:
    """The rendered rows of ``label``'s layout grouped by news line (a line that wraps is
    several rows; the last row of each has ``is_last_line``): each line's row heights."""
    rows = getattr(getattr(label, "_label", None), "_cached_lines", None)
    if not rows:
        return None
    lines, current = [], []
    for row in rows:
        current.append(row.h)
        if row.is_last_line:
            lines.append(current)
            current = []
    return lines


def fitting(lines: list[list[float]], rows: int) -> tuple[int, float]:
    """How many of the last ``lines`` (row heights each) fit in ``rows`` rows, newest
    first (the newest always shows), and the height they take."""
    shown, used_rows, height = 0, 0, 0.0
    for line in reversed(lines):
        if used_rows + len(line) > rows and shown:
            break
        used_rows += len(line)
        height += sum(line)
        shown += 1
    return shown, height


class EventLog(ShownBehavior, StencilView):
    """Shows as many of the last :data:`~ui.text.LOG_LINES` news lines as fit whole in
    ``rows`` rows, and sets its height to them (0 with no lines).

    Its label's rule is in ``kv/app.kv``. Drawn only while ``shown``.

    Attributes:
        lines: news, oldest first.
        fresh: how many of the last lines are new since the previous state (drawn bright).
        rows: the most rows of text the strip shows (0: none, the strip is 0 tall).
    """

    lines = ListProperty([])
    fresh = NumericProperty(0)
    rows = NumericProperty(3)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        #: Rows of each of the last lines, as last measured (newest last).
        self.measured: list[list[float]] = []
        self._refit = Clock.create_trigger(self._fit)
        # not the height: the strip sets it (re-fitting then would render twice a state)
        self.bind(lines=self._refit, fresh=self._refit, width=self._refit, rows=self._refit)

    def _fit(self, *_args) -> None:
        """Show the newest lines that fit ``rows`` rows (one render of the last
        :data:`~ui.text.LOG_LINES` lines measures them; a second only when some must go)
        and take their height."""
        label = self.ids.text
        lines = list(self.lines)
        if not lines or self.rows <= 0:
            label.text = ""
            self.height = 0
            return
        most = min(LOG_LINES, len(lines))
        label.text = log_markup(lines, int(self.fresh), most)
        _render_now(label)
        measured = self.measured = line_rows(label) or []
        pad = label.padding[1] + label.padding[3]
        if not measured or len(measured) != most:  # no layout to read: all of them
            self.height = label.texture_size[1]
            return
        shown, height = fitting(measured, int(self.rows))
        if shown < most:
            label.text = log_markup(lines, int(self.fresh), shown)
        self.height = height + pad
