"""Issue 8, hostile input: socket commands of the wrong shape are refused with a message,
never an "Internal error" (each case here was one before the fix)."""

from __future__ import annotations

import threading

import pytest

from companion.client import Client
from tests.daemon_fixture import running_daemon

#: Every value type JSON has, plus text that is odd for a name.
ODD_VALUES = [None, True, 0, 1.5, [], ["creepy_cellar"], {}, {"game": "creepy_cellar"}, "", "\ud800"]

#: (command, the key given an odd value, the other keys it needs).
COMMANDS = [
    ("choose", "key", {}),
    ("new_game", "game", {"players": ["Ada"]}),
    ("new_game", "players", {"game": "creepy_cellar"}),
    ("new_game", "options", {"game": "creepy_cellar", "players": ["Ada"]}),
    ("enroll", "uid", {"component": "creepy_cellar:ghost:room-H"}),
    ("enroll", "component", {"uid": "04112233445566"}),
    ("forget", "uid", {}),
    ("write_tag", "component", {"wait": 1}),
    ("write_tag", "reader", {"component": "creepy_cellar:ghost:room-H", "wait": 1}),
    ("write_tag", "wait", {"component": "creepy_cellar:ghost:room-H"}),
    ("language", "language", {}),
    ("enroll_start", "game", {}),
    ("voice_settings", "voice", {}),
    ("screen_settings", "screen", {}),
]


@pytest.fixture(scope="module")
def daemon(tmp_path_factory):
    from companion.daemon.table_hardware import supervise
    from hardware.nfc.fake import FakeNfcReader

    with running_daemon(tmp_path_factory.mktemp("hostile")) as d:
        fake = FakeNfcReader("cards")
        stop = supervise(d, "cards", lambda: fake, interval=0.02)
        yield d
        stop()


class Notices:
    def __init__(self):
        self.texts, self.lock = [], threading.Lock()

    def __call__(self, message):
        if message.get("type") == "notice":
            with self.lock:
                self.texts.append(message["text"])


@pytest.mark.parametrize("cmd,key,rest", COMMANDS, ids=[f"{c}.{k}" for c, k, _ in COMMANDS])
def test_a_value_of_the_wrong_type_is_refused_with_a_message(daemon, cmd, key, rest):
    notices = Notices()
    with Client(daemon.socket_path, on_message=notices).connect() as client:
        for value in ODD_VALUES:
            if cmd == "write_tag" and key == "reader" and value in (None,):
                continue  # no reader named: the only reader is used (and waits for a tag)
            ack = client.request({"cmd": cmd, **rest, key: value}, timeout=20)
            if ack["ok"]:
                client.request({"cmd": "enroll_stop"})  # a walk that did start ends here
                continue
            assert ack["text"] and "internal" not in ack["text"].lower(), (value, ack)
        client.request({"cmd": "state"})
    assert not [t for t in notices.texts if "Internal error" in t]


@pytest.mark.parametrize("message,key", [
    ({"cmd": "enroll_start", "game": ["creepy_cellar"]}, "game"),
    ({"cmd": "write_tag", "component": "creepy_cellar:ghost:room-H", "reader": ["cards"]}, "reader"),
    ({"cmd": "language", "language": ["it"]}, "language"),
])
def test_the_reported_cases_get_a_clean_refusal(daemon, message, key):
    """Found by a previous tester: each gave "Internal error: that command was not used."."""
    with Client(daemon.socket_path).connect() as client:
        ack = client.request(message, timeout=20)
    assert ack["ok"] is False
    assert ack["text"] == f"{key} is text, not {message[key]!r}", ack


@pytest.mark.parametrize("cmd", [None, 5, ["state"], {"cmd": "state"}, "STATE", ""])
def test_an_odd_command_name_is_unknown(daemon, cmd):
    with Client(daemon.socket_path).connect() as client:
        ack = client.request({"cmd": cmd})
    assert ack["ok"] is False and ack["text"].startswith("unknown command")
