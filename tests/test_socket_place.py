"""Issue 26, the daemon's socket: only a socket that refuses connections is stale (another
user's live socket is never removed), and a socket folder this user cannot write is one line."""

from __future__ import annotations

import asyncio
import contextlib
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

    def denied(self, address):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(socket.socket, "connect", denied)
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


def test_a_socket_path_too_long_for_a_unix_socket_is_one_line(tmp_path):
    """A long TMPDIR (the runtime dir's fallback) or --socket gave a traceback ending in
    ``OSError: AF_UNIX path too long``: now one line naming the limit, and nothing is created."""
    sock = tmp_path / ("x" * 60) / ("y" * 50) / "companion.sock"
    done = subprocess.run([sys.executable, "-m", "companion", "daemon", "--db", str(tmp_path / "g.sqlite3"),
                           "--socket", str(sock)], capture_output=True, text=True, timeout=60, env=checkout_env())
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"companion: --socket {sock} is {len(str(sock))} bytes long; a Unix socket's path can be at most 107: "
        f"give a shorter --socket, or set XDG_RUNTIME_DIR (or TMPDIR) to a shorter folder"]
    assert not (tmp_path / "g.sqlite3").exists() and not sock.parent.exists()


# ---------------------------------------------------------------- the data partition (item 17)

def _daemon(tmp_path, db, *extra, env=None):
    return subprocess.run([sys.executable, "-m", "companion", "daemon", "--db", str(db), "--socket",
                           str(tmp_path / "d.sock"), *extra], capture_output=True, text=True, timeout=60,
                          env={**checkout_env(), **(env or {})})


def test_the_daemon_refuses_to_start_when_the_data_partition_is_not_mounted(tmp_path):
    data = tmp_path / "hauntdata"  # the mount point, with nothing mounted on it
    data.mkdir()
    done = _daemon(tmp_path, data / "companion.sqlite3", env={"COMPANION_DATA_MOUNT": str(data)})
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"companion: the data partition {data} is not mounted, so the event store {data / 'companion.sqlite3'} "
        f"would not be kept on it: the daemon does not start (see findmnt {data} and /etc/fstab)"]
    assert list(data.iterdir()) == []


def test_the_daemon_refuses_a_store_beside_the_data_partition(tmp_path):
    with tiny_tmpfs(tmp_path / "hauntdata", "1m") as data:
        elsewhere = tmp_path / "state"  # the bind mount onto it is missing
        elsewhere.mkdir()
        done = _daemon(tmp_path, elsewhere / "companion.sqlite3", "--data-mount", str(data))
        assert done.returncode == 2
        assert f"the event store's folder {elsewhere} is not on the data partition {data}" in done.stderr
        assert list(elsewhere.iterdir()) == []
        from companion.paths import check_data_mount

        check_data_mount(data / "companion.sqlite3", data)  # on it: no refusal


def test_the_unit_and_the_recipe_require_the_data_mount():
    from tests.checkout import ROOT

    unit = (ROOT / "systemd" / "haunt-companion.service").read_text()
    assert "\nRequiresMountsFor=/var/lib/haunt-companion\n" in unit
    recipe = (ROOT / "docs" / "pi-setup.md").read_text()
    assert "RequiresMountsFor=/srv/hauntdata /var/lib/haunt-companion" in recipe
    assert "Environment=COMPANION_DATA_MOUNT=/srv/hauntdata" in recipe


# ------------------------------------------- a socket that cannot be bound (newcomer13 item 3)

def _play(tmp_path, sock, lang="en"):
    """``companion play`` in the terminal on its own store, asked for ``sock``."""
    env = checkout_env(**{f"XDG_{name}_HOME": str(tmp_path / name.lower()) for name in ("CONFIG", "DATA", "STATE")},
                       XDG_RUNTIME_DIR=str(tmp_path / "run"))
    return subprocess.run([sys.executable, "-m", "companion", "play", "house_of_spirits", "--players", "Ada,Bo",
                           "--terminal", "--lang", lang, "--db", str(tmp_path / "g.sqlite3"), "--socket", str(sock)],
                          capture_output=True, text=True, timeout=60, env=env, stdin=subprocess.DEVNULL)


def test_a_socket_where_no_socket_can_be_made_is_one_line_and_no_game(tmp_path):
    """``play --socket /proc/x.sock`` as root passed every check (root may write anywhere),
    then the daemon saved a new game of 0 inputs and died on binding with a traceback
    (``tempfile.mkdtemp`` in the hub): the next ``play`` went on with that empty game. Now a
    socket is bound there for a moment before anything is opened, and the refusal is one line."""
    sock = "/proc/x.sock"
    for lang, said in (("en", f"--socket {sock}: no socket can be made in the folder /proc ("),
                       ("it", f"--socket {sock}: nella cartella /proc non si può creare un socket (")):
        done = _play(tmp_path, sock, lang)
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(f"companion: {said}"), done.stderr
        assert "Traceback" not in done.stderr and not (tmp_path / "g.sqlite3").exists()
    daemon = subprocess.run([sys.executable, "-m", "companion", "daemon", "--new", "house_of_spirits", "--db",
                             str(tmp_path / "g.sqlite3"), "--socket", sock], capture_output=True, text=True,
                            timeout=60, env=checkout_env())
    assert daemon.returncode == 2
    assert daemon.stderr.startswith(f"companion: --socket {sock}: no socket can be made in the folder /proc (")
    assert len(daemon.stderr.splitlines()) == 1 and not (tmp_path / "g.sqlite3").exists()


