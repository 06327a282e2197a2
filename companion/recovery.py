"""Disaster recovery of the event store (issue 7): the last good copy, and a damaged
database moved aside and rebuilt.

The daemon opens its store with :func:`open_store`, which keeps a *last good copy* beside
the database (``<db>.last-good``, refreshed at every start and by :func:`save_good_copy`)
and, when the database is damaged (:class:`~companion.store.CorruptStore`), moves it aside
(``<db>.damaged-<time>``, with its ``-wal``), puts the last good copy in its place and adds
back every later event that still reads cleanly from the damaged file (:func:`recover`).
An unwritable data directory is read into memory (:func:`memory_copy`).
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import shutil
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import StoreError
from companion.store import (
    APPLICATION_ID,
    FILE_MODE,
    GOOD_COPY,
    CorruptStore,
    EventStore,
    NotOurs,
    StoreInUse,
    StoreUnreachable,
    application_id,
    check_ours,
    deleted_games,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recovery:
    """What :func:`recover` did with a damaged database.

    Attributes:
        problem: why the database was refused.
        moved_to: where the damaged file now is (its ``-wal`` beside it, same name + ``-wal``).
        copy_saved: wall-clock seconds when the last good copy used was made, or None when
            there was none (the store restarted empty, plus what was salvaged).
        salvaged: events read back from the damaged file that the copy did not hold.
    """

    problem: str
    moved_to: Path
    copy_saved: float | None
    salvaged: int


def good_copy_path(path: str | Path) -> Path:
    """Where the last good copy of the database at ``path`` is kept."""
    return Path(str(path) + GOOD_COPY)


def save_good_copy(path: str | Path) -> Path:
    """Copy the database at ``path`` to :func:`good_copy_path` if the copy passes its integrity check.

    Uses SQLite's online backup from a connection of its own, so it may run in another
    thread while the daemon writes (it copies one consistent snapshot). The copy is written
    to a temporary file, checked, flushed to disk and renamed over the previous copy, so a
    power cut leaves the previous copy or the new one, never half of one.

    Returns:
        The copy's path.
    Raises:
        StoreError: the copy could not be made or failed its check (the previous copy stays).
    """
    dest = good_copy_path(path)
    tmp = dest.with_name(dest.name + ".tmp")
    try:
        tmp.unlink(missing_ok=True)
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE))
        source = sqlite3.connect(str(path))
        target = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            result = target.execute("PRAGMA integrity_check").fetchone()[0]
            held = _event_count(target)
            deleted = deleted_games(target)
        finally:
            target.close()
            source.close()
        if result != "ok":
            raise StoreError(f"the copy of {path} failed its integrity check: {result}")
        kept = _held_by(dest, deleted)
        if held < kept:  # a store that lost events never replaces the copy that has them (issue 26)
            raise StoreError(f"{path} holds {held} events and its last good copy {kept}: the copy is kept")
        fsync_path(tmp)
        os.replace(tmp, dest)
        fsync_path(dest.parent)
    except (sqlite3.Error, OSError) as exc:
        tmp.unlink(missing_ok=True)
        raise StoreError(f"could not save a good copy of {path}: {exc}") from exc
    return dest


def _event_count(db: sqlite3.Connection) -> int:
    try:
        return int(db.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    except sqlite3.Error:
        return 0


def _held_by(copy: Path, deleted: set[tuple[int, float]] = frozenset()) -> int:
    """How many events the file ``copy`` holds (0 when it is missing or unreadable), not
    counting those of the games the owner deleted since (``deleted``: the store's list)."""
    if not copy.exists():
        return 0
    try:
        db = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0
    try:
        return _event_count(db) - _events_of(db, deleted)
    finally:
        db.close()


def _events_of(db: sqlite3.Connection, games: set[tuple[int, float]]) -> int:
    """How many events ``db`` holds for ``games`` (``(id, started)`` pairs)."""
    if not games:
        return 0
    try:
        rows = db.execute("SELECT g.id, g.started, COUNT(*) FROM games g JOIN events e ON e.game_id = g.id "
                          "GROUP BY g.id").fetchall()
    except sqlite3.Error:
        return 0
    return sum(count for gid, started, count in rows if (gid, started) in games)


def open_store(path: str | Path, now: float | None = None,
               save_copy: bool = True) -> tuple[EventStore, Recovery | None]:
    """Open the daemon's event store, recovering a damaged one; then refresh the last good copy.

    Args:
        path: the database file.
        now: wall-clock seconds for the damaged file's name (default: now).
        save_copy: refresh the last good copy now (the daemon does it just after READY,
            in a thread, to keep it off the start-up path).
    Returns:
        The open store, and a :class:`Recovery` when the database was damaged (None otherwise).
    Raises:
        StoreError: the store cannot be opened for another reason (in use, not ours, newer
            schema, unreadable directory), or the recovered store cannot be opened either.
    """
    recovery = None
    finish_recovery(path)
    try:
        store = _readable(EventStore(path))
    except CorruptStore as exc:
        refuse_foreign(path, exc)
        recovery = recover(path, str(exc), now)
        store = EventStore(path)
    if not store.games():
        recovery = _adopt_leftovers(path, store) or recovery
    if save_copy:
        try:
            save_good_copy(path)
        except StoreError as exc:  # the game goes on; only the safety net is older
            log.warning("%s", exc)
    return store, recovery


def refuse_foreign(path: str | Path, exc: Exception) -> None:
    """Recovery is for our own stores: a damaged file that carries no sign of being one (our
    ``application_id`` in its header, or a last good copy or ``.lock`` beside it) is another
    program's, and is left untouched (issue 26).

    Raises:
        NotOurs: it is not ours.
    """
    if application_id(path) == APPLICATION_ID:
        return
    if any(Path(f"{path}{suffix}").exists() for suffix in (GOOD_COPY, ".lock")) or _damaged_files(Path(path)):
        return
    raise NotOurs(f"{path} cannot be read as an event store ({exc}) and is not one of this companion's: "
                  f"it was left untouched (give another --db)")


def _damaged_files(path: Path) -> list[Path]:
    """The damaged copies set aside beside the store, newest first."""
    return sorted((p for p in path.parent.glob(f"{path.name}.damaged-*")
                   if not p.name.endswith(("-wal", "-shm", ".lock"))),
                  key=lambda p: p.stat().st_mtime, reverse=True)


def _adopt_leftovers(path: str | Path, store: EventStore) -> Recovery | None:
    """A store with no game beside a last good copy or damaged files that hold some: an earlier
    recovery was cut short (issue 26). Their games are read back into it (the copy first, then
    each damaged file, newest first); a :class:`Recovery` saying so, or None when none held one."""
    path = Path(path)
    if path == Path(":memory:"):
        return None
    sources = [p for p in (good_copy_path(path), *_damaged_files(path)) if p.exists()]
    found = sum(_salvage_into(source, store) for source in sources)
    if not store.games():
        return None
    log.error("the event store %s held no game: read back %d events from %s", path, found,
              ", ".join(p.name for p in sources))
    return Recovery("the store held no game", sources[-1], None, found)


def _readable(store: EventStore) -> EventStore:
    """``store``, once every game's header and the unfinished game's events decode (issue 8).

    Raises:
        CorruptStore: one does not (the store is closed).
    """
    try:
        store.games()
        record = store.last_unfinished()
        if record is not None:
            store.events(record.id)
    except CorruptStore:
        store.close()
        raise
    return store


def writable(path: str | Path) -> bool:
    """Whether the store's directory (and the file, if it exists) can be written (issue 8)."""
    path = Path(path)
    return os.access(path.parent, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))


