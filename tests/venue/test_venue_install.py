"""``companion install`` and a venue (issue 32): the shipped config carries the ``[mqtt]``
section commented out (and loads as it is, and with it uncommented); the daemon's unit gets
the network only while the config has ``[mqtt]``."""

from __future__ import annotations

import re
from pathlib import Path

from companion.config import parse_config
from companion.install import VENUE_DROPIN, Installer

SHIPPED = Path(__file__).resolve().parents[2] / "systemd" / "config.toml"
DROPIN = str(VENUE_DROPIN).lstrip("/")


def _uncommented() -> str:
    """The shipped config with its ``[mqtt]`` lines' ``#`` removed."""
    text = SHIPPED.read_text()
    block = text[text.index("# [mqtt]"):]
    return text[:text.index("# [mqtt]")] + re.sub(r"(?m)^# ", "", block)


def test_the_shipped_config_has_the_mqtt_section_commented_out():
    assert parse_config(SHIPPED.read_text()).mqtt is None
    mqtt = parse_config(_uncommented()).mqtt
    assert (mqtt.host, mqtt.port, mqtt.table, mqtt.topic_prefix, mqtt.homeassistant) == (
        "venue.local", 1883, "table-01", "haunt", False)


def test_the_network_drop_in_exists_only_while_the_config_has_mqtt(tmp_path):
    root = tmp_path / "root"
    config = root / "etc/haunt-companion/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(_uncommented())
    Installer(root, run_commands=False, prefix="/opt/haunt-companion/.venv").install()
    text = (root / DROPIN).read_text()
    assert "PrivateNetwork=no" in text and "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6" in text
    assert "venue.local:1883" in text and "password" not in text.lower()
    config.write_text(SHIPPED.read_text())
    Installer(root, run_commands=False, prefix="/opt/haunt-companion/.venv").install()
    assert not (root / DROPIN).exists()