def test_a_short_socket_name_whose_bind_path_is_too_long_is_one_line(tmp_path):
    """The daemon binds ``<folder>/.sXXXXXXXX/s`` and renames it into place: a short name
    (``x.sock``) in a long folder fitted the 107 bytes while that path did not (a traceback,
    ``AF_UNIX path too long``, after the new game was saved)."""
    folder = tmp_path / ("x" * (107 - len(str(tmp_path)) - 12))
    folder.mkdir()
    sock = folder / "x.sock"
    assert len(str(sock)) <= 107 < len(str(folder)) + 13
    done = _play(tmp_path, sock)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"companion: --socket {sock} is too long for a Unix socket: the daemon binds it first as "
        f"{folder}/.sXXXXXXXX/s, {len(str(folder)) + 13} bytes, and a Unix socket's path can be at most 107 "
        f"(give a shorter --socket)"]
    assert not (tmp_path / "g.sqlite3").exists() and list(folder.iterdir()) == []


@pytest.mark.parametrize("where", ["a directory", "a regular file", "a read-only folder", "too long"])
def test_play_refuses_every_socket_it_cannot_bind_and_touches_nothing(tmp_path, where):
    (tmp_path / "adir").mkdir()
    (tmp_path / "adir" / "keep.txt").write_text("keep")
    (tmp_path / "afile").write_text("mine")
    with contextlib.ExitStack() as stack:
        sock = {"a directory": lambda: tmp_path / "adir", "a regular file": lambda: tmp_path / "afile",
                "a read-only folder": lambda: _read_only(stack, tmp_path) / "companion.sock",
                "too long": lambda: tmp_path / ("x" * 110) / "companion.sock"}[where]()
        done = _play(tmp_path, sock)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"companion: --socket {sock}")
    assert not (tmp_path / "g.sqlite3").exists()
    assert (tmp_path / "afile").read_text() == "mine" and (tmp_path / "adir" / "keep.txt").read_text() == "keep"


def _read_only(stack, tmp_path):
    ro = stack.enter_context(tiny_tmpfs(tmp_path / "ro", "1m"))
    subprocess.run(["mount", "-o", "remount,ro", str(ro)], check=True)
    return ro


