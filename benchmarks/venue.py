"""Venue figures (issue 32), on one machine, loopback:

1. 50 tables, each the real :class:`companion.venue.link.TableLink` fed the state messages a
   real daemon sent while replaying a table script, at 5 inputs a second each (250 a
   second in all), one Mosquitto, one ``companion venue`` dashboard (its own process): p50
   and p99 from a table's input (the state handed to its link) to the dashboard's WebSocket
   message carrying it; the broker's, the dashboard's and the 50 tables' CPU.
2. The broker restarted with those 50 tables: seconds from the broker listening again until
   the dashboard has every table online with its state again.
3. The table's own cost: a real daemon with ``[mqtt]`` on the broker against one without,
   side by side (inputs alternated between them): input -> the state message at a screen
   client of the socket, p50 and p99.

    .venv/bin/python -m benchmarks.venue [--seconds 20] [--tables 50] [--inputs 300]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from benchmarks.procstat import cpu_seconds
from tests.checkout import checkout_env
from tests.venue.broker import Broker, free_port
from tests.venue.fleet import GAMES, Fleet, recorded

TOKEN = "bench-token-0123456789"


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _dashboard(folder: Path, broker: Broker) -> tuple[subprocess.Popen, str]:
    port = free_port()
    config = folder / "venue.toml"
    config.write_text(f'[mqtt]\nhost = "127.0.0.1"\nport = {broker.port}\n\n'
                      f'[venue]\nlisten = "127.0.0.1:{port}"\ntoken = "{TOKEN}"\n')
    process = subprocess.Popen([sys.executable, "-m", "companion", "venue", "--config", str(config)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=checkout_env())
    assert "listens on" in process.stdout.readline()
    return process, f"http://127.0.0.1:{port}"


class Page:
    """A logged-in dashboard WebSocket that notes when each (table, revision) arrived, and
    each table's online flag."""

    def __init__(self, url: str):
        self.url = url
        self.arrived: dict[tuple[str, int], float] = {}
        self.tiles: dict[str, dict] = {}
        self.messages = 0

    async def run(self, ready: asyncio.Event) -> None:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:  # an IP host
            await session.post(self.url + "/login", data={"token": TOKEN}, allow_redirects=False)
            async with session.ws_connect(self.url.replace("http", "ws") + "/ws") as ws:
                ready.set()
                async for message in ws:
                    now = time.monotonic()
                    data = json.loads(message.data)
                    self.messages += 1
                    for tile in data.get("tiles") or ([data["tile"]] if data.get("tile") else []):
                        self.tiles[tile["table"]] = tile
                        state = tile.get("state") or {}
                        if isinstance(state.get("revision"), int):
                            self.arrived.setdefault((tile["table"], state["revision"]), now)


async def load(fleet: Fleet, page: Page, seconds: float, rate: float, games) -> tuple[list[float], int]:
    """Feed every table ``rate`` inputs a second for ``seconds``; the latencies."""
    sent: dict[tuple[str, int], float] = {}
    revision = {t.name: 1000 for t in fleet.tables}
    step = 1.0 / (rate * len(fleet.tables))
    start = time.monotonic()
    i = 0
    while time.monotonic() - start < seconds:
        table = fleet.tables[i % len(fleet.tables)]
        states = games[fleet.tables.index(table) % len(games)]
        revision[table.name] += 1
        state = {**states[revision[table.name] % len(states)], "revision": revision[table.name]}
        sent[(table.name, revision[table.name])] = time.monotonic()
        fleet.show(table.name, state)
        i += 1
        await asyncio.sleep(max(0.0, start + i * step - time.monotonic()))
    await asyncio.sleep(2.0)  # the last ones arrive
    latencies = [(page.arrived[key] - at) * 1000 for key, at in sent.items() if key in page.arrived]
    return latencies, len(sent) - len(latencies)


async def restart(broker: Broker, fleet: Fleet, page: Page) -> float:
    """Restart the broker; seconds until every tile is online with a state sent after it."""
    broker.stop()
    while fleet.call(lambda: any(t.link.connected for t in fleet.tables)):
        await asyncio.sleep(0.05)
    for tile in page.tiles.values():
        tile["online"] = False  # seen again only from the new broker
    marks = {name: tile.get("seen") for name, tile in page.tiles.items()}
    broker.start()
    back = time.monotonic()
    names = [t.name for t in fleet.tables]
    while not all(page.tiles.get(n, {}).get("online") and page.tiles[n].get("seen") != marks.get(n)
                  and page.tiles[n].get("state") for n in names):
        await asyncio.sleep(0.02)
        if time.monotonic() - back > 60:
            return float("inf")
    return time.monotonic() - back


