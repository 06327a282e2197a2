"""``companion doctor`` and a venue (issue 32): off without ``[mqtt]``; with it, whether the
real broker lets the table's account in, never showing the password."""

from __future__ import annotations

import io

from companion.config import Config
from companion.doctor import Probe, run_doctor
from companion.venue.config import MqttConfig
from tests.venue.broker import free_port


def _doctor(config: Config) -> str:
    out = io.StringIO()
    run_doctor(config, out, Probe())
    return out.getvalue()


def test_the_doctor_says_the_venue_is_off_without_mqtt():
    assert "[info] venue: off (no [mqtt] section: the table publishes nothing)" in _doctor(Config())


def test_the_doctor_tries_the_venues_broker(broker):
    good = MqttConfig(host="127.0.0.1", port=broker.port, table="t4", username="t4", password="pw-Secret-9")
    text = _doctor(Config(mqtt=good))
    assert f"[ok] venue: the broker 127.0.0.1:{broker.port} lets table t4 in as t4" in text
    gone = MqttConfig(host="127.0.0.1", port=free_port(), table="t4", username="t4", password="pw-Secret-9")
    text = _doctor(Config(mqtt=gone))
    assert f"[MISSING] venue: the broker 127.0.0.1:{gone.port} as t4: " in text
    assert "pw-Secret-9" not in text
