"""The state publisher: what every screen is told, in the table's language.

After each accepted input the daemon calls :meth:`StatePublisher.publish`; the state
message (:func:`companion.protocol.state_message` plus the daemon's own fields) goes to
every client through the :class:`~companion.daemon.hub.ClientHub`, and then, on the loop's
next turn, the view's slow figures (the ``later`` message: Creepy Cellar's odds meter, issue
35 item 3), so no screen waits for them to see the state. Notices (a refusal, a
reader offline) and the "input seen" flash go the same way.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion import protocol
from companion.engine.why import why_message
from companion.errors import StoreError
from companion.i18n import msg, render
from companion.inputs import Input, Press, Tap
from companion.now_playing import table_game

if TYPE_CHECKING:
    from companion.daemon.hub import ClientHub
    from companion.daemon.links import TableNow

log = logging.getLogger(__name__)

#: News lines kept for the screen's event log.
RECENT_NEWS = 12


@dataclass(frozen=True)
class Published:
    """What the publisher reads of the daemon (issue 27 item 1), and nothing else: each is asked
    when a state is built (the parts it reads are made after the publisher, which they notify
    through; phones, the venue link and the loop exist only while the daemon serves).

    Attributes:
        now: the table's snapshot: the session, language, ``by_touch`` and the readers'
            status (:class:`~companion.daemon.links.TableNow`).
        revision: the game's changes so far.
        finished_at_start: the number of the finished game put back on the table at start,
            or None.
        walk: the enrollment walk in progress, or None.
        storage_warning: why inputs are not being saved (a sentence), or None.
        hardware: the table's hardware for the state's ``hardware``, less the broker.
        tap_components: the virtual readers' components (the state's ``tap_components``).
        staff: the call for staff (the state's ``staff``).
        voice, screen: the voice's and the table screen's settings.
        started: when the stored game with this number started (unix seconds); raises
            :class:`~companion.errors.StoreError` when the store cannot tell.
        phones: the phone server while phones are served, or None.
        venue: the link to the venue's broker while ``[mqtt]`` is served, or None.
        soon: run a callable on the daemon's loop's next turn (``loop.call_soon``).
        mqtt: the config's ``[mqtt]``, or None.
        hold_time: a press held this long (seconds) or more is not a dice press.
    """

    now: Callable[[], TableNow]
    revision: Callable[[], int]
    finished_at_start: Callable[[], int | None]
    walk: Callable[[], Any]
    storage_warning: Callable[[], Any]
    hardware: Callable[[], dict[str, Any]]
    tap_components: Callable[[], list]
    staff: Callable[[], dict[str, Any]]
    voice: Callable[[], dict]
    screen: Callable[[], dict]
    started: Callable[[int], float | None]
    phones: Callable[[], Any]
    venue: Callable[[], Any]
    soon: Callable[..., Any]
    mqtt: Any
    hold_time: float


class StatePublisher:
    """Builds the state message and sends it, the notices and the input flashes to every client.

    Attributes:
        recent: the news lines of the screen's event log (sentences, rendered when sent).
    """

    def __init__(self, reads: Published, hub: ClientHub):
        self.reads, self.hub = reads, hub
        self.recent: deque[str] = deque(maxlen=RECENT_NEWS)
        # id -> (it, language, touch, text, its why): each sentence rendered once
        self._rendered: dict[int, tuple[Any, str, bool, str, Any]] = {}
        self._started: tuple[int | None, float | None] = (None, None)  # game id -> its start (venue)
        self._published = 0  # states broadcast so far (a ``later`` message follows the last)

    def publish(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> None:
        """Send the current state to every client (``physical``: see :meth:`physical`), and
        to the phones their part of it (issue 22)."""
        state = self.state(news, physical)
        self.hub.broadcast(state)
        self._published += 1
        if self.hub.clients:  # the slow figures after the state, on the loop's next turn (issue 35)
            self.reads.soon(self._later, self._published)
        phones, venue = self.reads.phones(), self.reads.venue()
        if phones is not None:
            phones.published(state)
        if venue is not None:  # after the screens, on the loop's next turn
            self.reads.soon(venue.published, state, *self.game_facts())

    def _later(self, published: int) -> None:
        """Send every screen the ``later`` message of the state last published, unless another
        state was published since (``published``: the count when this was asked): that one's
        own follows, so the figures are worked out once for a burst of inputs."""
        if published == self._published:
            self.send_later()

    def send_later(self, writer: Any = None) -> None:
        """The current state's slow figures (:func:`companion.protocol.later_message`, its
        ``revision``) to every screen, or to ``writer`` alone (one that just got the state);
        nothing for a game that has none."""
        message = protocol.later_message(self.reads.now().session, self.reads.revision())
        if message is None:
            return
        if writer is None:
            self.hub.broadcast(message)
        else:
            self.hub.send(writer, message)

    def state(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``state`` message."""
        reads, now = self.reads, self.reads.now()
        language, walk, warning = now.language, reads.walk(), reads.storage_warning()
        (texts, whys), said = self._rendered_recent(now), self._said(news, now)
        return {**protocol.state_message(now.session, texts, news, language, now.by_touch, whys,
                                         protocol.notable_indexes(self.recent, now.session), said),
                "language": language, "readers": _readers(now), "revision": reads.revision(),
                "storage_warning": None if warning is None else render(warning, language),
                "enrollment": walk.to_json(language) if walk is not None else None,
                "physical": physical, "phones": self._phones(now),
                "hardware": {**reads.hardware(), "broker": self._broker()},
                "tap_components": reads.tap_components(),
                "staff": reads.staff(), "venue": reads.mqtt is not None,
                "finished_game": _finished_game(now, reads.finished_at_start()),
                "table_game": table_game(now.session), "voice": reads.voice(),
                "screen": reads.screen()}

    def _broker(self) -> dict[str, Any] | None:
        """The venue broker's status (issue 32; None without ``[mqtt]``): ``{"broker",
        "table", "connected", "problem", "queued", "dropped"}``."""
        venue, mqtt = self.reads.venue(), self.reads.mqtt
        if venue is not None:
            return venue.status()
        if mqtt is None:
            return None
        return {"broker": mqtt.broker, "table": mqtt.table, "connected": False,
                "problem": None, "queued": 0, "dropped": 0}

    def game_facts(self) -> tuple[int | None, float | None]:
        """The game's number in the store and when it started (for the venue's time played)."""
        session = self.reads.now().session
        game_id = session.game_id if session is not None else None
        if game_id is None:
            return None, None
        if self._started[0] != game_id:
            try:
                started = self.reads.started(game_id)
            except StoreError:  # the game goes on; the venue shows no time played
                started = None
            self._started = (game_id, started)
        return game_id, self._started[1]

    def _phones(self, now: TableNow) -> dict[str, bool]:
        """Whose phone is connected, ``{}`` with phones off or for a game with nothing private
        (Creepy Cellar: no phone to pair, issue 31)."""
        phones = self.reads.phones()
        if phones is None or (now.session is not None and not now.session.spec.private_information):
            return {}
        return phones.connected()

    def notify(self, text: str, level: str = "warning", rule: str | None = None) -> None:
        """Log ``text`` and show it on every screen as a notice (``rule``: a refusal's section)."""
        log.log(logging.ERROR if level == "error" else logging.INFO, "notice: %s", text)
        now = self.reads.now()
        self.hub.broadcast(protocol.notice(text, level, now.language, now.by_touch, rule))

    def input_seen(self, inp: Input, show_uid: bool) -> None:
        """Flash a tap or press on every screen, before the rules see it."""
        self.hub.broadcast(input_seen(inp, show_uid))

    def _rendered_recent(self, now: TableNow) -> tuple[list[str], list[Any]]:
        """The recent news rendered in the table's language, and their ``why`` entries (issue
        33 item 2: None when the line carries none); each sentence rendered once (a state
        message is sent after every input, and the log changes by a line or two)."""
        cache = self._rendered
        rendered = self._said(self.recent, now)
        if len(cache) > 4 * RECENT_NEWS:  # keep only the sentences still shown
            alive = {id(text) for text in self.recent}
            for key in [k for k in cache if k not in alive]:
                del cache[key]
        return rendered

    def _said(self, lines: Iterable[Any], now: TableNow) -> tuple[list[str], list[Any]]:
        """``lines`` rendered in the table's language, and their ``why`` entries, from the
        cache of :meth:`_rendered_recent` (an input's news are the log's last lines too: each
        is rendered once, issue 35 item 3)."""
        cache, language, touch = self._rendered, now.language, now.by_touch
        texts: list[str] = []
        whys: list[Any] = []
        for text in lines:
            hit = cache.get(id(text))
            if hit is None or hit[0] is not text or hit[1] != language or hit[2] != touch:
                hit = cache[id(text)] = (text, language, touch, render(text, language, touch),
                                         why_message((text,), language)[0])
            texts.append(hit[3])
            whys.append(hit[4])
        return texts, whys

    def physical(self, inp: Input, hidden: bool = False) -> dict[str, Any] | None:
        """The accepted input as the undo toast names it, when it was a physical thing
        (a tap or a dice press, not an undo): ``{"kind": "tap"|"press", "label", "position"}``
        with the label rendered in the table's language; None for touches and undos. A tap
        that made a private choice (``hidden``: a card drawn into a hand) is "a private card"."""
        now = self.reads.now()
        session = now.session
        if isinstance(inp, Tap) and hidden:
            label = msg("a private card")
        elif isinstance(inp, Tap):
            component = session.actions.component_for(inp)
            label = session.spec.component_label(component) if component else inp.uid
        elif isinstance(inp, Press) and inp.hold < self.reads.hold_time:
            label = msg("the dice button") if inp.button == "dice" else msg("the {button} button", button=inp.button)
        else:
            return None
        return {"kind": "tap" if isinstance(inp, Tap) else "press", "label": render(label, now.language),
                "position": session.position}


