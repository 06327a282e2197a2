"""Pairing the players' phones on the table screen (issues 22, 26): one player's code at a
time, never a grid of codes anyone at the table could scan.

* At a game's start (phones on, no input yet) it opens by itself on the first player whose
  phone is not connected: "Ada: scan this with your phone" in her colour over "Everyone
  else: look away", and her code alone, large. Once her phone has connected (the state's
  ``phones``), or she touches "No phone", the next player's code shows; after the last one
  it closes. "Close" stops it (the others can pair later).
* From the home screen's "Phones" button it opens on step ``who``: each player's name (a
  connected one says "Ada ✓ connected"); touching a name pairs that seat again (a new link
  for it alone, the daemon's ``phone_links`` with ``repair``: a code of theirs seen before
  stops working) and shows its code alone, as above, then comes back to the names. A
  connected name asks first (step ``again``): its phone would stop working. A code is never
  shown again once its phone is paired unless that player asks for it here or on the
  privacy cover.

The links come only in the daemon's ``phone_links`` answer to this client; the screen keeps
them in its images, never in a property, a log line or a message, and forgets them when it
closes.
"""

from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from ui import theme
from ui.text import coloured, escape_markup
from ui.widgets.buttons import TouchButton, action_button
from ui.widgets.privacy import qr_image
from ui.widgets.refit import refit_while_open


def still_to_pair(queue: list[str], phones: dict) -> list[str]:
    """``queue`` without the players at its head whose phone is connected now."""
    rest = list(queue)
    while rest and phones.get(rest[0]):
        rest.pop(0)
    return rest


