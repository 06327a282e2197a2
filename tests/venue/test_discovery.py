"""Home Assistant MQTT discovery (issue 32): each table a device with sensors (game, turn,
hauntings, online) and device triggers (haunting, game over, staff called), checked against
the discovery schema's required keys, and published retained by a real table on a real
Mosquitto, whose ``trigger`` topic then carries the triggers' payloads."""

from __future__ import annotations

import json

from companion.venue import discovery
from companion.venue.config import MqttConfig
from tests.collector import wait_until
from tests.venue.broker import Watcher
from tests.venue.table import play, start, venue_table

#: Discovery: ``<prefix>/<component>/<node_id>/<object_id>/config``; the keys each component needs.
REQUIRED = {"sensor": {"state_topic", "unique_id", "device", "name"},
            "binary_sensor": {"state_topic", "unique_id", "device", "name", "payload_on", "payload_off"},
            "device_automation": {"automation_type", "topic", "type", "subtype", "device"}}


def _check(topic: str, payload: dict, config: MqttConfig) -> str:
    prefix, component, node, object_id, leaf = topic.split("/")
    assert (prefix, node, leaf) == ("homeassistant", f"haunt_{config.table}", "config")
    assert component in REQUIRED and REQUIRED[component] <= set(payload), (component, payload)
    device = payload["device"]
    assert device["identifiers"] == [f"haunt_{config.table}"] and device["name"]
    if component == "device_automation":
        assert payload["automation_type"] == "trigger" and payload["topic"] == config.topic("trigger")
        assert payload["payload"] == object_id
    else:
        assert payload["unique_id"] == f"haunt_{config.table}_{object_id}"
        assert payload["state_topic"] == config.topic("status" if component == "binary_sensor" else "state")
    return f"{component}/{object_id}"


def test_the_discovery_payloads_follow_the_schema():
    config = MqttConfig(table="t9", homeassistant=True)
    found = sorted(_check(topic, payload, config) for topic, payload in discovery.payloads(config, "0.1.0"))
    assert found == ["binary_sensor/online", "device_automation/game_over", "device_automation/haunting",
                     "device_automation/staff_called", "sensor/game", "sensor/hauntings", "sensor/turn"]
    unique = [p["unique_id"] for _t, p in discovery.payloads(config) if "unique_id" in p]
    assert len(unique) == len(set(unique))


def test_a_table_publishes_its_discovery_retained_and_fires_its_triggers(broker, tmp_path):
    watcher = Watcher(broker.port, "#")
    with venue_table(tmp_path, broker.port, homeassistant=True) as daemon:
        wait_until(lambda: daemon.venue.connected, what="the table on the broker")
        play(daemon, start(daemon, "creepy_cellar/basic-lost.jsonl"))
        watcher.wait_for(lambda t, p, r: t == "haunt/t1/trigger" and p == b"game_over")
        home = Watcher(broker.port, "homeassistant/#")  # Home Assistant starting later
        wait_until(lambda: len(home.messages) == 7, what="7 retained discovery messages")
        config = daemon.mqtt_config
        for topic, payload, retained in home.messages:
            assert retained
            _check(topic, json.loads(payload), config)
        home.close()
    triggers = watcher.on("haunt/t1/trigger")
    assert triggers[-1] == b"game_over" and triggers.count(b"haunting") >= 5
    assert set(triggers) == {b"haunting", b"game_over"}
    watcher.close()
