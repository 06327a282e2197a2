"""The Cards panel (issue 18): a table without card readers (a laptop, where the daemon has
virtual readers) taps its cards here. It lists the cards the game waits for now (the
state's ``tap_components``) and finds any other by a word of its name (the daemon's
``components`` answer); touching one taps it on the virtual reader (the daemon's ``tap``
command), exactly as putting the real card on a reader would: the game accepts it, or the
banner says why not.

:func:`attach` puts the panel's "Cards" button in the table screen's header; it shows only
while the daemon has virtual readers and a game is being played.
"""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.privacy import cards_heading
from ui.widgets.buttons import TouchButton, wrapped
from ui.widgets.keyboard import NameKeyboard
from ui.widgets.panel import Overlay, Panel, reading_label, unit_of
from ui.widgets.shown import ShownBehavior


class HeaderButton(ShownBehavior, TouchButton):
    """A header button drawn only while ``shown``.

    Attributes:
        folds: hidden, it gives its row its room back: 0 px wide (``size_hint_x`` None);
            shown, it shares the row (``size_hint_x`` 1). False (the default): it keeps its
            place and size while hidden (:class:`~ui.widgets.shown.ShownBehavior`).
    """

    folds = BooleanProperty(False)

    def on_shown(self, *args) -> None:
        super().on_shown(*args)
        self._fold()

    def on_folds(self, *_args) -> None:
        self._fold()

    def _fold(self) -> None:
        # the width goes to 0 here, every time it hides: a kv rule "width: 0" is set once,
        # and the row's share it got while shown stayed with it hidden (screen20: the tools
        # under the board read "His/tory", "Wh/y?" beside the portrait-only Repeat, 162 px
        # and hidden, after the window turned back to 800x480)
        if self.folds:
            self.size_hint_x = 1 if self.shown else None
            if not self.shown:
                self.width = 0

#: Most cards a search shows (a word such as "room" matches many).
MAX_FOUND = 16
#: Longest search text, in characters.
MAX_SEARCH = 20


def matching(components: list[dict], text: str, limit: int = MAX_FOUND) -> list[dict]:
    """The ``components`` (``{"component", "label"}``) whose label holds every word of
    ``text`` (any case), at most ``limit``."""
    words = text.casefold().split()
    return [c for c in components if all(w in str(c.get("label", "")).casefold() for w in words)][:limit]


def cards_shown(hardware: dict, game: str, over: bool) -> bool:
    """The "Cards" button shows: the daemon has virtual readers and a game is being played."""
    return bool((hardware or {}).get("virtual")) and bool(game) and not over


def attach(screen) -> TouchButton:
    """Add the "Cards" button to ``screen``'s tools row (under the board); returns it."""
    app = App.get_running_app()
    button = HeaderButton(text=app.tr._("Cards"), bold=True, folds=True)
    screen.ids.tools.add_widget(button)

    def show(*_args) -> None:
        shown = cards_shown(app.model.hardware, app.model.game, app.model.over)
        button.font_size = sp(26) * app.scale
        button.shown, button.disabled = shown, not shown

    app.model.bind(hardware=show, game=show, over=show)
    app.bind(scale=show, portrait=show)
    app.tr.on_switch(lambda _lang: setattr(button, "text", app.tr._("Cards")))
    button.bind(on_release=lambda _b: CardsPanel(app).open())
    show()
    return button