class PhoneGrid(ModalView):
    """Pairing over the whole window, one player at a time.

    Attributes:
        step: ``"start"`` (waiting for the links, then each unpaired player in seat order),
            ``"who"`` (the players' names), ``"again"`` (pair a connected player's seat
            again?) or ``"code"`` (one player's code).
        player: whose code is on show ("" in the other steps).
        codes: player -> the Image of their code: at most one, ``player``'s.
    """

    def __init__(self, app, start: bool = True, **kwargs):
        super().__init__(auto_dismiss=False, background_color=(0, 0, 0, 0), background="",
                         size_hint=(1, 1), overlay_color=(0, 0, 0, 1), **kwargs)
        self.app = app
        self.step = "start" if start else "who"
        #: Opened from the home screen's "Phones" button: back to the names after a code.
        self.from_names = not start
        self.player = ""
        self.links: dict[str, str] = {}
        self.codes: dict = {}
        self.queue: list[str] = []
        unit = self._unit()
        self.box = BoxLayout(padding=(14 * unit, 12 * unit), spacing=12 * unit)
        with self.box.canvas.before:
            Color(*theme.BACKGROUND)
            self._bg = Rectangle()
        self.box.bind(pos=lambda _w, p: setattr(self._bg, "pos", p), size=lambda _w, s: setattr(self._bg, "size", s))
        self.box.bind(size=self._size_code)
        self._code = None  # the code's widget on step "code"
        self._was_connected = False  # the player's phone, when their code was put on show
        self.add_widget(self.box)
        app.model.bind(phones=self._phones_changed)
        self.bind(on_dismiss=self._forget)
        refit_while_open(self, self._refit)

    def _refit(self) -> None:
        """The window turned or was resized: the step on show made again at the app's new
        scale and orientation."""
        unit = self._unit()
        self.box.padding, self.box.spacing = (14 * unit, 12 * unit), 12 * unit
        if self.step == "who":
            self._build_who()
        elif self.step == "again":
            self._build_again(self.player)
        elif self.step == "code" and self.player:
            self._build_code()

    def _unit(self) -> float:
        return dp(1) * self.app.scale

    # ------------------------------------------------------------------ the daemon's answer

    def take_links(self, answer: dict) -> None:
        """The daemon's ``phone_links`` answer: at a game's start, the first player's code."""
        self.links = {str(p): str(link) for p, link in (answer.get("links") or {}).items()}
        if self.step == "start":
            self.queue = list(self.links)
            self._next()
        elif self.step == "who":
            self._build_who()
        elif self.step == "code" and self.player in self.links:
            self._build_code()

    # ------------------------------------------------------------------ steps

    def _next(self) -> None:
        """The next player still to pair, or (none left) the names or closed."""
        self.queue = still_to_pair(self.queue, dict(self.app.model.phones))
        if self.queue:
            self._show_code(self.queue[0])
        elif self.from_names:
            self._back_to_names()
        else:
            self.dismiss(animation=False)

    def _show_code(self, player: str) -> None:
        """Step ``code`` for ``player``: it moves on once their phone connects (a phone that
        was connected when it began must leave first: a seat paired again)."""
        self.step, self.player = "code", player
        self._was_connected = bool(dict(self.app.model.phones).get(player))
        self._build_code()

    def touched(self, player: str) -> None:
        """A name touched on step ``who``: their code, new (:meth:`pair_again`); first a
        question when their phone is connected now (it would stop working)."""
        if dict(self.app.model.phones).get(player):
            self._build_again(player)
        else:
            self.pair_again(player)

    def pair_again(self, player: str) -> None:
        """A new link for ``player``'s seat alone (the daemon's ``phone_links`` with
        ``repair``: any code of theirs shown before stops working), and its code alone."""
        self.queue = [player]
        self.links.pop(player, None)  # never the old code while the new one comes
        self._show_code(player)
        self.app.ask("phone_links", repair=player)

    def skip(self) -> None:
        """"No phone": the next player."""
        self.queue = self.queue[1:]
        self._next()

    def _phones_changed(self, *_args) -> None:
        if self.step == "code":
            connected = bool(dict(self.app.model.phones).get(self.player))
            if connected and not self._was_connected:
                self._next()
            else:
                self._was_connected = connected
        elif self.step == "who":
            self._build_who()

    # ------------------------------------------------------------------ drawing

    def _label(self, text: str, size: float, **kwargs) -> Label:
        label = Label(text=text, markup=True, font_size=sp(size) * self.app.scale, halign="center",
                      valign="middle", **kwargs)
        label.bind(size=lambda w, s: setattr(w, "text_size", (s[0], None)))
        return label

    def _button(self, text: str, action, primary: bool = False) -> TouchButton:
        return action_button(text, action, self.app.scale, primary, size=24)

    def _build_code(self) -> None:
        """"Look away", the player's name in large type and the buttons beside (under, in
        portrait) their code alone."""
        player, portrait = self.player, self.app.portrait
        self.box.clear_widgets()
        self.box.orientation = "vertical" if portrait else "horizontal"
        words = self._code_words(player)
        self._code = qr_image(self.links[player], size_hint=(None, None)) if player in self.links else \
            BoxLayout(size_hint=(None, None))  # the daemon's answer is on its way
        self.codes = {player: self._code} if player in self.links else {}
        self.box.add_widget(words)
        self.box.add_widget(self._code)
        (self.box if portrait else words).add_widget(self._code_buttons())
        self._size_code()

    def _code_words(self, player: str) -> BoxLayout:
        words = BoxLayout(orientation="vertical", spacing=10 * self._unit())
        words.add_widget(self._label(coloured(self.app.tr._("Everyone else: look away"), theme.GOLD), 24,
                                     size_hint_y=None, height=40 * self._unit()))
        colour = theme.hex_colour(theme.player_colour(player, dict(self.app.model.colours)))
        self.heading = self._label(f"[b][color={colour}]{self._scan_this(player)}[/color][/b]", 34)
        words.add_widget(self.heading)
        return words

    def _code_buttons(self) -> BoxLayout:
        _, unit = self.app.tr._, self._unit()
        buttons = BoxLayout(size_hint_y=None, height=64 * unit, spacing=10 * unit)
        buttons.add_widget(self._button(_("No phone"), self.skip))
        buttons.add_widget(self._button(_("Close"), lambda: self.dismiss(animation=False)))
        return buttons

    def _size_code(self, *_args) -> None:
        """The code on show: the box's whole height (its width, in portrait), a square."""
        if self.step != "code" or self._code is None:
            return
        padding = 28 if self.app.portrait else 24
        side = (self.box.width if self.app.portrait else self.box.height) - padding * self._unit()
        self._code.size = (max(side, 0),) * 2

    def _scan_this(self, player: str) -> str:
        """"Ada: scan this with your phone" as markup, the name larger still."""
        sentence = escape_markup(self.app.tr._("{player}: scan this with your phone", player="\0"))
        name = f"[size={round(sp(48) * self.app.scale)}]{escape_markup(player)}[/size]"
        return sentence.replace("\0", name)

    def _build_who(self) -> None:
        """Each player's name (touch it for their code), and Close."""
        _, unit = self.app.tr._, self._unit()
        self.box.clear_widgets()
        self.codes, self._code = {}, None
        self.box.orientation = "vertical"
        heading = _("Phones: whose code?")
        self.box.add_widget(self._label(f"[b]{escape_markup(heading)}[/b]", 28,
                                        size_hint_y=None, height=48 * unit))
        hint = _("Touch your name: your new code shows alone, the others look away.")
        self.box.add_widget(self._label(coloured(hint, theme.TEXT_DIM), 20, size_hint_y=None, height=56 * unit))
        phones = dict(self.app.model.phones)
        names = GridLayout(cols=2 if len(self.links) > 3 and not self.app.portrait else 1, spacing=10 * unit,
                           size_hint_y=None)
        names.bind(minimum_height=names.setter("height"))
        for player in self.links:
            connected = bool(phones.get(player))
            text = escape_markup(_("{player} ✓ connected", player=player) if connected else player)
            # Roboto has no tick: DejaVu Sans (shipped with Kivy) draws it
            button = self._button(text.replace("✓", "[font=DejaVuSans]✓[/font]"), lambda p=player: self.touched(p),
                                  primary=not connected)
            button.markup = True
            names.add_widget(button)
        self.box.add_widget(names)
        self.box.add_widget(BoxLayout())  # the rest of the height
        self.box.add_widget(self._button(_("Close"), lambda: self.dismiss(animation=False)))

    def _build_again(self, player: str) -> None:
        """Step ``again``: "Ada's phone is connected": pair another phone (that one stops
        working) or go back to the names."""
        _, unit = self.app.tr._, self._unit()
        self.step, self.player = "again", player
        self.box.clear_widgets()
        self.codes, self._code = {}, None
        self.box.orientation = "vertical"
        colour = theme.player_colour(player, dict(self.app.model.colours))
        self.box.add_widget(self._label(coloured(_("{player}'s phone is connected.", player=player), colour), 30))
        self.box.add_widget(self._label(_("Pair another phone? The one connected now stops working."), 24))
        # two lines of 32 px: the main button's words keep their floor (issue 29) rather than shrink
        buttons = BoxLayout(size_hint_y=None, height=84 * unit, spacing=10 * unit)
        for button in (self._button(_("Pair another phone"), lambda: self.pair_again(player), primary=True),
                       self._button(_("Cancel"), self._back_to_names)):
            button.size_hint_y = 1
            buttons.add_widget(button)
        self.box.add_widget(buttons)

    def _back_to_names(self) -> None:
        self.step, self.player = "who", ""
        self._build_who()

    def _forget(self, *_args) -> None:
        """Closed: the links and the code go."""
        self.app.model.unbind(phones=self._phones_changed)
        self.links, self.codes, self.queue, self._code = {}, {}, [], None
        self.box.clear_widgets()
