"""An event store's file read and damaged from outside, as another program on the Pi (the
``sqlite3`` shell, a failing card) would: through a second SQLite connection to the same
file, never through the store's own connection. The store sees each change at its next read
(WAL: a committed write of another connection is visible to the next statement)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def query(path: str | Path, sql: str, args: tuple = ()) -> list[tuple]:
    """The rows ``sql`` reads from the store file at ``path`` (opened read only)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def write(path: str | Path, sql: str, args: tuple = ()) -> None:
    """Run one writing statement (or a pragma such as a checkpoint) on the file, committed."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute(sql, args)
    finally:
        db.close()
