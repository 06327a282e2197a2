"""Where a game's events go: the event store, one transaction each, or memory while the store
refuses writes (issue 8: disk full, read-only).

The game goes on in memory; what is not recorded is kept and written in order, before any
later event, once a write succeeds again (issue 26: a log with a gap would replay wrongly).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from companion.errors import StoreError
from companion.store import EventStore, StoreFull

log = logging.getLogger(__name__)


class Recording:
    """One game's record in the store.

    Args:
        store: where events are recorded (None keeps the game in memory only).
        game_id: the stored game's id (None without a store, or before :meth:`new_game`).
        clock: wall-clock seconds for the records' ``at``.

    Attributes:
        unsaved: None while every event is recorded; once a write fails, why.
        why: SQLite's words for the last failed write (no path), or None.
        full: the last write failed because the disk is full (:class:`~companion.store.StoreFull`).
    """

    def __init__(self, store: EventStore | None, game_id: int | None, clock: Callable[[], float]):
        self.store, self.game_id, self.clock = store, game_id, clock
        self.unsaved: str | None = None
        self.full = False
        self.why: str | None = None
        #: What the store has not recorded yet, oldest first: ``("game", ...)`` (a new game the
        #: store refused) and ``("event", kind, body, at, outcome, reopen)``.
        self._kept: list[tuple] = []

    def new_game(self, header: dict[str, Any], key: str, versions: dict[str, Any]) -> None:
        """Record a new game (kept in memory when the store refuses it)."""
        if self.store is None:
            return
        try:
            self.game_id = self.store.new_game(header, key, self.clock(), versions=versions)
        except StoreError as exc:  # the game is played in memory until the store takes it again
            self._lose(exc)
            self._kept.append(("game", header, key, self.clock(), versions))

    def append(self, kind: str, body: dict[str, Any], outcome: str | None = None,
               reopen: bool = False) -> int | None:
        """Record one event; returns its ``seq``, or None when it was not written now (no
        store, or kept in memory)."""
        if self.store is None:
            return None
        event = ("event", kind, body, self.clock(), outcome, reopen)
        if self._kept:  # after the events kept before it, never ahead of them
            self._kept.append(event)
            self.save_kept()
            return None
        assert self.game_id is not None, "an event before its game was recorded"  # a refused game is kept
        try:
            return self.store.append(self.game_id, kind, body, event[3], outcome=outcome, reopen=reopen)
        except StoreError as exc:  # the transaction rolled back: nothing half-written
            self._lose(exc)
            self._kept.append(event)
            return None

    @property
    def kept(self) -> int:
        """Inputs and undos played but not yet recorded in the store."""
        return sum(1 for item in self._kept if item[0] == "event")

    def save_kept(self) -> int:
        """Write what the store has not recorded yet, in order (the new game first); stops at
        the first write that fails. Returns the inputs and undos written; :attr:`unsaved` is
        None again once nothing is left."""
        written = 0
        while self._kept:
            item = self._kept[0]
            assert self.store is not None, "kept without a store"  # only a store's refusals are kept
            try:
                if item[0] == "game":
                    self.game_id = self.store.new_game(item[1], item[2], item[3], versions=item[4])
                else:
                    _, kind, body, at, outcome, reopen = item
                    assert self.game_id is not None, "an event kept before its game"  # the game is kept first
                    self.store.append(self.game_id, kind, body, at, outcome=outcome, reopen=reopen)
            except StoreError as exc:
                self._refused(exc)
                return written
            self._kept.pop(0)
            written += item[0] == "event"
        if self.unsaved is not None:
            log.warning("game %s is recorded again: %d kept inputs written", self.game_id, written)
        self.unsaved, self.full, self.why = None, False, None
        return written

    def _refused(self, exc: StoreError) -> None:
        self.unsaved, self.full, self.why = str(exc), isinstance(exc, StoreFull), str(exc.__cause__ or exc)

    def _lose(self, exc: StoreError) -> None:
        self._refused(exc)
        log.error("game %s is not being recorded: %s", self.game_id, exc)
