"""The view-model: the latest daemon messages as Kivy properties the screens bind to.

Only touched on the Kivy main thread (the app hops there with ``Clock``). Words shown
here come from the daemon, already in the table's language; the client's own words are
translated where they are drawn (``app.tr``).
"""

from __future__ import annotations

import time
from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.i18n import render
from companion.now_playing import now_playing, switched
from companion.protocol import SCREEN_DEFAULTS, private_player
from ui.readers import ReaderActivity
from ui.theme import is_ink

#: Pages the players move between; ``waiting`` and ``enroll`` are chosen by the daemon's
#: state (no connection; an enrollment walk running).
PAGES = ("home", "newgame", "table", "settings", "check", "content", "desk", "saved", "voice_settings")

#: Log entries kept on the client (news and the notices that refused something).
HISTORY = 40


def _aligned(whys: list, count: int) -> list:
    """``count`` why entries (a dict or None each), from the state's ``why`` or ``log_why``:
    anything else is None, missing ones (an older daemon) are None."""
    return [why if isinstance(why, dict) else None for why in whys[:count]] + [None] * max(0, count - len(whys))


def _kinds(lines: list[str], notable) -> list[tuple[str, str]]:
    """``lines`` as history entries: kind ``"moment"`` at the indexes in ``notable`` (the state's
    ``notable`` or ``log_notable``), ``"news"`` elsewhere."""
    marked = set(notable or ())
    return [(line, "moment" if i in marked else "news") for i, line in enumerate(lines)]


