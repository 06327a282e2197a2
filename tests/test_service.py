"""systemd notification (issue 7): READY once the store is open and the readers started,
WATCHDOG keep-alives from the loop, STOPPING on SIGTERM - against the real daemon process,
with a fake ``$NOTIFY_SOCKET`` (a Unix datagram socket owned by the test)."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys

import pytest

from companion.client import Client
from companion.recovery import good_copy_path
from companion.service import ServiceNotifier, watchdog_interval
from companion.store import EventStore
from tests.checkout import checkout_env
from tests.collector import wait_until


@pytest.fixture
def notify_socket(tmp_path):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(30)
    yield path, sock
    sock.close()


def _next(sock) -> str:
    return sock.recv(4096).decode()


@pytest.mark.slow
def test_real_daemon_sends_ready_then_keepalives_then_stopping(tmp_path, notify_socket):
    path, sock = notify_socket
    config = tmp_path / "config.toml"
    config.write_text('[dice]\nenabled = false\n\n[[readers]]\nname = "cards"\ndriver = "fake"\n')
    socket_path = tmp_path / "companion.sock"
    db = tmp_path / "companion.sqlite3"
    env = checkout_env(NOTIFY_SOCKET=str(path), WATCHDOG_USEC="200000")
    env.pop("WATCHDOG_PID", None)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--config", str(config), "--db", str(db),
                             "--socket", str(socket_path), "--new", "creepy_cellar"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ready = _next(sock)
        assert ready.splitlines()[0] == "READY=1"
        assert ready.splitlines()[1] == f"STATUS=listening on {socket_path}; game 1"
        # READY means: the store is open (its game recorded) and the socket answers; the good
        # copy follows just after, off the start-up path (issue 9).
        wait_until(good_copy_path(db).exists, what="the last good copy after READY")
        with Client(socket_path).connect() as client:
            assert client.request({"cmd": "state"})["ok"] is True
        # The hardware was started before READY: its last start-up line is already out.
        assert proc.stdout.readline() == f"companion daemon listening on {socket_path}\n"
        keepalives = [_next(sock) for _ in range(3)]
        assert keepalives == ["WATCHDOG=1"] * 3
        proc.send_signal(signal.SIGTERM)
        rest = []
        while (message := _next(sock)) != "STOPPING=1":
            rest.append(message)
        assert set(rest) <= {"WATCHDOG=1"}
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    store = EventStore(db)
    assert store.last_unfinished().game == "creepy_cellar"
    store.close()


def test_no_notify_socket_means_no_messages_and_no_watchdog(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.setenv("WATCHDOG_USEC", "1000000")
    notifier = ServiceNotifier()
    assert notifier.enabled is False and notifier.interval is None
    notifier.ready("x")  # does nothing, raises nothing
    asyncio.run(notifier.keep_alive(_never))  # returns at once: no watchdog asked for


async def _never() -> None:
    await asyncio.Event().wait()


@pytest.mark.parametrize("env, pid, interval", [
    ({"WATCHDOG_USEC": "30000000"}, 7, 15.0),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "7"}, 7, 15.0),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "8"}, 7, None),  # meant for another process
    ({"WATCHDOG_USEC": "0"}, 7, None),
    ({"WATCHDOG_USEC": "soon"}, 7, None),
    ({}, 7, None),
])
def test_watchdog_interval_is_half_of_watchdog_usec(env, pid, interval):
    assert watchdog_interval(env, pid) == interval


def test_each_keepalive_waits_for_proof_of_life(notify_socket, monkeypatch):
    """A hung worker stops the keep-alives: WATCHDOG=1 is sent only after ``alive`` returned."""
    path, sock = notify_socket
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    monkeypatch.setenv("WATCHDOG_USEC", "2000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    notifier = ServiceNotifier()
    calls = []

    async def run() -> None:
        hung = asyncio.Event()

        async def alive() -> None:
            calls.append("alive")
            if len(calls) == 3:
                hung.set()
                await asyncio.Event().wait()  # the worker hangs here

        task = asyncio.create_task(notifier.keep_alive(alive))
        await asyncio.wait_for(hung.wait(), 10)
        task.cancel()

    asyncio.run(run())
    sock.settimeout(0)
    sent = []
    try:
        while True:
            sent.append(_next(sock))
    except BlockingIOError:
        pass
    assert sent == ["WATCHDOG=1", "WATCHDOG=1"]  # two proofs of life, two keep-alives; none after the hang
