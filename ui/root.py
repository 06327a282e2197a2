"""The root widget: the screen manager with the notice banner floating above it."""

from __future__ import annotations

from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition

from ui.screens.lobby import LobbyScreen
from ui.screens.table import TableScreen
from ui.screens.waiting import WaitingScreen
from ui.widgets import banner  # noqa: F401  (kv uses NoticeBanner)


class RootView(FloatLayout):
    """Holds the three screens (rules in ``kv/app.kv``); ``show(name)`` switches."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        screens = self.ids.screens
        screens.transition = NoTransition()
        for screen in (WaitingScreen(), LobbyScreen(), TableScreen()):
            screens.add_widget(screen)
        screens.current = "waiting"

    def show(self, name: str) -> None:
        """Switch to the screen called ``name``."""
        self.ids.screens.current = name
