"""The waiting screen: no daemon yet ("Waiting for the companion…"), or it went away."""

from __future__ import annotations

from kivy.uix.screenmanager import Screen

from ui.kvloader import load_kv
from ui.widgets import pieces  # noqa: F401  (kv uses Marker)


class WaitingScreen(Screen):
    """Shows ``app.model.status_text``; reconnecting happens in the background."""

    def __init__(self, **kwargs):
        load_kv("waiting")
        super().__init__(name="waiting", **kwargs)
