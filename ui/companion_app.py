"""The Kivy application: wires the daemon link to the view-model and the screens.

Import through :func:`ui.app.build_app`, which configures Kivy first (window size, no
argv parsing) — importing this module creates Kivy's globals.
"""

from __future__ import annotations

import logging
import threading
from functools import partial
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import NumericProperty, ObjectProperty, StringProperty

from ui import theme
from ui.connection import DaemonLink
from ui.kvloader import load_kv
from ui.model import TableModel
from ui.screens.lobby import NEW_GAME_SETUP
from ui.shot import save_screenshot
from ui.widgets.choices import NEW_GAME

log = logging.getLogger(__name__)

#: Seconds a notice stays on the banner (errors stay longer).
NOTICE_SECONDS = 5.0
ERROR_SECONDS = 8.0

#: Seconds between checks of the ``stop_event``.
STOP_POLL = 0.1


class CompanionApp(App):
    """The touchscreen client.

    Args:
        socket_path: the daemon's Unix socket.
        stop_event: when set, the window closes ``linger`` seconds later.
        linger: seconds to keep the window open after ``stop_event`` is set.
        screenshot: save a PNG of the window here just before it closes.

    Attributes:
        model: the :class:`TableModel` the screens bind to.
        scale: size factor of the UI: 1.0 at 800×480, larger on larger windows.
    """

    model = ObjectProperty(None)
    scale = NumericProperty(1.0)
    socket_path = StringProperty("")

    def __init__(self, socket_path: str | Path, stop_event: threading.Event | None = None,
                 linger: float = 0.0, screenshot: str | Path | None = None, **kwargs):
        super().__init__(**kwargs)
        self.title = "Haunt Companion"
        self.socket_path = str(socket_path)
        self.model = TableModel()
        self.stop_event = stop_event
        self.linger = linger
        self.screenshot_path = screenshot
        self.link = DaemonLink(self.socket_path, on_message=self._from_daemon, on_lost=self._lost)
        self._notice_timer = None
        self._stop_watch = None

    # ------------------------------------------------------------------ lifecycle

    def build(self):
        load_kv("app")
        from ui.root import RootView

        Window.clearcolor = theme.BACKGROUND
        Window.bind(size=self._rescale)
        self._rescale(Window, Window.size)
        root = RootView()
        self.model.bind(screen=lambda _m, name: root.show(name))
        root.show(self.model.screen)
        self.link.start()
        if self.stop_event is not None:
            self._stop_watch = Clock.schedule_interval(self._watch_stop, STOP_POLL)
        return root

    def on_stop(self) -> None:
        self.link.stop()

    def _rescale(self, _window, size) -> None:
        """``scale`` = how many times the window exceeds 800×480 (at least 1)."""
        width, height = theme.DESIGN_SIZE
        self.scale = max(1.0, min(size[0] / width, size[1] / height))

    def _watch_stop(self, _dt) -> None:
        if self.stop_event.is_set():
            self._stop_watch.cancel()
            Clock.schedule_once(self._close, self.linger)

    def _close(self, _dt=None) -> None:
        """Save the screenshot (if asked for), then close the window."""
        if self.screenshot_path:
            try:
                save_screenshot(self.screenshot_path)
            except OSError as exc:
                log.error("screenshot failed: %s", exc)
        self.stop()

    # ------------------------------------------------------------------ daemon -> UI

    def _from_daemon(self, message: dict[str, Any]) -> None:
        """Called on the client's reader thread: hop to the main thread."""
        Clock.schedule_once(partial(self._handle, message))

    def _lost(self) -> None:
        """Called on the link's thread when the connection closes."""
        Clock.schedule_once(lambda _dt: self.model.connection_lost())

    def _handle(self, message: dict[str, Any], _dt=None) -> None:
        kind = message.get("type")
        if kind == "state":
            self._revision = message.get("revision")  # the state the buttons on screen show
            self.model.apply_state(message)
        elif kind == "notice":
            self.show_notice(str(message.get("text", "")), str(message.get("level", "warning")))

    def show_notice(self, text: str, level: str = "warning") -> None:
        """Show ``text`` on the banner for :data:`NOTICE_SECONDS` (errors longer)."""
        if self._notice_timer is not None:
            self._notice_timer.cancel()
        self.model.show_notice(text, level)
        seconds = ERROR_SECONDS if level == "error" else NOTICE_SECONDS
        self._notice_timer = Clock.schedule_once(lambda _dt: self.model.clear_notice(), seconds)

    # ------------------------------------------------------------------ UI -> daemon

    def choose(self, key: str) -> None:
        """A choice button was touched."""
        if key == NEW_GAME:
            self.new_game()
        else:
            self._send("choose", key, getattr(self, "_revision", None))

    def undo(self) -> None:
        """The Undo button was touched."""
        self._send("undo", getattr(self, "_revision", None))

    def new_game(self) -> None:
        """Start a new Creepy Cellar game for Player 1 and Player 2."""
        game, players = NEW_GAME_SETUP
        self._send("new_game", game, list(players))

    def _send(self, name: str, *args: Any) -> None:
        """Queue a command; touches are ignored while one is on its way."""
        if self.model.busy:
            return
        self.model.busy = True
        self.link.command(name, *args, done=self._sent)

    def _sent(self, ack: dict[str, Any] | None, error: Exception | None) -> None:
        """Called on the command thread with the daemon's answer."""
        Clock.schedule_once(partial(self._after_send, error))

    def _after_send(self, error: Exception | None, _dt=None) -> None:
        self.model.busy = False
        if error is not None:
            self.show_notice(f"The companion did not get that touch: {error}", "error")
