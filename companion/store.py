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
refuses such a file (:class:`CorruptStore`) and never changes it; its disaster recovery
(the last good copy, moving a damaged file aside and rebuilding it:
:func:`companion.recovery.open_store`, :func:`companion.recovery.recover`) is
:mod:`companion.recovery`, which imports this module and never the other way round.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import resource
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import StoreError, UnusablePath

log = logging.getLogger(__name__)

#: 2: the tags table; 3: snapshots; 4: content; 5: games.versions (older stores gain them when opened).
SCHEMA_VERSION = 5

#: The outcome of an unfinished game kept read-only: recorded under older rules, its log no
#: longer replays (:meth:`EventStore.keep`).
KEPT = "kept"

#: Snapshots kept per game (the newest ones).
SNAPSHOTS_KEPT = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    key TEXT,
    header TEXT NOT NULL,
    started REAL NOT NULL,
    outcome TEXT,
    versions TEXT
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
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    changed REAL NOT NULL
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
OUR_TABLES = frozenset({"games", "events", "tags", "snapshots", "content", "settings"})

#: The store's own mark, SQLite's ``application_id`` ("HCmp"): a file without it is ours only
#: when it was written before the mark (its tables and their columns are ours, issue 26).
APPLICATION_ID = 0x48436D70

#: Files the store creates are for its owner alone: the store holds hidden cards (issue 26).
#: SQLite gives the ``-wal`` and ``-shm`` the mode of the database file.
FILE_MODE = 0o600


def application_id(path: str | Path) -> int | None:
    """The ``application_id`` in the header of the SQLite file at ``path`` (read from the file,
    so even a damaged one tells), or None when it is not an SQLite file or cannot be read."""
    try:
        with open(path, "rb") as file:
            head = file.read(72)
    except OSError:
        return None
    if len(head) < 72 or not head.startswith(b"SQLite format 3\x00"):
        return None
    return int.from_bytes(head[68:72], "big")


def _our_columns() -> dict[str, list[str]]:
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(_SCHEMA)
        return {table: [row[1] for row in db.execute(f"PRAGMA table_info({table})")] for table in OUR_TABLES}
    finally:
        db.close()


