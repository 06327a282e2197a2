"""Walking-skeleton figures: replay time, store write latency, engine speed.

Run: ``.venv/bin/python benchmarks/skeleton.py`` (prints a table; takes about a minute).
These are measurements, never assertions; issue 9 grows the full suite.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

from companion.cli.replay import bundled_demo
from companion.engine import all_games, resolve_options
from companion.engine.playout import random_actions
from companion.inputs import Press, Touch
from companion.replay import replay
from companion.session import Session
from companion.store import EventStore


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def replay_in_process(runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        replay(bundled_demo())
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def replay_command(runs: int = 3) -> float:
    demo = str(resources.files("companion.data").joinpath("demo.jsonl"))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "companion", "replay", demo], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def store_append(count: int = 300) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(Path(tmp) / "bench.sqlite3")
        game = store.new_game({"game": "creepy_cellar"}, None, 0.0)
        times = []
        for n in range(count):
            start = time.perf_counter()
            store.append(game, "input", {"input": {"button": "dice"}, "action": "roll", "n": n}, 0.0)
            times.append(time.perf_counter() - start)
        store.close()
    q = statistics.quantiles(times, n=100)
    return statistics.median(times), q[98]


def session_inputs(count: int = 2000) -> tuple[float, float]:
    """Input -> new prompt through the session with an on-disk store."""
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(Path(tmp) / "bench.sqlite3")
        from companion.header import GameHeader

        session = Session.start(GameHeader.from_json(
            {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1}), store)
        times = []
        for _ in range(count):
            inp = Press("dice") if session.prompt.choice("roll") else Touch("end-turn")
            if session.prompt.over:
                break
            start = time.perf_counter()
            session.handle(inp)
            _ = session.prompt  # the screen reads the prompt after each input: part of the time
            times.append(time.perf_counter() - start)
        store.close()
    q = statistics.quantiles(times, n=100)
    return statistics.median(times), q[98]


def playouts(seconds: float = 3.0) -> dict[str, float]:
    """Whole games a second per game, each a random game of 2,000 actions at most
    (:mod:`companion.engine.playout`; before issue 35 this loop always took the first choice)."""
    rates = {}
    for game_id, spec in all_games().items():
        rng = random.Random(1)
        options = resolve_options(spec, {})
        games, deadline = 0, time.perf_counter() + seconds
        start = time.perf_counter()
        while time.perf_counter() < deadline:
            random_actions(spec, spec.setup(["A", "B"], options), rng, 2000)
            games += 1
        rates[game_id] = games / (time.perf_counter() - start)
    return rates


def main() -> None:
    rows = [("replay demo, in process (median of 5)", f"{replay_in_process():.3f} s"),
            ("`companion replay demo.jsonl` command (median of 3)", f"{replay_command():.3f} s")]
    p50, p99 = store_append()
    rows.append(("store append, synchronous=FULL (300)", f"p50 {_ms(p50)}, p99 {_ms(p99)}"))
    p50, p99 = session_inputs()
    rows.append(("session input -> prompt, on-disk store", f"p50 {_ms(p50)}, p99 {_ms(p99)}"))
    for game_id, rate in playouts().items():
        rows.append((f"{game_id}: whole random playouts", f"{rate:.0f} games/s"))
    width = max(len(name) for name, _ in rows)
    print(f"| {'what'.ljust(width)} | result |\n|{'-' * (width + 2)}|--------|")
    for name, value in rows:
        print(f"| {name.ljust(width)} | {value} |")


if __name__ == "__main__":
    main()
