"""The event store: every accepted input of every game, durably, in SQLite.

One writer (the daemon). WAL journal, ``synchronous=FULL`` (a transaction that returned
is on disk), ``PRAGMA integrity_check`` at open. Schema:

* ``games(id, game, key, header, started, outcome)``: one row per game; ``header`` is the
  JSON game header (game, players, seed, options, stack, tags, content); ``key`` identifies the
  table script a game came from, if any; ``outcome`` stays NULL while the game is unfinished.
* ``events(game_id, seq, kind, body, at)``: ``kind`` is ``"input"`` (an accepted input with
  its action and the chance outcomes it caused) or ``"undo"``; ``at`` is wall-clock seconds.
* ``tags(uid, component, enrolled)``: the tag registry.
* ``content(component, game, fields, entered)``: what the owner entered as printed on the
  table's own copy of a card (JSON ``{field: value}``; :mod:`companion.engine.content`).
* ``snapshots(game_id, seq, version, body, at)``: the session after event ``seq``, so a
  resume replays only the events after it (issue 9). A snapshot is a cache: ``version``
  names the companion version and game that wrote it, and one of another version is
  ignored (the log is replayed instead). The two newest per game are kept.

Damage (issue 7). WAL with ``synchronous=FULL`` survives a power cut on storage that keeps
its flush promises; an SD card that does not can leave a damaged file. :class:`EventStore`
refuses such a file (:class:`CorruptStore`) and never changes it. The daemon opens its store
with :func:`open_store`, which keeps a *last good copy* beside the database
(``<db>.last-good``, refreshed at every start and by :func:`save_good_copy`) and, when the
database is damaged, moves it aside (``<db>.damaged-<time>``, with its ``-wal``), puts the
last good copy in its place and adds back every later event that still reads cleanly from
the damaged file (:func:`recover`).
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

log = logging.getLogger(__name__)

SCHEMA_VERSION = 4  # 2: the tags table; 3: snapshots; 4: content (older stores gain them when opened)

#: Snapshots kept per game (the newest ones).
SNAPSHOTS_KEPT = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    key TEXT,
    header TEXT NOT NULL,
    started REAL NOT NULL,
    outcome TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('input', 'undo')),
    body TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS tags (
    uid TEXT PRIMARY KEY,
    component TEXT NOT NULL,
    enrolled REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS content (
    component TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    fields TEXT NOT NULL,
    entered REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    version TEXT NOT NULL,
    body TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


#: SQLite result codes (primary) that mean the file itself is damaged.
_DAMAGED_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)

#: Suffix of the last good copy kept beside the database.
GOOD_COPY = ".last-good"


#: Every table the schema has ever had: a store holding only some of them is ours, cut short
#: while it was being created (issue 8, torn writes).
OUR_TABLES = frozenset({"games", "events", "tags", "snapshots", "content"})


class CorruptStore(StoreError):
    """The database file is damaged: SQLite calls it corrupt or no database, or it fails its
    integrity check. The file was left as it was."""


@dataclass(frozen=True)
class GameRecord:
    """One stored game. ``outcome`` is None while it is unfinished."""

    id: int
    game: str
    key: str | None
    header: dict[str, Any]
    started: float
    outcome: str | None


@dataclass(frozen=True)
class Event:
    """One stored event of a game, in ``seq`` order (1-based)."""

    seq: int
    kind: str
    body: dict[str, Any]
    at: float


class EventStore:
    """An SQLite event store. Not thread-safe: use it from the daemon's loop only.

    Args:
        path: database file, or ``":memory:"`` for tests.

    Raises:
        StoreError: the file is not a database, fails its integrity check, was written by a
            newer schema, or cannot be opened.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._db = None
        self._made_lock = False
        self._lock = self._take_lock()
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._configure()
        except sqlite3.DatabaseError as exc:
            self._refuse()
            error = CorruptStore if (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in _DAMAGED_CODES else StoreError
            raise error(f"cannot open the event store {self.path}: {exc}") from exc
        except StoreError:
            self._refuse()
            raise

    def _refuse(self) -> None:
        """Close after a refused open and take away the lock file if this open made it."""
        self.close()
        if self._made_lock:
            self._lock_path.unlink(missing_ok=True)

    def _take_lock(self):
        """One writer: an exclusive ``flock`` on ``<path>.lock`` for as long as the store is open."""
        if self.path == ":memory:":
            return None
        self._lock_path = Path(self.path + ".lock")
        self._made_lock = not self._lock_path.exists()
        try:
            lock = open(self._lock_path, "a+")
        except OSError as exc:
            raise StoreError(f"cannot open the event store {self.path}: {exc}") from exc
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            lock.close()
            raise StoreError(f"the event store {self.path} is in use by another companion process") from exc
        return lock

    def _configure(self) -> None:
        db = self._db
        self._check(db)  # before anything is written: a refused file stays byte for byte
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        # One transaction: a power cut leaves all of the schema or none of it (issue 8).
        db.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")

    def _check(self, db: sqlite3.Connection) -> None:
        cut = _cut_short(self.path)
        if cut:
            raise CorruptStore(f"the event store {self.path} is cut short: {cut}")
        result = db.execute("PRAGMA integrity_check").fetchone()[0]
        if result != "ok":
            raise CorruptStore(f"the event store {self.path} failed its integrity check: {result}"[:500])
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and not {"games", "events"} <= tables and not tables <= OUR_TABLES:
            raise StoreError(f"{self.path} is not a Haunt Companion event store"
                             f" (it holds {', '.join(sorted(tables)[:5])}); it was left untouched")
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} has schema {version}; this companion reads up to {SCHEMA_VERSION}")

    def close(self) -> None:
        """Close the database and release the lock; safe to call twice."""
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def new_game(self, header: dict[str, Any], key: str | None, now: float) -> int:
        """Record a new game and return its id. ``now`` is wall-clock seconds.

        Raises:
            StoreError: the write failed (disk full, read-only); nothing was written.
        """
        try:
            with self._transaction():
                cursor = self._db.execute(
                    "INSERT INTO games (game, key, header, started) VALUES (?, ?, ?, ?)",
                    (header["game"], key, json.dumps(header, sort_keys=True), now),
                )
        except sqlite3.Error as exc:
            raise StoreError(f"could not record the new game in {self.path}: {exc}") from exc
        return int(cursor.lastrowid)

    def append(self, game_id: int, kind: str, body: dict[str, Any], now: float,
               outcome: str | None = None, reopen: bool = False) -> int:
        """Append one event in one durable transaction; returns its ``seq``.

        Args:
            game_id: the game.
            kind: ``"input"`` or ``"undo"``.
            body: JSON-ready record.
            now: wall-clock seconds.
            outcome: set when this event ends the game (``"won"``/``"lost"``).
            reopen: this event (an undo) takes back the input that ended the game: it is
                unfinished again (its outcome goes back to NULL).

        Raises:
            StoreError: the write failed (disk full, read-only); nothing was written.
        """
        try:
            with self._transaction():
                seq = self._db.execute(
                    "SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id = ?", (game_id,)
                ).fetchone()[0]
                self._db.execute(
                    "INSERT INTO events (game_id, seq, kind, body, at) VALUES (?, ?, ?, ?, ?)",
                    (game_id, seq, kind, json.dumps(body, sort_keys=True), now),
                )
                if outcome is not None or reopen:
                    self._db.execute("UPDATE games SET outcome = ? WHERE id = ?", (outcome, game_id))
        except sqlite3.Error as exc:
            raise StoreError(f"could not record the input in {self.path}: {exc}") from exc
        return int(seq)

    def enrolled_tags(self) -> dict[str, str]:
        """The tag registry: UID hex -> component id."""
        return dict(self._db.execute("SELECT uid, component FROM tags ORDER BY uid"))

    def enroll_tag(self, uid: str, component: str, now: float) -> str | None:
        """Record that tag ``uid`` stands for ``component``; returns what it stood for before.

        Raises:
            StoreError: the write failed; nothing was written.
        """
        try:
            with self._transaction():
                row = self._db.execute("SELECT component FROM tags WHERE uid = ?", (uid,)).fetchone()
                self._db.execute("INSERT OR REPLACE INTO tags (uid, component, enrolled) VALUES (?, ?, ?)",
                                 (uid, component, now))
        except sqlite3.Error as exc:
            raise StoreError(f"could not enroll tag {uid} in {self.path}: {exc}") from exc
        return row[0] if row else None

    def forget_tag(self, uid: str) -> bool:
        """Take tag ``uid`` out of the registry; False if it was not there.

        Raises:
            StoreError: the write failed; nothing was written.
        """
        try:
            with self._transaction():
                cursor = self._db.execute("DELETE FROM tags WHERE uid = ?", (uid,))
        except sqlite3.Error as exc:
            raise StoreError(f"could not forget tag {uid} in {self.path}: {exc}") from exc
        return cursor.rowcount > 0

    def content(self, game: str) -> dict[str, dict[str, Any]]:
        """The printed data the table entered for ``game``'s components:
        ``{component id: {field: value}}`` (:mod:`companion.engine.content`)."""
        rows = self._db.execute("SELECT component, fields FROM content WHERE game = ? ORDER BY component", (game,))
        return {component: _decode(fields, f"content of {component}") for component, fields in rows}

    def set_content(self, component: str, fields: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
        """Record what is printed on ``component`` (its game is the id's first part), or forget
        it when ``fields`` is None; returns what was recorded before.

        Raises:
            StoreError: the write failed; nothing was written.
        """
        try:
            with self._transaction():
                row = self._db.execute("SELECT fields FROM content WHERE component = ?", (component,)).fetchone()
                if fields is None:
                    self._db.execute("DELETE FROM content WHERE component = ?", (component,))
                else:
                    self._db.execute("INSERT OR REPLACE INTO content (component, game, fields, entered) "
                                     "VALUES (?, ?, ?, ?)", (component, component.split(":")[0],
                                                             json.dumps(fields, sort_keys=True), now))
        except sqlite3.Error as exc:
            raise StoreError(f"could not record the data of {component} in {self.path}: {exc}") from exc
        return _decode(row[0], f"content of {component}") if row else None

    def events(self, game_id: int, after: int = 0) -> list[Event]:
        """The events of a game with ``seq`` above ``after``, in order (all of them by default)."""
        rows = self._db.execute(
            "SELECT seq, kind, body, at FROM events WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after)
        )
        return [Event(seq, kind, _decode(body, f"game {game_id} event {seq}"), at) for seq, kind, body, at in rows]

    def save_snapshot(self, game_id: int, seq: int, version: str, body: dict[str, Any], now: float) -> None:
        """Keep the session after event ``seq`` (a cache: failing to write one loses nothing).

        Raises:
            StoreError: the write failed; nothing was written.
        """
        try:
            with self._transaction():
                self._db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, version, body, at) "
                                 "VALUES (?, ?, ?, ?, ?)", (game_id, seq, version, json.dumps(body), now))
                self._db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq NOT IN (SELECT seq FROM "
                                 "snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT ?)",
                                 (game_id, game_id, SNAPSHOTS_KEPT))
        except sqlite3.Error as exc:
            raise StoreError(f"could not save a snapshot in {self.path}: {exc}") from exc

    def latest_snapshot(self, game_id: int, version: str) -> tuple[int, dict[str, Any]] | None:
        """``(seq, body)`` of the newest snapshot of ``game_id`` written by ``version``, or None."""
        row = self._db.execute("SELECT seq, body FROM snapshots WHERE game_id = ? AND version = ? "
                               "ORDER BY seq DESC LIMIT 1", (game_id, version)).fetchone()
        return (int(row[0]), json.loads(row[1])) if row else None

    def game(self, game_id: int) -> GameRecord | None:
        """The game with ``game_id``, or None."""
        return self._one("SELECT * FROM games WHERE id = ?", (game_id,))

    def last_unfinished(self) -> GameRecord | None:
        """The most recently started game that has no outcome yet, or None."""
        return self._one("SELECT * FROM games WHERE outcome IS NULL ORDER BY id DESC LIMIT 1", ())

    def by_key(self, key: str) -> GameRecord | None:
        """The most recent game started from the script identified by ``key``, or None."""
        return self._one("SELECT * FROM games WHERE key = ? ORDER BY id DESC LIMIT 1", (key,))

    def games(self) -> list[GameRecord]:
        """Every game, oldest first."""
        rows = self._db.execute("SELECT * FROM games ORDER BY id").fetchall()
        return [self._record(row) for row in rows]

    def _one(self, sql: str, args: tuple) -> GameRecord | None:
        row = self._db.execute(sql, args).fetchone()
        return self._record(row) if row else None

    @staticmethod
    def _record(row: tuple) -> GameRecord:
        gid, game, key, header, started, outcome = row
        return GameRecord(gid, game, key, _decode(header, f"game {gid}"), started, outcome)

    def _transaction(self):
        if self._db is None:
            raise StoreError(f"the event store {self.path} is closed")
        return _Transaction(self._db)


