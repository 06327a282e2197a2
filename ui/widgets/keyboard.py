"""An on-screen keyboard for players' names (the table has no keyboard): a modal view
with the name so far and big keys; Done hands the name back."""

from __future__ import annotations

from collections.abc import Callable

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from ui import theme
from ui.widgets.buttons import TouchButton
from ui.widgets.key_map import key_for
from ui.widgets.refit import refit_while_open

#: Key rows (digits first: "Player 3", a team number; QWERTY; accented letters Italian names
#: need on the last row).
ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL", "ZXCVBNMÀÈÉ", "ÌÒÙ'-")

#: A portrait screen is too narrow for ten 9 mm keys: seven a row, in alphabetical order.
PORTRAIT_ROWS = ("1234567", "ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ'-", "ÀÈÉÌÒÙ", "890")

#: Longest name, in characters.
MAX_NAME = 16


def typed(name: str, key: str, limit: int = MAX_NAME) -> str:
    """``name`` after touching ``key`` (a letter, ``"space"`` or ``"back"``): letters after
    the first of a word are lower case; at most ``limit`` characters (:data:`MAX_NAME`)."""
    if key == "back":
        return name[:-1]
    if len(name) >= limit:
        return name
    if key == "space":
        return name + " " if name and not name.endswith(" ") else name
    return name + (key if not name or name.endswith((" ", "-", "'")) else key.lower())


class NameKeyboard(ModalView):
    """Edit a name (or a short printed text, ``limit`` characters at most); ``on_done(name)``
    is called with the result when Done is touched.

    Attributes:
        name: the name as typed so far.
    """

    name = StringProperty("")

    def __init__(self, name: str, on_done: Callable[[str], None], limit: int = MAX_NAME, **kwargs):
        super().__init__(auto_dismiss=False, background_color=(0, 0, 0, 0.7), **kwargs)
        self.name, self._on_done, self.limit = name, on_done, limit
        self._box = None
        self.bind(name=self._show_name)
        self._build()
        refit_while_open(self, self._build)

    def _show_name(self, *_args) -> None:
        self._shown.text = (self.name or " ") + "|"

    def _build(self) -> None:
        """The name and the keys at the app's scale and orientation (made again on a resize)."""
        app = App.get_running_app()
        if self._box is not None:
            self.remove_widget(self._box)
        unit = dp(1) * app.scale
        box = BoxLayout(orientation="vertical", padding=8 * unit, spacing=6 * unit)
        with box.canvas.before:
            from kivy.graphics import Color, Rectangle

            Color(*theme.PANEL)
            self._bg = Rectangle()
        box.bind(pos=lambda w, p: setattr(self._bg, "pos", p), size=lambda w, s: setattr(self._bg, "size", s))
        shown = Label(font_size=sp(30) * app.scale, bold=True, size_hint_y=None, height=56 * unit,
                      color=theme.GOLD)
        self._shown = shown
        self._show_name()
        box.add_widget(shown)
        for row in PORTRAIT_ROWS if app.portrait else ROWS:
            line = BoxLayout(spacing=6 * unit)
            for key in row:
                line.add_widget(self._key(key, key, app))
            box.add_widget(line)
        last = BoxLayout(spacing=6 * unit)
        last.add_widget(self._key(app.tr._("Delete"), "back", app))
        last.add_widget(self._key(app.tr._("Space"), "space", app, stretch=2))
        done = self._key(app.tr._("Done"), "done", app)
        done.base_colour, done.down_colour = theme.PRIMARY, theme.PRIMARY_DOWN
        last.add_widget(done)
        box.add_widget(last)
        self._box = box
        self.add_widget(box)

    def open(self, *args, **kwargs) -> None:
        """A laptop's keyboard types here too (issue 31 item 13), from the moment it opens
        (``on_open`` comes only once the opening animation is over)."""
        from kivy.core.window import Window

        Window.bind(on_key_down=self._pressed)
        super().open(*args, **kwargs)

    def on_dismiss(self) -> None:
        from kivy.core.window import Window

        Window.unbind(on_key_down=self._pressed)

    def _pressed(self, _window, key: int, _scancode, text, _modifiers) -> bool:
        """A key of the laptop's keyboard: as the on-screen key it stands for, if any."""
        found = key_for(key, text)
        if found is None:
            return False
        if found == "done":
            self.dismiss()
            self._on_done(self.name.strip())
        else:
            self.name = typed(self.name, found, self.limit)
        return True

    def _key(self, text: str, key: str, app, stretch: float = 1) -> TouchButton:
        button = TouchButton(text=text, key=key, font_size=sp(26) * app.scale, bold=True, size_hint_x=stretch)
        button.bind(on_release=self._touched)
        return button

    def _touched(self, button: TouchButton) -> None:
        if button.key == "done":
            self.dismiss()
            self._on_done(self.name.strip())
        else:
            self.name = typed(self.name, button.key, self.limit)