class CardsPanel(Overlay):
    """The panel over the table screen.

    Attributes:
        search: the words searched for ("": the cards the game waits for).
        shown: the cards listed now (``{"component", "label"}``).
    """

    search = StringProperty("")
    shown = ListProperty([])

    def __init__(self, app, **kwargs):
        super().__init__(size_hint=(0.94, 0.94), dim=0.75, **kwargs)
        self.app = app
        unit = unit_of(app)
        box = Panel(unit)
        self.heading = self._label(26, bold=True, colour=theme.GOLD)
        box.add_widget(self.heading)
        self.grid = GridLayout(cols=1 if app.portrait else 2, spacing=8 * unit, size_hint_y=None)
        self.grid.bind(minimum_height=self.grid.setter("height"))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(self.grid)
        box.add_widget(scroll)
        box.add_widget(self._buttons(unit))
        self.add_widget(box)
        app.model.bind(tap_components=self._refresh, components=self._refresh, hidden_card=self._refresh)
        self.bind(search=self._refresh, on_dismiss=self._forget)
        self._refresh()

    def _label(self, size: float, bold: bool = False, colour=theme.TEXT) -> Label:
        return reading_label(sp(size) * self.app.scale, "center", "middle", 6 * unit_of(self.app), bold=bold,
                             color=colour, markup=False)

    def _buttons(self, unit: float) -> BoxLayout:
        _ = self.app.tr._
        row = BoxLayout(size_hint_y=None, height=72 * unit, spacing=8 * unit)
        for text, action in ((_("Search"), self._ask_search), (_("Cards the game waits for"), self._waiting),
                             (_("Close"), lambda *_a: self.dismiss())):
            button = wrapped(TouchButton(text=text, font_size=sp(26) * self.app.scale, bold=True), grow=False)
            button.bind(on_release=action)
            row.add_widget(button)
        # the row as tall as its tallest words: "Carte attese dal gioco" takes three lines of
        # 26 px in portrait (issue 29: it ran out of the 72 px row); at the scale of now (a
        # turned panel kept the scale it was made at: status15)
        tallest = lambda *_a: setattr(row, "height", max(  # noqa: E731
            72 * unit_of(self.app), *(b.texture_size[1] + 12 * unit_of(self.app) for b in row.children)))
        for button in row.children:
            button.bind(texture_size=tallest)
        return row

    # ------------------------------------------------------------------ what is listed

    def _refresh(self, *_args) -> None:
        _, model = self.app.tr._, self.app.model
        if self.search:
            found = (model.components or {}).get("components") if model.components.get("game") == model.game else None
            self.shown = matching(found or [], self.search)
            if found is None:
                self.heading.text = _("Looking for cards named “{words}”…", words=self.search)
            elif self.shown:
                self.heading.text = _("Cards named “{words}”: touch one to tap it", words=self.search)
            else:
                self.heading.text = _("No card of this game is named “{words}”.", words=self.search)
        else:
            self.shown = list(model.tap_components)
            self.heading.text = cards_heading(bool(self.shown), model.hidden_card, model.player, _)
        self._fill()

    def _fill(self) -> None:
        self.grid.clear_widgets()
        unit = dp(1) * self.app.scale
        for card in self.shown:
            button = TouchButton(text=str(card.get("label", "")), key=str(card.get("component", "")),
                                 font_size=sp(26) * self.app.scale, size_hint_y=None, height=64 * unit,
                                 halign="center", valign="middle")
            wrapped(button, 12 * unit)  # a long name takes a second line at 26 px (issue 29)
            button.bind(on_release=self._tap)
            self.grid.add_widget(button)

    # ------------------------------------------------------------------ touches

    def _tap(self, button: TouchButton) -> None:
        """Tap that card on the virtual reader; the table shows what came of it."""
        self.app.ask("tap", component=button.key)
        self.dismiss()

    def _ask_search(self, *_args) -> None:
        NameKeyboard(self.search, self._searched, limit=MAX_SEARCH).open()

    def _searched(self, text: str) -> None:
        if text and self.app.model.components.get("game") != self.app.model.game:
            self.app.ask("components", game=self.app.model.game)
        self.search = text

    def _waiting(self, *_args) -> None:
        self.search = ""

    def refitted(self) -> None:
        """The window turned: a column of cards in portrait, two in landscape, made again."""
        self.grid.cols = 1 if self.app.portrait else 2
        self._fill()

    def _forget(self, *_args) -> None:
        self.app.model.unbind(tap_components=self._refresh, components=self._refresh, hidden_card=self._refresh)
