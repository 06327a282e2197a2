"""The privacy screen: hidden information for one player's eyes (issues 6, 10, 11).

It covers the whole window (a :class:`~kivy.uix.modalview.ModalView`) in three steps:

* ``who`` (from the table's "Secret cards" button): which player looks;
* ``cover``: "Only Ada looks — tap to show" and nothing else; tapping it asks the daemon
  ``private`` for Ada;
* ``shown``: what only Ada may see (the daemon's private view) and, when the prompt's private
  choices are hers, their buttons; "Done" hides it.

It hides itself after a private choice that ends its business, after "Done", or after
:data:`~ui.privacy.IDLE_SECONDS` without a touch, and then forgets what it showed.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import DictProperty, NumericProperty, OptionProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from ui import theme
from ui.privacy import IDLE_SECONDS, phone_offer, shown_answer, stays_open, view_lines
from ui.text import coloured, escape_markup
from ui.widgets.buttons import TouchButton, action_button
from ui.widgets.choices import ChoicePanel
from ui.widgets.refit import refit_while_open


def qr_texture(link: str):
    """``link``'s QR code (:func:`companion.qr.png`, segno) as a Kivy texture whose
    modules stay sharp when it is drawn larger (issue 22)."""
    import io

    from kivy.core.image import Image as CoreImage

    from companion.qr import png

    texture = CoreImage(io.BytesIO(png(link, scale=6)), ext="png").texture
    texture.mag_filter = "nearest"
    return texture


def qr_image(link: str, **kwargs):
    """An Image widget showing ``link``'s QR code (the cover's and the phones' pairing's)."""
    from kivy.uix.image import Image

    image = Image(fit_mode="contain", **kwargs)
    image.texture = qr_texture(link)
    return image


class PrivacyScreen(ModalView):
    """The privacy screen over the whole window.

    Attributes:
        player: whose screen it is ("" while choosing, step ``who``).
        step: ``"who"``, ``"cover"`` or ``"shown"``.
        answer: the daemon's last ``private`` answer for ``player`` (``{}`` until it comes).
        idle_seconds: seconds without a touch before it hides itself.
    """

    player = StringProperty("")
    step = OptionProperty("cover", options=("who", "cover", "shown"))
    answer = DictProperty({})
    idle_seconds = NumericProperty(IDLE_SECONDS)

    def __init__(self, app, player: str = "", **kwargs):
        super().__init__(auto_dismiss=False, background_color=(0, 0, 0, 0), background="",
                         size_hint=(1, 1), overlay_color=(0, 0, 0, 1), **kwargs)
        self.app = app
        self.player = player
        self.step = "cover" if player else "who"
        self._chosen = False
        self.qr = None  # the cover's QR code of the player's phone link, when offered (issue 22)
        unit = dp(1) * app.scale
        self.box = BoxLayout(orientation="vertical", padding=(14 * unit, 12 * unit), spacing=10 * unit)
        with self.box.canvas.before:
            Color(*theme.BACKGROUND)
            self._bg = Rectangle()
        self.box.bind(pos=lambda _w, p: setattr(self._bg, "pos", p), size=lambda _w, s: setattr(self._bg, "size", s))
        self.add_widget(self.box)
        self._idle = Clock.schedule_once(self._expire, self.idle_seconds)
        self.bind(idle_seconds=lambda *_: self.touched())
        self._build()
        refit_while_open(self, self._refit)

    # ------------------------------------------------------------------ steps

    def _build(self) -> None:
        self.box.clear_widgets()
        {"who": self._build_who, "cover": self._build_cover, "shown": self._build_shown}[self.step]()

    def _refit(self) -> None:
        """The window turned or was resized: the step made again at the app's new scale (the
        cover's code kept)."""
        if not self.box.children:  # hidden
            return
        unit = self._unit()
        self.box.padding, self.box.spacing = (14 * unit, 12 * unit), 10 * unit
        texture = self.qr.texture if self.qr is not None else None
        self._build()
        if texture is not None and self.qr is not None:
            self.qr.texture = texture

    def _unit(self) -> float:
        return dp(1) * self.app.scale

    def _heading(self, text: str, size: float = 26) -> Label:
        label = Label(text=text, markup=True, bold=True, font_size=sp(size) * self.app.scale,
                      halign="center", valign="middle", size_hint_y=None)
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                   texture_size=lambda w, t: setattr(w, "height", t[1] + 8 * self._unit()))
        return label

    def _button(self, text: str, action, primary: bool = False, height: float = 64, size: float = 22) -> TouchButton:
        return action_button(text, action, self.app.scale, primary, height, size)

    def _build_who(self) -> None:
        _ = self.app.tr._
        self.box.add_widget(self._heading(_("Secret cards: who looks?")))
        for name in self.app.model.private_players:
            self.box.add_widget(self._button(name, lambda name=name: self.cover(name), primary=True, size=28))
        self.box.add_widget(BoxLayout())  # the rest of the height
        self.box.add_widget(self._button(_("Cancel"), self.hide, height=56))

    def _build_cover(self) -> None:
        _ = self.app.tr._
        self.box.add_widget(self._heading(coloured(_("Everyone but {player}: look away", player=self.player),
                                                   theme.GOLD), 22))
        show = self._button(_("Only {player} looks — tap to show", player=self.player), self.reveal,
                            primary=True, size=34)
        show.size_hint_y = 1
        if phone_offer(self.player, dict(self.app.model.phones)):
            self.box.add_widget(self._with_phone_code(show))
            self.app.ask("phone_links")  # answered to this screen only (take_links)
        else:
            self.box.add_widget(show)
        self.box.add_widget(self._button(_("Cancel"), self.hide, height=56))

    def _with_phone_code(self, show) -> BoxLayout:
        """The cover's button beside "Or scan with your phone" and the player's QR code
        (filled in when the daemon's ``phone_links`` answer comes, :meth:`take_links`)."""
        from kivy.uix.image import Image

        _ = self.app.tr._
        row = BoxLayout(spacing=10 * self._unit())
        row.add_widget(show)
        column = BoxLayout(orientation="vertical", size_hint_x=None, spacing=4 * self._unit())
        row.bind(height=lambda _r, h: setattr(column, "width", max(h - 40 * self._unit(), 0)))
        self.qr = Image(fit_mode="contain")
        column.add_widget(self.qr)
        note = Label(text=_("Or scan with your phone"), font_size=sp(18) * self.app.scale, size_hint_y=None,
                     halign="center", valign="middle")
        note.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                  texture_size=lambda w, t: setattr(w, "height", t[1]))
        column.add_widget(note)
        row.add_widget(column)
        return row

    def take_links(self, answer: dict) -> None:
        """The daemon's ``phone_links`` answer: this player's code on the cover."""
        link = (answer.get("links") or {}).get(self.player)
        if self.step != "cover" or not link or self.qr is None:
            return
        self.qr.texture = qr_texture(link)

    def _build_shown(self) -> None:
        _ = self.app.tr._
        self.box.add_widget(self._heading(coloured(_("Only {player} looks", player=self.player), theme.GOLD), 22))
        answer = dict(self.answer)
        lines = view_lines(answer.get("view") or {}, _, answer.get("headings"))
        prompt = answer.get("prompt")
        if lines:
            # Each heading (small, dim) over its value (large): a card's name stays on one line.
            big = round(sp(26 if prompt else 34) * self.app.scale)
            text = "\n".join(f"{coloured(h, theme.TEXT_DIM)}\n[size={big}][b]{escape_markup(t)}[/b][/size]"
                              for h, t in lines)
            self.box.add_widget(self._heading(text, 18))
        elif not prompt:
            self.box.add_widget(self._heading(_("Nothing secret to see now."), 24))
        if prompt:
            self.box.add_widget(self._heading(escape_markup(prompt.get("text") or ""), 22))
            choices = list(prompt.get("choices") or [])
            # One private action (Show my card, Check): the big button; picks: a plain grid.
            lead = sum(1 for c in choices if c.get("private")) == 1
            panel = ChoicePanel(choices=choices, scale=self.app.scale, lead=lead)
            panel.bind(on_choose=lambda _p, key: self.choose(key))
            self.box.add_widget(panel)
        else:
            self.box.add_widget(BoxLayout())
        # Done lines up with the choice buttons (the panel keeps room for its scroll bar).
        row = BoxLayout(size_hint_y=None, height=56 * self._unit(),
                        padding=(0, 0, 12 * self._unit() if prompt else 0, 0))
        row.add_widget(self._button(_("Done"), self.hide, height=56))
        self.box.add_widget(row)

    # ------------------------------------------------------------------ actions

    def cover(self, player: str) -> None:
        """Step ``cover`` for ``player``."""
        self.player, self.step, self.answer = player, "cover", {}
        self._build()

    def reveal(self) -> None:
        """The player tapped through the cover: ask the daemon what only they may see."""
        self.app.ask("private", player=self.player)

    def take(self, answer: dict) -> None:
        """The daemon's ``private`` answer: show it (only ``player``'s, after the cover)."""
        if answer.get("player") != self.player or self.step == "who":
            return
        self.answer = shown_answer(answer)
        self.step = "shown"
        self._build()

    def choose(self, key: str) -> None:
        """A private choice was touched: the ordinary ``choose`` (its key is opaque)."""
        self._chosen = True
        self.app.choose(key)

    def state_changed(self, private_player: str) -> None:
        """A new shared state came: ask again while it is still this player's business,
        else hide (see :func:`ui.privacy.stays_open`)."""
        if self.step != "shown":
            return
        if stays_open(self.player, private_player, dict(self.answer)):
            self.reveal()
        else:
            self.hide()

    def hide(self) -> None:
        """Hide and forget what was shown."""
        self._idle.cancel()
        self.answer = {}
        self.box.clear_widgets()
        self.dismiss(animation=False)

    # ------------------------------------------------------------------ idle

    def touched(self) -> None:
        """Start the idle time again."""
        self._idle.cancel()
        self._idle = Clock.schedule_once(self._expire, self.idle_seconds)

    def on_touch_down(self, touch):
        self.touched()
        return super().on_touch_down(touch)

    def _expire(self, _dt=None) -> None:
        self.hide()
