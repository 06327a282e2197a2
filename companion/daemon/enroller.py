"""The enrollment controller: the tag registry commands and the enrollment walk.

``enroll``/``forget`` change one tag; the walk (``enroll_start`` ... ``enroll_stop``,
:mod:`companion.enrollment`) enrolls a game's pieces one tap at a time. The walk belongs to
the client that started it and ends when that client leaves; while it runs, taps enroll
instead of playing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion import enrollment
from companion.daemon.args import known_component
from companion.i18n import msg
from companion.inputs import Remove, Tap, normalise_uid
from companion.session import Reply

if TYPE_CHECKING:
    from companion.daemon.links import Links
    from companion.store import EventStore

log = logging.getLogger(__name__)

Ack = tuple[bool, str]


class EnrollmentController:
    """The tag registry and the enrollment walk of one daemon.

    Args:
        store: the event store (the enrolled tags).
        links: the daemon's worker, loop, publish and notices.
        tags_changed: called after an enrolled tag changed (the game on the table uses them).

    Attributes:
        walk: the enrollment walk running, or None.
    """

    def __init__(self, store: EventStore, links: Links, tags_changed: Callable[[], None]):
        self._store, self._links, self._tags_changed = store, links, tags_changed
        self.walk: enrollment.Walk | None = None
        self._owner: asyncio.StreamWriter | None = None  # the client that started the walk

    # ------------------------------------------------------------------ one tag

    def enroll(self, uid: Any, component: Any) -> Ack:
        """``enroll``: tag ``uid`` is ``component`` from now on."""
        uid = normalise_uid(uid)
        component = known_component(component)
        previous = self._store.enroll_tag(uid, component, time.time())
        self._use_tags()
        if previous not in (None, component):
            return True, msg("Tag {uid} is now {component}. It was {previous} before.",
                             uid=uid, component=component, previous=previous)
        return True, msg("Tag {uid} is now {component}.", uid=uid, component=component)

    def forget(self, uid: Any) -> Ack:
        """``forget``: tag ``uid`` names nothing any more."""
        uid = normalise_uid(uid)
        known = self._store.forget_tag(uid)
        self._use_tags()
        if known:
            return True, msg("Tag {uid} is forgotten.", uid=uid)
        return True, msg("Tag {uid} was not enrolled.", uid=uid)

    # ------------------------------------------------------------------ the walk

    def start(self, game: Any, writer: asyncio.StreamWriter | None = None) -> Ack:
        """``enroll_start``: walk through the pieces of ``game`` (a game id)."""
        from companion.engine import get_game

        if self.walk is not None:
            return False, msg("An enrollment walk for {game} is running; stop it first.", game=self.walk.game)
        self.walk = enrollment.start(get_game(game))  # text (companion.schema.GameCommand)
        self._owner = writer
        log.info("enrollment walk started for %s (%d pieces)", self.walk.game, self.walk.total)
        return True, self._publish_walk()

    def skip(self) -> Ack:
        """``enroll_skip``: leave this piece without a tag."""
        if self.walk is None:
            return _no_walk()
        self.walk = enrollment.skip(self.walk)
        return True, self._publish_walk()

    def undo(self) -> Ack:
        """``enroll_undo``: back to the previous piece, its tag forgotten."""
        if self.walk is None:
            return _no_walk()
        self.walk, change = enrollment.undo(self.walk)
        self._apply_change(change)
        return True, self._publish_walk()

    def stop(self) -> Ack:
        """``enroll_stop``: end the walk here."""
        if self.walk is None:
            return _no_walk()
        text = msg("Enrollment stopped at {n} of {total}.", n=self.walk.index, total=self.walk.total)
        self._end()
        return True, text

    def tap(self, inp: Tap | Remove) -> Reply:
        """A tap during the walk enrolls a piece instead of playing (a removal does nothing)."""
        if isinstance(inp, Remove):
            return Reply(False, ignored=True)
        from companion.engine import known_piece

        carried = inp.ndef if known_piece(inp.ndef) else None
        self.walk, change = enrollment.tap(self.walk, inp.uid, self._store.enrolled_tags(), carried)
        self._apply_change(change)
        return Reply(True, self._publish_walk())

    def client_left(self, writer: asyncio.StreamWriter) -> None:
        """The walk's client left: the walk ends (on the worker, after the inputs queued), so
        a closed terminal never leaves taps going to a walk nobody sees."""
        if self._owner is not writer:
            return

        def stop() -> None:
            if self._owner is writer and self.walk is not None:
                log.info("enrollment walk stopped: its client left")
                self._links.notify(msg("Enrollment stopped: the enrollment screen or terminal closed."), "info")
                self._end()

        self._links.start_task(self._links.in_order(stop))

    def _end(self) -> None:
        self.walk, self._owner = None, None
        self._links.publish()

    def _apply_change(self, change: enrollment.Change | None) -> None:
        if change is None:
            return
        if change.component is None:
            self._store.forget_tag(change.uid)
        else:
            self._store.enroll_tag(change.uid, change.component, time.time())
        self._use_tags()

    def _use_tags(self) -> None:
        self._tags_changed()

    def _publish_walk(self) -> str:
        """Tell every client where the walk stands; a finished walk ends here."""
        text = self.walk.message
        log.info("enrollment: %s", text)
        self._links.publish()
        if self.walk.done:
            self._end()
        return text


def _no_walk() -> Ack:
    return False, msg("No enrollment walk is running.")
