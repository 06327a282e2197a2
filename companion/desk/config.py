"""The ``[desk]`` section of the config: the owner's desk is on, for this machine only,
unless it says otherwise.

```toml
[desk]
enabled = true     # false: no desk at all
network = false    # true: other machines on the network may open it (with its link)
listen = "127.0.0.1:8765"  # where it listens when the phones are off (with the phones: their port)
```
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.phones.config import PhonesConfigError, parse_listen

KEYS = ("enabled", "network", "listen")
DEFAULT_PORT = 8765


class DeskConfigError(CompanionError, ValueError):
    """A bad ``[desk]`` key (the message names it)."""


@dataclass(frozen=True)
class DeskConfig:
    """The owner's desk.

    Attributes:
        enabled: the daemon serves the desk (when its link is first asked for, or with the phones).
        network: requests from other machines are answered (else loopback only).
        host, port: where the desk listens when the phones are off (port 0: any free one).
    """

    enabled: bool = True
    network: bool = False
    host: str | None = None
    port: int = DEFAULT_PORT

    @property
    def listen_host(self) -> str:
        if self.host is not None:
            return self.host
        return "0.0.0.0" if self.network else "127.0.0.1"


def parse_desk(table: Any) -> DeskConfig:
    """The ``[desk]`` table (``{}`` when absent).

    Raises:
        DeskConfigError: not a table, an unknown key, or a bad value (named ``desk.KEY``).
    """
    if not isinstance(table, dict):
        raise DeskConfigError("desk: must be a table ([desk])")
    unknown = [k for k in table if k not in KEYS]
    if unknown:
        raise DeskConfigError(f"unknown key desk.{unknown[0]} (allowed: {', '.join(KEYS)})")
    flags = {}
    for key, default in (("enabled", True), ("network", False)):
        flags[key] = table.get(key, default)
        if not isinstance(flags[key], bool):
            raise DeskConfigError(f"desk.{key}: must be true or false, got {flags[key]!r}")
    host, port = None, DEFAULT_PORT
    if "listen" in table:
        try:
            host, port = parse_listen(table["listen"])
        except PhonesConfigError as exc:
            raise DeskConfigError(str(exc).replace("phones.", "desk.", 1)) from None
    return DeskConfig(flags["enabled"], flags["network"], host, port)