def memory_copy(path: str | Path) -> EventStore:
    """An in-memory store holding what the database at ``path`` holds, read without writing
    anything beside it (a read-only data directory, issue 8); an empty one if it cannot be read.

    The database and its ``-wal`` are copied to a scratch folder (in RAM when ``/dev/shm``
    exists) and read from there, so the inputs only the WAL holds are read too (issue 26:
    ``immutable=1`` ignored them and resumed an older game).

    Raises:
        NotOurs: the file is another program's or a newer companion's (left untouched).
    """
    store = EventStore(":memory:")
    if not Path(path).exists():
        return store
    try:
        _copy_into(path, store)
    except NotOurs:
        store.close()
        raise
    except (OSError, sqlite3.Error, StoreError) as exc:
        log.warning("cannot read %s into memory: %s", path, exc)
        store.close()
        store = EventStore(":memory:")
    return store


def _copy_into(path: str | Path, store: EventStore) -> None:
    """Copy the database at ``path`` (with its ``-wal``) into the in-memory ``store``."""
    scratch_root = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="companion-read-only-", dir=scratch_root) as scratch:
        copy = Path(scratch) / "store.sqlite3"
        for suffix in ("", "-wal"):
            if Path(f"{path}{suffix}").exists():
                shutil.copyfile(f"{path}{suffix}", f"{copy}{suffix}")
        source = sqlite3.connect(str(copy))
        try:
            check_ours(source, str(path))
            source.backup(store._db)
        finally:
            source.close()
    store._configure()  # an older store's copy gains the columns added since