def _decode(text: Any, what: str) -> Any:
    """A stored JSON text; a damaged one (integrity checks do not read contents) is a CorruptStore."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as exc:
        raise CorruptStore(f"{what} in the event store is damaged: {exc}") from exc


def _cut_short(path: str) -> str | None:
    """Why the database file at ``path`` is shorter than its own header says, or None (issue 8).

    SQLite reads the missing end of a truncated file as zeros, and ``integrity_check`` does
    not read record contents: a cut file can pass it with zeros inside stored text. Only
    checked without a WAL (one may hold the missing pages: a checkpoint cut short by a full
    disk); with one, :func:`open_store` reads the game to resume instead.
    """
    if path == ":memory:":
        return None
    try:
        with open(path, "rb") as file:
            header = file.read(100)
            size = os.fstat(file.fileno()).st_size
    except FileNotFoundError:
        return None
    if os.path.exists(path + "-wal") and os.path.getsize(path + "-wal"):
        return None
    if size == 0 or not header.startswith(b"SQLite format 3\x00"):
        return None  # a new file, or not SQLite at all (SQLite itself says so)
    if len(header) < 100:
        return f"{size} bytes, not even its header"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    header_valid = pages and header[24:28] == header[92:96]
    if page_size and size % page_size:
        return f"{size} bytes is not a whole number of {page_size}-byte pages"
    if header_valid and size < pages * page_size:
        return f"{size} bytes of {pages * page_size}"
    return None


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any exception."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db

    def __enter__(self):
        self._db.execute("BEGIN IMMEDIATE")
        return self._db

    def __exit__(self, exc_type, exc, tb):
        self._db.execute("ROLLBACK" if exc_type else "COMMIT")
        return False


# ---------------------------------------------------------------------- damage and recovery


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
        for gid, game, key, header, started, outcome in _rows(src, "SELECT id, game, key, header, started, "
                                                                   "outcome FROM games ORDER BY id"):
            known = db.execute("SELECT header FROM games WHERE id = ?", (gid,)).fetchone()
            if known is None:
                if not _parses(header):
                    continue
                db.execute("INSERT INTO games (id, game, key, header, started) VALUES (?, ?, ?, ?, ?)",
                           (gid, game, key, header, started))
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
