"""Home: the game on the table (resume it: game, players, turn, when) or a new one;
settings; whether every reader works."""

from __future__ import annotations

import re
import time

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text.markup import MarkupLabel
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ui.hardware import no_reader_text
from ui.kvloader import load_kv
from ui.readers import reader_list, reader_words
from ui.text import ago_text, escape_markup, page_mark, page_words, players_text, short_title
from ui.widgets import buttons, cards_panel, gameover, pieces  # noqa: F401  (kv: TouchButton, HeaderButton, GameOverPanel, Marker)

#: Seconds between two refreshes of "last move … ago" while Home shows.
AGO_REFRESH = 20.0


def readers_summary(readers: dict, _, hardware: dict | None = None, roles: dict | None = None) -> tuple[str, bool]:
    """The readers' line for the home screen and whether one is offline (from the same
    :func:`ui.readers.reader_list` as the settings screen)."""
    listed = reader_list(readers, hardware, roles)
    offline = [r for r in listed if r["online"] is False]
    if offline:
        details = "; ".join(f"{reader_words(r, _)}: {r['detail']}" for r in offline)
        return _("Reader offline — {details}. Touches still work.", details=details), True
    if not listed:
        return no_reader_text(hardware or {}, _), False  # true to the dice button (issue 17 item 7)
    names = ", ".join(reader_words(r, _) for r in listed)
    if any(r["online"] is None for r in listed):
        return _("Readers starting: {names}", names=names), False
    if all(r["virtual"] for r in listed):
        return _("Virtual readers: {names}. Tap cards with the Cards button of the table screen.", names=names), False
    return _("Readers working: {names}", names=names), False


