"""Settings > Voice (issue 28): the voice on or off, its volume, its speed (slower for
children) and what it says (everything, only what to do, only the sounds). Each touch sends
the daemon's ``voice_settings`` command; the daemon keeps the settings and every state
carries them back (``state["voice"]``), which is what this screen shows. "Say it again"
sends ``repeat``. The voice itself is ``companion voice``, a client of its own."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.protocol import VOICE_DEFAULTS as DEFAULTS
from ui.kvloader import load_kv
from ui.widgets import buttons  # noqa: F401  (kv uses TouchButton)

#: Percent the Quieter and Louder buttons move the volume.
VOLUME_STEP = 10


def volume_after(volume: int, step: int) -> int:
    """The volume one touch of Quieter (``-step``) or Louder (``+step``) gives: 0 to 100."""
    return max(0, min(100, int(volume) + step))


def shown(settings: dict[str, Any] | None) -> dict[str, Any]:
    """The settings to show: the state's, each missing key at its default."""
    return {**DEFAULTS, **(settings or {})}


class VoiceSettingsScreen(Screen):
    """Attributes:
        on, volume, speed, say: the table's voice settings as the last state said them.
    """

    on = BooleanProperty(True)
    volume = NumericProperty(80)
    speed = StringProperty("normal")
    say = StringProperty("everything")

    def __init__(self, **kwargs):
        load_kv("voice_settings")
        super().__init__(name="voice_settings", **kwargs)
        app = App.get_running_app()
        app.model.bind(voice=self._take)
        self._take()

    def _take(self, *_args) -> None:
        settings = shown(App.get_running_app().model.voice)
        self.on, self.volume = bool(settings["on"]), int(settings["volume"])
        self.speed, self.say = str(settings["speed"]), str(settings["say"])

    def change(self, **voice: Any) -> None:
        """Send the new settings (any of on, volume, speed, say) to the daemon."""
        App.get_running_app().ask("voice_settings", voice=voice)

    def step_volume(self, step: int) -> None:
        self.change(volume=volume_after(self.volume, step))

    def repeat(self) -> None:
        """Say the prompt and what to do again."""
        App.get_running_app().ask("repeat")
