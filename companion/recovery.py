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
from companion.store import GOOD_COPY, CorruptStore, EventStore

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
        source = sqlite3.connect(str(path))
        target = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            result = target.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            target.close()
            source.close()
        if result != "ok":
            raise StoreError(f"the copy of {path} failed its integrity check: {result}")
        _fsync(tmp)
        os.replace(tmp, dest)
        _fsync(dest.parent)
    except (sqlite3.Error, OSError) as exc:
        tmp.unlink(missing_ok=True)
        raise StoreError(f"could not save a good copy of {path}: {exc}") from exc
    return dest


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
    try:
        store = _readable(EventStore(path))
    except CorruptStore as exc:
        recovery = recover(path, str(exc), now)
        store = EventStore(path)
    if save_copy:
        try:
            save_good_copy(path)
        except StoreError as exc:  # the game goes on; only the safety net is older
            log.warning("%s", exc)
    return store, recovery


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
    anything beside it (a read-only data directory, issue 8); an empty one if it cannot be read."""
    store = EventStore(":memory:")
    if not Path(path).exists():
        return store
    for query in ("mode=ro", "immutable=1"):  # immutable: no -shm can be made beside it
        try:
            source = sqlite3.connect(f"file:{path}?{query}", uri=True)
            try:
                source.backup(store._db)
            finally:
                source.close()
            return store
        except sqlite3.Error as exc:
            log.warning("cannot copy %s (%s): %s", path, query, exc)
    return store


def recover(path: str | Path, problem: str, now: float | None = None) -> Recovery:
    """Move a damaged database aside and rebuild it from the last good copy and the events
    that still read cleanly from the damaged file.

    The damaged file and its ``-wal`` are renamed ``<db>.damaged-<YYYYmmdd-HHMMSS>`` (and
    ``-wal``), never deleted. The last good copy, when it exists and passes its integrity
    check, becomes the database; otherwise the database starts empty. Then, per game, the
    events after the copy's last one are read from (a scratch copy of) the damaged file in
    ``seq`` order and added while they follow on without a gap and parse; games the copy
    lacks are added with their header, and tags with their latest enrollment. Reading stops
    at the first damaged page. Snapshots are not salvaged (they are a cache).

    Args:
        path: the database file.
        problem: why it was refused (kept in the result, for the log).
        now: wall-clock seconds for the damaged file's name (default: now).
    Raises:
        StoreError: another process holds the store, or files cannot be moved.
    """
    path = Path(path)
    lock_path = Path(str(path) + ".lock")
    with open(lock_path, "a+") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            raise StoreError(f"the event store {path} is in use by another companion process") from exc
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
        moved = path.with_name(f"{path.name}.damaged-{stamp}")
        try:
            for suffix in ("", "-wal", "-shm"):
                if Path(str(path) + suffix).exists():
                    os.replace(str(path) + suffix, str(moved) + suffix)
            _fsync(path.parent)
            copy = good_copy_path(path)
            copy_saved = _restore(copy, path)
        except OSError as exc:
            raise StoreError(f"could not move the damaged event store {path} aside: {exc}") from exc
    salvaged = _salvage(moved, path)
    log.error("the event store %s was damaged (%s); moved to %s; rebuilt from %s, %d later events salvaged",
              path, problem, moved, f"the copy of {time.ctime(copy_saved)}" if copy_saved else "nothing (no copy)",
              salvaged)
    return Recovery(problem, moved, copy_saved, salvaged)


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
    tmp = path.with_name(path.name + ".restoring")
    shutil.copyfile(copy, tmp)
    _fsync(tmp)
    os.replace(tmp, path)
    _fsync(path.parent)
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


def _salvage_rows(src: sqlite3.Connection, store: EventStore) -> int:
    db = store._db
    count = 0
    with store._transaction():
        versions_column = "versions" if "versions" in _columns(src, "games") else "NULL"
        for gid, game, key, header, started, outcome, versions in _rows(
                src, f"SELECT id, game, key, header, started, outcome, {versions_column} FROM games ORDER BY id"):
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


def _fsync(path: Path) -> None:
    """Flush a file's (or a directory's entries') data to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