def test_a_bind_that_fails_after_the_check_is_a_path_refusal_not_an_os_error(tmp_path, monkeypatch):
    """The folder may change between the check and the bind (a mount going read-only): the
    hub's failure, even once bound (its server not started), is still the one clear line
    (PathRefused), and neither the socket nor the private folder is left."""
    from companion.paths import PathRefused

    async def refused(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(asyncio, "start_unix_server", refused)
    with pytest.raises(PathRefused, match=r"no socket can be made in the folder .* \(Read-only file system\)"):
        asyncio.run(_hub(tmp_path / "companion.sock").open())
    assert list(tmp_path.iterdir()) == []


def test_a_bind_that_fails_after_the_check_makes_no_game(tmp_path, monkeypatch, capsys):
    """fixes14 left it: ``companion daemon`` opened the store and saved the new game before it
    bound its socket, so a bind that failed after the check (the folder gone read-only
    meanwhile) left an empty new game, resumed by the next start. Now the socket is bound
    first: the refusal is one line and the store is not even made."""
    from companion.cli import main

    real, binds = socket.socket.bind, []

    def read_only_after_the_check(self, address):
        binds.append(address)
        if len(binds) > 1:
            raise OSError(30, "Read-only file system")
        return real(self, address)

    monkeypatch.setattr(socket.socket, "bind", read_only_after_the_check)
    db, sock = tmp_path / "g.sqlite3", tmp_path / "companion.sock"
    assert main(["daemon", "--new", "creepy_cellar", "--players", "Ada,Bo", "--db", str(db), "--socket",
                 str(sock)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"companion: --socket {sock}: no socket can be made in the folder {sock.parent} (Read-only file system): "
        f"give a --socket in a folder you can write, e.g. one in $XDG_RUNTIME_DIR"]
    assert len(binds) >= 2 and list(tmp_path.iterdir()) == []  # no store, no socket, no private folder


def test_a_client_that_connects_while_the_game_is_opened_gets_its_state_once_the_daemon_serves(tmp_path):
    """The socket is bound (and listening) before the store is opened: a client that comes
    meanwhile waits in the backlog, another daemon finds the path taken, and the first state
    comes once the daemon serves."""
    from companion.client import Client
    from companion.daemon import Daemon, DaemonThread
    from companion.daemon.hub import BoundSocket
    from companion.store import EventStore

    sock = tmp_path / "companion.sock"
    bound = BoundSocket(sock)
    early = Client(sock)
    early_sock = socket.socket(socket.AF_UNIX)
    early_sock.connect(str(sock))  # accepted by the kernel: not refused, so never taken for stale
    with pytest.raises(DaemonBusy, match="already listening"):
        BoundSocket(sock)
    store = EventStore(":memory:")
    try:
        with DaemonThread(Daemon(store, bound)):
            with early_sock.makefile("rb") as lines:
                assert b'"type":"state"' in lines.readline()
            assert early.connect().state["type"] == "state"
            early.close()
        early_sock.close()
    finally:
        store.close()
    bound.release()  # after the daemon removed it: nothing to do
    assert list(tmp_path.iterdir()) == []


def _companion(*args, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=120,
                          env=checkout_env(), **kwargs)


def test_a_daemon_killed_while_opening_leaves_a_socket_clients_and_the_next_start_understand(tmp_path):
    """bind14's note: a daemon killed (SIGKILL) while it opens its game leaves its socket file.
    A client then says in one line that no daemon runs there (no traceback); the next start
    replaces that socket; a start beside a live daemon removes nothing and says so."""
    from companion.client import Client

    sock, db = tmp_path / "run" / "companion.sock", tmp_path / "g.sqlite3"
    sock.parent.mkdir()  # a --socket's folder is not made (newcomer 16): only the default's
    first = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--db", str(db), "--socket", str(sock)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=checkout_env())
    while not sock.is_socket() and first.poll() is None:  # bound first (bind14), then the store is opened
        pass
    first.kill()
    first.wait(timeout=60)
    assert sock.is_socket()  # stale: nobody listens

    tap = _companion("tap", "house_of_spirits:room:vestibule", "--socket", str(sock))
    assert tap.returncode == 2
    assert tap.stderr.splitlines() == [
        f"companion: No companion daemon is running at {sock}: its socket is left from one that stopped "
        f"(the next companion daemon replaces it); start one with companion play GAME --players A,B"]

    second = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--db", str(db), "--socket", str(sock)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=checkout_env())
    try:
        with Client(sock).connect(timeout=60) as client:
            assert client.state["type"] == "state"
        third = _companion("daemon", "--db", str(tmp_path / "other.sqlite3"), "--socket", str(sock))
        assert third.returncode == 2
        assert third.stderr.splitlines() == [f"companion: another companion daemon is already listening on {sock}"]
        with Client(sock).connect(timeout=60) as client:  # the live daemon's socket is still there
            assert client.state["type"] == "state"
        assert not (tmp_path / "other.sqlite3").exists()
    finally:
        second.terminate()
        second.wait(timeout=60)


def test_a_file_at_the_socket_path_is_never_removed(tmp_path):
    """Only a socket nobody listens on is stale: a regular file there is named, and kept."""
    sock = tmp_path / "companion.sock"
    sock.write_text("my notes\n")
    done = _companion("daemon", "--db", str(tmp_path / "g.sqlite3"), "--socket", str(sock))
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "a regular file, not a socket" in done.stderr and "Traceback" not in done.stderr
    assert sock.read_text() == "my notes\n"
    tap = _companion("tap", "house_of_spirits:room:vestibule", "--socket", str(sock))
    assert tap.returncode == 2
    assert tap.stderr.startswith(f"companion: {sock} is a regular file, not a companion's socket")
    assert sock.read_text() == "my notes\n"


def test_a_daemon_that_takes_the_path_meanwhile_keeps_it(tmp_path, monkeypatch):
    """Two daemons starting over one stale socket: the first removes it and puts its own
    there while the second is between its check and its bind. The second put its socket over
    the first's (a rename replaces), so the first served on a path nobody could reach, and its
    exit then removed the second's. Now the second finds the path taken, says so, and leaves it."""
    from companion import paths
    from companion.daemon import hub
    from companion.paths import remove_stale_socket

    path = tmp_path / "companion.sock"
    dead = socket.socket(socket.AF_UNIX)
    dead.bind(str(path))
    dead.close()
    first = socket.socket(socket.AF_UNIX)

    def the_first_daemon_wins(sock, seen=None):
        removed = remove_stale_socket(sock, seen)
        first.bind(str(sock))  # the first daemon's socket, at the path before the second binds
        first.listen()
        return removed

    monkeypatch.setattr(paths, "remove_stale_socket", the_first_daemon_wins)
    with pytest.raises(DaemonBusy, match="already listening"):
        hub.BoundSocket(path)
    monkeypatch.undo()
    with socket.socket(socket.AF_UNIX) as client:
        client.connect(str(path))  # still the first daemon's
        accepted, _ = first.accept()
        accepted.close()
    assert [p.name for p in tmp_path.iterdir()] == ["companion.sock"]  # nor a private folder left
    first.close()