def input_seen(inp: Input, show_uid: bool) -> dict[str, Any]:
    """``{"type": "input", ...}``: a tap or press arrived, before the rules see it (screens
    flash it at once; the settings screen counts reads). Tap: ``reader`` and ``uid`` (None
    while a game is played: a face-down card's tag stays unnamed); press: ``button``,
    ``held`` (seconds)."""
    if isinstance(inp, Tap):
        return {"type": "input", "kind": "tap", "reader": inp.reader, "uid": inp.uid if show_uid else None}
    return {"type": "input", "kind": "press", "button": inp.button, "held": inp.hold}


def _readers(now: TableNow) -> dict[str, dict[str, Any]]:
    """The readers' status, the offline details in the table's language."""
    return {name: {**status, "detail": render(status.get("detail", ""), now.language)}
            for name, status in now.readers.items()}


def _finished_game(now: TableNow, finished_at_start: int | None) -> dict[str, Any] | None:
    """The state's ``finished_game``: the game on the table is over (its summary shows until a
    new game starts): ``{"id": its number in the store, "after_restart": it was put back on the
    table when the daemon started}`` (issue 26); None otherwise."""
    session = now.session
    if session is None or not session.prompt.over:
        return None
    return {"id": session.game_id, "after_restart": finished_at_start == session.game_id}
