"""Flat, rounded, high-contrast touch buttons (their look is in ``kv/app.kv``)."""

from __future__ import annotations

from kivy.properties import ColorProperty, StringProperty
from kivy.uix.button import Button

from ui import theme


class TouchButton(Button):
    """A big touch target.

    Attributes:
        base_colour, down_colour: fill when up and while pressed.
        text_colour: the label's colour while enabled.
        key: what the button means to the daemon (a choice key), if anything.
    """

    base_colour = ColorProperty(theme.BUTTON)
    down_colour = ColorProperty(theme.BUTTON_DOWN)
    text_colour = ColorProperty(theme.TEXT)
    key = StringProperty("")


def fit_text(button: TouchButton, smallest: float, margin: float = 4.0) -> None:
    """Shrink ``button``'s font (one pixel at a time, not below ``smallest`` pixels) while its
    wrapped label is taller than the button: a long label (Italian) stays whole and inside."""

    def shrink(*_args) -> None:
        if button.texture_size[1] > button.height - margin and button.font_size > smallest:
            button.font_size = max(smallest, button.font_size - 1)

    button.bind(texture_size=shrink, height=shrink)
