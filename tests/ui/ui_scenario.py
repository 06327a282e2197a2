"""A Creepy Cellar game played to a busy board, on a real daemon, for the UI tests.

Run it directly to get a daemon to point ``python -m ui`` at:
``PYTHONPATH=. python tests/ui/ui_scenario.py /tmp/companion.sock`` (Ctrl-C stops it).
"""

from __future__ import annotations

import contextlib
import signal
import sys
from pathlib import Path

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.header import GameHeader
from companion.store import EventStore

#: Advanced mode. Nine turns forced through the stack make a busy board: two hauntings (C
#: by three ghosts, F by the King and two ghosts), ghosts in I (two), L (two) and N, the
#: King in G, the green doors locked. Then the hunters fetch the eight numbered treasures
#: from the rooms without ghosts and drop them off in order (die 6: no Ghost card), and
#: three hunters leave, Bo's green one last on a 1: only Ada's red hunter, in the cellar, is
#: still inside, at Bo's move step. Two players move four hunters in turn (notes.md 1.5):
#: Ada red, Bo yellow, Ada blue, Bo green.
BUSY_DIE = [3, 5, 2, 4, 1, 5, 2, 4, 3]
ROOMS = "ABDEGHJK"
HEADER = {
    "game": "creepy_cellar",
    "players": ["Ada", "Bo"],
    "seed": 11,
    "options": {"mode": "advanced"},
    "stack": {
        "movement_die": BUSY_DIE + [6] * 16 + [6, 6, 1, 6],
        "ghost": ["room-C", "shuffle", "room-C", "room-F", "room-I", "green-doors-locked",
                  "room-L", "room-N", "rogue-ghost", "room-E"],
        "king": ["king-F"],
        "treasure": [f"treasure-{k}" for k in range(1, 9)],
        "cellar": ["jinxed-item"] * 6 + ["unlock-doors"] * 2,
    },
}


def _inputs() -> list[str]:
    """The game as touches (``dice`` = a dice-button press), the last turn left open."""
    turns = [["dice", "end-turn"] for _ in BUSY_DIE]
    turns[-1] = ["dice", "move:hallway", "end-turn"]  # Ada ends the busy part in a hallway
    for half in range(2):
        for room in ROOMS[4 * half: 4 * half + 4]:  # Bo yellow, Ada blue, Bo green, Ada red
            turns.append(["dice", f"move:{room}", "done-moving", "pick-up", "end-turn"])
        for _ in range(4):  # each drops treasure k off in slot k
            turns.append(["dice", "move:M", "done-moving", "drop-off", "end-turn"])
    turns += [["dice", "move:outside", "end-turn"]] * 2  # Bo yellow and Ada blue leave
    turns.append(["dice", "move:outside"])  # Bo green leaves; his move step stays open
    return [key for turn in turns for key in turn]


#: Turns played by :func:`play`; the last one stops in its move step.
TURNS = len(BUSY_DIE) + 16 + 3


def play(daemon: Daemon) -> None:
    """Start the game on ``daemon`` and play it to Bo's last move step: dice button presses
    on the simulated table, touches through a socket client."""
    from companion.daemon.table_hardware import TableHardware

    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    table = TableHardware.simulated(daemon.on_presence, daemon.on_dice)
    try:
        with Client(daemon.socket_path).connect() as client:
            for key in _inputs():
                if key == "dice":
                    table.press()
                    daemon.drain()
                else:
                    ack = client.choose(key)
                    assert ack["ok"], (key, ack)
    finally:
        table.close()


@contextlib.contextmanager
def running_daemon(socket_path: str | Path, game: bool = True, settings: DaemonSettings | None = None):
    """A daemon on ``socket_path`` (in memory) with ``settings``, the scenario played when ``game``."""
    store = EventStore(":memory:")
    daemon = Daemon(store, socket_path, settings)
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
            signal.pause()  # until Ctrl-C
