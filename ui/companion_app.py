"""The Kivy application: wires the daemon link to the view-model and the screens.

Import through :func:`ui.app.build_app`, which configures Kivy first (window size, no
argv parsing) — importing this module creates Kivy's globals.
"""

from __future__ import annotations

import gc
import logging
import threading
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from ui import theme
from ui.connection import DaemonLink
from ui.i18n import Translator
from ui.kvloader import load_kv
from ui.memory import release_free_memory
from ui.model import TableModel
from ui.privacy import PRIVACY_KEY, SECRETS_KEY, hands_over, links_seen
from ui.sampling import plain_shapes_nearest
from ui.shot import save_screenshot
from ui.text import staff_text
from ui.widgets.choices import NEW_GAME

if TYPE_CHECKING:  # imported when first opened: a table without phones never needs them
    from ui.widgets.phone_grid import PhoneGrid
    from ui.widgets.privacy import PrivacyScreen

log = logging.getLogger(__name__)

#: Seconds a notice stays on the banner (errors stay longer), then how long it fades.
NOTICE_SECONDS = 5.0
ERROR_SECONDS = 8.0
#: Seconds staff's message to a venue table stays on the banner (a touch takes it away
#: sooner; History keeps it): longer than a refusal, it is read by someone looking up.
STAFF_SECONDS = 15.0
FADE_SECONDS = 0.6

#: Seconds the undo toast stays after a tap or a press.
TOAST_SECONDS = 6.0

#: Seconds the "read" flash stays after a tap or press reached the daemon.
FLASH_SECONDS = 0.6

#: Seconds an ``input`` message (a read reached the daemon) waits for the state it leads
#: to, so that both show in the same frame: a frame less a press (under the software
#: renderer a frame costs more than the rest of a state). Alone, it shows after this.
INPUT_WAIT = 0.05

#: Seconds between checks of the ``stop_event``.
STOP_POLL = 0.1

#: Seconds without a state or a screen change (the frames showing it drawn) after which the
#: C heap hands its free pages back (:mod:`ui.memory`).
TRIM_SECONDS = 1.0


