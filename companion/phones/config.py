"""The ``[phones]`` section of the config: off unless it says ``enabled = true``.

```toml
[phones]
enabled = true
listen = "0.0.0.0:8765"          # an IP address (or 0.0.0.0 / [::] for every one) and a port
url = "http://192.168.1.20:8765" # optional: the address phones use (default: guessed)
```
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from companion.errors import CompanionError

KEYS = ("enabled", "listen", "url")
DEFAULT_LISTEN = "0.0.0.0:8765"


class PhonesConfigError(CompanionError, ValueError):
    """A bad ``[phones]`` key (the message names it)."""


@dataclass(frozen=True)
class PhonesConfig:
    """Phones as private screens (issue 22).

    Attributes:
        enabled: the daemon opens its TCP port only when True.
        host, port: where it listens (an IP address literal).
        url: the base address the links carry (``http://host:port``), or None to guess the
            machine's LAN address (:func:`base_url`).
    """

    enabled: bool = False
    host: str = "0.0.0.0"
    port: int = 8765
    url: str | None = None

    @property
    def listen(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def parse_phones(table: Any) -> PhonesConfig:
    """The ``[phones]`` table (``{}`` when absent).

    Raises:
        PhonesConfigError: not a table, an unknown key, or a bad value (named ``phones.KEY``).
    """
    if not isinstance(table, dict):
        raise PhonesConfigError("phones: must be a table ([phones])")
    unknown = [k for k in table if k not in KEYS]
    if unknown:
        raise PhonesConfigError(f"unknown key phones.{unknown[0]} (allowed: {', '.join(KEYS)})")
    enabled = table.get("enabled", False)
    if not isinstance(enabled, bool):
        raise PhonesConfigError(f"phones.enabled: must be true or false, got {enabled!r}")
    host, port = parse_listen(table.get("listen", DEFAULT_LISTEN))
    return PhonesConfig(enabled, host, port, _url(table.get("url")))


def parse_listen(value: Any) -> tuple[str, int]:
    """``"0.0.0.0:8765"``, ``"192.168.1.20:8765"`` or ``"[::]:8765"`` -> ``(host, port)``.

    Raises:
        PhonesConfigError: not an IP address and a port 1-65535.
    """
    if not isinstance(value, str) or ":" not in value:
        raise PhonesConfigError(f'phones.listen: must be "ADDRESS:PORT" such as "0.0.0.0:8765", got {value!r}')
    host, _, port = value.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        ipaddress.ip_address(host)
        number = int(port)
    except ValueError:
        raise PhonesConfigError(f'phones.listen: must be an IP address and a port such as "0.0.0.0:8765", '
                                f"got {value!r}") from None
    if not 1 <= number <= 65535:
        raise PhonesConfigError(f"phones.listen: the port must be 1-65535, got {number}")
    return host, number


def _url(value: Any) -> str | None:
    if value is None:
        return None
    parts = urlsplit(value) if isinstance(value, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        raise PhonesConfigError(f'phones.url: must be an address such as "http://192.168.1.20:8765", got {value!r}')
    return value.rstrip("/")


def base_url(config: PhonesConfig, port: int | None = None) -> str:
    """The address the links carry: ``url``, else ``http://<LAN address>:<port>`` (``port``:
    the one actually bound, when the config asked for port 0 in tests)."""
    if config.url is not None:
        return config.url
    host = config.host
    if ipaddress.ip_address(host).is_unspecified:
        host = lan_address(ipaddress.ip_address(host).version)
    port = config.port if port is None else port
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def lan_address(version: int = 4) -> str:
    """This machine's address on the way out (a UDP socket "connected" to a documentation
    address: no packet is sent); loopback when there is no route."""
    family, probe, loopback = ((socket.AF_INET, "192.0.2.1", "127.0.0.1") if version == 4
                               else (socket.AF_INET6, "2001:db8::1", "::1"))
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))
            return sock.getsockname()[0]
    except OSError:
        return loopback
