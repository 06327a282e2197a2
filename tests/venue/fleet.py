"""Many tables on one broker without as many daemons: the real :class:`TableLink` of each,
fed the state messages a real daemon sent while replaying a table script (recorded once per
script), in one asyncio loop on a thread. Commands from the broker act on each table's own
:class:`StaffCall`, and the table publishes its state again, as the daemon does. Used by the
dashboard tests and benchmarks/venue.py."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from functools import cache
from pathlib import Path

from companion.daemon.staff import StaffCall
from companion.replay import replay
from companion.script import load
from companion.venue.link import TableLink
from tests.venue.table import mqtt_config

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
GAMES = ("creepy_cellar/basic-lost.jsonl", "house_of_spirits/eighteen_points.jsonl", "clue_it/solved.jsonl",
         "ghost_at_home/three_players.jsonl", "children/players_win.jsonl")


@cache
def recorded(script: str) -> tuple[dict, ...]:
    """Every ``state`` message a daemon sent while replaying ``script``, in order."""
    states: list[dict] = []
    replay(load(SCRIPTS / script), on_message=lambda m: states.append(m) if m.get("type") == "state" else None)
    return tuple(states)


class FleetTable:
    def __init__(self, fleet: Fleet, name: str, game_id: int):
        self.fleet, self.name, self.game_id = fleet, name, game_id
        self.staff = StaffCall()
        self.state: dict | None = None
        self.started = time.time() - 60 * (game_id % 50)
        self.link = TableLink(mqtt_config(fleet.port, name), self._command)

    async def _command(self, name: str, text: str | None) -> tuple[bool, str]:
        if name == "call_staff":
            self.staff.call()
        elif name == "staff_ack":
            self.staff.acknowledge()
        else:
            self.staff.show(text)
        self._publish()
        return True, ""

    def _publish(self) -> None:
        if self.state is not None:
            self.link.published({**self.state, "staff": self.staff.to_json()}, self.game_id, self.started)

    def show(self, state: dict) -> None:
        """On the fleet's loop: the daemon sent ``state``."""
        self.state = state
        self._publish()


class Fleet:
    """``count`` tables named ``t01``… on the broker at ``port``, their links on one loop."""

    def __init__(self, port: int, count: int):
        self.port = port
        self.loop = asyncio.new_event_loop()
        self.tables = [FleetTable(self, f"t{i + 1:02d}", i + 1) for i in range(count)]
        self._tasks: list[asyncio.Task] = []
        self._thread = threading.Thread(target=self.loop.run_forever, name="fleet", daemon=True)

    def __enter__(self) -> Fleet:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(10)
        return self

    async def _start(self) -> None:
        self._tasks = [self.loop.create_task(table.link.run()) for table in self.tables]

    def __exit__(self, *exc) -> None:
        async def stop():
            for task in self._tasks:
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
        try:
            asyncio.run_coroutine_threadsafe(stop(), self.loop).result(30)
        except TimeoutError:  # say which links did not stop (a benchmark goes on)
            stuck = [t.name for t, task in zip(self.tables, self._tasks) if not task.done()]
            print(f"fleet: {len(stuck)} link(s) still stopping after 30 s: {stuck[:5]}", file=sys.stderr)
            for task in self._tasks:
                if not task.done():
                    task.print_stack(file=sys.stderr)
                    break
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)

    def table(self, name: str) -> FleetTable:
        return next(t for t in self.tables if t.name == name)

    def show(self, name: str, state: dict) -> None:
        """Thread-safe: table ``name``'s daemon sent ``state``."""
        self.loop.call_soon_threadsafe(self.table(name).show, state)

    def call(self, fn):
        """Run ``fn`` on the fleet's loop; its result."""
        async def run():
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def connected(self) -> bool:
        return all(t.link.connected for t in self.tables)
