"""A real daemon with ``[mqtt]`` on the test broker, and a table script played into it."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from companion.daemon import Daemon, DaemonSettings, DaemonThread
from companion.script import load
from companion.store import EventStore
from companion.venue.config import MqttConfig

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def mqtt_config(port: int, table: str = "t1", **options) -> MqttConfig:
    return MqttConfig(host="127.0.0.1", port=port, table=table, **options)


@contextlib.contextmanager
def venue_table(tmp_path: Path, port: int, table: str = "t1", **options):
    """A daemon in a thread whose config's ``[mqtt]`` names the broker on ``port``."""
    store = EventStore(tmp_path / f"{table}.sqlite3")
    try:
        daemon = Daemon(store, tmp_path / f"{table}.sock",
                        settings=DaemonSettings(mqtt=mqtt_config(port, table, **options), dice_button=True))
        with DaemonThread(daemon):
            yield daemon
    finally:
        store.close()


def start(daemon: Daemon, script: str):
    """Start ``script``'s game (``game/name.jsonl`` under tests/scripts); its lines."""
    parsed = load(SCRIPTS / script)
    daemon.call(lambda: daemon.start_game(parsed.header))
    return parsed.lines


def play(daemon: Daemon, lines) -> None:
    for line in lines:
        daemon.submit(line.input)
        daemon.drain()


def payloads(watcher, table: str, leaf: str) -> list[dict]:
    return [json.loads(p) for p in watcher.on(f"haunt/{table}/{leaf}")]
