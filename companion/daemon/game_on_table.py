"""The game on the table (issue 27): the :class:`~companion.session.Session` the daemon keeps,
the revision every state carries, and the ways a game gets there or leaves (a new game, a
resumed one, the last finished one put back at start, one set aside). Every call runs on the
daemon's loop (the input worker, or before serving)."""

from __future__ import annotations

import logging
from collections.abc import Callable, MutableSequence
from typing import TYPE_CHECKING

from companion.errors import StoreError
from companion.i18n import msg, nmsg
from companion.now_playing import RECAP
from companion.session import OutdatedGame, Session
from companion.store import KEPT

if TYPE_CHECKING:
    from companion.daemon.saving import SavingWatch
    from companion.header import GameHeader
    from companion.store import EventStore

log = logging.getLogger(__name__)


class GameOnTable:
    """The session on the table and its revision.

    Args:
        store: the event store the games are recorded in.
        hold_time: seconds the dice button is held for an undo (each session's).
        reader_roles: reader name -> role (each session's).
        saving: the daemon's :class:`~companion.daemon.saving.SavingWatch` (kept inputs are
            written before another game replaces this one).
        recent: the table's log (the news lines every state carries).
        publish: sends the current state to every screen.
        settle: called once a game is on the table and its state out (the heap's settle:
            :class:`~companion.daemon.afterwards.Afterwards`).

    Attributes:
        session: the game on the table, or None.
        revision: counts the game's changes (each accepted input, each new, resumed or set-aside
            game); every state carries it, and a touch that names an older one is refused (issue 8).
        finished_at_start: the finished game put back on the table at start
            (:meth:`show_last_finished`), or None; forgotten when another game is on the table.
    """

    def __init__(self, store: EventStore, hold_time: float, reader_roles: dict[str, str], saving: SavingWatch,
                 recent: MutableSequence[str], publish: Callable[[], None], settle: Callable[[], None]):
        self._store, self._hold_time, self._reader_roles = store, hold_time, reader_roles
        self._saving, self._recent, self._publish, self._settle = saving, recent, publish, settle
        self.session: Session | None = None
        self.revision = 0
        self.finished_at_start: int | None = None

    def moved(self) -> None:
        """The game changed (an accepted input): states from now on carry the next revision."""
        self.revision += 1

    def start(self, header: GameHeader) -> Session:
        """Start and record a new game; publish it."""
        self._leaving()
        self.finished_at_start = None
        self.session = Session.start(header, self._store, hold_time=self._hold_time, snapshot_later=True,
                                     reader_roles=self._reader_roles, enrolled=self._store.enrolled_tags())
        self._recent.clear()
        self._recent.extend(self.session.spec.news(self.session.state))
        self._saving.check()
        self._on_table()
        return self.session

    def resume(self, record) -> Session:
        """Resume a stored game (its :class:`~companion.store.GameRecord`); publish it."""
        self._leaving()
        self.finished_at_start = None
        session = self.session = Session.resume(self._store, record, hold_time=self._hold_time, snapshot_later=True,
                                                reader_roles=self._reader_roles,
                                                enrolled=self._store.enrolled_tags())
        self._recent.clear()
        self._recent.append(nmsg("Resumed game {id} after {n} input.", "Resumed game {id} after {n} inputs.", "n",
                                 id=record.id, n=session.position))
        if record.rules_version != session.spec.rules_version:
            self._recent.append(msg("Game {id} was recorded under {title} rules version {old}; its moves replay "
                                    "the same under version {new}, so it goes on.", id=record.id,
                                    title=session.spec.title, old=record.rules_version,
                                    new=session.spec.rules_version))
        if session.todo:  # what the table was told last, with its why (issue 33); it may be done already
            self._recent.append(RECAP)
        self._recent.extend(session.todo)
        self._on_table()
        return session

    def _leaving(self) -> None:
        """Before another game replaces this one: what it kept is written, and its due snapshot."""
        self._saving.before_leaving()
        if self.session is not None:
            self.session.save_snapshot()

    def _on_table(self) -> None:
        self.revision += 1
        self._publish()
        self._settle()

    def show_last_finished(self) -> Session | None:
        """Put the store's last game back on the table when it is finished (won or lost): its
        summary shows after a restart until a new game starts, and its last input can still
        be undone (issue 26: a power cut just after a game-ending mis-tap lost both). None when
        the last game is not a finished one."""
        games = self._store.games()
        last = games[-1] if games else None
        if last is None or last.outcome in (None, KEPT):
            return None
        session = self.resume(last)
        self.finished_at_start = last.id
        return session

    def resume_last(self) -> Session | None:
        """Resume the last unfinished game, if any. One recorded under older rules whose log
        no longer replays (:class:`~companion.session.OutdatedGame`) is kept read-only in the
        store, the table is told why, and the daemon starts without a game.

        Raises:
            StoreError: the last unfinished game does not replay under the rules it was
                recorded with (a damaged log), or the store failed.
        """
        from companion.saved_games import game_to_resume

        record = game_to_resume(self._store)  # the newest unfinished, or the one the owner chose (issue 34)
        if record is None:
            return None
        try:
            return self.resume(record)
        except OutdatedGame as exc:
            log.warning("%s", exc)
            try:
                self._store.keep(record.id)
            except StoreError as failed:  # told again at the next start: nothing is lost
                log.error("%s", failed)
            self._recent.append(exc.args[0])
            self._publish()
            return None

    def set_aside(self, news: str) -> None:
        """Take the game off the table (it stays in the store) and tell the table ``news``."""
        if self.session is not None:
            self.session.save_snapshot()  # before it may be deleted (a snapshot of no game would fail)
        self.session = None
        self.revision += 1
        self._recent.clear()
        self._recent.append(news)
        self._publish()

    def use_enrolled_tags(self) -> None:
        """The enrolled tags changed: the game on the table reads taps by them from now on."""
        if self.session is not None:
            self.session.actions.use_tags(self._store.enrolled_tags())
