"""The phone codes on the table screen (issue 22): one QR code per player, to scan at game
start (the grid opens by itself on a new game) or from the home screen's "Phones" button.

The grid is on the shared screen on purpose: each player scans their own code (see
docs/reliability.md, "Phones"). The links come only in the daemon's ``phone_links`` answer
to this client; the grid keeps them in its images, never in a property, a log line or a
message, and forgets them when it closes. A player whose phone is connected (the state's
``phones``) shows "Ada ✓ connected" instead of a code.

The home screen (the table screen's Menu) has a small "Phones" button beside "Continue the
game" while phones are on (the state's ``phones`` names the game's players): it opens the
table screen with the grid.
"""

from __future__ import annotations

import math

from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from ui import theme
from ui.layout import code_grid
from ui.text import coloured
from ui.widgets.buttons import TouchButton
from ui.widgets.privacy import qr_image

#: Height of a player's name over their code, in dp (times the app's scale).
NAME_HEIGHT = 36


class PhoneGrid(ModalView):
    """The grid over the whole window: each player's name in their colour over their code
    (or "connected"), and Done."""

    def __init__(self, app, **kwargs):
        super().__init__(auto_dismiss=False, background_color=(0, 0, 0, 0), background="",
                         size_hint=(1, 1), overlay_color=(0, 0, 0, 1), **kwargs)
        self.app = app
        self.links: dict[str, str] = {}
        #: player -> the Image of their code (only players with a code on show).
        self.codes: dict = {}
        unit = dp(1) * app.scale
        self.box = BoxLayout(orientation="vertical", padding=(8 * unit, 6 * unit), spacing=6 * unit)
        with self.box.canvas.before:
            Color(*theme.BACKGROUND)
            self._bg = Rectangle()
        self.box.bind(pos=lambda _w, p: setattr(self._bg, "pos", p), size=lambda _w, s: setattr(self._bg, "size", s))
        self.room = AnchorLayout()  # the grid sits in its middle
        self.grid = GridLayout(spacing=6 * unit, size_hint=(None, None))
        self.room.add_widget(self.grid)
        self.room.bind(size=lambda *_: self._fill())
        self.box.add_widget(self.room)
        self.footer = self._footer(unit)
        self.box.add_widget(self.footer)
        self.add_widget(self.box)
        app.model.bind(phones=self._fill)
        self.bind(on_dismiss=self._forget)

    def _footer(self, unit: float) -> BoxLayout:
        _ = self.app.tr._
        row = BoxLayout(size_hint_y=None, height=56 * unit, spacing=8 * unit)
        self.note = Label(text=coloured(_("Each player scans their own code"), theme.GOLD), markup=True,
                          font_size=sp(18) * self.app.scale, halign="left", valign="middle")
        self.note.bind(size=lambda w, s: setattr(w, "text_size", s))
        row.add_widget(self.note)
        self.done = TouchButton(text=_("Done"), bold=True, font_size=sp(22) * self.app.scale, size_hint=(None, None),
                                size=(140 * unit, 56 * unit), base_colour=theme.PRIMARY,
                                down_colour=theme.PRIMARY_DOWN)
        self.done.bind(on_release=lambda *_: self.dismiss(animation=False))
        row.add_widget(self.done)
        return row

    def _arrange(self, players: int) -> None:
        """More than 4 codes on a landscape screen: the note and Done go in a column at the
        right (two rows of codes get the whole height: 195 px, 37 mm at 800x480, not 164),
        else in a row under the codes."""
        side = players > 4 and not self.app.portrait
        unit = dp(1) * self.app.scale
        self.box.orientation = "horizontal" if side else "vertical"
        self.footer.orientation = "vertical" if side else "horizontal"
        self.footer.size_hint = (None, 1) if side else (1, None)
        self.footer.size = (140 * unit, self.footer.height) if side else (self.footer.width, 56 * unit)
        self.note.halign = "center" if side else "left"

    def take_links(self, answer: dict) -> None:
        """The daemon's ``phone_links`` answer: the codes."""
        self.links = {str(p): str(link) for p, link in (answer.get("links") or {}).items()}
        self._arrange(len(self.links))
        self._fill()

    def _fill(self, *_args) -> None:
        grid, room, unit = self.grid, self.room, dp(1) * self.app.scale
        grid.clear_widgets()
        self.codes = {}
        players = list(self.links)
        if not players or room.width < 2:
            return
        name, gap = NAME_HEIGHT * unit, grid.spacing[0]
        grid.cols, side = code_grid(len(players), room.width, room.height, name, gap)
        rows = math.ceil(len(players) / grid.cols)
        grid.size = (grid.cols * side + gap * (grid.cols - 1), rows * (side + name) + gap * (rows - 1))
        for player in players:
            grid.add_widget(self._cell(player, side, name))

    def _cell(self, player: str, side: float, name: float) -> BoxLayout:
        _, model = self.app.tr._, self.app.model
        cell = BoxLayout(orientation="vertical", size_hint=(None, None), size=(side, side + name))
        connected = bool(dict(model.phones).get(player))
        colour = theme.player_colour(player, dict(model.colours))
        text = _("{player} ✓ connected", player=player) if connected else player
        # Roboto has no tick: DejaVu Sans (shipped with Kivy) draws it
        markup = coloured(text, colour).replace("✓", "[font=DejaVuSans]✓[/font]")
        label = Label(text=markup, markup=True, bold=True, font_size=sp(26 if connected else 24) * self.app.scale,
                      size_hint_y=1 if connected else None, height=name, halign="center", valign="middle")
        label.bind(size=lambda w, s: setattr(w, "text_size", (s[0], None)))
        cell.add_widget(label)
        if not connected:
            code = qr_image(self.links[player], size_hint=(None, None), size=(side, side),
                            pos_hint={"center_x": 0.5})
            self.codes[player] = code
            cell.add_widget(code)
        return cell

    def _forget(self, *_args) -> None:
        """Closed: the links and codes go."""
        self.app.model.unbind(phones=self._fill)
        self.links, self.codes = {}, {}
        self.grid.clear_widgets()
