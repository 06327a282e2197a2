"""Backups of the event store, and putting one back (issue 34).

:func:`backup` copies the store with SQLite's online backup API from a read-only connection
of its own: one consistent copy even while the daemon writes (WAL lets a reader in). The
copy is a single self-contained file (no WAL beside it), checked and flushed to disk before
it takes its name.

:func:`restore` first checks the file (:func:`check_store_file`): an SQLite database, not
cut short, passing its integrity check, holding our tables (and our ``application_id``
when it carries one), of a schema this companion reads, every game readable. Only then,
with the daemon stopped (the store's lock), it keeps the current store as
``<store>.before-restore`` (``-2``, ``-3``… beside an earlier one) and puts the file in its place.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from pathlib import Path

from companion import store as stores
from companion.errors import CompanionError, StoreError
from companion.recovery import fsync_path

#: Beside the store: the store as it was before the last restore.
BEFORE_RESTORE = ".before-restore"


class RestoreRefused(CompanionError):
    """A backup file that is not put back (the message says why); nothing was changed."""


def backup(db: str | Path, dest: str | Path) -> Path:
    """Copy the store ``db`` to ``dest`` (a new file), consistently, while the daemon may write.

    Raises:
        StoreError: no store at ``db`` (or another program's database there), ``dest``
            exists, or the copy failed (nothing is left at ``dest`` then).
    """
    db, dest = Path(db), Path(dest)
    if not db.is_file():
        raise StoreError(f"there is no event store at {db}")
    if dest.exists():
        raise StoreError(f"{dest} already exists: give the backup a new name")
    _check_folder(dest)
    source = _read_only(db)
    try:
        stores.check_ours(source, str(db))  # another program's database is not ours to copy
    except (StoreError, sqlite3.Error) as exc:
        source.close()
        raise StoreError(str(exc) if isinstance(exc, StoreError) else f"{db} cannot be read: {exc}") from None
    _copy(source, dest)
    return dest


def _check_folder(dest: Path) -> None:
    """The backup's folder must exist (SQLite only says "unable to open database file")."""
    from companion.paths import describe

    folder = dest.parent
    if folder.is_dir():
        return
    what = describe(folder)
    raise StoreError(f"the folder {folder} does not exist: create it first, or give the backup a path in a folder "
                     f"that exists" if what == "nothing" else
                     f"{folder} is {what}, not a folder: give the backup a path in a folder")


def _read_only(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(db.resolve().as_uri() + "?mode=ro", uri=True)


def _copy(source: sqlite3.Connection, dest: Path) -> None:
    """``source`` into ``dest`` through a temporary file: checked, flushed, then renamed."""
    tmp = dest.with_name(dest.name + ".tmp")
    try:
        tmp.unlink(missing_ok=True)
        target = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            result = target.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            target.close()
            source.close()
        if result != "ok":
            raise StoreError(f"the copy failed its integrity check: {result}")
        fsync_path(tmp)
        os.replace(tmp, dest)
        fsync_path(dest.parent)
    except (sqlite3.Error, OSError) as exc:
        _discard(tmp)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise StoreError(f"could not copy the event store to {dest}: {reason}") from exc
    except StoreError:
        _discard(tmp)
        raise


def _discard(tmp: Path) -> None:
    """Take away a half-made copy; a read-only or vanished place has none to take away."""
    try:
        tmp.unlink(missing_ok=True)
    except OSError:
        pass


def check_store_file(path: str | Path) -> int:
    """The schema version of the store file at ``path``, once it is sure to be one of ours
    that this companion reads, undamaged.

    Raises:
        RestoreRefused: why it is not (a missing file, not SQLite, cut short, damaged, not
            ours, a newer schema, a game that does not read).
    """
    path = Path(path)
    name = path.name
    try:
        with open(path, "rb") as file:
            head = file.read(16)
    except OSError as exc:
        raise RestoreRefused(f"cannot read {path}: {exc.strerror or exc}") from None
    if head != b"SQLite format 3\x00":
        raise RestoreRefused(f"{name} is not an SQLite database, so not a Haunt Companion store")
    cut = stores._cut_short(str(path))
    if cut:
        raise RestoreRefused(f"{name} is cut short ({cut}): it is not a whole backup")
    try:
        db = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            version = _check_open(db, name)
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise RestoreRefused(f"{name} is damaged: {exc}") from None
    _check_games(path, name)
    return version


def _check_open(db: sqlite3.Connection, name: str) -> int:
    result = db.execute("PRAGMA integrity_check").fetchone()[0]
    if result != "ok":
        raise RestoreRefused(f"{name} is damaged: it fails its integrity check ({result})"[:300])
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"games", "events"} <= tables or not tables <= stores.OUR_TABLES:
        held = ", ".join(sorted(tables)[:5]) or "no table"
        raise RestoreRefused(f"{name} is an SQLite database but not a Haunt Companion store (it holds {held})")
    ours = getattr(stores, "APPLICATION_ID", None)  # the storage work may mark our files
    application = db.execute("PRAGMA application_id").fetchone()[0]
    if application and application != ours:
        raise RestoreRefused(f"{name} belongs to another application (its application_id is {application:#x})")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > stores.SCHEMA_VERSION:
        raise RestoreRefused(f"{name} was written by a newer companion (store schema {version}; this one "
                             f"reads up to {stores.SCHEMA_VERSION}): update the companion first")
    return version


def _check_games(path: Path, name: str) -> None:
    """Every game's header and events decode (integrity checks do not read contents)."""
    from companion.recovery import memory_copy

    copy = memory_copy(path)
    try:
        for record in copy.games():
            copy.events(record.id)
        copy.content("")
    except StoreError as exc:
        raise RestoreRefused(f"{name} is damaged: {exc}") from None
    finally:
        copy.close()


def restore(file: str | Path, db: str | Path) -> Path | None:
    """Put the backup ``file`` in the place of the store ``db`` (the daemon stopped).

    Returns:
        Where the store as it was is kept (``<db>.before-restore``, or ``-2``, ``-3``… when
        an earlier restore's is there), or None when there was no store.

    Raises:
        RestoreRefused: the file is not a store to restore (:func:`check_store_file`), or the
            daemon has the store open. Nothing was changed.
        StoreError: a copy failed (the store is as it was).
    """
    file, db = Path(file), Path(db)
    check_store_file(file)
    if file.resolve() == db.resolve():
        raise RestoreRefused(f"{file} is the store itself")
    check_target(db)
    made_lock = not Path(str(db) + ".lock").exists()
    lock = _lock(db, made_lock)
    try:
        kept = None
        if db.exists():
            kept = _free_name(Path(str(db) + BEFORE_RESTORE))
            _copy(sqlite3.connect(str(db)), kept)
        incoming = Path(str(db) + ".restoring")
        incoming.unlink(missing_ok=True)
        _copy(_read_only(file), incoming)
        for suffix in ("-wal", "-shm"):  # the old store's: never applied to the restored one
            Path(str(db) + suffix).unlink(missing_ok=True)
        os.replace(incoming, db)
        fsync_path(db.parent)
    except BaseException:
        if made_lock:  # a refusal leaves no file behind (nor a lock that says "ours" to the daemon)
            Path(str(db) + ".lock").unlink(missing_ok=True)
        raise
    finally:
        lock.close()
    stores.EventStore(db).close()  # opens as the daemon will (and adds a newer schema's tables)
    return kept


def check_target(db: str | Path) -> None:
    """Refuse, before anything is made or moved, to put a backup where ``db`` is not an event
    store: the same checks, and the same words, as ``companion daemon --db`` (a text file, a
    folder, a side file, an empty file the companion did not make, another program's SQLite
    database, a newer companion's store). A missing file is fine, and so is a damaged store of
    ours (a restore is how it is mended).

    Raises:
        PathRefused: not a store file (:func:`companion.paths.check_db_path`).
        NotOurs: another program's database, or a newer companion's store.
    """
    from companion.paths import check_db_path
    from companion.recovery import refuse_foreign

    db = Path(db)
    check_db_path(db)
    if not db.is_file() or db.stat().st_size == 0:
        return
    try:
        source = _read_only(db)
        try:
            stores.check_ours(source, str(db))
        finally:
            source.close()
    except sqlite3.DatabaseError as exc:
        refuse_foreign(db, exc)


def _free_name(path: Path) -> Path:
    """``path``, or ``path-2``, ``path-3``…: the first that is not there. An earlier restore's
    kept store is never written over (it may be the only copy of the games before it)."""
    candidate, n = path, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}-{n}")
    return candidate


def _lock(db: Path, made: bool):
    """The store's lock (:class:`companion.store.EventStore`): refused while a daemon has it
    (a lock file this call ``made`` is taken away again then)."""
    try:
        lock = open(str(db) + ".lock", "a+")
    except OSError as exc:
        raise RestoreRefused(f"cannot lock the event store {db}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        if made:
            Path(str(db) + ".lock").unlink(missing_ok=True)
        raise RestoreRefused(f"the event store {db} is in use: stop the companion first (sudo systemctl stop "
                             f"haunt-companion, or close companion play), then restore") from None
    return lock