def recover(path: str | Path, problem: str, now: float | None = None) -> Recovery:
    """Set a damaged database aside and rebuild it from the last good copy and the events
    that still read cleanly from the damaged file; every step is safe to interrupt (issue 26).

    1. The damaged file and its ``-wal`` are *copied* to ``<db>.damaged-<YYYYmmdd-HHMMSS>``
       (and ``-wal``) and flushed; the database itself is not touched yet.
    2. The rebuilt store is made in ``<db>.restoring``: the last good copy, when it exists and
       passes its integrity check (otherwise an empty store), then, per game, the events after
       the copy's last one read from (a scratch copy of) the damaged file in ``seq`` order
       while they follow on without a gap and parse; games the copy lacks are added with their
       header, and tags with their latest enrollment. Reading stops at the first damaged page.
       Snapshots are not salvaged (they are a cache). It is flushed and renamed
       ``<db>.restored`` (the sign that it is complete).
    3. The damaged ``-wal`` and ``-shm`` are removed and ``<db>.restored`` is renamed over the
       database.

    A power cut during 1 or 2 leaves the database as it was (the next start does it again);
    during 3, :func:`finish_recovery` (run at every start) completes it.

    Args:
        path: the database file.
        problem: why it was refused (kept in the result, for the log).
        now: wall-clock seconds for the damaged file's name (default: now).
    Raises:
        StoreError: another process holds the store, or files cannot be copied or renamed.
    """
    path = Path(path)
    with _recovery_lock(path):
        moved = _damaged_name(path, now)
        try:
            for suffix in ("", "-wal"):
                if Path(str(path) + suffix).exists():
                    _copy_file(Path(str(path) + suffix), Path(str(moved) + suffix))
            fsync_path(path.parent)
            building = _side(path, RESTORING)
            building.unlink(missing_ok=True)
            copy_saved = _restore(good_copy_path(path), building)
            EventStore(building).close()  # the empty store when there was no copy
            salvaged = _salvage(moved, building)
            _self_contained(building)
            os.replace(building, _side(path, RESTORED))
            fsync_path(path.parent)
            _put_in_place(path)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"could not rebuild the damaged event store {path}: {exc}") from exc
    log.error("the event store %s was damaged (%s); a copy is kept as %s; rebuilt from %s, %d later events "
              "salvaged", path, problem, moved,
              f"the copy of {time.ctime(copy_saved)}" if copy_saved else "nothing (no copy)", salvaged)
    return Recovery(problem, moved, copy_saved, salvaged)


#: Side files of an unfinished recovery: the store being rebuilt, and the one rebuilt.
RESTORING = ".restoring"
RESTORED = ".restored"


