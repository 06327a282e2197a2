"""The ``[mqtt]`` and ``[venue]`` sections of the config (issue 32). No MQTT library is
imported here: a table without ``[mqtt]`` never loads one.

```toml
[mqtt]
host = "venue.local"        # the venue's Mosquitto
port = 1883                 # default 1883, 8883 with tls
username = "table-07"       # this table's own broker account
password = "..."            # never logged, never shown by repr()
tls = false                 # true: TLS (ca_file: a private CA's certificate, else the system's)
table = "table-07"          # this table's id in the topics (default: the host name)
topic_prefix = "haunt"
homeassistant = false       # true: Home Assistant MQTT discovery

[venue]                     # the staff dashboard (`companion venue`), on the venue machine
listen = "0.0.0.0:8770"
token = "a long random text staff type once per device"
```
"""

from __future__ import annotations

import re
import socket
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError

MQTT_KEYS = ("host", "port", "username", "password", "tls", "ca_file", "table", "topic_prefix", "homeassistant",
             "discovery_prefix")
VENUE_KEYS = ("listen", "token")
#: A table id or a topic prefix: one MQTT topic level, no wildcards, safe in a file name.
TOPIC_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
#: Shortest dashboard token accepted.
MIN_TOKEN = 16
DEFAULT_VENUE_LISTEN = "0.0.0.0:8770"


class VenueConfigError(CompanionError, ValueError):
    """A bad ``[mqtt]`` or ``[venue]`` key (the message names it)."""


@dataclass(frozen=True)
class MqttConfig:
    """This table (or the dashboard) on the venue's MQTT broker.

    Attributes:
        host, port: the broker.
        username, password: this table's own broker account (the password is never in a
            repr, a log line or a state message).
        tls: connect with TLS; ``ca_file``: the certificate of a private CA (None: the system's).
        table: the table's id, one topic level (``haunt/<table>/state``).
        topic_prefix: the first topic level (default ``haunt``).
        homeassistant: publish Home Assistant MQTT discovery (``discovery_prefix``, default
            ``homeassistant``).
    """

    host: str = "localhost"
    port: int = 1883
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    tls: bool = False
    ca_file: str | None = None
    table: str = "table"
    topic_prefix: str = "haunt"
    homeassistant: bool = False
    discovery_prefix: str = "homeassistant"

    @property
    def broker(self) -> str:
        """``host:port`` (what the screens and the doctor show; never the account)."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def topic(self, leaf: str, table: str | None = None) -> str:
        """``<prefix>/<table>/<leaf>``."""
        return f"{self.topic_prefix}/{table or self.table}/{leaf}"


@dataclass(frozen=True)
class VenueConfig:
    """The staff dashboard: where it listens and the token staff log in with."""

    host: str = "0.0.0.0"
    port: int = 8770
    token: str | None = field(default=None, repr=False)


def parse_mqtt(table: Any) -> MqttConfig:
    """The ``[mqtt]`` table.

    Raises:
        VenueConfigError: not a table, an unknown key, or a bad value (named ``mqtt.KEY``).
    """
    _check_table(table, "mqtt", MQTT_KEYS)
    tls = _bool(table, "tls", False)
    host = _text(table, "host", "localhost")
    port = table.get("port", 8883 if tls else 1883)
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise VenueConfigError(f"mqtt.port: must be a port number 1-65535, got {port!r}")
    return MqttConfig(
        host=host, port=port, username=_text(table, "username", None), password=_text(table, "password", None),
        tls=tls, ca_file=_text(table, "ca_file", None), table=_word(table, "table", default_table()),
        topic_prefix=_word(table, "topic_prefix", "haunt"), homeassistant=_bool(table, "homeassistant", False),
        discovery_prefix=_word(table, "discovery_prefix", "homeassistant"))


def parse_venue(table: Any) -> VenueConfig:
    """The ``[venue]`` table (the dashboard's listen address and login token)."""
    from companion.phones.config import PhonesConfigError, parse_listen

    _check_table(table, "venue", VENUE_KEYS)
    try:
        host, port = parse_listen(table.get("listen", DEFAULT_VENUE_LISTEN))
    except PhonesConfigError as exc:
        raise VenueConfigError(str(exc).replace("phones.listen", "venue.listen")) from None
    token = _text(table, "token", None)
    if token is not None and len(token) < MIN_TOKEN:
        raise VenueConfigError(f"venue.token: at least {MIN_TOKEN} characters (staff type it once per device)")
    return VenueConfig(host, port, token)


def default_table() -> str:
    """This machine's host name as a table id (``table`` when it does not fit one)."""
    name = socket.gethostname().split(".")[0]
    return name if TOPIC_WORD.fullmatch(name) else "table"


def _check_table(table: Any, name: str, keys: tuple[str, ...]) -> None:
    if not isinstance(table, dict):
        raise VenueConfigError(f"{name}: must be a table ([{name}])")
    unknown = [k for k in table if k not in keys]
    if unknown:
        raise VenueConfigError(f"unknown key {name}.{unknown[0]} (allowed: {', '.join(keys)})")


def _bool(table: dict[str, Any], key: str, default: bool) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise VenueConfigError(f"mqtt.{key}: must be true or false, got {value!r}")
    return value


def _text(table: dict[str, Any], key: str, default: str | None) -> str | None:
    value = table.get(key, default)
    if value is not None and (not isinstance(value, str) or not value):
        shown = "a text" if key in ("password", "token") else repr(value)  # never echo a secret
        raise VenueConfigError(f"{_section(key)}.{key}: must be a non-empty text, got {shown}")
    return value


def _section(key: str) -> str:
    return "venue" if key == "token" else "mqtt"


def _word(table: dict[str, Any], key: str, default: str) -> str:
    value = table.get(key, default)
    if not isinstance(value, str) or not TOPIC_WORD.fullmatch(value):
        raise VenueConfigError(f"mqtt.{key}: one topic level of letters, digits, - and _ (up to 40, no / + #), "
                               f"got {value!r}")
    return value


def broker_problem(config: MqttConfig, timeout: float = 3.0) -> str | None:
    """Connect to the broker with the table's account and leave: None when it worked, else
    the problem in one line (``companion doctor``; never names the password)."""
    import asyncio

    async def attempt() -> None:
        import aiomqtt

        tls = None
        if config.tls:
            import ssl

            tls = ssl.create_default_context(cafile=config.ca_file)
        async with aiomqtt.Client(config.host, config.port, username=config.username, password=config.password,
                                  identifier=f"haunt-doctor-{config.table}", tls_context=tls, timeout=timeout):
            pass

    try:
        asyncio.run(asyncio.wait_for(attempt(), timeout))
    except TimeoutError:
        return f"no answer within {timeout:g} s"
    except Exception as exc:  # aiomqtt.MqttError, OSError, ssl errors: one line
        text = str(exc).replace(config.password, "***") if config.password else str(exc)
        return (text or type(exc).__name__).splitlines()[0]
    return None
