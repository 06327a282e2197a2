"""A widget drawn with canvas instructions, redrawn whenever what it shows changes."""

from __future__ import annotations

from kivy.uix.widget import Widget


class DrawnWidget(Widget):
    """Clears and redraws its canvas when its position, size or a ``redraw_on`` property changes.

    Subclasses set ``redraw_on`` (names of their Kivy properties) and implement :meth:`draw`.
    """

    redraw_on: tuple[str, ...] = ()

    #: The size in pixels of the smallest piece drawn (0 when none is): the readability
    #: audit holds pieces to the boards' floor, 20 px at 800×480 (issue 29).
    piece_px: float = 0.0

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        names = ("pos", "size") + self.redraw_on
        self.bind(**{name: self._redraw for name in names})
        self._redraw()

    def _redraw(self, *_args) -> None:
        self.canvas.clear()
        self.piece_px = 0.0
        self.draw()

    def draw(self) -> None:
        """Add the canvas instructions (the canvas is already clear)."""
        raise NotImplementedError

    def centred_square(self) -> tuple[float, float, float]:
        """The largest square centred in the widget: ``(x, y, side)`` in pixels."""
        side = min(self.width, self.height)
        return self.x + (self.width - side) / 2, self.y + (self.height - side) / 2, side
