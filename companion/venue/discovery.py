"""Home Assistant MQTT discovery for one table (``[mqtt] homeassistant = true``): the table
is a device with sensors (game, turn, hauntings, online) and device triggers (haunting, game
over, staff called). Each payload is retained on
``<discovery_prefix>/<component>/haunt_<table>/<object>/config``; the sensors read the
table's retained ``state`` and ``status``, the triggers its ``trigger`` topic, whose plain
payload (``haunting``...) each trigger matches."""

from __future__ import annotations

from typing import Any

from companion.venue.config import MqttConfig

#: object id -> (the sensor's name, its value template over the state JSON, icon).
SENSORS = {
    "game": ("Game", "{{ value_json.title or 'none' }}", "mdi:cards-playing"),
    "turn": ("Turn", "{{ value_json.turn or 'none' }}", "mdi:account-arrow-right"),
    "hauntings": ("Hauntings", "{{ value_json.figures.hauntings | default(0) }}", "mdi:ghost"),
}
#: trigger payload -> its device trigger's type and subtype.
TRIGGERS = {"haunting": ("haunting", "table"), "game_over": ("game_over", "table"),
            "staff_called": ("staff_called", "table")}


def node(config: MqttConfig) -> str:
    return f"haunt_{config.table}"


def device(config: MqttConfig, version: str = "") -> dict[str, Any]:
    """The table as a Home Assistant device."""
    return {"identifiers": [node(config)], "name": f"Haunt table {config.table}",
            "manufacturer": "Haunt Companion", "model": "table companion", "sw_version": version or None}


def payloads(config: MqttConfig, version: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every discovery ``(topic, payload)`` for the table."""
    base, dev = f"{config.discovery_prefix}", device(config, version)
    availability = {"availability_topic": config.topic("status"), "payload_available": "online",
                    "payload_not_available": "offline"}
    found: list[tuple[str, dict[str, Any]]] = []
    for object_id, (name, template, icon) in SENSORS.items():
        found.append((f"{base}/sensor/{node(config)}/{object_id}/config", {
            "name": name, "unique_id": f"{node(config)}_{object_id}", "object_id": f"{node(config)}_{object_id}",
            "state_topic": config.topic("state"), "value_template": template, "icon": icon,
            "device": dev, **availability}))
    found.append((f"{base}/binary_sensor/{node(config)}/online/config", {
        "name": "Online", "unique_id": f"{node(config)}_online", "object_id": f"{node(config)}_online",
        "state_topic": config.topic("status"), "payload_on": "online", "payload_off": "offline",
        "device_class": "connectivity", "device": dev}))
    for payload, (kind, subtype) in TRIGGERS.items():
        found.append((f"{base}/device_automation/{node(config)}/{payload}/config", {
            "automation_type": "trigger", "topic": config.topic("trigger"), "payload": payload,
            "type": kind, "subtype": subtype, "device": dev}))
    return found
