"""The lobby: the daemon runs but no game does; one big "New game" button."""

from __future__ import annotations

from kivy.uix.screenmanager import Screen

from ui.kvloader import load_kv
from ui.widgets import buttons, pieces  # noqa: F401  (kv uses TouchButton, Marker)

#: What "New game" starts (the only game so far) and with whom.
NEW_GAME_SETUP = ("creepy_cellar", ["Player 1", "Player 2"])


class LobbyScreen(Screen):
    """Shows the daemon's prompt and a "New game" button (``app.new_game()``)."""

    def __init__(self, **kwargs):
        load_kv("lobby")
        super().__init__(name="lobby", **kwargs)
