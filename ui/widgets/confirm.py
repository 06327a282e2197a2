"""A yes/no question over the screen (e.g. "leave the game in progress?").

The question is what the table reads next, so it is drawn as the prompt is: 32 px at
800×480 (``ui.layout.MAIN_FONT``; the readability audit's "prompt" floor, about 34 px a
player reads at a metre), its buttons the main button's size. It was 22 px (newcomer19: the
set-up question "Roll the die anyway?"). The box is as tall as the question's lines.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.app import App
from kivy.core.window import Window
from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from ui import theme
from ui.layout import MAIN_FONT, MAIN_HEIGHT
from ui.widgets.buttons import TouchButton
from ui.widgets.refit import refit_while_open


class Confirm(ModalView):
    """Asks ``question``; ``on_yes()`` runs when ``yes`` is touched, nothing on ``no``. Made
    again at the app's new scale when the window turns or is resized while it asks."""

    def __init__(self, question: str, yes: str, no: str, on_yes: Callable[[], None], **kwargs):
        super().__init__(auto_dismiss=False, background_color=(0, 0, 0, 0.7), size_hint=(0.9, None), **kwargs)
        self._on_yes = on_yes
        self._words = (question, yes, no)
        self._box: BoxLayout | None = None
        self._build()
        refit_while_open(self, self._build)

    def _build(self) -> None:
        """The question and its two buttons at the app's scale."""
        app = App.get_running_app()
        unit = dp(1) * app.scale
        question, yes, no = self._words
        if self._box is not None:
            self.remove_widget(self._box)
        font = sp(MAIN_FONT) * app.scale
        padding, spacing, button = 14 * unit, 12 * unit, MAIN_HEIGHT * unit
        box = BoxLayout(orientation="vertical", padding=padding, spacing=spacing)
        with box.canvas.before:
            Color(*theme.PANEL)
            bg = RoundedRectangle(radius=[10 * unit], segments=4)
        box.bind(pos=lambda _w, p: setattr(bg, "pos", p), size=lambda _w, s: setattr(bg, "size", s))
        text = Label(text=question, font_size=font, bold=True, halign="center", valign="middle")
        text.reading_role = "prompt"
        text.bind(size=lambda w, s: setattr(w, "text_size", s))
        box.add_widget(text)
        row = BoxLayout(spacing=spacing, size_hint_y=None, height=button)
        no_button = TouchButton(text=no, font_size=font)
        no_button.bind(on_release=lambda *_: self.dismiss())
        yes_button = TouchButton(text=yes, font_size=font, bold=True,
                                 base_colour=theme.PRIMARY, down_colour=theme.PRIMARY_DOWN)
        yes_button.bind(on_release=self._yes)
        row.add_widget(no_button)
        row.add_widget(yes_button)
        box.add_widget(row)
        self.height = min(Window.height * 0.94, self._question_height(text, padding) + spacing + button + 2 * padding)
        self._box = box
        self.add_widget(box)

    def _question_height(self, text: Label, padding: float) -> float:
        """The height of ``text``'s lines at the box's width (``size_hint_x`` of the window)."""
        text.text_size = (Window.width * self.size_hint_x - 2 * padding, None)
        text.texture_update()
        return text.texture_size[1]

    def _yes(self, *_args) -> None:
        self.dismiss()
        self._on_yes()
