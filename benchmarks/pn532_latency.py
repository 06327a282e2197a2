"""PN532 tap-to-event latency on the pty simulator, at default settings (issue 3, case 8).

Run: ``.venv/bin/python benchmarks/pn532_latency.py [--taps N]`` (prints a table; about
0.5 s a tap). The real driver and real pyserial talk to :class:`SimulatedPN532` over a pty,
so the figures are the driver's and the runner's share, not the radio's: a real PN532 adds
its own activation time (a few ms) and 115200 baud adds about 2 ms per poll.
These are measurements, never assertions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time

from companion.config import DEFAULT_POLL_INTERVALS
from hardware.nfc.base import TagPresented, TagRemoved
from hardware.nfc.ntag import ntag215_image
from hardware.nfc.pn532 import PN532Reader
from hardware.nfc.runner import ReaderRunner
from hardware.testing.pn532_chip import SimulatedPN532

UID = bytes.fromhex("04112233445566")
#: The daemon's default for a PN532 when the config names no poll_interval.
INTERVAL = DEFAULT_POLL_INTERVALS["pn532"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def poll_times(reader: PN532Reader, sim: SimulatedPN532, card: bool, count: int = 300) -> list[float]:
    if card:
        sim.present(UID)
    else:
        sim.remove()
    times = []
    for _ in range(count):
        start = time.perf_counter()
        reader.poll()
        times.append(time.perf_counter() - start)
    sim.remove()
    return times


def tap_latencies(reader: PN532Reader, sim: SimulatedPN532, taps: int, image: bytes | None) -> list[float]:
    """Present a card at a random moment of the poll cycle; time until TagPresented (with
    the NDEF read when ``image`` gives the card memory)."""
    presented, removed = threading.Event(), threading.Event()
    seen: list[float] = []

    def on_event(event):
        if isinstance(event, TagPresented):
            seen.append(time.monotonic())
            presented.set()
        elif isinstance(event, TagRemoved):
            removed.set()

    runner = ReaderRunner(reader, on_event, interval=INTERVAL)  # the daemon's PN532 default
    runner.start()
    latencies = []
    try:
        for _ in range(taps):
            time.sleep(random.uniform(0.0, INTERVAL))
            presented.clear()
            start = time.monotonic()
            sim.present(UID, pages=image)
            if not presented.wait(2.0):
                raise RuntimeError("no TagPresented within 2 s")
            latencies.append(seen[-1] - start)
            removed.clear()
            sim.remove()
            if not removed.wait(2.0):
                raise RuntimeError("no TagRemoved within 2 s")
    finally:
        runner.stop()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=40)
    args = parser.parse_args()
    with SimulatedPN532() as sim:
        start = time.perf_counter()
        reader = PN532Reader("table", sim.port)
        opened = time.perf_counter() - start
        with reader:
            rows = [
                ("open (wake-up, SAM, firmware, RF config)", [opened]),
                ("poll, card present (300 polls)", poll_times(reader, sim, card=True)),
                ("poll, no card (300 polls)", poll_times(reader, sim, card=False)),
                (f"tap to TagPresented, blank NTAG ({args.taps} taps)",  # an NTAG always answers READ
                 tap_latencies(reader, sim, args.taps, ntag215_image(UID))),
                (f"tap to TagPresented, NDEF-programmed card ({args.taps} taps)",
                 tap_latencies(reader, sim, args.taps, ntag215_image(UID, "creepy_cellar:ghost:room-H"))),
            ]
    print(f"PN532 on a pty simulator; runner interval {INTERVAL * 1000:.0f} ms (the daemon's PN532 default), "
          "baud 115200, timeout 50 ms, retries 2")
    print(f"{'measure':<48} {'p50':>10} {'p99':>10} {'max':>10}")
    for label, values in rows:
        p50, p99 = statistics.median(values), percentile(values, 0.99)
        print(f"{label:<48} {p50 * 1000:>7.2f} ms {p99 * 1000:>7.2f} ms {max(values) * 1000:>7.2f} ms")


if __name__ == "__main__":
    main()