def _side(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


class _recovery_lock:
    """The ``.lock`` beside the store, held while recovery changes files (one process at a time)."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self):
        lock_path = Path(str(self.path) + ".lock")
        try:
            self.fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE)
        except OSError as exc:
            raise StoreUnreachable(f"cannot open the event store {self.path}: {exc}") from exc
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(self.fd)
            raise StoreInUse(f"the event store {self.path} is in use by another companion process") from exc
        return self

    def __exit__(self, *exc):
        os.close(self.fd)
        return False


def finish_recovery(path: str | Path) -> bool:
    """Complete a recovery a power cut interrupted (:func:`recover`): a complete rebuilt store
    (``<db>.restored``) is put in place; a half-built one (``<db>.restoring``) is removed (the
    database it was built from is still there). Whether a rebuilt store was put in place."""
    path = Path(path)
    if path == Path(":memory:"):
        return False
    restored, restoring = _side(path, RESTORED), _side(path, RESTORING)
    if not restored.exists() and not restoring.exists():
        return False
    with _recovery_lock(path):
        for stale in (restoring, Path(str(restoring) + "-wal"), Path(str(restoring) + "-shm"),
                      Path(str(restoring) + ".lock")):
            stale.unlink(missing_ok=True)
        if not restored.exists():
            return False
        _put_in_place(path)
    log.warning("a recovery of %s was interrupted (a power cut?): its rebuilt store is now in place", path)
    return True


def _put_in_place(path: Path) -> None:
    """Step 3 of :func:`recover`: the damaged ``-wal``/``-shm`` go (their copy is kept), then
    ``<db>.restored`` becomes the database."""
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    os.replace(_side(path, RESTORED), path)
    fsync_path(path.parent)


def _damaged_name(path: Path, now: float | None) -> Path:
    """``<db>.damaged-<time>``, with a count added when that name is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    moved, n = path.with_name(f"{path.name}.damaged-{stamp}"), 1
    while moved.exists():
        n += 1
        moved = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    return moved


def _copy_file(source: Path, dest: Path) -> None:
    """Copy ``source`` to a new file ``dest`` (``0600``, never through a link), flushed."""
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE)
    with open(source, "rb") as src, os.fdopen(fd, "wb") as out:
        shutil.copyfileobj(src, out)
        out.flush()
        os.fsync(out.fileno())


