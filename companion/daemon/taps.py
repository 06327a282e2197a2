"""Virtual taps: the daemon's virtual readers and its ``tap`` command (issue 18).

A daemon whose config names no reader (a laptop, no config file at all) gets one virtual
reader per reader role its games use (:func:`plan`), named after the role (``cards``,
``tiles``). With real readers configured it gets them (named ``virtual-cards``...) only when
the config says ``virtual_taps = true``; otherwise a ``tap`` command is refused with the
reason (:func:`off_reason`). Each virtual reader is a fake reader under the real reader
supervisor (:mod:`hardware.nfc.virtual`), started with the table's other readers by
:class:`~companion.daemon.table_hardware.TableHardware`, so a virtual tap is read, tracked
and played as a real one: ``{"cmd": "tap", ...}`` (see :mod:`companion.protocol`) puts the
card there, waits for the game's answer, and lifts it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion import protocol
from companion.daemon.args import no_component
from companion.i18n import msg, render
from companion.inputs import InputError, Tap, normalise_uid

if TYPE_CHECKING:
    from companion import schema
    from companion.daemon.links import TableNow
    from companion.store import EventStore

#: Seconds to wait for the game's answer to a virtual tap.
READ_WAIT = 10.0


def game_roles() -> list[str]:
    """The reader roles the registered games use (``["cards", "tiles"]``), sorted."""
    from companion.engine.registry import GAMES, reader_roles

    return sorted({role for game_id in GAMES for role in reader_roles(game_id)}) or ["cards"]


def plan(config) -> dict[str, str]:
    """Virtual reader name -> role for a daemon with ``config``: one per role of the games
    when it names no reader; with real readers, only when ``virtual_taps`` allows them."""
    if not config.readers:
        return {role: role for role in game_roles()}
    if config.virtual_taps:
        taken = {reader.name for reader in config.readers}
        return {name: role for role in game_roles() if (name := f"virtual-{role}") not in taken}
    return {}


def off_reason(config) -> str | None:
    """Why this daemon refuses virtual taps (real readers, not allowed), or None."""
    if config.readers and not config.virtual_taps:
        names = ", ".join(reader.name for reader in config.readers)
        return msg("This table reads real cards (readers: {names}): virtual taps are off. To allow them, "
                   "set virtual_taps = true in the config file.", names=names)
    return None


class VirtualTaps:
    """The daemon's virtual readers and the virtual taps waiting for the game's answer.

    Args:
        store: the event store (the enrolled tags).
        now: the daemon's read-only snapshot (:class:`~companion.daemon.links.TableNow`).
        off: why virtual taps are refused (real readers, not allowed), or None.

    Attributes:
        readers: virtual reader name -> :class:`hardware.nfc.virtual.VirtualReader`.
        off: as given.
    """

    def __init__(self, store: EventStore, now: Callable[[], TableNow], off: str | None = None):
        self._store, self._now = store, now
        self.readers: dict[str, Any] = {}
        self.off = off
        self._waits: dict[str, concurrent.futures.Future] = {}  # reader name -> the answer awaited
        self._locks: dict[str, asyncio.Lock] = {}  # one virtual tap at a time per reader

    def add(self, reader) -> None:
        """A virtual reader started (:func:`companion.daemon.table_hardware.start_virtual`): the
        ``tap`` command puts cards on it."""
        self.readers[reader.name] = reader

    def answered(self, inp, reply) -> None:
        """The daemon handled ``inp``: a virtual tap waiting for its answer gets ``reply``
        (called on the worker after every input)."""
        if isinstance(inp, Tap):
            future = self._waits.pop(inp.reader, None)
            if future is not None and not future.done():
                future.set_result(reply)

    async def tap(self, command: schema.Tap) -> tuple[bool, Any]:
        """``tap``: put a card on a virtual reader, answer with the game's answer, lift it.

        Returns:
            ``(True, what happened)`` when the game accepted the tap, ``(False, the table's
            refusal)`` when it refused it.

        Raises:
            ProtocolError: no virtual reader, an unknown component or bad UID, no such
                reader, a bad ``hold``, or the card was not read.
        """
        if not self.readers:
            raise protocol.ProtocolError(render(self.off or msg("This daemon has no virtual reader."),
                                                self._now().language))
        uid, text, component = _card(self._store, command.component, command.uid)
        reader = _reader_for(self.readers, component, command.reader)
        hold = float(command.hold)  # 0 to 120 s
        async with self._locks.setdefault(reader.name, asyncio.Lock()):
            future: concurrent.futures.Future = concurrent.futures.Future()
            self._waits[reader.name] = future
            try:
                reply = await asyncio.to_thread(reader.tap, uid, text, hold, lambda: future.result(READ_WAIT))
            except concurrent.futures.TimeoutError:
                raise protocol.ProtocolError(msg("virtual reader {reader} did not read the card (a tags write "
                                                 "waiting on it reads the tag itself)", reader=reader.name)) from None
            finally:
                self._waits.pop(reader.name, None)
        if not reply.accepted:
            return False, reply.text
        now = self._now()
        lang, touch = now.language, now.by_touch
        news = " ".join(render(line, lang, touch) for line in reply.news)
        if reply.unchanged:  # recorded, but the game is as it was: the table's sentence is a refusal
            return False, news
        return True, news or render(reply.text or msg("The card was read: the game took it."), lang, touch)

    def hardware(self) -> dict[str, Any]:
        """The state message's ``hardware``: ``{"dice_button": bool, "virtual": bool,
        "readers": [{"name", "role", "online", "virtual", "dropouts"}]}`` (every configured
        reader, then the virtual ones; ``online`` once it has said so; ``dropouts``: times it
        went offline since start, issue 30)."""
        now = self._now()
        readers = [{"name": name, "role": role, "online": bool(now.readers.get(name, {}).get("online")),
                    "virtual": name in self.readers, "dropouts": now.reader_dropouts.get(name, 0)}
                   for name, role in now.reader_roles.items()]
        return {"dice_button": bool(now.dice_button), "virtual": bool(self.readers), "readers": readers}

    def tap_components(self) -> list[dict[str, str]]:
        """The state message's ``tap_components``: with virtual readers, the components whose
        tap the current prompt would accept (its public choices'), ``[{"component",
        "label"}]`` for the Cards panel; ``[]`` otherwise. Public: each is a choice on the
        shared screen (a tap-only one is not: :attr:`~companion.engine.core.Choice.tap_only`)."""
        now = self._now()
        session = now.session
        if not self.readers or session is None or session.prompt.over:
            return []
        seen = dict.fromkeys(c.component for c in session.prompt.choices
                             if c.component and not (c.private or c.tap_only))
        return [_labelled(session.spec, component, now.language) for component in seen]


def _card(store: EventStore, component: str | None, uid: str | None) -> tuple[str, str | None, str | None]:
    """``(uid, NDEF text, component)`` of the card a ``tap`` names: a ``component`` (a
    virtual tag carrying it) or a ``uid`` (a tag as the registry knows it, blank NTAG
    otherwise)."""
    from companion.engine import known_piece

    if (component is None) == (uid is None):
        raise protocol.ProtocolError(msg("tap takes a component or a uid"))
    if component is not None:
        if not known_piece(component):
            raise protocol.ProtocolError(no_component(component))
        from hardware.nfc.virtual import virtual_uid

        return virtual_uid(component), component, component.partition("#")[0]
    try:
        uid = normalise_uid(uid)
    except InputError as exc:
        raise protocol.ProtocolError(protocol.problem_of(exc)) from None
    enrolled = store.enrolled_tags().get(uid)
    return uid, None, enrolled.partition("#")[0] if enrolled else None


def _reader_for(readers: dict[str, Any], component: str | None, asked: Any):
    """The virtual reader ``asked`` for (a name or a role), else the one whose role reads
    ``component``'s kind, else the cards reader."""
    listed = list(readers.values())
    if asked is not None:
        fitting = [r for r in listed if asked in (r.name, r.role)]
        if not fitting:
            names = ", ".join(f"{r.name} ({r.role})" for r in listed)
            raise protocol.ProtocolError(msg("no virtual reader {reader}; virtual readers: {names}",
                                             reader=repr(asked)[:40], names=names))
        return fitting[0]
    role = _role_of(component)
    fitting = [r for r in listed if r.role == role] or [r for r in listed if r.role == "cards"]
    return (fitting or listed)[0]


def _role_of(component: str | None) -> str | None:
    """The reader role that reads ``component``'s kind in its game, or None."""
    if component is None or component.count(":") < 2:
        return None
    from companion.engine import get_game
    from companion.engine.registry import UnknownGame

    game, kind = component.split(":")[:2]
    try:
        return get_game(game).reader_roles.get(kind)
    except UnknownGame:
        return None


def components_message(game: str, language: str) -> dict[str, Any]:
    """``components`` (``game``): every component of the game with its label in ``language``,
    for the asker only: ``{"type": "components", "game", "components": [{"component",
    "label"}]}`` sorted by label (the Cards panel's search). Public: what is in the box."""
    from companion.engine import get_game

    spec = get_game(game)
    listed = sorted((_labelled(spec, c, language) for c in spec.components), key=lambda c: c["label"])
    return {"type": "components", "game": spec.id, "components": listed}


def _labelled(spec, component: str, lang: str) -> dict[str, str]:
    return {"component": component, "label": render(spec.component_label(component), lang)}