class TableModel(EventDispatcher):
    """What the screens show.

    Attributes:
        screen: the screen on show: ``"waiting"`` (no daemon), ``"enroll"`` (a walk runs),
            else ``page``.
        page: the page the players chose (:data:`PAGES`).
        connected: a state message came on the current connection.
        reconnecting: the connection was open once and went away.
        game, title: the game id ("" when there is no game) and its title.
        view: the game's public view (see the game's ``view.py``).
        colours: player name -> palette key (``companion.palette``), the game's header's.
        prompt_text, player, choices, over: the current prompt; ``choices`` are
            ``{"key", "label"}`` dicts.
        summary: once it is over, how the game ended (the prompt's ``summary``), else "".
        ending: once it is over, the prompt's ``ending`` (won, lost or a tie, the winners,
            the scores, the solution: ``companion.engine.ending``), else {}.
        can_undo: the daemon would accept Undo.
        history: ``(text, kind)`` log entries, oldest first: kind ``"news"``, ``"moment"`` (news
            the game marked as a moment to remember: the state's ``notable``/``log_notable``)
            or ``"notice"``;
            ``fresh``: how many of the last entries are new since the previous state;
            ``history_why``: one entry per history entry, the daemon's explanation of that
            line (``{"rule", "text", "from"}``, issue 33 item 2) or None (a notice, a line
            the daemon did not explain); :meth:`explained_history` pairs them.
        moments: once the game is over, its moments still standing (``{"text", "turn",
            "round"}``, the state's ``moments``: an undo takes its own back, issue 29 item 7),
            else []: what the game-over summary recalls (:func:`ui.summary.moments`).
        notice, notice_level: the banner's notice ("" for none) and its level.
        physical: the last accepted tap or press for the undo toast (``{"kind", "label",
            "position"}``), or None.
        language: the table's language, from the daemon.
        readers: reader name -> ``{"online", "detail"}``; ``activity``: reads seen per reader.
        enrollment: the enrollment walk (see ``companion.enrollment.Walk.to_json``) or None.
        catalogue: the daemon's ``games`` answer (``games`` and ``current``), or {}.
        about: the daemon's ``about`` answer, or {}.
        content: game id -> the daemon's ``content`` answer for it (the forms of its printed
            card data, ``companion.table_content.forms``), for the games asked about.
        busy: a touch was sent and its answer has not come back yet.
        check: the daemon's latest ``check`` answer (``lines``, ``revision``), or {}: the
            table check screen (issue 6).
        private_main: the privacy screen is the expected next step (the prompt's
            ``private.main``; False when the step is a card's tap on the reader).
        private_player: whose privacy screen the prompt waits for ("" when its choices are
            all public): the choices themselves come only to that screen.
        private_players: the players with something of their own to see on a privacy screen.
        todo: ``{"kind", "text"}``: what the table must physically do now (issue 17 item 1).
        out_of_turn: ``{"key", "label", "player"}``: choices other players may make now.
        news: the last state's news (after a reconnection: the log's last lines).
        why: ``(news line, {"rule", "text", "from"})`` for each of the last news lines the
            daemon explained (issue 33), in order.
        hardware: the daemon's ``hardware`` (``dice_button``, ``virtual``, ``readers``), or
            {} when the daemon does not say (older daemons): unknown.
        phones: player -> their phone is connected (the state's ``phones``, issue 22): their
            private prompts are on their phone.
        venue, staff: the state's ``venue`` and ``staff`` (absent in older daemons: no venue,
            nobody called).
    """

    screen = StringProperty("waiting")
    page = StringProperty("home")
    connected = BooleanProperty(False)
    reconnecting = BooleanProperty(False)
    game = StringProperty("")
    title = StringProperty("")
    view = DictProperty({})
    colours = DictProperty({})
    #: The state's stand-ins (name as shown -> its number, issue 27 item 3): the boards draw
    #: a stand-in's icon and number where its name does not fit.
    stand_ins = DictProperty({})
    prompt_text = StringProperty("")
    summary = StringProperty("")
    ending = DictProperty({})
    player = StringProperty("")
    choices = ListProperty([])
    over = BooleanProperty(False)
    #: Before the first turn, while the table sets the game up (the prompt's ``setup``).
    setup = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    history = ListProperty([])
    history_why = ListProperty([])
    moments = ListProperty([])
    fresh = NumericProperty(0)
    notice = StringProperty("")
    notice_level = StringProperty("warning")
    physical = ObjectProperty(None, allownone=True)
    language = StringProperty("en")
    readers = DictProperty({})
    activity = ObjectProperty(None)
    enrollment = ObjectProperty(None, allownone=True)
    catalogue = DictProperty({})
    about = DictProperty({})
    content = DictProperty({})
    busy = BooleanProperty(False)
    check = DictProperty({})
    private_player = StringProperty("")
    private_main = BooleanProperty(False)
    private_players = ListProperty([])
    todo = ListProperty([])
    #: First-game mode's lesson for the step at hand (``{"rule", "text"}``; empty: none).
    lesson = DictProperty({})
    #: The odds meter (``{"what", "value"}``; empty: none now), drawn on the board.
    odds = DictProperty({})
    #: The view's slow figures of the state on show (the ``later`` message after it: Creepy
    #: Cellar's odds meter, issue 35 item 3), view key -> figure; the board takes them.
    later = DictProperty({})
    out_of_turn = ListProperty([])
    news = ListProperty([])
    why = ListProperty([])
    #: The daemon's hardware (``{"dice_button", "virtual", "readers": [...]}``) and, with
    #: virtual readers, the cards the prompt would take (``[{"component", "label"}]``).
    hardware = DictProperty({})
    tap_components = ListProperty([])
    #: The prompt takes the tap of a card it lists nowhere (its ``hidden_card``): "private",
    #: "face-down", or "".
    hidden_card = StringProperty("")
    #: The daemon's last ``components`` answer (every card of a game, for the Cards search).
    components = DictProperty({})
    phones = DictProperty({})
    #: The table's voice settings (the state's ``voice``, issue 28; Settings > Voice).
    voice = DictProperty({})
    #: The table screen's settings (the state's ``screen``, issue 29; Settings > Screen):
    #: ``{"text": "normal"|"large", "motion": bool}``, the defaults until a daemon says.
    screen_settings = DictProperty(dict(SCREEN_DEFAULTS))
    #: A venue table (the config has [mqtt]): Menu offers "Call staff" (SPEC-MESSAGES).
    venue = BooleanProperty(False)
    #: The state's revision (0 before one): a new one is a new input (the todo steps start
    #: unticked again); a language switch keeps it (the ticks stay).
    revision = NumericProperty(0)
    #: ``{"called", "since", "message"}`` from the state (absent keys: nothing called).
    staff = DictProperty({})
    #: The daemon's ``storage_warning`` ("" when the game is saved): the inputs are kept in
    #: memory only (a full disk, a read-only store; issue 26). On the banner when it comes
    #: and on every screen shown while it lasts; on Home for as long as it lasts.
    storage_warning = StringProperty("")

    def __init__(self, clock=time.monotonic, **kwargs):
        super().__init__(**kwargs)
        self.activity = ReaderActivity(clock)
        self._table_game: dict[str, Any] | None = None  # the last state's ``table_game`` (a switch's test)
        #: The line of the game the last state put on the table in place of another, else "".
        self.switched_to = ""
        self.bind(page=self._pick_screen, connected=self._pick_screen, enrollment=self._pick_screen)

    # ------------------------------------------------------------------ daemon messages

    def take_later(self, message: dict[str, Any]) -> None:
        """Take a ``later`` message: the slow figures of the state on show (its ``revision``
        and ``game``); one of an older state is dropped (the newer state's own follows it)."""
        if message.get("revision") == self.revision and message.get("game") == self.game:
            self.later = dict(message.get("view") or {})

    def apply_state(self, message: dict[str, Any]) -> None:
        """Take a ``state`` message (see ``companion.protocol.state_message``)."""
        prompt = message.get("prompt") or {}
        before, self._table_game = self._table_game, message.get("table_game")
        self.language = message.get("language") or "en"
        self.game = message.get("game") or ""
        self.title = message.get("title") or ""
        # a pawn's printed colour in it already (Game.seat_colours), as printed where the game says
        # (``inks``: the Cellar's red pawn, not the palette's orange: issue 29 audit)
        colours = {**dict(message.get("colours") or {}), **inks_of(message)}
        if colours != self.colours:
            self.colours = colours  # before the view: the table screen hands both to the board
        stand_ins = dict(message.get("stand_ins") or {})
        if stand_ins != self.stand_ins:
            self.stand_ins = stand_ins  # before the view, as the colours
        self.view = message.get("view") or {}
        text = prompt.get("text") or ""
        self.player = prompt.get("player") or ""
        self.choices = [c for c in prompt.get("choices") or [] if "key" in c]
        self.revision = int(message.get("revision") or 0)
        self.todo = list(message.get("todo") or [])  # checked by the client (companion.schema)
        self.out_of_turn = list(prompt.get("out_of_turn") or [])
        self.hardware = dict(message.get("hardware") or {})
        self.lesson = dict(message.get("lesson") or {})
        self.odds = dict(message.get("odds") or {})
        self.ending = dict(prompt.get("ending") or {})  # before the summary: the panel reads both
        self.summary = prompt.get("summary") or ""  # before the prompt: the panel reads both
        self.prompt_text = text  # true to the hardware already: the daemon words it (issue 17 item 7)
        self.private_main = bool((prompt.get("private") or {}).get("main"))  # before its player: kv reads both
        self.private_player = private_player(message)
        self.private_players = [str(p) for p in message.get("private_players") or []]
        self.phones = {str(p): bool(on) for p, on in (message.get("phones") or {}).items()}
        self.voice = dict(message.get("voice") or {})
        screen = {**SCREEN_DEFAULTS, **(message.get("screen") or {})}
        if screen != self.screen_settings:
            self.screen_settings = screen
        self.over = bool(prompt.get("over"))
        self.setup = bool(prompt.get("setup"))
        self.can_undo = bool(message.get("can_undo"))
        self.readers = dict(message.get("readers") or {})
        self.hidden_card = str(prompt.get("hidden_card") or "")  # before the cards: the panel reads both
        self.tap_components = list(message.get("tap_components") or [])
        news = list(message.get("news") or [])
        log = list(message.get("log") or [])
        self.news = news or log[-3:]
        whys = _aligned(list(message.get("why") or []), len(news))
        log_whys = _aligned(list(message.get("log_why") or []), len(log))
        # without news (a reconnection, a language switch) the board shows the log's last lines: their whys
        shown = zip(news, whys) if news else zip(log[-3:], log_whys[-3:])
        self.why = [(line, entry) for line, entry in shown if entry is not None]
        self._take_log(_kinds(log, message.get("log_notable")), _kinds(news, message.get("notable")), whys, log_whys)
        if before is not None or self.connected:
            self._say_switch(before, message)
        moments = list(message.get("moments") or [])  # once over: the game's moments still standing
        if moments != self.moments:  # a game end's few states: the panels redraw rarely
            self.moments = moments
        self.physical = message.get("physical")
        self.venue = bool(message.get("venue"))
        staff = message.get("staff")
        self.staff = dict(staff or {})
        self._take_storage_warning(message.get("storage_warning"))
        self.enrollment = message.get("enrollment")
        if not self.game and self.page in ("table", "check"):
            self.page = "home"
        self.connected = True
        self.reconnecting = False

    def _say_switch(self, before: dict[str, Any] | None, message: dict[str, Any]) -> None:
        """Another game with inputs is on the table (resumed from the owner's desk or Saved
        games: newcomer20 finding 15): its line first among the news on the board, last in the
        history and in ``switched_to``, which the app puts on the banner."""
        self.switched_to = ""
        if not switched({"table_game": before}, message) or not message["table_game"].get("inputs"):
            return  # a new game's own board, title and set-up list say which it is
        line = self.switched_to = render(now_playing(message["table_game"]), self.language)
        self.news = [line, *self.news][:3]
        self._extend_history([(line, "news")], [None])

    def _take_storage_warning(self, warning) -> None:
        """The warning while it lasts (the app puts it on the banner: ``CompanionApp``)."""
        self.storage_warning = warning or ""

    def _take_log(self, log: list[tuple[str, str]], news: list[tuple[str, str]], whys: list, log_whys: list) -> None:
        """News (``(text, kind)`` entries) extend the history (and their whys its
        ``history_why``); a state without news (a reconnection, a language switch, a new game)
        starts it again from the daemon's log and its ``log_why``."""
        if news:
            self._extend_history(news, whys)
            self.fresh = len(news)
        else:
            self.history_why = list(log_whys)[-HISTORY:]
            self.history = log[-HISTORY:]
            self.fresh = 0

    def _extend_history(self, entries: list[tuple[str, str]], whys: list) -> None:
        """Add ``entries`` to the history, ``whys`` to ``history_why`` (the whys first: a
        widget that follows ``history`` finds them in step)."""
        self.history_why = (self.explained_whys() + list(whys))[-HISTORY:]
        self.history = (self.history + entries)[-HISTORY:]

    def explained_whys(self) -> list:
        """``history_why`` in step with ``history`` (one entry per line, None where unknown)."""
        whys = list(self.history_why)[-len(self.history):] if self.history else []
        return [None] * (len(self.history) - len(whys)) + whys

    def explained_history(self) -> list[tuple[str, str, dict | None]]:
        """``(text, kind, why)`` for each history entry, oldest first: ``why`` is the daemon's
        explanation of that line (issue 33 item 2), or None."""
        return [(text, kind, why) for (text, kind), why in zip(self.history, self.explained_whys())]

    def take_input(self, message: dict[str, Any]) -> None:
        """An ``input`` message: a tap or press reached the daemon (before the rules)."""
        self.activity.seen(message)
        self.property("activity").dispatch(self)

    def connection_lost(self) -> None:
        """The daemon went away: show the reconnecting screen."""
        self.connected = False
        self.reconnecting = True
        self.busy = False
        self.physical = None

    # ------------------------------------------------------------------ notices

    def show_notice(self, text: str, level: str = "warning", shown: str | None = None) -> None:
        """Put ``text`` on the banner (the app fades it after a few seconds) and in the log
        (a stand-in card is named without a "(placeholder)" mark by the daemon: issue 29).
        ``shown``: the banner's words when they are not ``text`` (a refusal's reason without
        the prompt it repeats: the prompt is beside it; the log keeps the whole sentence)."""
        self.notice_level = level
        self.notice = shown or text
        if level != "info":
            self._extend_history([(text, "notice")], [None])
            self.fresh = 1

    def clear_notice(self) -> None:
        self.notice = ""

    # ------------------------------------------------------------------ pages

    def go(self, page: str) -> None:
        """Show ``page`` (one of :data:`PAGES`)."""
        if page not in PAGES:
            raise ValueError(f"no page {page!r}")
        self.page = page

    def _pick_screen(self, *_args) -> None:
        if not self.connected:
            self.screen = "waiting"
        elif self.enrollment:
            self.screen = "enroll"
        else:
            self.screen = self.page


def inks_of(message: dict[str, Any]) -> dict[str, str]:
    """The state's ``inks`` (player -> ``#rrggbb``: the printed colour of the player's
    pieces), those well formed."""
    inks = message.get("inks") or {}
    return {str(name): ink for name, ink in inks.items() if isinstance(ink, str) and is_ink(ink)}
