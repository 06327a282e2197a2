"""Flat, rounded, high-contrast touch buttons (their look is in ``kv/app.kv``)."""

from __future__ import annotations

from kivy.metrics import dp, sp
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


def wrapped(button: TouchButton, margin: float = 12.0, grow: bool = True) -> TouchButton:
    """``button`` with its text wrapped at its width (less ``margin`` pixels) and centred: a
    long label takes a second line at its full size rather than shrink or run out (issue 29:
    a button's text never goes under its floor); with ``grow`` the button grows taller than
    the height it was given while its lines need it. Returns ``button``."""
    button.halign, button.valign = "center", "middle"
    button.bind(width=lambda b, w: setattr(b, "text_size", (max(w - margin, 1), None)))
    if grow:
        least = button.height

        def fit(b, texture) -> None:
            b.height = max(least, texture[1] + margin)

        button.bind(texture_size=fit)
    return button


def snug(button: TouchButton, margin: float = 24.0) -> TouchButton:
    """``button`` as wide as its one line of text (plus ``margin`` pixels), and at least as
    wide as it is tall (a finger's target): a short word ("Up", "Remove") keeps its size and
    leaves the rest of its row to a name. The width is measured from the words (a button's
    texture is as wide as the button when it wraps). Returns ``button``."""
    button.size_hint_x = None

    def fit(*_args) -> None:
        button.width = max(button._label.get_extents(button.text)[0] + margin, button.height)

    button.bind(text=fit, font_size=fit, bold=fit, height=fit)
    fit()
    return button


def action_button(text: str, action, scale: float, primary: bool = False, height: float = 64,
                  size: float = 22) -> TouchButton:
    """A button of a cover over the table (privacy, phone codes) that calls ``action()`` when
    touched: ``height`` dp tall, its text ``size`` sp (26 at least) and shrunk to fit no
    further than a button's floor at a metre (issue 29: 32 sp for a primary one, 26 for the
    others; it went down to 14), bold in the primary colours when ``primary``."""
    floor = 32 if primary else 26
    button = TouchButton(text=text, bold=primary, font_size=sp(max(size, floor)) * scale, size_hint_y=None,
                         height=dp(height) * scale)
    if primary:
        button.base_colour, button.down_colour = theme.PRIMARY, theme.PRIMARY_DOWN
    fit_text(button, sp(floor) * scale)
    button.bind(on_release=lambda *_: action())
    return button


def fit_text(button: TouchButton, smallest: float, margin: float = 4.0) -> None:
    """Shrink ``button``'s font (not below ``smallest`` pixels) while its wrapped label is
    taller than the button: a long label (Italian) stays whole and inside. When the button's
    width or height changes the font goes back to its full size (``button.fit_full``, the font size
    when this is called) and shrinks again as needed. A reused button may change both
    sizes later: set ``button.fit_full`` (and its ``font_size``) and ``button.fit_smallest``."""
    button.fit_smallest = smallest
    button.fit_full = button.font_size

    def shrink(*_args) -> None:
        tall = button.texture_size[1]
        room = button.height - margin
        if 0 < room < tall and button.font_size > button.fit_smallest:  # a button not laid out yet has no room
            # area goes with the square of the font size: jump near the fit, then 1 px steps
            guess = int(button.font_size * max(0.5, (room / tall) ** 0.5))
            button.font_size = max(button.fit_smallest, min(button.font_size - 1, guess))

    def regrow(*_args) -> None:
        if button.font_size != button.fit_full:
            button.font_size = button.fit_full  # its texture follows: shrink
        else:
            shrink()

    # a new height regrows too (then shrinks as needed): a cover's button laid out first at the
    # modal's passing 100 px kept the font it shrank to there (48 px where 51 fit, issue 29)
    button.bind(texture_size=shrink, height=regrow, width=regrow)
