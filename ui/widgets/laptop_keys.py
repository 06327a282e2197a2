"""A laptop's keyboard on the table screen (issue 31 item 13): Escape asks before the window
closes (it quit at once), and typing goes into the on-screen keyboard when one is open (the
Cards panel's Search, a player's name), as touching its keys would.

Only for a window on a computer (``companion play``, ``companion ui``): the Pi's kiosk has
no keyboard, and its ``config.ini`` keeps Escape from doing anything.
"""

from __future__ import annotations

from kivy.app import App
from kivy.core.window import Window
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from ui import theme
from ui.widgets.buttons import TouchButton
from ui.widgets.key_map import ESCAPE
from ui.widgets.refit import refit_while_open


class QuitQuestion(ModalView):
    """"Close the table screen?" with Close and Keep playing; Escape again keeps playing. Made
    again at the app's new scale when the window turns or is resized while it asks."""

    def __init__(self, **kwargs):
        super().__init__(auto_dismiss=False, background_color=(0, 0, 0, 0.7), size_hint=(0.6, 0.4), **kwargs)
        self._box: BoxLayout | None = None
        self._build()
        refit_while_open(self, self._build)

    def _build(self) -> None:
        """The question and its two buttons at the app's scale."""
        app = App.get_running_app()
        _ = app.tr._
        unit = dp(1) * app.scale
        if self._box is not None:
            self.remove_widget(self._box)
        box = BoxLayout(orientation="vertical", padding=12 * unit, spacing=10 * unit)
        question = Label(text=_("Close the table screen? The game is kept: the same command goes on with it."),
                         font_size=sp(22) * app.scale, color=theme.TEXT, halign="center", valign="middle")
        question.bind(size=lambda label, size: setattr(label, "text_size", size))
        box.add_widget(question)
        row = BoxLayout(spacing=10 * unit, size_hint_y=0.45)
        close = TouchButton(text=_("Close"), key="close", font_size=sp(22) * app.scale, bold=True)
        stay = TouchButton(text=_("Keep playing"), key="stay", font_size=sp(22) * app.scale, bold=True)
        stay.base_colour, stay.down_colour = theme.PRIMARY, theme.PRIMARY_DOWN
        close.bind(on_release=lambda *_a: (self.dismiss(), app.stop()))
        stay.bind(on_release=lambda *_a: self.dismiss())
        row.add_widget(close)
        row.add_widget(stay)
        box.add_widget(row)
        self._box = box
        self.add_widget(box)


def open_modal(kind: type):
    """The open modal of ``kind`` on the window, or None."""
    return next((w for w in Window.children if isinstance(w, kind)), None)


def on_key_down(_window, key: int, _scancode, _text, _modifiers) -> bool:
    """Escape: close the on-screen keyboard or the question if one is open, else ask before
    the window closes. Other keys are left to whoever listens (the on-screen keyboard)."""
    if key != ESCAPE:
        return False
    from ui.widgets.keyboard import NameKeyboard

    shown = open_modal(QuitQuestion) or open_modal(NameKeyboard)
    if shown is not None:
        shown.dismiss()
    else:
        QuitQuestion().open()
    return True  # handled: Kivy's own Escape (quit at once) never runs


def install() -> None:
    """Listen to the laptop's keyboard (call once, after the window opened)."""
    Window.bind(on_key_down=on_key_down)
