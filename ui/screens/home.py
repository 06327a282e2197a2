"""Home: the game on the table (resume it: game, players, turn, when) or a new one;
settings; whether every reader works."""

from __future__ import annotations

import time

from kivy.app import App
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ui.hardware import no_reader_text, readers_of
from ui.kvloader import load_kv
from ui.text import ago_text, players_text, short_title
from ui.widgets import buttons, pieces  # noqa: F401  (kv uses TouchButton, Marker)


def readers_summary(info: dict, no_reader: str, _) -> tuple[str, bool]:
    """The readers' line for the home screen and whether one is offline (``info``:
    :func:`ui.hardware.readers_of`, the same the Settings screen lists)."""
    offline = sorted(name for name, r in info.items() if not r.get("online") and not r.get("unreported"))
    if offline:
        details = "; ".join(f"{name}: {info[name].get('detail', '')}" for name in offline)
        return _("Reader offline — {details}. Touches still work.", details=details), True
    waiting = sorted(name for name, r in info.items() if r.get("unreported"))
    if waiting:
        return _("Readers not reported yet: {names}", names=", ".join(waiting)), False
    if info:
        return _("Readers working: {names}", names=", ".join(sorted(info))), False
    return no_reader, False


class HomeScreen(Screen):
    """Binds to ``app.model``.

    Attributes:
        has_game: an unfinished game is on the table (Continue shows).
        resume_title, resume_detail: that game's title; players, turn and last move.
        readers_text, reader_offline: the readers' line, and whether it is a warning.
    """

    has_game = BooleanProperty(False)
    resume_title = StringProperty("")
    resume_detail = StringProperty("")
    readers_text = StringProperty("")
    reader_offline = BooleanProperty(False)

    def __init__(self, **kwargs):
        load_kv("home")
        super().__init__(name="home", **kwargs)
        app = App.get_running_app()
        app.model.bind(catalogue=self.refresh, game=self.refresh, over=self.refresh, view=self.refresh,
                       readers=self.refresh, hardware=self.refresh, about=self.refresh)
        app.tr.on_switch(lambda _lang: self.refresh())
        self.refresh()

    def on_pre_enter(self, *_args) -> None:
        self.refresh()

    def refresh(self, *_args) -> None:
        app = App.get_running_app()
        model, _ = app.model, app.tr._
        current = (model.catalogue or {}).get("current") or {}
        self.has_game = bool(model.game) and not model.over
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
        info = readers_of(dict(model.hardware), dict(model.readers), (model.about or {}).get("reader_roles") or {})
        self.readers_text, self.reader_offline = readers_summary(info, no_reader_text(dict(model.hardware), _), _)
