"""Whether the game's inputs are being saved (issues 8 and 26): a write that failed keeps the
inputs in memory; the table is told once that they are not saved, and once that they are
again; they are written when there is room, every few seconds, before another game replaces
this one, and at shutdown."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.i18n import Msg, msg
from companion.storage_words import cannot_write, disk_full, not_saved

if TYPE_CHECKING:
    from companion.daemon.links import Links
    from companion.session import Session
    from companion.session.recording import Recording

log = logging.getLogger(__name__)


def full_disk_warning() -> Msg:
    """The warning of a full disk (a write refused, or no room at start)."""
    return not_saved(disk_full())


def warning_for(recording: Recording) -> Msg:
    """The warning of a game whose inputs the store refused: a full disk in plain words; any
    other failure with SQLite's words, never the store's path (newcomer 19)."""
    return not_saved(disk_full() if recording.full else cannot_write(recording.why or ""))


class SavingWatch:
    """The storage warning of one daemon and the inputs its game keeps in memory.

    Args:
        session: the game on the table now, or None.
        links: the daemon's worker, publish and notices.
        add_news: puts a line in the table's log.
        warning: why games are not being saved from the start (a store in memory), or None.

    Attributes:
        warning: why games are not being saved, for every state message; None while they are.
    """

    def __init__(self, session: Callable[[], Session | None], links: Links, add_news: Callable[[str], None],
                 warning: str | None = None):
        self._session, self._links, self._add_news = session, links, add_news
        self.warning = warning
        #: The session's inputs are not being written (a write failed): the warning above is
        #: this watch's own until they are (issue 26).
        self._stopped = False

    def check(self) -> None:
        """Tell the table once that the game's inputs are not being recorded (issue 8), and
        once that they are again, the kept ones written (issue 26)."""
        session = self._session()
        unsaved = session.recording.unsaved if session is not None else None
        if unsaved is None:
            if self._stopped:
                self._stopped = False
                self.warning = None
                text = msg("Saving again: every input kept in memory is now saved.")
                self._add_news(text)
                self._links.notify(text, "info")
                self._links.publish()
            return
        if self._stopped or self.warning is not None:
            return
        self._stopped = True
        assert session is not None, "unsaved without a game"  # unsaved is the session's
        self.warning = warning_for(session.recording)
        self._add_news(self.warning)
        self._links.notify(self.warning, "error")

    def not_saving(self, text: str) -> None:
        """Warn every screen that inputs are not being saved, until a write succeeds."""
        self._stopped = True
        self.warning = text
        self._add_news(text)

    def save_kept(self) -> int:
        """Write the inputs the store could not take (on the worker); the count still unsaved."""
        session = self._session()
        if session is None or session.recording.unsaved is None:
            return 0
        session.recording.save_kept()
        self.check()
        return session.recording.kept

    def before_leaving(self) -> None:
        """Before another game replaces this one: write what it kept, or say what is lost."""
        session = self._session()
        if session is None or session.recording.unsaved is None:
            return
        if self.save_kept():
            log.error("game %s: %d inputs could not be saved before another game started",
                      session.game_id, session.recording.kept)
        self._stopped = False

    async def retry(self, every: float) -> None:
        """Every ``every`` seconds, while inputs are kept in memory, try to write them."""
        while True:
            await asyncio.sleep(every)
            session = self._session()
            if session is not None and session.recording.unsaved is not None:
                await self._links.in_order(self.save_kept)

    def last(self) -> None:
        """At shutdown: a last try at writing the kept inputs; the log says what is lost."""
        session = self._session()
        if session is None or session.recording.unsaved is None:
            return
        left = self.save_kept()
        if left:
            log.error("shutdown: %d inputs of game %s were played but could not be saved: %s",
                      left, session.game_id, session.recording.unsaved)
