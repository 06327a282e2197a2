"""The lesson card (issue 29 items 1 and 6, first-game mode): the first time each kind of step
comes up, the daemon's lesson opens by itself over the table, read from a metre, and one big
"Got it" at the card's bottom right (where the main button is under it) puts it away.

The card is a :class:`~ui.widgets.panel.Overlay` like Rules and Why?. Its words take the
first size of :data:`SIZES` (:data:`LARGE_SIZES` with Settings' large text) at which the
rule's name and the lesson fit the card whole; only a lesson longer than the card at the
floor (26) would scroll, with its bar lit (none of the five games' first lessons does at
800x480, 1024x600 or 720x1280: tests/ui/test_first_game.py). Touching outside does not close it: Got it is the one
way, and the table screen's Lesson button (Repeat's place) opens it again.
"""

from __future__ import annotations

from kivy.core.window import Window
from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme
from ui.layout import MAIN_HEIGHT
from ui.text import lesson_markup
from ui.widgets.buttons import TouchButton
from ui.widgets.frame import before_frame
from ui.widgets.litbar import LitBarScrollView
from ui.widgets.panel import Overlay, Panel, reading_label, unit_of

#: The lesson's sizes (sp at scale 1), largest first: the first at which it fits the card.
#: 32 is the prompt's floor; 26 (a button's) is the least a lesson is drawn at.
SIZES = (32, 30, 28, 26)
#: With Settings' large text.
LARGE_SIZES = (40, 36, *SIZES)
#: The card's share of the window (as the Rules card's).
SHARE = (0.96, 0.94)
#: Got it's font (sp at scale 1): the main button's; the hint beside it (how to open the
#: card again): a button's floor, read from a metre (issue 29: it was 24).
GOT_IT_FONT, HINT_FONT = 32, 26
#: The card's padding and the gap above Got it (dp at scale 1; :class:`Panel`'s).
PADDING, SPACING = 12, 8


def text_room(window: tuple[float, float], unit: float) -> tuple[float, float]:
    """The width and height (px) the card's words have in a ``window`` (width, height), with
    ``unit`` px per dp: the card's share, less its padding and Got it's row."""
    width = window[0] * SHARE[0] - 2 * PADDING * unit
    height = window[1] * SHARE[1] - 2 * PADDING * unit - SPACING * unit - MAIN_HEIGHT * unit
    return width, height


class LessonCard(Overlay):
    """The lesson card; ``got_it`` is called when the table touches Got it (then it closes).
    ``button`` and ``hint``: other words for Got it and the hint (a set-up step's card:
    "Done" and "Step 2 of 6", :mod:`ui.widgets.step_cards`).

    Attributes:
        label: the lesson's words; ``font_px``: the size they are drawn at (px).
        got_it_button: the Got it button; ``hint``: beside it, how to open the card again.
    """

    def __init__(self, app, got_it, button: str = "", hint: str = "", **kwargs):
        super().__init__(size_hint=SHARE, **kwargs)
        self.auto_dismiss = False  # Got it is the one way to put it away
        self.app, self.lesson, self.font_px, self.room = app, {}, 0.0, 0.0
        unit = unit_of(app)
        box = Panel(unit)
        self.label = reading_label(sp(SIZES[0]) * app.scale, color=theme.TEXT)
        # the bar stays lit: the one sign there is more to read (only past the floor)
        self.scroll = LitBarScrollView(do_scroll_x=False, bar_width=8 * unit, bar_color=theme.TEXT_DIM,
                                       bar_inactive_color=theme.TEXT_DIM)
        self.scroll.add_widget(self.label)
        box.add_widget(self.scroll)
        row = BoxLayout(size_hint_y=None, height=MAIN_HEIGHT * unit, spacing=SPACING * unit)
        # where the card is found again once put away (Repeat reads "Lesson" meanwhile)
        self.hint = Label(text=hint or app.tr._("“Lesson” shows it again."), font_size=sp(HINT_FONT) * app.scale,
                          color=theme.TEXT_DIM, halign="left", valign="middle")
        self.hint.bind(size=lambda label, size: setattr(label, "text_size", size))
        row.add_widget(self.hint)
        self.got_it_button = TouchButton(text=button or app.tr._("Got it"), bold=True,
                                         font_size=sp(GOT_IT_FONT) * app.scale,
                                         base_colour=theme.PRIMARY, down_colour=theme.PRIMARY_DOWN)
        self.got_it_button.bind(on_release=lambda *_: got_it(self.lesson))
        row.add_widget(self.got_it_button)
        box.add_widget(row)
        self.add_widget(box)
        # (not ``_refit``: that name is Overlay's refit on a turn, which this hid, so a lesson
        # card turned with the window kept 800×480's fonts, Got it 32 px where 48 is due:
        # status15's window test)
        self._fit_soon = before_frame(self.fit)
        Window.bind(size=self._fit_soon)

    def show(self, lesson: dict) -> None:
        """Put ``lesson``'s words on the card, at the largest size that fits."""
        self.lesson = dict(lesson)
        self.label.text = lesson_markup(lesson)
        self.fit()

    def fit(self, *_args) -> None:
        """The first of the sizes at which the words fit the card's room; the floor's else."""
        app, unit = self.app, unit_of(self.app)
        width, room = text_room(Window.size, unit)
        self.label.text_size = (width, None)
        sizes = LARGE_SIZES if app.large_text else SIZES
        for size in sizes:
            self.label.font_size = sp(size) * app.scale
            self.label.texture_update()
            if self.label.texture_size[1] <= room:
                break
        self.font_px = self.label.font_size
        self.room = room
        self.label.height = self.label.texture_size[1]
        self.scroll.scroll_y = 1

    def refitted(self) -> None:
        """The window turned: the words at the largest size that fits the new card."""
        if self.lesson:
            self.fit()

    @property
    def clipped(self) -> bool:
        """Some of the words are out of sight (they scroll): they are taller than the card's
        room (:func:`text_room`, the scroll view's height once laid out)."""
        return self.label.height > self.room + 0.5

    def on_dismiss(self) -> None:
        Window.unbind(size=self._fit_soon)
