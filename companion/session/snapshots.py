"""Long games (issue 9): every :data:`SNAPSHOT_EVERY` events the session is kept as a snapshot
(for games whose spec has ``encode``/``decode``), so a resume replays only the events after
it. A snapshot is a cache: one that cannot be used means replaying the whole log, never a
different game.

A snapshot holds the state, the position, the redo outcomes, the chance counters, the table
script's last line, first-game mode's lessons, and the last :data:`SNAPSHOT_UNDO_DEPTH`
inputs with the state before each (undoing further back right after a resume reloads the
whole log).
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

from companion.chance import ChancePicker
from companion.engine import Game
from companion.errors import StoreError
from companion.session.lessons import Lessons
from companion.session.records import Entry
from companion.session.undo_log import UndoLog
from companion.store import Event, EventStore

log = logging.getLogger(__name__)

#: Events between two snapshots of a stored game.
SNAPSHOT_EVERY = 500

#: Inputs before a snapshot whose entries and earlier states the snapshot carries, so undos
#: just after it need no whole-log replay.
SNAPSHOT_UNDO_DEPTH = 64


def due(seq: int) -> bool:
    """Event ``seq`` is one a snapshot is taken after."""
    return seq % SNAPSHOT_EVERY == 0


def version(spec: Game) -> str:
    """The version a snapshot of a game of ``spec`` is stored under (one of another version
    is never used): the companion's and the game's."""
    from companion import __version__

    return f"{__version__}:{spec.id}"


def encode(spec: Game, state: Any, undo: UndoLog, lessons: Lessons, picker: ChancePicker) -> dict[str, Any] | None:
    """The session after the last event, as JSON; None for a game that keeps no snapshots
    (its ``encode`` gives None)."""
    encoded = spec.encode(state)
    if encoded is None:
        return None
    depth = min(SNAPSHOT_UNDO_DEPTH, len(undo.entries))
    recent = [[entry.to_json(), spec.encode(before)]
              for entry, before in zip(undo.entries[len(undo.entries) - depth:],
                                       undo.before[len(undo.before) - depth:])]
    return {
        "state": encoded,
        "position": undo.position,
        "recent": recent,
        "redo": [[pos, action, list(chances)] for (pos, action), chances in undo.redo.items()],
        "stack_used": dict(picker.stack_used),
        "rng_used": picker.rng_used,
        "last_line": undo.last_line,
        **lessons.snapshot(depth),
    }


def write(store: EventStore, game_id: int, seq: int, spec: Game, body: dict[str, Any], now: float) -> None:
    """Keep ``body`` as the snapshot after event ``seq``; a write that fails is logged (the
    log has everything)."""
    try:
        store.save_snapshot(game_id, seq, version(spec), body, now)
    except StoreError as exc:
        log.warning("no snapshot at event %d: %s", seq, exc)


@dataclass(frozen=True)
class Restored:
    """A session as its newest usable snapshot left it, and the events after it."""

    seq: int  # the event the snapshot was taken after
    state: Any
    undo: UndoLog
    lessons: Lessons
    counts: tuple[Counter, int]  # the chance picker's (:meth:`ChancePicker.restore`)
    events: list[Event]


def restore(store: EventStore, game_id: int, spec: Game, lessons: Lessons) -> Restored | None:
    """The newest usable snapshot of ``game_id`` (``lessons``: the game's, none taught yet),
    or None: replay everything.

    A snapshot is unusable when its game's version differs, when it does not decode, or
    when the events after it undo more inputs than it carries.
    """
    found = store.latest_snapshot(game_id, version(spec))
    if found is None:
        return None
    seq, body = found
    events = store.events(game_id, after=seq)
    depth, carried = 0, len(body.get("recent", ()))
    for event in events:
        depth += -1 if event.kind == "undo" else 1
        if depth < -carried:
            return None
    try:
        return _decoded(seq, body, spec, lessons, events)
    except Exception as exc:  # a snapshot is a cache: any failure to read it means replay
        log.warning("game %s: snapshot at event %d unusable (%r); replaying the whole log", game_id, seq, exc)
        return None


def _decoded(seq: int, body: dict[str, Any], spec: Game, lessons: Lessons, events: list[Event]) -> Restored:
    state = spec.decode(body["state"])
    recent = [(Entry.from_json(e), spec.decode(b)) for e, b in body["recent"]]
    undo = UndoLog([entry for entry, _ in recent], [before for _, before in recent],
                   base=int(body["position"]) - len(recent),
                   redo={(int(p), a): tuple(c) for p, a, c in body["redo"]}, last_line=body["last_line"])
    stack_used: Counter = Counter()
    stack_used.update(body["stack_used"])
    # first-game mode: a snapshot without its lessons raises, and the whole log is replayed
    return Restored(seq, state, undo, lessons.restored(body, len(recent)), (stack_used, int(body["rng_used"])),
                    events)