def _added_columns(db: sqlite3.Connection) -> str:
    """The statements that give an older store's tables the columns added since (schema 5:
    ``games.versions``); empty for a new or current store."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    return "ALTER TABLE games ADD COLUMN versions TEXT;" if columns and "versions" not in columns else ""


class StoreFull(StoreError):
    """A write failed because the disk is full (SQLITE_FULL, or SQLite's "disk I/O error" when
    the disk has no room left or the file-size limit was reached: :func:`disk_full`). Nothing
    was written."""


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
    versions: dict[str, Any] = field(default_factory=dict)

    @property
    def rules_version(self) -> int:
        """The game's ``rules_version`` it was recorded under (1 for a game stored before
        versions were recorded)."""
        return int(self.versions.get("rules", 1))


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
        connect: opens the SQLite connection, called as ``connect(path, isolation_level=None,
            check_same_thread=False)`` (default :func:`sqlite3.connect`); a test of a failing
            disk hands in one whose writes fail.

    Raises:
        StoreError: the file is not a database, fails its integrity check, was written by a
            newer schema, or cannot be opened.
    """

    def __init__(self, path: str | Path, connect: Callable[..., sqlite3.Connection] = sqlite3.connect):
        self.path = str(path)
        self._db = None
        self._made_lock = False
        self._made_file = False
        self._file_lock: int | None = None
        self._lock = self._take_lock()
        self._side_files_before: set[str] = set()
        try:
            self._file_lock = self._lock_the_file()
        except StoreError:
            self._refuse()
            raise
        self._side_files_before = {made for made in _SIDE_FILES if os.path.lexists(self.path + made)}
        #: Why the store opened without its shared-memory file (a full disk, issue 26), or None.
        self.no_room: str | None = None
        try:
            try:
                self._db = connect(self.path, isolation_level=None, check_same_thread=False)
                self._configure()
            except sqlite3.OperationalError as exc:
                if not _out_of_room(exc):
                    raise
                self._open_without_room(connect, exc)
        except sqlite3.DatabaseError as exc:
            self._refuse()
            if disk_full(exc, self.path):
                raise StoreFull(f"cannot open the event store {self.path}: the disk is full") from exc
            error = CorruptStore if (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in _DAMAGED_CODES else StoreError
            raise error(f"cannot open the event store {self.path}: {exc}") from exc
        except StoreError:
            self._refuse()
            raise

    def _open_without_room(self, connect, exc: sqlite3.OperationalError) -> None:
        """A full disk has no room for the ``-shm`` SQLite needs at open: open again holding
        the database exclusively (the WAL index then lives in memory; nobody else reads the
        store until the daemon stops), so the game starts and its inputs are written once there
        is room (issue 26: the daemon exited at every start)."""
        if self._db is not None:
            self._db.close()
        self._db = connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA locking_mode=EXCLUSIVE")
        self._configure()
        self.no_room = str(exc)
        log.error("the event store %s opened without room for its shared memory (%s): it is held "
                  "exclusively until the companion stops", self.path, exc)

    def _refuse(self) -> None:
        """Close after a refused open and take away every file this open made: the lock file,
        and, while the database file is still locked (nobody else uses it), the database file
        and the ``-wal``/``-shm``/``-journal`` SQLite made beside it (newcomer 19: a full disk
        left ``full8.db`` and ``full8.db-shm``); a file that was there before stays."""
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._file_lock is not None:
            for made in _SIDE_FILES:
                if made not in self._side_files_before:
                    Path(self.path + made).unlink(missing_ok=True)
            if self._made_file:
                Path(self.path).unlink(missing_ok=True)
        elif self._made_file and _empty(self.path):
            Path(self.path).unlink(missing_ok=True)
        self.close()
        if self._made_lock:
            self._lock_path.unlink(missing_ok=True)

    def _lock_the_file(self) -> int | None:
        """An exclusive ``flock`` on the database file itself (created ``0600`` when missing):
        a second daemon reaching the same file through a symbolic or hard link is refused
        (the ``.lock`` beside it is named after the path given; issue 26)."""
        if self.path == ":memory:":
            return None
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, FILE_MODE)
            self._made_file = True
        except FileExistsError:
            fd = _open_existing(self.path)
        except OSError as exc:
            raise StoreUnreachable(f"cannot open the event store {self.path}: {exc.strerror or exc}") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            raise StoreInUse(f"the event store {self.path} is in use by another companion process") from exc
        return fd

    def _take_lock(self):
        """One writer: an exclusive ``flock`` on ``<path>.lock`` for as long as the store is open."""
        if self.path == ":memory:":
            return None
        self._lock_path = Path(self.path + ".lock")
        self._made_lock = not self._lock_path.exists()
        try:  # never through a symbolic link planted in its place (issue 26)
            lock = os.fdopen(os.open(self._lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC,
                                     FILE_MODE), "r+")
        except OSError as exc:
            raise StoreUnreachable(f"cannot open the event store {self.path}: {exc}") from exc
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            lock.close()
            raise StoreInUse(f"the event store {self.path} is in use by another companion process") from exc
        return lock

    def _configure(self) -> None:
        db = self._db
        self._check(db)  # before anything is written: a refused file stays byte for byte
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        # One transaction: a power cut leaves all of the schema or none of it (issue 8).
        if _current(db):
            return  # nothing to write (a full disk must not stop the start, issue 26)
        db.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} {_added_columns(db)} "
                         f"PRAGMA user_version={SCHEMA_VERSION}; PRAGMA application_id={APPLICATION_ID}; COMMIT;")

    def _check(self, db: sqlite3.Connection) -> None:
        cut = _cut_short(self.path)
        if cut:
            raise CorruptStore(f"the event store {self.path} is cut short: {cut}")
        result = db.execute("PRAGMA integrity_check").fetchone()[0]
        if result != "ok":
            raise CorruptStore(f"the event store {self.path} failed its integrity check: {result}"[:500])
        check_ours(db, self.path)


    def pragma(self, name: str) -> Any:
        """The value of the SQLite pragma ``name`` on this store's connection (read only:
        ``journal_mode``, ``synchronous``, ``user_version``...), for checks and tests."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        if self._db is None:
            raise StoreError(f"the event store {self.path} is closed")
        return self._db.execute(f"PRAGMA {name}").fetchone()[0]

    def close(self) -> None:
        """Close the database and release the locks; safe to call twice."""
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._file_lock is not None:
            os.close(self._file_lock)
            self._file_lock = None
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def new_game(self, header: dict[str, Any], key: str | None, now: float,
                 versions: dict[str, Any] | None = None) -> int:
        """Record a new game and return its id. ``now`` is wall-clock seconds; ``versions``
        what it is recorded under (``{"companion": "0.1.0", "rules": 2}``).

        Raises:
            StoreError: the write failed (disk full, read-only); nothing was written.
        """
        try:
            with self._transaction():
                cursor = self._db.execute(
                    "INSERT INTO games (game, key, header, started, versions) VALUES (?, ?, ?, ?, ?)",
                    (header["game"], key, json.dumps(header, sort_keys=True), now,
                     json.dumps(versions or {}, sort_keys=True)),
                )
        except sqlite3.Error as exc:
            raise self._write_error("could not record the new game", exc) from exc
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
            raise self._write_error("could not record the input", exc) from exc
        return int(seq)

    def _write_error(self, what: str, exc: sqlite3.Error) -> StoreError:
        """The error of a write that failed: a full disk said so (newcomer 19: "disk I/O
        error"), anything else with SQLite's words."""
        if disk_full(exc, self.path):
            return StoreFull(f"{what} in {self.path}: the disk is full")
        return StoreError(f"{what} in {self.path}: {exc}")

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

    def setting(self, name: str) -> str | None:
        """A table setting chosen on the screen (``"language"``), or None when none was."""
        row = self._db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def set_setting(self, name: str, value: str, now: float) -> None:
        """Keep the table setting ``name`` (it outlives the daemon).

        Raises:
            StoreError: the write failed; nothing was written.
        """
        try:
            with self._transaction():
                self._db.execute("INSERT OR REPLACE INTO settings (name, value, changed) VALUES (?, ?, ?)",
                                 (name, value, now))
        except sqlite3.Error as exc:
            raise StoreError(f"could not keep the setting {name} in {self.path}: {exc}") from exc

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

    def set_contents(self, entries: dict[str, dict[str, Any]], now: float) -> None:
        """Record many cards' printed data in one transaction (a card data file, issue 34):
        all of them or, when the write fails, none.

        Raises:
            StoreError: the write failed; nothing was written.
        """
        try:
            with self._transaction():
                self._db.executemany("INSERT OR REPLACE INTO content (component, game, fields, entered) "
                                     "VALUES (?, ?, ?, ?)",
                                     [(c, c.split(":")[0], json.dumps(f, sort_keys=True), now)
                                      for c, f in entries.items()])
        except sqlite3.Error as exc:
            raise StoreError(f"could not record the card data in {self.path}: {exc}") from exc

    def enroll_tags(self, tags: dict[str, str], now: float) -> None:
        """Enroll many tags in one transaction (a tags file, issue 34).

        Raises:
            StoreError: the write failed; nothing was written.
        """
        try:
            with self._transaction():
                self._db.executemany("INSERT OR REPLACE INTO tags (uid, component, enrolled) VALUES (?, ?, ?)",
                                     [(uid, component, now) for uid, component in tags.items()])
        except sqlite3.Error as exc:
            raise StoreError(f"could not enroll the tags in {self.path}: {exc}") from exc

    def delete_game(self, game_id: int) -> bool:
        """Delete a game with its events and snapshots (the owner's desk, issue 34); False
        when there was none.

        Raises:
            StoreError: the write failed; nothing was deleted.
        """
        try:
            with self._transaction():
                self._remember_deleted(game_id)
                self._db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
                self._db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
                cursor = self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        except sqlite3.Error as exc:
            raise StoreError(f"could not delete game {game_id} in {self.path}: {exc}") from exc
        return cursor.rowcount > 0

    def _remember_deleted(self, game_id: int) -> None:
        """Note the game as deleted on purpose (:func:`deleted_games`), in the deleting
        transaction: recovery never reads it back from a last good or damaged copy."""
        row = self._db.execute("SELECT started FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return
        gone = sorted(deleted_games(self._db) | {(game_id, row[0])})
        self._db.execute("INSERT OR REPLACE INTO settings (name, value, changed) VALUES (?, ?, ?)",
                         (DELETED_GAMES, json.dumps(gone), row[0]))

    def moves(self) -> dict[int, tuple[int, float]]:
        """Game id -> (inputs in effect, the last event's wall-clock time), for games with
        events. Inputs in effect are the inputs recorded less the undos, as the game stands
        (a session's ``position``, what ``play`` and the daemon count; newcomer 19: "9 moves"
        here for a game resumed "after 7 inputs")."""
        rows = self._db.execute("SELECT game_id, SUM(CASE kind WHEN 'undo' THEN -1 ELSE 1 END), MAX(at) "
                                "FROM events GROUP BY game_id")
        return {gid: (count, last) for gid, count, last in rows}

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

    def keep(self, game_id: int) -> None:
        """Keep an unfinished game that no longer replays read-only: its outcome becomes
        :data:`KEPT`, so it is never resumed again; its events stay as they are.

        Raises:
            StoreError: the write failed.
        """
        try:
            with self._transaction():
                self._db.execute("UPDATE games SET outcome = ? WHERE id = ? AND outcome IS NULL", (KEPT, game_id))
        except sqlite3.Error as exc:
            raise StoreError(f"could not mark game {game_id} in {self.path}: {exc}") from exc

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
        gid, game, key, header, started, outcome, versions = row
        return GameRecord(gid, game, key, _decode(header, f"game {gid}"), started, outcome,
                          _decode(versions, f"game {gid}") if versions else {})

    def _transaction(self):
        if self._db is None:
            raise StoreError(f"the event store {self.path} is closed")
        return _Transaction(self._db)


#: The files SQLite makes beside a database.
_SIDE_FILES = ("-wal", "-shm", "-journal")

#: Bytes free below which a failed write's "disk I/O error" is a full disk: SQLite says
#: SQLITE_FULL only for ENOSPC on the database or WAL, and a disk I/O error when it cannot
#: grow its ``-shm`` on a full disk, or when a write passes the file-size limit (EFBIG).
FULL_BELOW = 1 << 20


def disk_full(exc: BaseException, path: str) -> bool:
    """Whether the SQLite error ``exc`` of the store at ``path`` is a full disk: SQLITE_FULL;
    or an I/O error while the store's file system has less than :data:`FULL_BELOW` bytes
    free, or while this process has a file-size limit (``ulimit -f``: EFBIG, which is how a
    full disk shows when modelled so; a companion never sets one)."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return True
    if code != sqlite3.SQLITE_IOERR or path == ":memory:":
        return False
    try:
        disk = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except OSError:
        return False
    free = (disk.f_bfree if os.geteuid() == 0 else disk.f_bavail) * disk.f_frsize
    return free < FULL_BELOW or resource.getrlimit(resource.RLIMIT_FSIZE)[0] != resource.RLIM_INFINITY


def _out_of_room(exc: sqlite3.OperationalError) -> bool:
    """A disk full (or an I/O error making the ``-shm``) at open."""
    return (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR)


class StoreInUse(StoreError, UnusablePath):
    """Another companion process holds the store."""


class NotOurs(StoreError, UnusablePath):
    """The file is another program's (or a newer companion's): it is left untouched."""


class StoreUnreachable(StoreError, UnusablePath):
    """The store's file or its lock cannot be opened or made there (a folder this user cannot
    write, a read-only file system, no permission): nothing was changed."""


#: The ``settings`` row listing the games the owner deleted: ``[[id, started], ...]``.
DELETED_GAMES = "deleted_games"


def deleted_games(db: sqlite3.Connection) -> set[tuple[int, float]]:
    """The games deleted on purpose from the store ``db``, as ``(id, started)`` pairs
    (empty when none was, or the list does not read)."""
    try:
        row = db.execute("SELECT value FROM settings WHERE name = ?", (DELETED_GAMES,)).fetchone()
        return {(int(gid), float(started)) for gid, started in json.loads(row[0])} if row else set()
    except (sqlite3.Error, ValueError, TypeError):
        return set()


def check_ours(db: sqlite3.Connection, path: str) -> None:
    """Refuse, without writing anything, a database that is not an event store of this
    companion: another program's file (no :data:`APPLICATION_ID`, and tables or columns that
    are not ours) or one written by a newer schema.

    Raises:
        NotOurs: saying which.
    """
    mark = db.execute("PRAGMA application_id").fetchone()[0]
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if mark != APPLICATION_ID and tables and not _our_schema(db, tables):
        raise NotOurs(f"{path} is not a Haunt Companion event store (it holds {', '.join(sorted(tables)[:5])}); "
                      f"it was left untouched")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise NotOurs(f"{path} has schema {version}; this companion reads up to {SCHEMA_VERSION} "
                      f"(a newer companion wrote it): it was left untouched")


def _our_schema(db: sqlite3.Connection, tables: set[str]) -> bool:
    """Whether every table is one of ours with our columns (a store from before the mark, or
    one cut short while its schema was created; ``games.versions`` came with schema 5)."""
    if not tables <= OUR_TABLES:
        return False
    ours = _our_columns()
    for table in tables:
        columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
        if columns != ours[table] and not (table == "games" and columns == ours[table][:-1]):
            return False
    return True


def _current(db: sqlite3.Connection) -> bool:
    """Whether the store already has this schema and its mark (opening it writes nothing)."""
    return (db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            and db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
            and OUR_TABLES <= {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")})


def _empty(path: str) -> bool:
    try:
        return os.path.getsize(path) == 0
    except OSError:
        return False


def _open_existing(path: str) -> int:
    """A descriptor of the existing database file (read only when it cannot be written)."""
    for flags in (os.O_RDWR, os.O_RDONLY):
        try:
            return os.open(path, flags | os.O_CLOEXEC)
        except PermissionError:
            continue
        except OSError as exc:
            raise StoreUnreachable(f"cannot open the event store {path}: {exc.strerror or exc}") from exc
    raise StoreUnreachable(f"cannot open the event store {path}: permission denied")


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
