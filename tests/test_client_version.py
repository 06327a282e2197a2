"""The screen and the daemon agree on the protocol version, or the screen says so
(issue 21 "Version check"): a daemon left running over an upgrade is named, not misread."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from companion import protocol
from companion.client import Client, DaemonUnavailable


def _serve_one_state(path, version, *later: dict) -> threading.Thread:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)

    def run():
        conn, _ = server.accept()
        state = {**protocol.state_message(None, []), "version": version, "language": "en"}
        for message in (state, *later):
            conn.sendall((json.dumps(message) + "\n").encode())
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


def test_a_state_that_breaks_the_schema_is_dropped_and_said(tmp_path):
    """Issue 27 item 6: the screen checks what it reads (companion.schema); a state of the
    right version but the wrong shape never reaches the screen, an error notice names where."""
    seen = []
    bad = {**protocol.state_message(None, []), "prompt": {"text": 5}}
    thread = _serve_one_state(tmp_path / "s", protocol.PROTOCOL_VERSION, bad)
    with Client(tmp_path / "s", on_message=seen.append).connect(timeout=5) as client:
        deadline = time.monotonic() + 5
        while len(seen) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert client.state["prompt"]["text"] == "No game yet: start a new one."
    thread.join(5)
    assert [m["type"] for m in seen] == ["state", "notice"]
    assert seen[1]["level"] == "error"
    assert "(Expected `str`, got `int` - at `$.prompt.text`)" in seen[1]["text"]


def test_a_first_state_that_breaks_the_schema_fails_the_connection_at_once(tmp_path):
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)

    def run():
        conn, _ = server.accept()
        conn.sendall(b'{"type":"state","version":%d,"prompt":{}}\n' % protocol.PROTOCOL_VERSION)
        conn.recv(1)
        conn.close()
        server.close()

    threading.Thread(target=run, daemon=True).start()
    started = time.monotonic()
    with pytest.raises(DaemonUnavailable, match=r"sent no state this client can read \(Object missing required "
                                                r"field `text` - at `\$.prompt`\)"):
        Client(path).connect(timeout=5)
    assert time.monotonic() - started < 2
