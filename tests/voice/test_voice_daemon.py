"""Issue 28, the daemon's side: ``repeat`` is broadcast, ``voice_settings`` is checked, kept
in the store (it outlives the daemon) and carried by every state."""

from __future__ import annotations

import pytest

from companion.client import Client
from companion.store import EventStore
from companion.voice.settings import DEFAULTS
from tests.collector import Collector
from tests.daemon_fixture import running_daemon


def test_every_state_carries_the_default_voice_settings(daemon):
    with Client(daemon.socket_path).connect() as client:
        assert client.state["voice"] == DEFAULTS == {"on": True, "volume": 80, "speed": "normal", "say": "everything"}


def test_repeat_is_broadcast_to_every_client(daemon):
    other = Collector()
    with Client(daemon.socket_path, on_message=other).connect(), Client(daemon.socket_path).connect() as asker:
        assert asker.request({"cmd": "repeat"})["ok"]
        other.wait_for(lambda m: m.get("type") == "repeat")


def test_voice_settings_are_kept_and_sent_to_every_screen(tmp_path):
    store = EventStore(tmp_path / "d.sqlite3")
    try:
        with running_daemon(tmp_path, store=store) as daemon:
            watcher = Collector()
            with Client(daemon.socket_path, on_message=watcher).connect(), \
                    Client(daemon.socket_path).connect() as asker:
                assert asker.request({"cmd": "voice_settings", "voice": {"speed": "slow", "volume": 40}})["ok"]
                state = watcher.wait_for(lambda m: m.get("type") == "state" and m["voice"]["speed"] == "slow")
                assert state["voice"] == {"on": True, "volume": 40, "speed": "slow", "say": "everything"}
        with running_daemon(tmp_path, store=store, socket="run/again.sock") as daemon, \
                Client(daemon.socket_path).connect() as client:
            assert client.state["voice"]["volume"] == 40  # the next start keeps them
    finally:
        store.close()


@pytest.mark.parametrize("voice, problem", [
    ({"volume": 101}, "voice.volume is a whole number from 0 to 100"),
    ({"speed": "fast"}, "voice.speed is one of slow, normal"),
    ({"say": "all"}, "voice.say is one of everything, todo, sounds"),
    ({"on": "yes"}, "voice.on is true or false"),
    ({"pitch": 3}, "unknown voice setting 'pitch'"),
    ("loud", "voice is an object"),
    ({"volume": True}, "voice.volume is a whole number from 0 to 100, not True"),  # a bool is no number
    ({"volume": 50.5}, "voice.volume is a whole number from 0 to 100, not 50.5"),
    ({"volume": 40, "speed": "fast"}, "voice.speed is one of slow, normal, not 'fast'"),  # the good key waits too
])
def test_a_bad_voice_setting_is_refused_in_one_line_and_changes_nothing(daemon, voice, problem):
    with Client(daemon.socket_path).connect() as client:
        answer = client.request({"cmd": "voice_settings", "voice": voice})
        assert not answer["ok"] and problem in answer["text"]
        client.request({"cmd": "state"})
        assert client.state["voice"] == DEFAULTS
