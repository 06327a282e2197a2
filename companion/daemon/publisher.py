"""The state publisher: what every screen is told, in the table's language.

After each accepted input the daemon calls :meth:`StatePublisher.publish`; the state
message (:func:`companion.protocol.state_message` plus the daemon's own fields) goes to
every client through the :class:`~companion.daemon.hub.ClientHub`. Notices (a refusal, a
reader offline) and the "input seen" flash go the same way.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import TYPE_CHECKING, Any

from companion import protocol
from companion.daemon.screen import screen_settings
from companion.daemon.voice import voice_settings
from companion.engine.why import why_message
from companion.errors import StoreError
from companion.i18n import msg, render
from companion.inputs import Input, Press, Tap

if TYPE_CHECKING:
    from companion.daemon.api import PublishedDaemon
    from companion.daemon.hub import ClientHub

log = logging.getLogger(__name__)

#: News lines kept for the screen's event log.
RECENT_NEWS = 12


class StatePublisher:
    """Builds the state message and sends it, the notices and the input flashes to every client.

    Attributes:
        recent: the news lines of the screen's event log (sentences, rendered when sent).
    """

    def __init__(self, daemon: PublishedDaemon, hub: ClientHub):
        self.daemon, self.hub = daemon, hub
        self.recent: deque[str] = deque(maxlen=RECENT_NEWS)
        # id -> (it, (language, touch), text, its why): each sentence rendered once
        self._rendered: dict[int, tuple[Any, tuple[str, bool], str, Any]] = {}
        self._started: tuple[int | None, float | None] = (None, None)  # game id -> its start (venue)

    def publish(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> None:
        """Send the current state to every client (``physical``: see :meth:`physical`), and
        to the phones their part of it (issue 22)."""
        state = self.state(news, physical)
        self.hub.broadcast(state)
        if self.daemon.phones is not None:
            self.daemon.phones.published(state)
        if self.daemon.venue is not None:  # after the screens, on the loop's next turn
            self.daemon.loop.call_soon(self.daemon.venue.published, state, *self.game_facts())

    def state(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``state`` message."""
        daemon, language = self.daemon, self.daemon.language
        walk, warning = daemon.enroller.walk, daemon.saving.warning
        rendered = self._rendered_recent()
        return {**protocol.state_message(daemon.session, [text for text, _ in rendered], news, language,
                                         daemon.by_touch, [why for _, why in rendered],
                                         protocol.notable_indexes(self.recent)),
                "language": language, "readers": self._readers(), "revision": daemon.revision,
                "storage_warning": None if warning is None else render(warning, language),
                "enrollment": walk.to_json(language) if walk is not None else None,
                "physical": physical, "phones": self._phones(),
                "hardware": {**daemon.taps.hardware(), "broker": self._broker()},
                "tap_components": daemon.taps.tap_components(),
                "staff": daemon.staff.to_json(), "venue": daemon.mqtt_config is not None,
                "finished_game": _finished_game(daemon), "voice": voice_settings(daemon),
                "screen": screen_settings(daemon)}

    def _broker(self) -> dict[str, Any] | None:
        """The venue broker's status (issue 32; None without ``[mqtt]``): ``{"broker",
        "table", "connected", "problem", "queued", "dropped"}``."""
        daemon = self.daemon
        if daemon.venue is not None:
            return daemon.venue.status()
        if daemon.mqtt_config is None:
            return None
        return {"broker": daemon.mqtt_config.broker, "table": daemon.mqtt_config.table, "connected": False,
                "problem": None, "queued": 0, "dropped": 0}

    def game_facts(self) -> tuple[int | None, float | None]:
        """The game's number in the store and when it started (for the venue's time played)."""
        session = self.daemon.session
        game_id = session.game_id if session is not None else None
        if game_id is None:
            return None, None
        if self._started[0] != game_id:
            try:
                record = self.daemon.store.game(game_id)
            except StoreError:  # the game goes on; the venue shows no time played
                record = None
            self._started = (game_id, record.started if record is not None else None)
        return game_id, self._started[1]

    def _phones(self) -> dict[str, bool]:
        """Whose phone is connected, ``{}`` with phones off or for a game with nothing private
        (Creepy Cellar: no phone to pair, issue 31)."""
        daemon = self.daemon
        if daemon.phones is None or (daemon.session is not None and not daemon.session.spec.private_information):
            return {}
        return daemon.phones.connected()

    def _readers(self) -> dict[str, dict[str, Any]]:
        """The readers' status, the offline details in the table's language."""
        language = self.daemon.language
        return {name: {**status, "detail": render(status.get("detail", ""), language)}
                for name, status in self.daemon.devices.readers.items()}

    def notify(self, text: str, level: str = "warning", rule: str | None = None) -> None:
        """Log ``text`` and show it on every screen as a notice (``rule``: a refusal's section)."""
        log.log(logging.ERROR if level == "error" else logging.INFO, "notice: %s", text)
        self.hub.broadcast(protocol.notice(text, level, self.daemon.language, self.daemon.by_touch, rule))

    def input_seen(self, inp: Input, show_uid: bool) -> None:
        """Flash a tap or press on every screen, before the rules see it."""
        self.hub.broadcast(input_seen(inp, show_uid))

    def _rendered_recent(self) -> list[tuple[str, Any]]:
        """The recent news rendered in the table's language, each with its ``why`` entry (issue
        33 item 2: None when the line carries none); each sentence rendered once (a state
        message is sent after every input, and the log changes by a line or two)."""
        cache, language, touch = self._rendered, self.daemon.language, self.daemon.by_touch
        rendered = []
        for text in self.recent:
            hit = cache.get(id(text))
            if hit is None or hit[0] is not text or hit[1] != (language, touch):
                hit = cache[id(text)] = (text, (language, touch), render(text, language, touch),
                                         why_message((text,), language)[0])
            rendered.append((hit[2], hit[3]))
        if len(cache) > 4 * RECENT_NEWS:  # keep only the sentences still shown
            alive = {id(text) for text in self.recent}
            for key in [k for k in cache if k not in alive]:
                del cache[key]
        return rendered

    def physical(self, inp: Input, hidden: bool = False) -> dict[str, Any] | None:
        """The accepted input as the undo toast names it, when it was a physical thing
        (a tap or a dice press, not an undo): ``{"kind": "tap"|"press", "label", "position"}``
        with the label rendered in the table's language; None for touches and undos. A tap
        that made a private choice (``hidden``: a card drawn into a hand) is "a private card"."""
        session = self.daemon.session
        if isinstance(inp, Tap) and hidden:
            label = msg("a private card")
        elif isinstance(inp, Tap):
            component = session.component_for(inp)
            label = session.spec.component_label(component) if component else inp.uid
        elif isinstance(inp, Press) and inp.hold < self.daemon.hold_time:
            label = msg("the dice button") if inp.button == "dice" else msg("the {button} button", button=inp.button)
        else:
            return None
        return {"kind": "tap" if isinstance(inp, Tap) else "press", "label": render(label, self.daemon.language),
                "position": session.position}


def input_seen(inp: Input, show_uid: bool) -> dict[str, Any]:
    """``{"type": "input", ...}``: a tap or press arrived, before the rules see it (screens
    flash it at once; the settings screen counts reads). Tap: ``reader`` and ``uid`` (None
    while a game is played: a face-down card's tag stays unnamed); press: ``button``,
    ``held`` (seconds)."""
    if isinstance(inp, Tap):
        return {"type": "input", "kind": "tap", "reader": inp.reader, "uid": inp.uid if show_uid else None}
    return {"type": "input", "kind": "press", "button": inp.button, "held": inp.hold}


def _finished_game(daemon: PublishedDaemon) -> dict[str, Any] | None:
    """The state's ``finished_game``: the game on the table is over (its summary shows until a
    new game starts): ``{"id": its number in the store, "after_restart": it was put back on the
    table when the daemon started}`` (issue 26); None otherwise."""
    session = daemon.session
    if session is None or not session.prompt.over:
        return None
    return {"id": session.game_id, "after_restart": daemon.game.finished_at_start == session.game_id}
