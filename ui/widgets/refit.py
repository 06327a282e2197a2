"""Pop-ups made again when the window turns or is resized while they are open (issue 29: a
privacy screen, a phone code or the name keyboard kept the font sizes of the window it was
opened in, 800×480's at 720×1280, until opened again)."""

from __future__ import annotations

from collections.abc import Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.modalview import ModalView


def refit_while_open(modal: ModalView, rebuild: Callable[[], None]) -> None:
    """Call ``rebuild`` (once a frame at most) when the app's scale or orientation changes,
    until ``modal`` is dismissed."""
    app = App.get_running_app()
    trigger = Clock.create_trigger(lambda *_: rebuild())
    app.bind(scale=trigger, portrait=trigger)

    def forget(*_args) -> None:
        trigger.cancel()
        app.unbind(scale=trigger, portrait=trigger)

    modal.bind(on_dismiss=forget)
