"""What the staff dashboard knows: every table's latest status, state and event, read from
the broker's ``<prefix>/<table>/...`` messages. Pure (no MQTT, no web)."""

from __future__ import annotations

import json
import time
from typing import Any

from companion.venue.config import TOPIC_WORD

#: The topics the board reads under ``<prefix>/<table>/``.
LEAVES = ("status", "state", "event")
#: Largest payload read, in bytes (a table's state is about 1 kB).
MAX_PAYLOAD = 64 * 1024


class Board:
    """Tiles by table id: ``{"table", "online", "state", "event", "seen"}``."""

    def __init__(self, prefix: str, clock=time.time):
        self.prefix, self.clock = prefix, clock
        self.tiles: dict[str, dict[str, Any]] = {}

    def read(self, topic: str, payload: bytes) -> dict[str, Any] | None:
        """Take one message; the table's tile when it changed, else None (a topic or payload
        the board does not know is ignored)."""
        parts = topic.split("/")
        if len(parts) != 3 or parts[0] != self.prefix or parts[2] not in LEAVES or len(payload) > MAX_PAYLOAD:
            return None
        table, leaf = parts[1], parts[2]
        if not TOPIC_WORD.fullmatch(table):
            return None
        tile = self.tiles.setdefault(table, {"table": table, "online": None, "state": None, "event": None,
                                             "seen": None})
        if leaf == "status":
            tile["online"] = payload == b"online"
        else:
            try:
                value = json.loads(payload)
            except ValueError:
                return None
            if not isinstance(value, dict):
                return None
            tile[leaf] = value
        tile["seen"] = round(self.clock(), 3)
        return tile

    def all(self) -> list[dict[str, Any]]:
        return [self.tiles[name] for name in sorted(self.tiles)]