class CompanionApp(App):
    """The touchscreen client.

    Args:
        socket_path: the daemon's Unix socket.
        stop_event: when set, the window closes ``linger`` seconds later.
        linger: seconds to keep the window open after ``stop_event`` is set.
        screenshot: save a PNG of the window here just before it closes.

    Attributes:
        model: the :class:`TableModel` the screens bind to.
        tr: the :class:`~ui.i18n.Translator` (``app.tr._("…")``), following the daemon's language.
        scale: size factor of the UI: 1.0 at 800×480 (or 480×800), larger on larger windows.
        portrait: the window is taller than wide.
        toast: the undo toast's words ("" when none is up).
        flash: a tap or press just reached the daemon (a dot lights at once).
        large_text: the table's text size is "large" (Settings; kept by the daemon, issue 29):
            the reading text (prompt, physical step, lesson) is larger where it fits.
        motion: what changed is animated (Settings; kept by the daemon, issue 29).
    """

    model = ObjectProperty(None)
    scale = NumericProperty(1.0)
    portrait = BooleanProperty(False)
    socket_path = StringProperty("")
    toast = StringProperty("")
    flash = BooleanProperty(False)
    large_text = BooleanProperty(False)
    motion = BooleanProperty(True)

    def __init__(self, socket_path: str | Path, stop_event: threading.Event | None = None,
                 linger: float = 0.0, screenshot: str | Path | None = None, first_page: str | None = None,
                 **kwargs):
        self.tr = Translator()
        super().__init__(**kwargs)
        self.title = "Haunt Companion"
        self.socket_path = str(socket_path)
        self.model = TableModel()
        self.model.bind(screen_settings=self._screen_settings)
        self.stop_event = stop_event
        self.linger = linger
        self.screenshot_path = screenshot
        #: The page to go to once the first state with a game comes (then None).
        self.first_page = first_page
        self.link = DaemonLink(self.socket_path, on_message=self._from_daemon, on_lost=self._lost)
        self._notice_timer = None
        self._toast_timer = None
        self._flash_timer = None
        self._held_input: dict | None = None
        self._input_timer = None
        self._toast_for: dict | None = None
        self._stop_watch = None
        self._banner = None
        #: Staff's message and call last shown on the banner (:meth:`_staff`).
        self._staff_seen: tuple = (None, False)
        #: The privacy screen while it is up (:mod:`ui.widgets.privacy`), else None.
        self.privacy: PrivacyScreen | None = None
        #: The player a touch just handed the screen to (:func:`ui.privacy.hands_over`), or "".
        self._handed_to = ""
        #: The phone codes while they show (:mod:`ui.widgets.phone_grid`), else None; the
        #: digest of the last links shown by themselves at a game's start, and whether the
        #: links were asked for a game's start (issue 22).
        self.phone_grid: PhoneGrid | None = None
        #: Answer type -> the screen that takes it (the owner's desk, saved games: issue 34);
        #: and the ``later`` message after each state (its odds figure, issue 35 item 3).
        self.answer_hooks: dict = {"later": self.model.take_later}
        self._grid_seen = ""
        self._grid_asked = False
        self._trim = Clock.create_trigger(release_free_memory, TRIM_SECONDS)

    # ------------------------------------------------------------------ lifecycle

    def build(self):
        load_kv("app")
        from ui.root import RootView

        Window.clearcolor = theme.BACKGROUND
        plain_shapes_nearest()
        Window.bind(size=self._rescale)
        self._rescale(Window, Window.size)
        from ui import uisettings
        from ui.screens.settings import apply_saved

        self.ui_settings = uisettings.load()
        root = RootView()
        apply_saved(Window, self.ui_settings, root.backlight)
        root.watch(Window)
        self._banner = root.ids.banner
        self.model.bind(screen=self._screen, language=self._language,
                        physical=self._physical, page=self._page, storage_warning=self._storage_warning,
                        staff=self._staff)
        root.show(self.model.screen)
        self.link.start()
        if self.stop_event is not None:
            self._stop_watch = Clock.schedule_interval(self._watch_stop, STOP_POLL)
        return root

    def on_start(self) -> None:
        """Everything made so far lives as long as the app: out of the garbage collector's
        way (fewer objects to walk in each full collection, a shorter pause in a frame)."""
        gc.collect()
        gc.freeze()

    def on_stop(self) -> None:
        self.link.stop()

    def _rescale(self, _window, size) -> None:
        """``scale`` = how many times the window exceeds 800×480 (480×800 when portrait),
        at least 1."""
        width, height = theme.DESIGN_SIZE
        self.portrait = size[1] > size[0]
        long_side, short_side = max(size), min(size)
        self.scale = max(1.0, min(long_side / width, short_side / height))

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
        Clock.schedule_once(lambda _dt: self._connection_lost())

    def _connection_lost(self) -> None:
        """Show the reconnecting screen; a privacy screen hides (nobody may be looking)."""
        if self.privacy is not None:
            self.privacy.hide()
        if self.phone_grid is not None:
            self.phone_grid.dismiss(animation=False)
        self.model.connection_lost()

    @property
    def revision(self) -> int | None:
        """The revision of the daemon state on screen (the one a touch answers); None before
        the first state."""
        return getattr(self, "_revision", None)

    def handle_message(self, message: dict[str, Any]) -> None:
        """Take one daemon message now, on the main thread: what each message from the link
        comes to through the Clock; a tool or test handing over recorded messages calls it."""
        self._handle(message)

    def _handle(self, message: dict[str, Any], _dt=None) -> None:
        kind = message.get("type")
        if kind == "state":
            self._state(message)
        elif kind == "notice":
            self.show_notice(str(message.get("text", "")), str(message.get("level", "warning")),
                             str(message.get("reason") or "") or None)
        elif kind == "input":
            self._hold_input(message)
        elif kind == "games":
            self.model.catalogue = {"games": message.get("games") or [], "current": message.get("current")}
        elif kind == "about":
            self.model.about = {k: v for k, v in message.items() if k != "type"}
        elif kind == "content" and isinstance(message.get("game"), str):
            self.model.content = {**self.model.content, message["game"]: message}
        elif kind == "components":
            self.model.components = {k: v for k, v in message.items() if k != "type"}
        elif kind == "check":
            self.model.check = {k: v for k, v in message.items() if k != "type"}
        elif kind == "private" and self.privacy is not None:
            self.privacy.take(message)
        elif kind == "phone_links":
            self._phone_links(message)
        elif kind in self.answer_hooks:  # a screen's own answers (issue 34: desk_link, saved_games)
            self.answer_hooks[kind](message)

    def _hold_input(self, message: dict[str, Any]) -> None:
        """Keep an ``input`` message until its state comes, at most :data:`INPUT_WAIT`."""
        self._take_input()  # one still waiting goes first
        self._held_input = message
        self._input_timer = Clock.schedule_once(self._take_input, INPUT_WAIT)

    def _take_input(self, _dt=None) -> None:
        """Show the ``input`` message kept by :meth:`_hold_input`, if any: the read dot and
        the reader's activity."""
        message, self._held_input = self._held_input, None
        if self._input_timer is not None:
            self._input_timer.cancel()
            self._input_timer = None
        if message is not None:
            self.model.take_input(message)
            self._flash()

    def _state(self, message: dict[str, Any]) -> None:
        self._take_input()  # the read that led here, in the same frame
        first = not self.model.connected
        self._revision = message.get("revision")  # the state the buttons on screen show
        started = _new_game(self.model, message)
        # the names' articles, before the view: a board's sentence says "verso il Luogo 7" (issue 29)
        self.tr.articles = dict(message.get("articles") or {})
        self.model.apply_state(message)
        if started:  # the last game's refusal does not fade over the new board (issue 29)
            self._drop_notice()
        if self.model.switched_to:  # which game is on the table now (newcomer20 finding 15)
            self.show_notice(self.model.switched_to, "info")
        if self.first_page and self.model.game:  # the demo and companion play open on the game
            self.model.go(self.first_page)
            self.first_page = None
        self._refresh_check()
        if self.privacy is not None:
            self.privacy.state_changed(self.model.private_player)
        self._open_handed_over()
        self._phones_at_start()
        self._trim_later()
        if first:
            self.ask("games")
            self.ask("about")

    def _trim_later(self) -> None:
        """Hand the C heap's free pages back once the table is quiet: :data:`TRIM_SECONDS`
        after the last state or screen change (the frames showing it drawn, Mesa's shader
        compiles for them done), not during a burst of them."""
        self._trim.cancel()
        self._trim()

    def _screen(self, _model, name: str) -> None:
        """Show screen ``name``; a notice belongs to the screen it came on: it goes."""
        self.root.show(name)
        self._trim_later()
        self._phones_at_start()
        self._drop_notice()
        self._storage_warning(self.model, self.model.storage_warning)

    def _drop_notice(self) -> None:
        """Take the banner's notice away now (its fade too)."""
        if self._notice_timer is not None:
            self._notice_timer.cancel()
        if self._banner is not None:
            Animation.cancel_all(self._banner, "opacity")
            self._banner.opacity = 1
        self.model.clear_notice()

    def _storage_warning(self, _model, warning: str) -> None:
        """The game is not being saved (issue 26): said on the banner when it starts, and on
        each screen shown while it lasts; Home keeps it as a line of its own instead."""
        if warning and self.model.screen != "home":
            self.show_notice(warning, "error")

    def _staff(self, _model, staff: dict) -> None:
        """Staff's message to a venue table (or the table's call for staff, made) on the
        notice banner once, when it comes: it lies where a refusal does, over no button, and
        goes on a touch or after :data:`STAFF_SECONDS` (newcomer20: a strip at the window's
        foot hid the main button and the bottom row until staff answered)."""
        seen = ((staff or {}).get("message"), bool((staff or {}).get("called")))
        before, self._staff_seen = self._staff_seen, seen
        new_message = bool(seen[0]) and seen[0] != before[0]
        if new_message or (seen[1] and not before[1] and not seen[0]):
            self.show_notice(staff_text(staff, self.tr._), "warning", seconds=STAFF_SECONDS)

    def _language(self, _model, lang: str) -> None:
        if self.tr.switch(lang):
            self._drop_notice()  # worded by the daemon in the other language (trial3)
            self.ask("games")  # option help comes in the table's language
            self.model.components = {}  # the Cards search's names, in the other language (issue 29)

    def _page(self, _model, page: str) -> None:
        if page in ("home", "newgame") and self.model.connected:
            self.ask("games")
        self._refresh_check()

    def _refresh_check(self) -> None:
        """While the table check shows, ask for it again (after every state: a correction,
        another screen's touch, a tap)."""
        if self.model.page == "check" and self.model.connected:
            self.ask("check")

    def correct(self, key: str) -> None:
        """A correction on the table check was touched: an ordinary ``choose``, made on the
        state the check was read from (a stale one is refused by the daemon)."""
        self._send("choose", key, self.model.check.get("revision"))

    def show_notice(self, text: str, level: str = "warning", shown: str | None = None,
                    seconds: float | None = None) -> None:
        """Show ``text`` on the banner (``shown`` instead when given: a refusal without the
        prompt it repeats); it fades after ``seconds``, by default :data:`NOTICE_SECONDS`
        (errors longer). Refusals also go into the log, whole."""
        if self._notice_timer is not None:
            self._notice_timer.cancel()
        if self._banner is not None:
            Animation.cancel_all(self._banner, "opacity")
            self._banner.opacity = 1
        self.model.show_notice(text, level, shown)
        if seconds is None:
            seconds = ERROR_SECONDS if level == "error" else NOTICE_SECONDS
        self._notice_timer = Clock.schedule_once(self._fade_notice, seconds)

    def _fade_notice(self, _dt=None) -> None:
        if self._banner is None:
            self.model.clear_notice()
            return
        fade = Animation(opacity=0, d=FADE_SECONDS)
        fade.bind(on_complete=lambda *_: self.model.clear_notice())
        fade.start(self._banner)

    def _physical(self, _model, physical: dict | None) -> None:
        """A tap or a press was accepted: the undo toast says what was read."""
        if self._toast_timer is not None:
            self._toast_timer.cancel()
        if not physical:
            self.toast, self._toast_for = "", None
            return
        label = physical.get("label", "")
        if physical.get("kind") == "tap":
            self.toast = self.tr._("Read: {thing}", thing=label)
        else:
            self.toast = self.tr._("Pressed: {thing}", thing=label)
        self._toast_for = physical
        self._toast_timer = Clock.schedule_once(self._end_toast, TOAST_SECONDS)

    def _end_toast(self, _dt=None) -> None:
        self.toast, self._toast_for = "", None

    def _flash(self) -> None:
        self.flash = True
        if self._flash_timer is not None:
            self._flash_timer.cancel()
        self._flash_timer = Clock.schedule_once(lambda _dt: setattr(self, "flash", False), FLASH_SECONDS)

    # ------------------------------------------------------------------ UI -> daemon

    def choose(self, key: str) -> None:
        """A choice button was touched."""
        if key == NEW_GAME:
            self.model.go("newgame")
        elif key in (PRIVACY_KEY, SECRETS_KEY):
            self.open_privacy(self.model.private_player if key == PRIVACY_KEY else "")
        else:
            self._handed_to = hands_over(list(self.model.choices), key, self.model.player)
            self._send("choose", key, getattr(self, "_revision", None))

    def _open_handed_over(self) -> None:
        """After "Only I am looking" (a choice handing the screen over): the player's
        privacy screen opens at once, past its cover, when the new prompt's private choices
        are theirs; any other state forgets the hand-over (issue 29 item 3)."""
        player, self._handed_to = self._handed_to, ""
        if player and player == self.model.private_player and self.privacy is None:
            self.open_privacy(player).reveal()

    def open_privacy(self, player: str = "") -> PrivacyScreen:
        """Cover the window with the privacy screen for ``player`` ("": ask who looks)."""
        if self.privacy is not None:
            self.privacy.hide()
        from ui.widgets.privacy import PrivacyScreen

        self.privacy = PrivacyScreen(self, player)
        self.privacy.bind(on_dismiss=self._privacy_gone)
        self.privacy.open(animation=False)
        return self.privacy

    def _phones_at_start(self) -> None:
        """A game just started (no input yet) on the table screen with phones on: ask for
        the links, to pair each player's phone in turn once per game (:meth:`_phone_links`)."""
        model = self.model
        start = bool(model.phones) and bool(model.game) and not model.can_undo and not model.over
        if not start:
            self._grid_asked = False
        elif model.screen == "table" and not self._grid_asked and self.phone_grid is None and self.privacy is None:
            self._grid_asked = True
            self.ask("phone_links")

    def _phone_links(self, answer: dict) -> None:
        """The daemon's ``phone_links`` answer (to this client only): to the codes on show,
        or the cover's; at a game's start, the pairing opens unless it showed these links."""
        if self.privacy is not None:
            self.privacy.take_links(answer)
        if self.phone_grid is not None:
            self.phone_grid.take_links(answer)
        elif self._grid_asked and self.privacy is None and links_seen(answer.get("links") or {}) != self._grid_seen:
            self._grid_seen = links_seen(answer.get("links") or {})
            self.open_phone_grid(ask=False).take_links(answer)

    def show_phone_codes(self) -> None:
        """The home screen's "Phones" button: the table screen with the players' names, each
        to touch for their own code (one at a time)."""
        self.model.go("table")
        self.open_phone_grid(start=False)

    def open_phone_grid(self, ask: bool = True, start: bool = True) -> PhoneGrid:
        """Cover the window with the phones' pairing (``start``: each unpaired player's code in
        turn, else the names first; ``ask``: the links are asked for)."""
        if self.phone_grid is None:
            from ui.widgets.phone_grid import PhoneGrid

            self.phone_grid = PhoneGrid(self, start=start)
            self.phone_grid.bind(on_dismiss=self._grid_gone)
            self.phone_grid.open(animation=False)
        if ask:
            self.ask("phone_links")
        return self.phone_grid

    def _grid_gone(self, grid) -> None:
        if self.phone_grid is grid:
            self.phone_grid = None

    def _privacy_gone(self, screen) -> None:
        if self.privacy is screen:
            self.privacy = None

    def repeat(self) -> None:
        """The Repeat button: every client says the prompt and the steps again (the voice;
        ``{"cmd": "repeat"}``, SPEC-MESSAGES)."""
        self.ask("repeat")

    def call_staff(self) -> None:
        """Menu's "Call staff" (a venue table): ``{"cmd": "call_staff"}``; the state's
        ``staff`` then shows the banner until staff answer."""
        self.ask("call_staff")

    def show_history(self):
        """History: the game's log over the table screen, one touch away (issue 29)."""
        from ui.widgets.history import HistoryView

        view = HistoryView(self)
        view.open(animation=False)
        return view

    def show_why(self, entries: list | None = None):
        """Why?: the daemon's explanations of the latest news lines (issue 33 item 1), or of
        ``entries`` (``(line, why)`` pairs: a History line's, item 2). For the latest news
        the voice says them too (``{"cmd": "why"}``, when it is on)."""
        from ui.widgets.why import WhyView

        view = WhyView(self, entries)
        view.open(animation=False)
        if entries is None and self.model.voice.get("on", True):
            self.ask("why")
        return view

    def show_rules(self):
        """Rules: the rules card for the step at hand, from the daemon (issue 33 item 4)."""
        from ui.widgets.rules import RulesView

        view = RulesView(self)
        self.answer_hooks["rules"] = view.take
        view.open(animation=False)
        self.ask("rules")
        return view

    def undo(self) -> None:
        """The Undo button (or the toast's) was touched. Undoing a tap or a press says which
        physical thing to put back."""
        undone = self._toast_for
        self._end_toast()
        self._send("undo", getattr(self, "_revision", None), after=partial(self._undone, undone))

    def _undone(self, undone: dict | None, ack: dict | None) -> None:
        if not ack or not ack.get("ok") or not undone:
            return
        if undone.get("kind") == "tap":
            text = self.tr._("Undone. Put the {thing} back where it was before it was read.",
                             thing=undone.get("label", ""))
        else:
            text = self.tr._("Undone. The dice will show the same again: undo never re-rolls.")
        self.show_notice(text, "info")

    def new_game(self, game: str, players: list[str], options: dict[str, Any],
                 colours: dict[str, str] | None = None) -> None:
        """Start ``game``; a running game is left unfinished in the store (the New game
        screen asked first). ``colours``: player -> palette key (sent only when some)."""
        message = {"cmd": "new_game", "game": game, "players": list(players), "options": dict(options),
                   "abandon": True}
        if colours:
            message["colours"] = dict(colours)
        self._send("request", message, after=self._started)

    def _started(self, ack: dict | None) -> None:
        if ack and ack.get("ok"):
            self._grid_asked = False  # a new game: its codes show at the start (issue 22)
            self.model.go("table")

    def set_language(self, lang: str) -> None:
        """Ask the daemon to speak ``lang``; the client follows the state it sends back."""
        self.ask("language", language=lang)

    def set_screen(self, **screen: Any) -> None:
        """Ask the daemon to keep the table screen's settings (``text="large"``,
        ``motion=False``); every screen follows the state it sends back (issue 29)."""
        self.ask("screen_settings", screen=screen)

    def _screen_settings(self, _model, settings: dict) -> None:
        self.large_text = settings.get("text") == "large"
        self.motion = settings.get("motion") is not False

    def enroll(self, cmd: str, **fields: Any) -> None:
        """``enroll_start`` (game=…), ``enroll_skip``, ``enroll_undo``, ``enroll_stop``."""
        self.ask(cmd, **fields)

    def save_content(self, component: str, fields: dict[str, Any] | None, after=None) -> None:
        """Record what is printed on ``component`` (``fields`` None: back to the content
        file's data). The daemon's answer goes on the banner (it says the entry counts from
        the next new game, or what the table must put right first, or why it was refused);
        then the game's forms are asked for again and ``after(ok)`` is called."""
        message = {"cmd": "content_set", "component": component, "fields": fields}
        self.link.command("request", message, done=lambda ack, error: Clock.schedule_once(
            partial(self._content_saved, component, after, ack, error)))

    def _content_saved(self, component: str, after, ack, error, _dt=None) -> None:
        ok = bool(ack and ack.get("ok"))
        if error is not None:
            self.show_notice(self.tr._("The companion did not get that: {problem}", problem=str(error)), "error")
        else:
            self.show_notice(str(ack.get("text", "")), "info" if ok else "error")
        self.ask("content", game=component.split(":", 1)[0])
        if after is not None:
            after(ok)

    def ask(self, cmd: str, **fields: Any) -> None:
        """Send a command that is no table input (answers arrive as messages)."""
        self.link.command("request", {"cmd": cmd, **fields})

    def _send(self, name: str, *args: Any, after=None) -> None:
        """Queue a table input; touches are ignored while one is on its way."""
        if self.model.busy:
            return
        self.model.busy = True
        self.link.command(name, *args, done=partial(self._sent, after))

    def _sent(self, after, ack: dict[str, Any] | None, error: Exception | None) -> None:
        """Called on the command thread with the daemon's answer."""
        Clock.schedule_once(partial(self._after_send, after, ack, error))

    def _after_send(self, after, ack, error: Exception | None, _dt=None) -> None:
        self.model.busy = False
        if error is not None:
            self.show_notice(self.tr._("The companion did not get that touch: {problem}", problem=str(error)),
                             "error")
        elif after is not None:
            after(ack)


def _new_game(model, message: dict[str, Any]) -> bool:
    """``message`` (a state) brings a game just started, not the one ``model`` shows: no input
    yet (nothing to undo, no news), where the model showed another game, a finished one, or
    one with inputs (a new game started here, from another screen or a script)."""
    prompt = message.get("prompt") or {}
    fresh = bool(message.get("game")) and not message.get("news") and not message.get("can_undo") \
        and not prompt.get("over")
    return fresh and (message.get("game") != model.game or model.over or model.can_undo)
