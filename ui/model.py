"""The view-model: the latest daemon messages as Kivy properties the screens bind to.

Only touched on the Kivy main thread (the app hops there with ``Clock``).
"""

from __future__ import annotations

from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, DictProperty, ListProperty, StringProperty

WAITING_TEXT = "Waiting for the companion…"
LOST_TEXT = "Connection lost — reconnecting"


class TableModel(EventDispatcher):
    """What the screens show.

    Attributes:
        screen: ``"waiting"`` (no daemon), ``"lobby"`` (no game) or ``"table"``.
        status_text: the sentence on the waiting screen.
        game, title: the game id ("" when there is no game) and its title.
        view: the game's public view (see the game's ``view.py``).
        prompt_text, player, choices, over: the current prompt; ``choices`` are
            ``{"key", "label"}`` dicts.
        can_undo: the daemon would accept Undo.
        log: recent news, oldest first; ``news``: what the last input did.
        notice, notice_level: the notice on show ("" for none) and its level.
        busy: a touch was sent and its answer has not come back yet.
    """

    screen = StringProperty("waiting")
    status_text = StringProperty(WAITING_TEXT)
    game = StringProperty("")
    title = StringProperty("")
    view = DictProperty({})
    prompt_text = StringProperty("")
    player = StringProperty("")
    choices = ListProperty([])
    over = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    log = ListProperty([])
    news = ListProperty([])
    notice = StringProperty("")
    notice_level = StringProperty("warning")
    busy = BooleanProperty(False)

    def apply_state(self, message: dict[str, Any]) -> None:
        """Take a ``state`` message (see ``companion.protocol.state_message``)."""
        prompt = message.get("prompt") or {}
        self.game = message.get("game") or ""
        self.title = message.get("title") or ""
        self.view = message.get("view") or {}
        self.prompt_text = prompt.get("text") or ""
        self.player = prompt.get("player") or ""
        self.choices = [c for c in prompt.get("choices") or [] if "key" in c]
        self.over = bool(prompt.get("over"))
        self.can_undo = bool(message.get("can_undo"))
        self.log = list(message.get("log") or [])
        self.news = list(message.get("news") or [])
        self.screen = "table" if self.game else "lobby"

    def connection_lost(self) -> None:
        """The daemon went away: show the reconnecting screen."""
        self.status_text = LOST_TEXT
        self.screen = "waiting"
        self.busy = False

    def show_notice(self, text: str, level: str = "warning") -> None:
        """Put ``text`` on the notice banner (the app clears it after a few seconds)."""
        self.notice_level = level
        self.notice = text

    def clear_notice(self) -> None:
        self.notice = ""
