"""Pop-ups made again when the window turns or is resized while they are open (issue 29: a
privacy screen, a phone code, the name keyboard, a yes/no question or a card over the table
kept the font sizes of the window it was opened in, 800×480's at 720×1280, until opened
again)."""

from __future__ import annotations

from collections.abc import Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.label import Label
from kivy.uix.layout import Layout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget


def refit_while_open(modal: ModalView, rebuild: Callable[[], None]) -> None:
    """Call ``rebuild`` (once a frame at most) when the app's scale or orientation changes,
    until ``modal`` is dismissed."""
    app = App.get_running_app()
    trigger = Clock.create_trigger(lambda *_: rebuild())
    app.bind(scale=trigger, portrait=trigger)

    def forget(*_args) -> None:
        trigger.cancel()
        app.unbind(scale=trigger, portrait=trigger)
        modal.unbind(on_dismiss=forget)  # a card opened again binds anew

    modal.bind(on_dismiss=forget)


def rescale(root: Widget, ratio: float) -> None:
    """Every size under ``root`` (not ``root`` itself) made ``ratio`` times what it was: the
    fonts (and a fitted button's full and least font, :func:`ui.widgets.buttons.fit_text`),
    the layouts' padding and spacing, the fixed widths and heights, the scroll bars. For a
    pop-up built once at the app's scale (the cards over the table, :class:`~ui.widgets.panel.
    Overlay`): sizes bound to their text (a wrapped label's height) follow by themselves."""
    for widget in list(root.walk(restrict=True))[1:]:
        # the sizes before the font: a size that follows the font (a snug button's width) is
        # set anew by the font's change, not scaled twice
        if widget.size_hint_x is None:
            widget.width *= ratio
        if widget.size_hint_y is None:
            widget.height *= ratio
        if isinstance(widget, Layout):
            widget.padding = [side * ratio for side in widget.padding]
            spacing = widget.spacing
            widget.spacing = [gap * ratio for gap in spacing] if isinstance(spacing, list) else spacing * ratio
        if isinstance(widget, ScrollView):
            widget.bar_width *= ratio
        if isinstance(widget, Label):
            for name in ("fit_full", "fit_smallest", "pad"):
                if hasattr(widget, name):
                    setattr(widget, name, getattr(widget, name) * ratio)
            widget.font_size *= ratio
