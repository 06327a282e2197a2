"""Issue 29, the daemon's side of the table screen's settings: ``screen_settings`` is
checked, kept in the store (it outlives the daemon, like the language) and carried by every
state, so every screen at the table shows the same text size and motion."""

from __future__ import annotations

import pytest

from companion.client import Client
from companion.screen_settings import DEFAULTS, from_text
from companion.store import EventStore
from tests.collector import Collector
from tests.daemon_fixture import running_daemon


def test_every_state_carries_the_default_screen_settings(daemon):
    with Client(daemon.socket_path).connect() as client:
        assert client.state["screen"] == DEFAULTS == {"text": "normal", "motion": True}


def test_screen_settings_are_kept_and_sent_to_every_screen(tmp_path):
    store = EventStore(tmp_path / "d.sqlite3")
    try:
        with running_daemon(tmp_path, store=store) as daemon:
            watcher = Collector()
            with Client(daemon.socket_path, on_message=watcher).connect(), \
                    Client(daemon.socket_path).connect() as asker:
                assert asker.request({"cmd": "screen_settings", "screen": {"text": "large"}})["ok"]
                state = watcher.wait_for(lambda m: m.get("type") == "state" and m["screen"]["text"] == "large")
                assert state["screen"] == {"text": "large", "motion": True}
                assert asker.request({"cmd": "screen_settings", "screen": {"motion": False}})["ok"]
                watcher.wait_for(lambda m: m.get("type") == "state" and m["screen"]["motion"] is False)
        with running_daemon(tmp_path, store=store, socket="run/again.sock") as daemon, \
                Client(daemon.socket_path).connect() as client:
            assert client.state["screen"] == {"text": "large", "motion": False}  # the next start keeps them
    finally:
        store.close()


@pytest.mark.parametrize("screen, problem", [
    ({"text": "huge"}, "screen.text is one of normal, large, not 'huge'"),
    ({"motion": "off"}, "screen.motion is true or false, not 'off'"),
    ({"zoom": 2}, "unknown screen setting 'zoom'"),
    ("large", "screen is an object"),
    ({"text": None}, "screen.text is one of normal, large, not None"),
    ({"motion": False, "text": "huge"}, "screen.text is one of normal, large, not 'huge'"),  # nothing changes
])
def test_a_bad_screen_setting_is_refused_in_one_line_and_changes_nothing(daemon, screen, problem):
    with Client(daemon.socket_path).connect() as client:
        answer = client.request({"cmd": "screen_settings", "screen": screen})
        assert not answer["ok"] and problem in answer["text"] and "\n" not in answer["text"]
        client.request({"cmd": "state"})
        assert client.state["screen"] == DEFAULTS


def test_damaged_kept_settings_read_as_the_defaults():
    assert from_text(None) == from_text("{not json") == from_text('{"text": "huge"}') == DEFAULTS
    assert from_text('{"motion": false}') == {"text": "normal", "motion": False}
