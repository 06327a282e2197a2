"""Issue 26, read-only places (real read-only tmpfs mounts; skipped where mounting is not
allowed): a store whose last inputs are only in its WAL, a newer companion's store, and a
read-only XDG data or state folder at the first start."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys

import pytest

from companion.daemon.boot import open_store_or_memory
from companion.session import Session
from companion.store import EventStore
from tests.test_laptop_play import laptop  # noqa: F401  (the fixture)
from tests.test_storage_faults import DEMO, _play, tiny_tmpfs


def _read_only(path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(path)], check=True)


def test_a_read_only_store_is_read_with_its_wal(tmp_path):
    """A crash left a WAL and no -shm: the in-memory copy (immutable=1) ignored the WAL and
    resumed an older game (39 of 58 inputs) or crashed at every start."""
    live = tmp_path / "live"
    live.mkdir()
    store = EventStore(live / "g.sqlite3")
    store._db.execute("PRAGMA wal_autocheckpoint=0")  # every input stays in the WAL, as after a crash
    played = _play(store, DEMO, upto=30).position
    with tiny_tmpfs(tmp_path / "fs", "4m") as fs:
        for suffix in ("", "-wal"):  # what the crash left: the database and its WAL, no -shm
            shutil.copyfile(f"{live / 'g.sqlite3'}{suffix}", f"{fs / 'g.sqlite3'}{suffix}")
        store.close()
        _read_only(fs)
        copy, recovery, note = open_store_or_memory(fs / "g.sqlite3")
        assert note is not None and copy.path == ":memory:"
        assert Session.resume(copy, copy.last_unfinished()).position == played
        copy.close()


def test_a_newer_companions_store_in_a_read_only_folder_is_refused_cleanly(tmp_path):
    with tiny_tmpfs(tmp_path / "fs", "4m") as fs:
        EventStore(fs / "g.sqlite3").close()
        raw = sqlite3.connect(fs / "g.sqlite3")
        raw.execute("PRAGMA user_version = 99")
        raw.close()
        _read_only(fs)
        done = subprocess.run([sys.executable, "-m", "companion", "daemon", "--db", str(fs / "g.sqlite3"),
                               "--socket", str(tmp_path / "d.sock")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2  # a store this companion cannot use: a path refusal (words15)
    assert done.stderr.strip().splitlines()[-1] == (
        f"companion: {fs / 'g.sqlite3'} has schema 99; this companion reads up to 5 (a newer companion "
        f"wrote it): it was left untouched")
    assert "Traceback" not in done.stderr


def test_a_read_only_xdg_data_folder_at_the_first_start_is_one_line(laptop, tmp_path):  # noqa: F811
    with tiny_tmpfs(tmp_path / "ro", "1m") as ro:
        _read_only(ro)
        env = {**laptop, "XDG_DATA_HOME": str(ro)}
        done = subprocess.run([sys.executable, "-m", "companion", "play", "creepy_cellar", "--players", "Ada,Bo",
                               "--terminal"], env=env, capture_output=True, text=True, timeout=60, input="")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"companion: cannot make the folder {ro / 'haunt-companion'} (Read-only file system): set "
        f"XDG_DATA_HOME to a folder you can write, or give --db"]


def test_a_read_only_xdg_state_folder_at_the_first_start_is_one_line(laptop, tmp_path):  # noqa: F811
    with tiny_tmpfs(tmp_path / "ro", "1m") as ro:
        _read_only(ro)
        env = {**laptop, "XDG_STATE_HOME": str(ro)}
        done = subprocess.run([sys.executable, "-m", "companion", "play", "creepy_cellar", "--players", "Ada,Bo",
                               "--terminal"], env=env, capture_output=True, text=True, timeout=60, input="")
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith(f"companion: cannot make the folder {ro / 'haunt-companion'}")
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_a_read_only_mount_open_to_all_is_not_called_writable_by_any_user(tmp_path):
    """Newcomer trial: a 1777 tmpfs mounted read-only was refused as "can be written by any
    user"; nobody can write it, and the read-only store's own words apply."""
    from companion.paths import PrivateDirRefused, check_private_dir

    with tiny_tmpfs(tmp_path / "fs", "1m") as fs:
        fs.chmod(0o1777)
        with pytest.raises(PrivateDirRefused, match="can be written by any user"):
            check_private_dir(fs / "g.sqlite3")
        _read_only(fs)
        check_private_dir(fs / "g.sqlite3")  # no refusal
