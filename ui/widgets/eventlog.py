"""The event log: the latest news lines, newest at the bottom, older ones dimmer. The strip
is only as tall as the lines it shows (at most ``rows`` rows of text): no empty band above
one line (issue 17; it was a fixed 58 dp at 800×480 showing one line at its bottom)."""

from __future__ import annotations

from kivy.properties import ListProperty, NumericProperty
from kivy.uix.widget import Widget

from ui.text import LOG_LINES, log_markup
from ui.widgets.frame import before_frame
from ui.widgets.shown import ShownBehavior


def _render_now(label) -> None:
    """Render ``label`` now (its size is read at once), and drop the render Kivy queued for
    the next frame when its text changed: the same text again, a second markup render a
    state for nothing (issue 17 item 10)."""
    label.texture_update()
    label._trigger_texture.cancel()


def rendered_rows(label) -> int:
    """How many rows ``label``'s last render laid out (a line that wraps takes several); 1
    when its layout cannot be read."""
    return len(getattr(getattr(label, "_label", None), "_cached_lines", None) or ()) or 1


def fitting(rows_of_lines: list[int], rows: int) -> int:
    """How many of the last lines (``rows_of_lines``: the rows each takes) fit in ``rows``
    rows, newest first (the newest always shows)."""
    shown, used_rows = 0, 0
    for taken in reversed(rows_of_lines):
        if used_rows + taken > rows and shown:
            break
        used_rows += taken
        shown += 1
    return shown


#: How many lines' measured rows the log keeps, the least recently shown dropped first (a
#: line is measured once while it is kept).
MEASURED_KEPT = 64


def _key(line) -> str | tuple:
    """A news line (a string, or a ``(text, kind)`` pair) as a dictionary key."""
    return line if isinstance(line, str) else tuple(line)


class EventLog(ShownBehavior, Widget):
    """Shows as many of the last :data:`~ui.text.LOG_LINES` news lines as fit whole in
    ``rows`` rows, and sets its height to them (0 with no lines): the label is exactly as
    tall as the strip, so nothing needs clipping (no stencil: under the software renderer a
    stencil costs two passes over the strip and a test of every pixel in it).

    Its label's rule is in ``kv/app.kv``. Drawn only while ``shown``.

    Attributes:
        lines: news, oldest first.
        fresh: how many of the last lines are new since the previous state (drawn bright).
        rows: the most rows of text the strip shows (0: none, the strip is 0 tall).
        measured: how many rows each of the last lines takes, newest last.
    """

    lines = ListProperty([])
    fresh = NumericProperty(0)
    rows = NumericProperty(3)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.measured: list[int] = []
        #: line -> the rows it takes at the label's width and font (:meth:`_rows_of`).
        self._rows: dict = {}
        self._rows_for: tuple = ()
        self._refit = before_frame(self._fit)
        # not the height: the strip sets it (re-fitting then would render twice a state)
        self.bind(lines=self._refit, fresh=self._refit, width=self._refit, rows=self._refit)

    def _rows_of(self, line) -> int:
        """How many rows ``line`` takes: rendered alone once, then remembered (a state adds
        one news line: one short render measures it)."""
        label = self.ids.text
        measure_for = (label.text_size[0], label.font_size, label.line_height)
        if measure_for != self._rows_for:
            self._rows, self._rows_for = {}, measure_for
        key = _key(line)
        rows = self._rows.pop(key, None)
        if rows is None:
            label.text = log_markup([line], 1, 1)
            _render_now(label)
            rows = rendered_rows(label)
        self._rows[key] = rows  # the most recently used last
        if len(self._rows) > MEASURED_KEPT:
            del self._rows[next(iter(self._rows))]  # the least recently used
        return rows

    def _fit(self, *_args) -> None:
        """Show the newest lines that fit ``rows`` rows (each measured once, see
        :meth:`_rows_of`), in one render, and take their height."""
        label = self.ids.text
        lines = list(self.lines)
        if not lines or self.rows <= 0:
            label.text = ""
            self.height = 0
            return
        tail = lines[-min(LOG_LINES, len(lines)):]
        self.measured = [self._rows_of(line) for line in tail]
        shown = fitting(self.measured, int(self.rows))
        label.text = log_markup(lines, int(self.fresh), shown)
        _render_now(label)
        self.height = label.texture_size[1]
