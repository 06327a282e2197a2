"""The event store: every accepted input of every game, durably, in SQLite.

One writer (the daemon). WAL journal, ``synchronous=FULL`` (a transaction that returned
is on disk), ``PRAGMA integrity_check`` at open. Schema:

* ``games(id, game, key, header, started, outcome)``: one row per game; ``header`` is the
  JSON game header (game, players, seed, options, stack, tags); ``key`` identifies the
  table script a game came from, if any; ``outcome`` stays NULL while the game is unfinished.
* ``events(game_id, seq, kind, body, at)``: ``kind`` is ``"input"`` (an accepted input with
  its action and the chance outcomes it caused) or ``"undo"``; ``at`` is wall-clock seconds.
* ``tags(uid, component, enrolled)``: the tag registry.
* ``snapshots(game_id, seq, version, body, at)``: the session after event ``seq``, so a
  resume replays only the events after it (issue 9). A snapshot is a cache: ``version``
  names the companion version and game that wrote it, and one of another version is
  ignored (the log is replayed instead). The two newest per game are kept.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import StoreError

log = logging.getLogger(__name__)

SCHEMA_VERSION = 3  # 2: the tags table; 3: snapshots (older stores gain them when opened)

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
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    version TEXT NOT NULL,
    body TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


#: Every table the schema has ever had: a store holding only some of them is ours, cut short
#: while it was being created by an older version (issue 8, torn writes).
OUR_TABLES = frozenset({"games", "events", "tags", "snapshots"})

#: SQLite result codes for a damaged file: SQLITE_CORRUPT, SQLITE_NOTADB.
_DAMAGED = (11, 26)


class StoreCorrupt(StoreError):
    """The file is damaged: not a database, or it fails its integrity check (issue 8)."""


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
            damaged = getattr(exc, "sqlite_errorcode", 0) & 0xFF in _DAMAGED
            raise (StoreCorrupt if damaged else StoreError)(
                f"cannot open the event store {self.path}: {exc}") from exc
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
            raise StoreCorrupt(f"the event store {self.path} is cut short: {cut}")
        result = db.execute("PRAGMA integrity_check").fetchone()[0]
        if result != "ok":
            raise StoreCorrupt(f"the event store {self.path} failed its integrity check: {result}"[:500])
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
               outcome: str | None = None) -> int:
        """Append one event in one durable transaction; returns its ``seq``.

        Args:
            game_id: the game.
            kind: ``"input"`` or ``"undo"``.
            body: JSON-ready record.
            now: wall-clock seconds.
            outcome: set when this event ends the game (``"won"``/``"lost"``).

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
                if outcome is not None:
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
    """A stored JSON text; a damaged one (integrity checks do not read contents) is a StoreCorrupt."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as exc:
        raise StoreCorrupt(f"{what} in the event store is damaged: {exc}") from exc


def _cut_short(path: str) -> str | None:
    """Why the database file at ``path`` is shorter than its own header says, or None.

    SQLite reads the missing end of a truncated file as zeros, and ``integrity_check`` does
    not read record contents: a cut file can pass it with zeros inside stored text. Only
    checked without a WAL (with one, :func:`open_store` reads the game to resume instead).
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
        return None  # the WAL may hold the missing pages (a checkpoint cut short by a full disk)
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


# ---------------------------------------------------------------------- the daemon's open (issue 8)

def open_store(path: str | Path) -> tuple["EventStore", str | None]:
    """Open the daemon's event store so that start-up never fails in a loop over its file.

    * A damaged file (:class:`StoreCorrupt`) is moved aside with its ``-wal``/``-shm``
      (:func:`move_aside`) and a new store is started in its place.
    * A file or directory that cannot be written (read-only file system, permissions) is
      copied into memory, read-only: its games resume, and nothing is written anywhere.

    Returns:
        The store, and None or a sentence for the table saying what was done.

    Raises:
        StoreError: anything else (another process holds the store, a newer schema,
            another program's database): refusing is right, and says why.
    """
    from companion.i18n import msg

    try:
        return _readable(EventStore(path)), None
    except StoreCorrupt as exc:
        aside = move_aside(path)
        log.error("%s; moved to %s", exc, aside)
        return EventStore(path), msg("The event store {path} was damaged ({reason}). It was moved to {aside} "
                                     "and a new one was started: games in it are not resumed.",
                                     path=str(path), reason=_reason(exc), aside=str(aside))
    except StoreError as exc:
        if _writable(Path(path)):
            raise
        log.error("%s; keeping the game in memory", exc)
        return _memory_copy(Path(path)), msg("The event store {path} cannot be written ({reason}). The game goes "
                                             "on in memory and is lost when the companion stops.",
                                             path=str(path), reason=_reason(exc))


def _readable(store: EventStore) -> EventStore:
    """``store``, once every game's header and the unfinished game's events decode.

    Raises:
        StoreCorrupt: one does not (the store is closed).
    """
    try:
        store.games()
        record = store.last_unfinished()
        if record is not None:
            store.events(record.id)
    except StoreCorrupt:
        store.close()
        raise
    return store


def move_aside(path: str | Path) -> Path:
    """Rename ``path`` (and its ``-wal`` and ``-shm``) to ``<path>.damaged-<UTC time>``; returns
    the new name. Nothing is deleted."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    for suffix in ("-wal", "-shm", ""):  # the main file last: never a new file beside an old WAL
        part = Path(f"{path}{suffix}")
        if part.exists():
            os.replace(part, f"{aside}{suffix}")
    return aside


def _reason(exc: Exception) -> str:
    return str(exc).rsplit(": ", 1)[-1].splitlines()[0][:120]


def _writable(path: Path) -> bool:
    """Whether the store's directory (and the file, if it exists) can be written."""
    return os.access(path.parent, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))


def _memory_copy(path: Path) -> EventStore:
    """An in-memory store holding what the file at ``path`` holds (read-only), or an empty one."""
    store = EventStore(":memory:")
    if not path.exists():
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