def table_cost(broker: Broker, folder: Path, inputs: int) -> dict[str, list[float]]:
    """Input -> state at a screen client, for a daemon with [mqtt] and one without, alternated."""
    from companion.client import Client
    from companion.daemon import Daemon, DaemonSettings, DaemonThread
    from companion.script import load as load_script
    from companion.store import EventStore
    from tests.collector import Collector
    from tests.venue.table import SCRIPTS, mqtt_config

    script = load_script(SCRIPTS / "creepy_cellar/basic-lost.jsonl")
    tables = {}
    stack = []
    for name, mqtt in (("on", mqtt_config(broker.port, "cost")), ("off", None)):
        store = EventStore(folder / f"{name}.db")
        daemon = Daemon(store, folder / f"{name}.sock", settings=DaemonSettings(mqtt=mqtt, dice_button=True))
        thread = DaemonThread(daemon)
        thread.__enter__()
        seen = Collector()
        client = Client(daemon.socket_path, on_message=seen).connect()
        stack.append((thread, client, store))
        tables[name] = (daemon, seen)
    if tables["on"][0].venue is not None:
        while not tables["on"][0].venue.connected:
            time.sleep(0.05)
    times: dict[str, list[float]] = {"on": [], "off": []}
    done = 0
    while done < inputs:
        for daemon, _seen in tables.values():
            daemon.call(lambda d=daemon: d.start_game(script.header))
        for line in script.lines:
            if done >= inputs:
                break
            for name, (daemon, seen) in tables.items():
                revision = daemon.revision
                seen.clear()
                start = time.perf_counter()
                daemon.submit(line.input)
                seen.wait_for(lambda m, r=revision: m.get("type") in ("state", "notice")
                              and m.get("revision", r + 1) > r)
                times[name].append((time.perf_counter() - start) * 1000)
            done += 1
    for thread, client, store in stack:
        client.close()
        thread.__exit__(None, None, None)
        store.close()
    return times


async def main_async(args) -> None:
    games = [recorded(script) for script in GAMES]
    with tempfile.TemporaryDirectory(prefix="venue-bench-") as tmp:
        folder = Path(tmp)
        broker = Broker(folder).start()
        dashboard, url = _dashboard(folder, broker)
        try:
            with Fleet(broker.port, args.tables) as fleet:
                while not fleet.connected():
                    await asyncio.sleep(0.05)
                page = Page(url)
                ready = asyncio.Event()
                reader = asyncio.ensure_future(page.run(ready))
                await ready.wait()
                before = {"broker": cpu_seconds(broker.process.pid), "dashboard": cpu_seconds(dashboard.pid),
                          "tables": cpu_seconds("self")}
                began = time.monotonic()
                latencies, lost = await load(fleet, page, args.seconds, args.rate, games)
                wall = time.monotonic() - began
                cpu = {"broker": cpu_seconds(broker.process.pid) - before["broker"],
                       "dashboard": cpu_seconds(dashboard.pid) - before["dashboard"],
                       "tables": cpu_seconds("self") - before["tables"]}
                print(f"1. {args.tables} tables x {args.rate:g} inputs/s for {args.seconds:g} s: "
                      f"{len(latencies)} inputs reached the dashboard ({lost} superseded before sending)")
                print(f"   input -> dashboard WebSocket: p50 {statistics.median(latencies):.1f} ms, "
                      f"p99 {_pct(latencies, 0.99):.1f} ms, max {max(latencies):.1f} ms")
                print("   CPU over the run (% of one core): " + ", ".join(
                    f"{name} {100 * seconds / wall:.1f}%" for name, seconds in cpu.items())
                    + " (tables: every link and this script's feeder, one process)")
                took = await restart(broker, fleet, page)
                print(f"2. broker restarted with {args.tables} tables: every tile live again after {took:.2f} s")
                reader.cancel()
            times = table_cost(broker, folder, args.inputs)
            on, off = times["on"], times["off"]
            print(f"3. input -> screen, {len(on)} inputs each, alternated: MQTT on p50 {statistics.median(on):.2f} ms "
                  f"p99 {_pct(on, 0.99):.2f} ms; MQTT off p50 {statistics.median(off):.2f} ms "
                  f"p99 {_pct(off, 0.99):.2f} ms; p99 ratio {_pct(on, 0.99) / _pct(off, 0.99):.2f}x")
        finally:
            dashboard.terminate()
            dashboard.wait(10)
            broker.stop()


def main() -> None:
    import logging

    logging.basicConfig(level=logging.ERROR)  # the links' reconnection warnings during part 2
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rate", type=float, default=5.0, help="inputs a second per table")
    parser.add_argument("--inputs", type=int, default=300, help="inputs per daemon in part 3")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
