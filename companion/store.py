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
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import StoreError

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
            raise StoreError(f"cannot open the event store {self.path}: {exc}") from exc
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
        db.executescript(_SCHEMA)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _check(self, db: sqlite3.Connection) -> None:
        result = db.execute("PRAGMA integrity_check").fetchone()[0]
        if result != "ok":
            raise StoreError(f"the event store {self.path} failed its integrity check: {result}")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and not {"games", "events"} <= tables:
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
        """Record a new game and return its id. ``now`` is wall-clock seconds."""
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO games (game, key, header, started) VALUES (?, ?, ?, ?)",
                (header["game"], key, json.dumps(header, sort_keys=True), now),
            )
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
        """Take tag ``uid`` out of the registry; False if it was not there."""
        with self._transaction():
            cursor = self._db.execute("DELETE FROM tags WHERE uid = ?", (uid,))
        return cursor.rowcount > 0

    def events(self, game_id: int, after: int = 0) -> list[Event]:
        """The events of a game with ``seq`` above ``after``, in order (all of them by default)."""
        rows = self._db.execute(
            "SELECT seq, kind, body, at FROM events WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after)
        )
        return [Event(seq, kind, json.loads(body), at) for seq, kind, body, at in rows]

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
        return GameRecord(gid, game, key, json.loads(header), started, outcome)

    def _transaction(self):
        if self._db is None:
            raise StoreError(f"the event store {self.path} is closed")
        return _Transaction(self._db)


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
