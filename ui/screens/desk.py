"""Owner's desk (issue 34), reached from Settings: the desk's link and its QR code, to open
on a laptop or phone (card data, saved games, history, backups). The daemon starts the desk
when its link is asked for (``desk_link``); the answer comes to this client only."""

from __future__ import annotations

from functools import partial

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ui.kvloader import load_kv
from ui.widgets import buttons  # noqa: F401  (kv uses TouchButton)


def shown_link(link: str) -> str:
    """``link`` as the screen shows it: a line break after each "/" of its address and path
    (before the key), so no line is one word wider than its column (issue 29:
    "http://…/desk/2REq…" ran 30 px out of the column at 800×480)."""
    head, sep, rest = link.partition("://")
    return head + sep + rest.replace("/", "/\n") if sep else link


class DeskScreen(Screen):
    """Attributes:
        link: the desk's link ("" until the daemon answered).
        problem: why there is no link (the desk is off, its port is taken), or "".
        local: True when the link opens on this machine only (the desk listens on loopback):
            no QR code then, which no phone could open (newcomer19 10g); defaults to False.
    """

    link = StringProperty("")
    problem = StringProperty("")
    local = BooleanProperty(False)

    def __init__(self, **kwargs):
        load_kv("desk")
        super().__init__(name="desk", **kwargs)
        App.get_running_app().answer_hooks["desk_link"] = self.take

    def on_pre_enter(self, *_args) -> None:
        app = App.get_running_app()
        app.link.command("request", {"cmd": "desk_link"}, done=self._acked)

    def _acked(self, ack, error) -> None:
        """On the command thread: a refusal (or no daemon) is said on the screen."""
        if error is not None or not (ack or {}).get("ok"):
            text = str(error) if error is not None else str((ack or {}).get("text", ""))
            Clock.schedule_once(partial(self._refused, text))

    def _refused(self, text: str, _dt=None) -> None:
        self.problem, self.link = text, ""

    def take(self, answer: dict) -> None:
        """The daemon's ``desk_link`` answer: the link, and its code."""
        from companion.qr import this_machine_only
        from ui.widgets.privacy import qr_texture

        link = str(answer.get("link", ""))
        self.local = bool(link) and this_machine_only(link)
        self.link, self.problem = link, ""
        self.ids.qr.texture = qr_texture(link) if link and not self.local else None
