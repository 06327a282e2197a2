"""Issue 26, the daemon's socket: only a socket that refuses connections is stale (another
user's live socket is never removed), and a socket folder this user cannot write is one line."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys

import pytest

from companion.daemon.hub import ClientHub, DaemonBusy
from tests.checkout import checkout_env
from tests.test_storage_faults import tiny_tmpfs


def _hub(path) -> ClientHub:
    return ClientHub(path, dict, lambda line, writer: None, lambda writer: None)


def test_a_socket_that_cannot_be_reached_is_not_taken_for_stale(tmp_path, monkeypatch):
    """Before issue 26 a connect that failed with EACCES (another user's live socket, mode
    0660) was taken for stale and the socket deleted. As root every connect is allowed, so
    the refusal comes from the connect itself, as a user's would."""
    path = tmp_path / "companion.sock"
    listening = socket.socket(socket.AF_UNIX)
    listening.bind(str(path))
    listening.listen()

    async def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(asyncio, "open_unix_connection", denied)
    with pytest.raises(DaemonBusy, match="Permission denied.*another user's companion daemon.*left alone"):
        asyncio.run(_hub(path).open())
    assert path.is_socket()
    listening.close()


def test_a_socket_nobody_listens_on_is_stale_and_replaced(tmp_path):
    path = tmp_path / "companion.sock"
    dead = socket.socket(socket.AF_UNIX)
    dead.bind(str(path))
    dead.close()  # nobody listens: ECONNREFUSED

    async def open_and_close():
        hub = _hub(path)
        await hub.open()
        await hub.close()
    asyncio.run(open_and_close())
    assert not path.exists()


def test_a_socket_in_a_folder_that_cannot_be_written_is_one_line(tmp_path):
    with tiny_tmpfs(tmp_path / "ro", "1m") as ro:
        subprocess.run(["mount", "-o", "remount,ro", str(ro)], check=True)
        done = subprocess.run([sys.executable, "-m", "companion", "daemon", "--db", str(tmp_path / "g.sqlite3"),
                               "--socket", str(ro / "run" / "companion.sock")], capture_output=True, text=True,
                              timeout=60, env=checkout_env())
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"companion: --socket {ro / 'run' / 'companion.sock'}: the folder {ro} cannot be written by this user "
        f"(give a --socket in a folder you can write, e.g. one in $XDG_RUNTIME_DIR)"]
    assert not (tmp_path / "g.sqlite3").exists()
