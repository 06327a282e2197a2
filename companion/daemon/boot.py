"""Building the daemon a ``companion daemon`` command asks for (issue 27): the event store
opened (or kept in memory when its directory cannot be written), the :class:`Daemon` made
from the config, the game opened (``--new`` or the last one resumed) and what the table must
be told about the store. :class:`~companion.daemon.table_hardware.TableHardware` starts the
readers and the dice button once the socket listens; :func:`keep_good_copy` refreshes the
store's last good copy while the daemon runs."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("companion")


@dataclass
class Booted:
    """A daemon built by :func:`build_daemon`, its store, its table hardware (not started) and the
    sentence saying the store's directory cannot be written (None when it can)."""

    daemon: Any
    store: Any
    hardware: Any
    unwritable: str | None

    @property
    def keeps_good_copy(self) -> bool:
        """The store is on disk and has room: its last good copy is worth refreshing."""
        return self.unwritable is None and self.store.no_room is None


def build_daemon(config, db: Path, sock, new) -> Booted:
    """The daemon for ``config`` on ``db`` and ``sock`` (a path, or the
    :class:`~companion.daemon.hub.BoundSocket` already bound there) with its game opened:
    ``new`` (a :class:`~companion.startup.NewGame`), or the last game resumed when ``new`` is None.

    Raises:
        companion.startup.StartRefused: the game cannot be opened (the store is closed first).
    """
    from companion.daemon import Daemon
    from companion.daemon.settings import DaemonSettings
    from companion.daemon.table_hardware import TableHardware
    from companion.daemon.taps import off_reason
    from companion.startup import StartRefused, open_game

    store, recovery, unwritable = open_store_or_memory(db)
    hardware = TableHardware(config)
    settings = DaemonSettings(hold_time=config.dice.hold_time, language=config.language,
                              reader_roles=hardware.reader_roles(), phones=config.phones, mqtt=config.mqtt,
                              desk=config.desk, virtual_taps_off=off_reason(config), storage_warning=unwritable,
                              settle_heap=True)
    daemon = Daemon(store, sock, settings=settings)
    warn_full_disk(daemon, store, unwritable)
    try:
        log.info("%s", open_game(daemon, new, lambda: resume(daemon)))
    except StartRefused:
        store.close()
        raise
    if recovery is not None:
        daemon.recent.append(recovery_news(recovery))
    return Booted(daemon, store, hardware, unwritable)


def warn_full_disk(daemon, store, unwritable) -> None:
    """Put on every screen that games are not being saved on a full disk (inputs kept in memory
    until there is room); a read-only data directory is said by the daemon's settings."""
    from companion.daemon.saving import full_disk_warning

    if unwritable is None and store.no_room is not None:
        daemon.saving.not_saving(full_disk_warning())


def open_store_or_memory(db):
    """``(store, recovery, unwritable)``: :func:`companion.recovery.open_store`; when the data
    directory cannot be written, an in-memory copy of the store and the sentence that says so
    (issue 8: never a crash at every start over a read-only directory)."""
    from companion.errors import StoreError
    from companion.i18n import msg
    from companion.recovery import memory_copy, open_store
    from companion.store import NotOurs, StoreInUse

    try:
        store, recovery = open_store(db, save_copy=False)  # copied just after READY (keep_good_copy)
        return store, recovery, None
    except (NotOurs, StoreInUse):
        raise
    except StoreError as exc:
        log.error("%s; keeping the game in memory", exc)
        reason = str(exc).rsplit(": ", 1)[-1][:120]
        return memory_copy(db), None, msg("The event store {path} cannot be written ({reason}). The game goes "
                                          "on in memory and is lost when the companion stops.",
                                          path=str(db), reason=reason)


def resume(daemon):
    """Resume the last unfinished game, or put the last game back on the table when it is
    finished (issue 26); one that does not replay is kept in the store and
    named on the screen, and the daemon starts without it (never a crash at every start)."""
    from companion.errors import StoreError

    try:
        return daemon.game.resume_last() or daemon.game.show_last_finished()
    except StoreError as exc:
        log.error("%s", exc)
        daemon.recent.append(str(exc))
        return None


#: Seconds between two refreshes of the event store's last good copy while the daemon runs.
GOOD_COPY_EVERY = 300.0


async def keep_good_copy(db: Path, every: float = GOOD_COPY_EVERY) -> None:
    """Refresh the store's last good copy (:func:`companion.recovery.save_good_copy`) at once
    (the daemon is READY by then: the copy stays off the start-up path) and then every
    ``every`` seconds when the database changed, in a worker thread (its own connection)."""
    import asyncio

    from companion.errors import StoreError
    from companion.recovery import save_good_copy

    def signature() -> tuple:
        return tuple((s.st_mtime_ns, s.st_size) if (s := _stat(Path(str(db) + suffix))) else None
                     for suffix in ("", "-wal"))

    copied, wait = None, 0.0
    while True:
        await asyncio.sleep(wait)
        wait = every
        now = signature()
        if now == copied:
            continue
        try:
            await asyncio.to_thread(save_good_copy, db)
            copied = now
        except StoreError as exc:
            log.warning("%s", exc)


def _stat(path: Path):
    try:
        return path.stat()
    except OSError:
        return None


def recovery_news(recovery):
    """The sentence for the table's log after :func:`companion.recovery.recover`."""
    from companion.i18n import msg

    if recovery.copy_saved is None:
        return msg("The game record was damaged (a power cut?) and was set aside as {file}. No earlier "
                   "copy existed; inputs read back from the damaged record: {count}.",
                   file=recovery.moved_to.name, count=recovery.salvaged)
    return msg("The game record was damaged (a power cut?) and was set aside as {file}. The game was "
               "rebuilt from the copy saved at {time}; later inputs read back from the damaged record: {count}.",
               file=recovery.moved_to.name, time=time.strftime("%H:%M", time.localtime(recovery.copy_saved)),
               count=recovery.salvaged)

