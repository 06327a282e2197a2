"""Every path argument names only what it is meant for (issue 20): ``--socket`` removes only
a socket nobody answers on, ``--db`` opens only an event store, and the other commands' files
are never overwritten or destroyed. Each refusal is one line and exit 2, nothing changed."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from companion.cli import main
from companion.daemon import Daemon, DaemonThread
from companion.header import GameHeader
from companion.paths import PathRefused
from companion.session import Session
from companion.store import EventStore, save_good_copy


def _store_with_a_game(path):
    store = EventStore(path)
    Session.start(GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3}), store)
    store.close()
    save_good_copy(path)
    return path


def _snapshot(directory):
    return {p.name: (p.read_bytes() if p.is_file() else p.is_dir()) for p in sorted(directory.iterdir())}


def _daemon(capsys, *args):
    code = main(["daemon", *map(str, args)])
    err = capsys.readouterr().err.strip()
    return code, err


def test_a_socket_path_on_another_store_leaves_it_whole(tmp_path, capsys):
    victim = _store_with_a_game(tmp_path / "victim.sqlite3")
    (tmp_path / "mine").mkdir()
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", tmp_path / "mine" / "g.sqlite3", "--socket", victim)
    assert code == 2
    assert err == (f"companion: --socket {victim} is a regular file, not a socket: the daemon replaces only a "
                   f"socket nobody answers on, so it leaves it alone (give another path)")
    assert _snapshot(tmp_path) == before  # and no store was made under mine/
    assert EventStore(victim).last_unfinished() is not None


def test_the_socket_may_not_be_the_store_itself(tmp_path, capsys):
    same = _store_with_a_game(tmp_path / "same.sqlite3")
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", same, "--socket", same)
    assert code == 2 and "\n" not in err
    assert err.startswith(f"companion: --socket {same} is the event store's own file {same}: ")
    assert _snapshot(tmp_path) == before


def test_the_socket_may_not_be_a_new_store_either(tmp_path, capsys):
    """Nothing there yet: refused all the same, and no database is created."""
    same = tmp_path / "new.sqlite3"
    code, err = _daemon(capsys, "--db", same, "--socket", same)
    assert code == 2 and "is the event store's own file" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("suffix", ["-wal", "-shm", ".lock", ".last-good"])
def test_the_socket_may_not_be_a_side_file_of_the_store(tmp_path, capsys, suffix):
    db = _store_with_a_game(tmp_path / "g.sqlite3")
    side = tmp_path / f"g.sqlite3{suffix}"
    side.write_bytes(side.read_bytes() if side.exists() else b"x")
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", db, "--socket", side)
    assert code == 2 and f"is the event store's own file {side}" in err
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("suffix", ["-wal", ".lock", ".last-good"])
def test_a_side_file_of_another_store_is_refused_as_a_socket(tmp_path, capsys, suffix):
    _store_with_a_game(tmp_path / "other.sqlite3")
    side = tmp_path / f"other.sqlite3{suffix}"
    side.write_bytes(side.read_bytes() if side.exists() else b"x")
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", tmp_path / "g.sqlite3", "--socket", side)
    assert code == 2 and "is a regular file, not a socket" in err
    assert _snapshot(tmp_path) == before


def test_a_directory_as_socket_is_refused_without_a_traceback(tmp_path):
    target = tmp_path / "adir"
    target.mkdir()
    (target / "keep.txt").write_text("keep")
    run = subprocess.run([sys.executable, "-m", "companion", "daemon", "--db", str(tmp_path / "g.sqlite3"),
                          "--socket", str(target)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip() == (f"companion: --socket {target} is a directory, not a socket: the daemon replaces "
                                  f"only a socket nobody answers on, so it leaves it alone (give another path)")
    assert (target / "keep.txt").read_text() == "keep"
    assert not (tmp_path / "g.sqlite3").exists()


@pytest.mark.parametrize("target", ["store", "dir", "dangling"])
def test_a_symbolic_link_as_socket_is_refused(tmp_path, capsys, target):
    victim = _store_with_a_game(tmp_path / "victim.sqlite3")
    (tmp_path / "adir").mkdir()
    link = tmp_path / "link.sock"
    link.symlink_to({"store": victim, "dir": tmp_path / "adir", "dangling": tmp_path / "nowhere"}[target])
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", tmp_path / "g.sqlite3", "--socket", link)
    assert code == 2 and f"--socket {link} is a symbolic link, not a socket" in err
    assert _snapshot(tmp_path) == before


def test_a_link_to_the_store_is_the_store(tmp_path, capsys):
    db = _store_with_a_game(tmp_path / "g.sqlite3")
    link = tmp_path / "link.sock"
    link.symlink_to(db)
    code, err = _daemon(capsys, "--db", db, "--socket", link)
    assert code == 2 and f"is the event store's own file {db}" in err
    assert EventStore(db).last_unfinished() is not None


def test_the_daemon_itself_refuses_a_file_as_its_socket(tmp_path):
    """Replays and the demo build a Daemon directly: the check is in the daemon too."""
    victim = _store_with_a_game(tmp_path / "victim.sqlite3")
    before = victim.read_bytes()
    with pytest.raises(PathRefused, match="is a regular file, not a socket"):
        with DaemonThread(Daemon(EventStore(":memory:"), victim)):
            pass
    assert victim.read_bytes() == before


def test_a_stale_socket_is_still_replaced_and_removed_at_the_end(tmp_path):
    path = tmp_path / "stale.sock"
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))
    stale.close()
    with DaemonThread(Daemon(EventStore(":memory:"), path)):
        assert path.is_socket()
    assert not path.exists()


def test_a_socket_under_a_file_is_refused(tmp_path, capsys):
    plain = tmp_path / "plain.txt"
    plain.write_text("keep")
    code, err = _daemon(capsys, "--db", tmp_path / "g.sqlite3", "--socket", plain / "companion.sock")
    assert code == 2 and err == f"companion: --socket {plain / 'companion.sock'}: {plain} is a regular file, not a directory"
    assert plain.read_text() == "keep"


def test_a_store_in_tmp_is_refused_without_advice_to_change_tmp(tmp_path, capsys):
    """/tmp is every user's on purpose: the advice is another directory, never chmod /tmp."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # like /tmp: world-writable with the sticky bit
    code, err = _daemon(capsys, "--db", shared / "x.sqlite3", "--socket", tmp_path / "d.sock")
    assert code == 1
    assert "chmod" not in err
    assert err == (f"companion: {shared} can be written by any user, so the game in it could be changed by anyone: "
                   f"it is a directory every user shares, so keep the event store in a directory of your own "
                   f"instead, e.g.  --db ~/haunt/companion.sqlite3 (the companion refuses to use it as it is)")
    assert list(shared.iterdir()) == []
