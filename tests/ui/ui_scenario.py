"""A Creepy Cellar game played to a busy board, on a real daemon, for the UI tests.

Run it directly to get a daemon to point ``python -m ui`` at:
``python tests/ui/ui_scenario.py /tmp/companion.sock`` (Ctrl-C stops it).
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.header import GameHeader
from companion.store import EventStore

#: Nine turns forced through the stack: two hauntings (C by three ghosts, F by the King and
#: two ghosts), ghosts in I, L (two), M and N, the King in G, the green doors locked, a 3.
HEADER = {
    "game": "creepy_cellar",
    "players": ["Ada", "Bo"],
    "seed": 11,
    "stack": {
        "movement_die": [3, 5, 2, 4, 1, 5, 2, 4, 3],
        "ghost": ["room-C", "shuffle", "room-C", "room-F", "room-M", "green-doors-locked",
                  "room-L", "room-N", "rogue-ghost"],
        "king": ["king-F"],
    },
}

#: Turns played by :func:`play`; the last one stops in its move step.
TURNS = len(HEADER["stack"]["movement_die"])


def play(daemon: Daemon) -> None:
    """Start the game on ``daemon`` and play :data:`TURNS` turns: dice button presses on the
    simulated table, "End turn" touches through a socket client."""
    from hardware.simulated import SimulatedTable

    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    table = SimulatedTable(daemon.on_presence, daemon.on_dice)
    try:
        with Client(daemon.socket_path).connect() as client:
            for turn in range(TURNS):
                table.press()
                daemon.drain()
                if turn < TURNS - 1:
                    ack = client.choose("end-turn")
                    assert ack["ok"], ack
    finally:
        table.close()


@contextlib.contextmanager
def running_daemon(socket_path: str | Path, game: bool = True):
    """A daemon on ``socket_path`` (in memory), with the scenario played when ``game``."""
    store = EventStore(":memory:")
    daemon = Daemon(store, socket_path)
    try:
        with DaemonThread(daemon):
            if game:
                play(daemon)
            yield daemon
    finally:
        store.close()


if __name__ == "__main__":
    with running_daemon(sys.argv[1] if len(sys.argv) > 1 else "/tmp/companion.sock") as d:
        print(f"daemon on {d.socket_path}: {d.session.prompt.text}", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(1)
