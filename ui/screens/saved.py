"""Saved games (issue 34), reached from Home: every game in the store (game, players,
started, last move, in progress or finished). A game in progress can be resumed, the game
on the table set aside, any other game deleted after a confirmation; through the daemon's
``saved_games``, ``resume_game``, ``set_aside`` and ``delete_game`` commands."""

from __future__ import annotations

import time
from functools import partial

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import ListProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

from ui import theme
from ui.kvloader import load_kv
from ui.widgets.buttons import TouchButton, wrapped


def when(seconds) -> str:
    return time.strftime("%d/%m %H:%M", time.localtime(seconds)) if seconds else "-"


def game_line(game: dict, _) -> str:
    """One game in words: its title and players, then when it started and last moved."""
    status = {"in progress": _("in progress"), "set aside": _("set aside (unfinished)"), "finished": _("finished"),
              "kept": _("kept (older rules)")}.get(game["status"], game["status"])
    if game.get("running"):
        status = _("on the table")
    return _("{title}: {players}\nstarted {started} · last move {moved} · {status}", title=game["title"],
             players=", ".join(game["players"]), started=when(game["started"]), moved=when(game["last_move"]),
             status=status)


class SavedScreen(Screen):
    """Attributes:
        games: the daemon's last ``saved_games`` answer's games.
    """

    games = ListProperty([])

    def __init__(self, **kwargs):
        load_kv("saved")
        super().__init__(name="saved", **kwargs)
        app = App.get_running_app()
        app.answer_hooks["saved_games"] = self.take
        app.tr.on_switch(lambda _lang: self.draw())

    def on_pre_enter(self, *_args) -> None:
        App.get_running_app().ask("saved_games")

    def take(self, answer: dict) -> None:
        self.games = list(answer.get("games") or [])
        self.draw()

    def draw(self, *_args) -> None:
        app = App.get_running_app()
        _ = app.tr._
        rows = self.ids.rows
        rows.clear_widgets()
        if not self.games:
            rows.add_widget(Label(text=_("No game in the store yet."), font_size=sp(20) * app.scale,
                                  size_hint_y=None, height=dp(60) * app.scale))
        for game in self.games:
            rows.add_widget(self._row(game, _))

    def _row(self, game: dict, _) -> BoxLayout:
        app = App.get_running_app()
        # the line at 18 px, the text floor at a metre (issue 29: 16), as tall as its words
        row = BoxLayout(size_hint_y=None, height=dp(76) * app.scale, spacing=dp(8) * app.scale)
        text = Label(text=game_line(game, _), font_size=sp(18) * app.scale, halign="left", valign="middle",
                     color=theme.TEXT)
        text.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        text.bind(texture_size=lambda label, size: setattr(row, "height", max(dp(76) * app.scale,
                                                                             size[1] + dp(8) * app.scale)))
        row.add_widget(text)
        if game.get("running"):
            row.add_widget(self._button(_("Set aside"), lambda: self._do({"cmd": "set_aside"})))
        elif game["status"] in ("in progress", "set aside"):
            row.add_widget(self._button(_("Resume"), lambda: self._do({"cmd": "resume_game", "game_id": game["id"]}),
                                        theme.PRIMARY))
        if not game.get("running"):
            row.add_widget(self._button(_("Delete"), lambda: self._confirm(game)))
        return row

    @staticmethod
    def _button(text: str, action, colour=None) -> TouchButton:
        app = App.get_running_app()
        # 26 px, a button's floor at a metre (issue 29: 18); "Metti da parte" on two lines
        button = wrapped(TouchButton(text=text, font_size=sp(26) * app.scale, size_hint_x=None,
                                     width=dp(150) * app.scale), grow=False)
        if colour is not None:
            button.base_colour = colour
        button.bind(on_release=lambda *_a: action())
        return button

    def _confirm(self, game: dict) -> None:
        """Delete only after a second touch on the confirmation."""
        app = App.get_running_app()
        _ = app.tr._
        view = ModalView(size_hint=(0.8, 0.5), auto_dismiss=True)
        box = BoxLayout(orientation="vertical", padding=dp(16) * app.scale, spacing=dp(12) * app.scale)
        box.add_widget(Label(text=_("Delete game {id} ({title}, {players}) for good? This cannot be undone.",
                                    id=game["id"], title=game["title"], players=", ".join(game["players"])),
                             font_size=sp(22) * app.scale, halign="center", valign="middle",
                             text_size=(dp(480) * app.scale, None)))
        answers = BoxLayout(size_hint_y=None, height=dp(64) * app.scale, spacing=dp(12) * app.scale)
        keep = TouchButton(text=_("Keep it"), font_size=sp(26) * app.scale)
        delete = TouchButton(text=_("Delete"), font_size=sp(26) * app.scale, base_colour=theme.ERROR)
        keep.bind(on_release=lambda *_a: view.dismiss())
        delete.bind(on_release=lambda *_a: (view.dismiss(), self._do(
            {"cmd": "delete_game", "game_id": game["id"], "confirm": True})))
        answers.add_widget(keep)
        answers.add_widget(delete)
        box.add_widget(answers)
        view.add_widget(box)
        view.open()

    def _do(self, message: dict) -> None:
        App.get_running_app().link.command("request", message, done=partial(self._acked, message["cmd"]))

    def _acked(self, cmd: str, ack, error) -> None:
        """On the command thread: the answer is shown on the main thread."""
        Clock.schedule_once(partial(self._answered, cmd, ack, error))

    def _answered(self, cmd: str, ack, error, _dt=None) -> None:
        """The daemon's answer on the banner; a resumed game is shown at once."""
        app = App.get_running_app()
        if error is not None:
            app.show_notice(str(error), "error")
            return
        if ack.get("text"):
            app.show_notice(str(ack["text"]), "info" if ack.get("ok") else "error")
        if cmd == "resume_game" and ack.get("ok"):
            app.model.go("table")
            return
        app.ask("saved_games")
