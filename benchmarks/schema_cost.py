"""What checking the socket protocol's schema costs (issue 27 item 6, :mod:`companion.schema`).

    .venv/bin/python -m benchmarks.schema_cost [--taps 300] [--rounds 4] [--events 1000]

1. One real ``state`` message (a Creepy Cellar game of ``--events`` events, as the daemon
   publishes it to a client): microseconds to encode it (the daemon's ``protocol.encode``,
   unchanged), to decode it as before (``protocol.decode``), and to decode and check it as
   the client now does (``schema.decode`` + ``schema.problem``); for reference, msgspec's
   own one-pass decode into the TypedDict and its encoder. Also a ``choose`` command's check.
2. Tap -> state published at a client (``benchmarks.budgets.tap_to_published``), with the
   client's check on and off, in alternating rounds of the same run (the machine is shared:
   side by side is the only fair comparison). p50/p99 per setting over all rounds.

Measurements, never test assertions.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from benchmarks.budgets import build_game, pct, tap_to_published
from companion import messages, protocol, schema
from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.store import EventStore


def real_state(events: int) -> dict:
    """The state a client gets on connecting to a daemon with a game of ``events`` events."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "g.sqlite3"
        build_game(db, events)
        store = EventStore(db)
        daemon = Daemon(store, Path(tmp) / "c.sock")
        with DaemonThread(daemon):
            daemon.call(lambda: daemon.game.resume_last())
            with Client(daemon.socket_path).connect() as client:
                state = client.state
        store.close()
    assert state is not None
    return state


def per_call(fn, repeat: int = 2000) -> float:
    """Median microseconds of one ``fn()`` over 7 batches of ``repeat`` calls."""
    batches = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        batches.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(batches)


def codec_rows(state: dict) -> tuple[list[tuple[str, float]], int]:
    line = protocol.encode(state)
    typed = msgspec.json.Decoder(messages.StateMessage)
    command = {"cmd": "choose", "key": "end-turn", "revision": 12, "id": 3}
    return [
        ("encode (protocol.encode, the daemon; unchanged)", per_call(lambda: protocol.encode(state))),
        ("decode before (protocol.decode)", per_call(lambda: protocol.decode(line))),
        ("decode + check now (schema.decode + schema.problem)",
         per_call(lambda: schema.problem(schema.decode(line)))),
        ("decode + check, with the old decoder (protocol.decode + schema.problem)",
         per_call(lambda: schema.problem(protocol.decode(line)))),
        ("  of which the check (schema.problem)", per_call(lambda: schema.problem(state))),
        ("reference: msgspec.json decode into StateMessage", per_call(lambda: typed.decode(line))),
        ("reference: msgspec.json.encode", per_call(lambda: msgspec.json.encode(state))),
        ("a choose command's check (schema.command)", per_call(lambda: schema.command(command))),
    ], len(line)


def taps_side_by_side(events: int, taps: int, rounds: int) -> dict[str, list[float]]:
    """Tap -> published latencies with the client as now (msgspec's decoder and the check)
    and as before (``protocol.decode``, no check), alternating rounds."""
    checked, decoder = schema.problem, schema.decode
    seen: dict[str, list[float]] = {"check on": [], "check off": []}  # now / before
    for i in range(rounds * 2):
        setting = "check on" if i % 2 == 0 else "check off"
        schema.problem = checked if setting == "check on" else (lambda message: None)
        schema.decode = decoder if setting == "check on" else protocol.decode
        try:
            seen[setting] += tap_to_published(events, taps)
        finally:
            schema.problem, schema.decode = checked, decoder
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--taps", type=int, default=300, help="taps per round")
    parser.add_argument("--rounds", type=int, default=4, help="rounds per setting (alternating)")
    args = parser.parse_args()
    rows, size = codec_rows(real_state(args.events))
    print(f"A state message of {size:,} bytes (Creepy Cellar, {args.events:,}-event game), "
          f"msgspec {msgspec.__version__}:\n")
    print("| what | µs per message |\n|---|---|")
    for what, micros in rows:
        print(f"| {what} | {micros:.1f} |")
    seen = taps_side_by_side(args.events, args.taps, args.rounds)
    print(f"\nTap -> state published at a client, {args.rounds} alternating rounds of {args.taps} taps each:\n")
    print("| client | taps | p50 ms | p99 ms |\n|---|---|---|---|")
    for setting, lat in seen.items():
        print(f"| {setting} | {len(lat)} | {pct(lat, .5) * 1e3:.2f} | {pct(lat, .99) * 1e3:.2f} |")


if __name__ == "__main__":
    main()
