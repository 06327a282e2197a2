"""The screen and the daemon agree on the protocol version, or the screen says so
(issue 21 "Version check"): a daemon left running over an upgrade is named, not misread."""

from __future__ import annotations

import json
import socket
import threading

import pytest

from companion import protocol
from companion.client import Client


def _serve_one_state(path, version) -> threading.Thread:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)

    def run():
        conn, _ = server.accept()
        state = {"type": "state", "version": version, "language": "en", "prompt": {}}
        conn.sendall((json.dumps(state) + "\n").encode())
        conn.recv(1)  # hold the connection until the client closes it
        conn.close()
        server.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("version", [protocol.PROTOCOL_VERSION + 1, None])
def test_a_daemon_of_another_protocol_version_is_named(tmp_path, version):
    seen = []
    thread = _serve_one_state(tmp_path / "s", version)
    with Client(tmp_path / "s", on_message=seen.append).connect(timeout=5) as client:
        assert client.mismatch is not None
    thread.join(5)
    assert [m["type"] for m in seen] == ["state", "notice"]
    notice = seen[1]
    assert notice["level"] == "error"
    assert f"protocol {protocol.PROTOCOL_VERSION}, but the daemon speaks {'?' if version is None else version}" \
        in notice["text"]
    assert "Restart the companion" in notice["text"]


def test_the_same_version_says_nothing(tmp_path):
    seen = []
    thread = _serve_one_state(tmp_path / "s", protocol.PROTOCOL_VERSION)
    with Client(tmp_path / "s", on_message=seen.append).connect(timeout=5) as client:
        assert client.mismatch is None
    thread.join(5)
    assert [m["type"] for m in seen] == ["state"]