class HomeScreen(Screen):
    """Binds to ``app.model``.

    Attributes:
        has_game: an unfinished game is on the table (Continue shows).
        resume_title, resume_detail: that game's title; players, turn and last move.
        readers_text, reader_offline: the readers' line, and whether it is a warning.
    """

    has_game = BooleanProperty(False)
    #: A finished game is the last one on the table: its summary shows until a new game.
    finished = BooleanProperty(False)
    resume_title = StringProperty("")
    resume_detail = StringProperty("")
    readers_text = StringProperty("")
    reader_offline = BooleanProperty(False)
    #: The readers' strip is a warning: a reader offline, or the game not being saved.
    warning = BooleanProperty(False)
    #: The readers' line as it reads (the storage warning, a reader offline with "! ", or the readers).
    readers_full = StringProperty("")
    #: The readers' line cut into pages (markup, each with its mark "› 1/2") that fit
    #: :attr:`readers_room`; one page when it fits whole. The page on show: :attr:`readers_page`.
    readers_pages = ListProperty([])
    readers_page = NumericProperty(0)
    #: The most height (px) the readers' line may take: the page less every other row
    #: (newcomer20: on two lines in English, three in Italian, it pushed the title and Settings
    #: out of the window's top at 800×480 and 1024×600 while a game was on).
    readers_room = NumericProperty(0)
    #: The most height (px) the finished game's summary may take: the page less everything
    #: else on it (its moments wrap whole and as many show as fit: issue 29 item 7).
    summary_room = NumericProperty(0)

    def __init__(self, **kwargs):
        load_kv("home")
        super().__init__(name="home", **kwargs)
        app = App.get_running_app()
        app.model.bind(catalogue=self.refresh, game=self.refresh, over=self.refresh, view=self.refresh,
                       readers=self.refresh, hardware=self.refresh, about=self.refresh, history=self._moved)
        self._tick = None
        self._page = self.ids.resume_card.parent
        # strong references: the kv ids are weak, and a card out of the page has no other owner
        self._cards = (self.ids.resume_card.__self__, self.ids.finished_card.__self__, self.ids.readers.__self__)
        self._header = self._page.children[-1]  # the title row: the readers' line goes under it
        app.tr.on_switch(lambda _lang: self.refresh())
        self._room = Clock.create_trigger(self._summary_room)
        for widget in self._page.children:
            widget.bind(height=self._room_later)
        self._page.bind(height=self._room_later, children=self._room_later)
        self.bind(height=self._room_later)
        self.bind(warning=self.refresh)
        self._fit = Clock.create_trigger(self._fit_readers)
        self.bind(readers_full=self._fit_later, readers_room=self._fit_later, warning=self._fit_later)
        self._cards[2].bind(width=self._fit_later, font_size=self._fit_later)
        self.refresh()

    def _fit_later(self, *_args) -> None:
        self._fit()

    def _fit_readers(self, *_args) -> None:
        """:attr:`readers_pages`: the readers' line whole when it fits :attr:`readers_room`,
        else a sentence (or as much as fits) a page, each with its mark."""
        label = self._cards[2]
        pad_x, pad_y = label.padding[0] + label.padding[2], label.padding[1] + label.padding[3]
        width = max(1.0, label.width - pad_x)

        def height(markup: str) -> float:
            core = MarkupLabel(text=markup, font_size=label.font_size, bold=self.warning,
                               text_size=(width, None), halign="left")
            core.refresh()
            return core.content_height + pad_y

        def mark(number: int, count: int) -> str:  # in the line's own colour on a warning's red
            return plain_mark(number, count) if self.warning else page_mark(number, count)

        text = self.readers_full
        room = max(self.readers_room, height("Ag" + mark(1, 2)))  # a line at least
        if not text or height(escape_markup(text)) <= room:
            pages = [escape_markup(text)]
        else:
            plain = page_words(text, lambda words, n, count: height(escape_markup(words) + mark(n, count)) <= room,
                               sentences=True)
            pages = [escape_markup(words) + mark(n, len(plain)) for n, words in enumerate(plain, 1)]
        if pages != list(self.readers_pages):
            self.readers_pages = pages
            self.readers_page = 0

    def readers_touched(self, label, touch) -> bool:
        """A touch on the readers' line shows its next page (the first after the last)."""
        if len(self.readers_pages) < 2 or not label.collide_point(*touch.pos):
            return False
        self.readers_page = (int(self.readers_page) + 1) % len(self.readers_pages)
        return True

    def _room_later(self, *_args) -> None:
        self._room()

    def _summary_room(self, *_args) -> None:
        """:attr:`summary_room`: the page's height less its padding, its gaps and every other
        row (the free space under the buttons included in the room, not taken from it)."""
        page, card, rest = self._page, self.ids.finished_card.__self__, self.ids.rest.__self__  # ids are proxies
        others = [child for child in page.children if child is not card and child is not rest]
        readers = self._cards[2]
        # the screen's height, not the page's: the page grows past it only if its rows do
        inner = self.height - page.padding[1] - page.padding[3] - page.spacing * (len(page.children) - 1)
        fixed = sum(c.height for c in others if c is not readers)
        # a finished game's summary shares the room with a warning (its figures first)
        self.readers_room = max(0.0, (inner - fixed) * (0.4 if card.parent is not None else 1.0))
        # the moments card's row under the summary: its gap only (its height comes from the
        # free space under the buttons, and only while no moment shows in the summary)
        card_padding = card.padding[1] + card.padding[3] + card.spacing * (len(card.children) - 1)
        self.summary_room = max(0.0, self.height - page.padding[1] - page.padding[3]
                                - page.spacing * (len(page.children) - 1) - sum(c.height for c in others)
                                - card_padding)

    def _keep(self, card, shown: bool, after) -> None:
        """Put ``card`` back in the page just under ``after``, or take it out of the page:
        a card only hidden still took the touches over it (issue 29)."""
        page = self._page
        if shown and card.parent is None:
            page.add_widget(card, index=page.children.index(after))
        elif not shown and card.parent is not None:
            page.remove_widget(card)

    def on_pre_enter(self, *_args) -> None:
        self.refresh()
        if self._tick is None:  # "last move 3 min ago" goes on counting while Home shows
            self._tick = Clock.schedule_interval(self.refresh, AGO_REFRESH)

    def on_leave(self, *_args) -> None:
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def _moved(self, *_args) -> None:
        """News came (another screen's touch, a tap): ask again when the last move was."""
        app = App.get_running_app()
        if self.manager is not None and self.manager.current == "home" and app.model.connected:
            app.ask("games")

    def refresh(self, *_args) -> None:
        """Show the model's game, readers and finished game; while another screen shows, only
        when Home comes back (:meth:`on_pre_enter`: the table's every state was redone here
        unseen, issue 27 item 7)."""
        if self.manager is not None and self.manager.current != self.name:
            return
        app = App.get_running_app()
        model, _ = app.model, app.tr._
        current = (model.catalogue or {}).get("current") or {}
        self.has_game = bool(model.game) and not model.over
        self.finished = bool(model.game) and model.over
        resume, finished, readers = self._cards
        # a finished game's summary takes the readers' line's room, unless the line warns
        self._keep(readers, not self.finished or self.warning, self._header)
        anchor = readers if readers.parent is not None else self._header
        self._keep(resume, self.has_game, anchor)
        self._keep(finished, self.finished, anchor)
        self.resume_title = short_title(model.title or current.get("title", ""))
        parts = []
        players = current.get("players") or model.view.get("players") or []
        if players:
            parts.append(players_text(list(players), _))
        turn = model.view.get("turn_number")
        if turn:
            parts.append(_("turn {number}", number=turn))
        when = current.get("last_input") or current.get("started")
        if when:
            parts.append(_("last move {ago}", ago=ago_text(time.time() - when, _)))
        self.resume_detail = " · ".join(parts)
        self.readers_text, self.reader_offline = readers_summary(dict(model.readers), _, dict(model.hardware),
                                                                 (model.about or {}).get("reader_roles"))


def plain_mark(number: int, count: int) -> str:
    """:func:`ui.text.page_mark` without its gold (gold on the warning's red reads poorly)."""
    return re.sub(r"\[/?color[^\]]*\]", "", page_mark(number, count))
