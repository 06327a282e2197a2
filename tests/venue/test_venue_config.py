"""The ``[mqtt]`` and ``[venue]`` sections (issue 32): defaults, one clear line per bad key,
and a password or token that no message or repr ever shows."""

from __future__ import annotations

import pytest

from companion.config import ConfigError, parse_config


def test_defaults_and_tls_port():
    mqtt = parse_config('[mqtt]\nhost = "venue.local"\ntable = "t-07"\n').mqtt
    assert (mqtt.port, mqtt.topic_prefix, mqtt.homeassistant, mqtt.topic("state")) == (
        1883, "haunt", False, "haunt/t-07/state")
    assert parse_config('[mqtt]\ntls = true\ntable = "x"\n').mqtt.port == 8883


@pytest.mark.parametrize(("text", "problem"), [
    ('[mqtt]\ntable = "a/b"', "mqtt.table: one topic level"),
    ('[mqtt]\ntopic_prefix = "#"', "mqtt.topic_prefix: one topic level"),
    ("[mqtt]\nport = 0", "mqtt.port: must be a port number 1-65535, got 0"),
    ('[mqtt]\ntls = "yes"', "mqtt.tls: must be true or false"),
    ("[mqtt]\nbroker = 1", "unknown key mqtt.broker (allowed: host, port"),
    ('[venue]\ntoken = "short"', "venue.token: at least 16 characters"),
    ('[venue]\nlisten = "nowhere"', "venue.listen: must be"),
])
def test_a_bad_key_is_named(text, problem):
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    assert problem in str(caught.value)


def test_the_password_and_token_are_never_shown():
    config = parse_config('[mqtt]\ntable = "t1"\npassword = "pw-Hidden-1"\n[venue]\ntoken = "tok-Hidden-0123456789"\n')
    assert "Hidden" not in repr(config) and config.mqtt.password == "pw-Hidden-1"
    with pytest.raises(ConfigError) as caught:
        parse_config("[mqtt]\npassword = 12345678\n")
    assert "12345678" not in str(caught.value) and "mqtt.password: must be a non-empty text" in str(caught.value)
