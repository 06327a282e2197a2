"""A stored game's log played again (:meth:`companion.session.Session.resume`): each event as
it was played live, every action checked again by the engine, so a log the rules no longer
allow does not replay. A game recorded under an older ``rules_version`` of its game whose
log no longer replays is an :class:`OutdatedGame` (kept read-only, never resumed); any
other log that does not replay is a :class:`~companion.errors.StoreError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.engine import Game
from companion.errors import RuleViolation, StoreError
from companion.i18n import msg
from companion.session.records import Entry
from companion.store import Event, GameRecord

#: The last event replayed: its kind and, for an undo, the entry it took back.
Last = tuple[str, Entry | None]


class OutdatedGame(StoreError):
    """A stored game recorded under an older ``rules_version`` of its game whose log no
    longer replays: it is kept read-only (never resumed); the message says so."""


def recorded_versions(spec: Game) -> dict[str, Any]:
    """What a new game is recorded under: the companion's version and its game's
    :attr:`~companion.engine.game.Game.rules_version`."""
    from companion import __version__

    return {"companion": __version__, "rules": spec.rules_version}


def replay_events(events: Iterable[Event], record: GameRecord, spec: Game,
                  replay: Callable[[str, dict[str, Any]], Entry | None]) -> tuple[Last | None, int]:
    """Each of ``events`` of the game ``record`` of ``spec`` given to ``replay`` (which returns
    the entry an undo took back); returns the last event's kind and entry (None: no event)
    and how many were replayed.

    Raises:
        OutdatedGame: an event does not replay, and the game was recorded under older rules.
        StoreError: an event does not replay.
    """
    last: Last | None = None
    replayed = 0
    for event in events:
        try:
            last = (event.kind, replay(event.kind, event.body))
            replayed += 1
        except (RuleViolation, LookupError, ValueError, TypeError) as exc:
            if record.rules_version < spec.rules_version:
                raise OutdatedGame(_outdated(record, spec)) from exc
            raise StoreError(f"game {record.id} event {event.seq} does not replay: {exc}") from exc
    return last, replayed


def _outdated(record: GameRecord, spec: Game):
    return msg("Game {id} ({title}) was recorded under rules version {old}; this companion plays version {new}, "
               "and its moves no longer replay. It is kept in the store, read-only: start a new game.",
               id=record.id, title=spec.title, old=record.rules_version, new=spec.rules_version)