def _self_contained(path: Path) -> None:
    """One file, no ``-wal`` beside it (journal mode DELETE), flushed to disk."""
    db = sqlite3.connect(str(path), isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=DELETE")
    finally:
        db.close()
    Path(str(path) + ".lock").unlink(missing_ok=True)
    fsync_path(path)


def _restore(copy: Path, path: Path) -> float | None:
    """Put the last good ``copy`` at ``path`` (when it exists and checks out); its mtime or None."""
    if not copy.exists():
        return None
    try:
        check = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        try:
            result = check.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            check.close()
    except sqlite3.Error as exc:
        result = str(exc)
    if result != "ok":
        log.error("the last good copy %s is damaged too (%s); starting from an empty store", copy, result)
        return None
    _copy_file(copy, path)
    return copy.stat().st_mtime


def _salvage(damaged: Path, path: Path) -> int:
    """Add to the store at ``path`` what reads cleanly from ``damaged`` beyond it; the count of events."""
    with tempfile.TemporaryDirectory(prefix="companion-salvage-") as scratch:
        source = Path(scratch) / "damaged.sqlite3"
        try:  # a scratch copy: opening the damaged file itself could checkpoint its WAL into it
            for suffix in ("", "-wal"):
                if Path(str(damaged) + suffix).exists():
                    shutil.copyfile(str(damaged) + suffix, str(source) + suffix)
            src = sqlite3.connect(str(source))
        except (OSError, sqlite3.Error) as exc:
            log.warning("nothing salvaged from %s: %s", damaged, exc)
            return 0
        store = EventStore(path)
        try:
            return _salvage_rows(src, store)
        finally:
            src.close()
            store.close()


def _salvage_into(source: Path, store: EventStore) -> int:
    """Add to the open ``store`` what reads cleanly from the file ``source`` beyond it."""
    with tempfile.TemporaryDirectory(prefix="companion-salvage-") as scratch:
        copy = Path(scratch) / "source.sqlite3"
        try:
            for suffix in ("", "-wal"):
                if Path(str(source) + suffix).exists():
                    shutil.copyfile(str(source) + suffix, str(copy) + suffix)
            src = sqlite3.connect(str(copy))
        except (OSError, sqlite3.Error) as exc:
            log.warning("nothing read from %s: %s", source, exc)
            return 0
        try:
            return _salvage_rows(src, store)
        except sqlite3.Error as exc:
            log.warning("nothing more read from %s: %s", source, exc)
            return 0
        finally:
            src.close()


def _salvage_rows(src: sqlite3.Connection, store: EventStore) -> int:
    db = store._db
    count = 0
    deleted = deleted_games(db) | deleted_games(src)  # deleted on purpose: never read back
    with store._transaction():
        versions_column = "versions" if "versions" in _columns(src, "games") else "NULL"
        for gid, game, key, header, started, outcome, versions in _rows(
                src, f"SELECT id, game, key, header, started, outcome, {versions_column} FROM games ORDER BY id"):
            if (gid, started) in deleted:
                continue
            known = db.execute("SELECT header FROM games WHERE id = ?", (gid,)).fetchone()
            if known is None:
                if not _parses(header):
                    continue
                db.execute("INSERT INTO games (id, game, key, header, started, versions) VALUES (?, ?, ?, ?, ?, ?)",
                           (gid, game, key, header, started, versions if _parses(versions) else None))
            elif known[0] != header:
                continue  # not the same game: leave both alone
            last = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (gid,)).fetchone()[0]
            rows = _rows(src, "SELECT seq, kind, body, at FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
                         (gid, last))
            for seq, kind, body, at in rows:
                if seq != last + 1 or kind not in ("input", "undo") or not _parses(body):
                    break
                db.execute("INSERT INTO events (game_id, seq, kind, body, at) VALUES (?, ?, ?, ?, ?)",
                           (gid, seq, kind, body, at))
                last, count = seq, count + 1
            ends = _rows(src, "SELECT MAX(seq) FROM events WHERE game_id = ?", (gid,))
            if outcome is not None and ends and ends[0][0] == last:
                db.execute("UPDATE games SET outcome = ? WHERE id = ?", (outcome, gid))
        for uid, component, enrolled in _rows(src, "SELECT uid, component, enrolled FROM tags"):
            db.execute("INSERT OR REPLACE INTO tags (uid, component, enrolled) VALUES (?, ?, ?)",
                       (uid, component, enrolled))
        for component, game, fields, entered in _rows(src, "SELECT component, game, fields, entered FROM content"):
            if _parses(fields):
                db.execute("INSERT OR REPLACE INTO content (component, game, fields, entered) VALUES (?, ?, ?, ?)",
                           (component, game, fields, entered))
    return count


def _columns(src: sqlite3.Connection, table: str) -> set[str]:
    """The column names of ``table`` in ``src`` (empty when they cannot be read)."""
    return {row[1] for row in _rows(src, f"SELECT * FROM pragma_table_info('{table}')")}


def _rows(src: sqlite3.Connection, sql: str, args: tuple = ()) -> list[tuple]:
    """The rows of ``sql`` that read before the first damaged page (maybe none)."""
    rows: list[tuple] = []
    try:
        for row in src.execute(sql, args):
            rows.append(row)
    except sqlite3.Error as exc:
        log.warning("salvage stopped at a damaged page (%s): %s", sql.split(" FROM ")[1].split()[0], exc)
    return rows


def _parses(text: Any) -> bool:
    try:
        json.loads(text)
    except (TypeError, ValueError):
        return False
    return True


def fsync_path(path: Path) -> None:
    """Flush a file's (or a directory's entries') data to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
