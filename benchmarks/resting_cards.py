"""Resting cards and calm status (issue 30), measured on the simulators: figures, never assertions.

Run from the checkout root: ``PYTHONPATH=. .venv/bin/python benchmarks/resting_cards.py
[--taps N] [--quiets N]`` (defaults 40 taps, 50 quiet spells; about two minutes). Prints:

* a card slid on (its memory silent for the first N ms of contact, its UID answering at
  once): seconds from the card touching the reader to its TagPresented *with its text*, on
  the MFRC522 and the PN532, the runner in its own thread at the daemon's poll interval;
* a PN532 going quiet for 0.5-0.7 s (a loose connector) under a resting card, ``--quiets``
  times, through the real supervisor thread: extra taps of the resting card (goal 0) and
  status reports;
* an MFRC522 with a loose wire: 50 drop-outs in 25 s, then steady: the status reports the
  table gets (the supervisor stepped on a manual clock: the same code, no waiting);
* PN532 tap -> TagPresented with one answer in ten lost (no ACK, no response), a blank NTAG
  and an NDEF-programmed one: p50, p99 and max over ``--taps`` taps.
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import threading
import time

from companion.config import DEFAULT_POLL_INTERVALS
from hardware.dice.fake import ManualClock
from hardware.nfc.base import TagPresented, TagRemoved
from hardware.nfc.mfrc522 import MFRC522Reader
from hardware.nfc.ntag import ntag215_image
from hardware.nfc.pn532 import PN532Reader
from hardware.nfc.runner import ReaderRunner
from hardware.nfc.supervisor import ReaderSupervisor
from hardware.testing.fake_spidev import installed
from hardware.testing.mfrc522_chip import SimCard, SimChip
from hardware.testing.pn532_chip import SimulatedPN532

UID = bytes.fromhex("04112233445566")
TEXT = "creepy_cellar:ghost:room-H"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


class Taps:
    """Events of a runner or supervisor thread, with the time each came."""

    def __init__(self):
        self.events: list[tuple[float, object]] = []
        self.changed = threading.Condition()

    def __call__(self, event) -> None:
        with self.changed:
            self.events.append((time.monotonic(), event))
            self.changed.notify_all()

    def wait(self, predicate, timeout: float = 5.0):
        with self.changed:
            if not self.changed.wait_for(lambda: any(predicate(e) for _, e in self.events), timeout):
                raise RuntimeError("the event never came")
            return next((t, e) for t, e in self.events if predicate(e))


def _read_with_text(event) -> bool:
    return isinstance(event, TagPresented) and event.ndef == TEXT


def slid_on_mfrc522(silent_ms: float, trials: int = 5) -> list[float]:
    times = []
    for _ in range(trials):
        chip, taps = SimChip(), Taps()
        with installed(chip), MFRC522Reader("cards") as reader:
            runner = ReaderRunner(reader, taps, interval=DEFAULT_POLL_INTERVALS["mfrc522"])
            runner.start()
            try:
                time.sleep(random.uniform(0.0, runner.interval))
                card = SimCard.ntag215(UID, TEXT)
                card.read_fail_for = silent_ms / 1000
                start = time.monotonic()
                chip.add(card)
                when, _ = taps.wait(_read_with_text)
                times.append(when - start)
            finally:
                runner.stop()
    return times


def slid_on_pn532(silent_ms: float, trials: int = 5) -> list[float]:
    times = []
    with SimulatedPN532() as sim, PN532Reader("cards", sim.port) as reader:
        for _ in range(trials):
            taps = Taps()
            runner = ReaderRunner(reader, taps, interval=DEFAULT_POLL_INTERVALS["pn532"])
            runner.start()
            try:
                time.sleep(random.uniform(0.0, runner.interval))
                start = time.monotonic()
                sim.present(UID, pages=ntag215_image(UID, TEXT), read_fail_for=silent_ms / 1000)
                when, _ = taps.wait(_read_with_text)
                times.append(when - start)
                sim.remove()
                taps.wait(lambda e: isinstance(e, TagRemoved))
            finally:
                runner.stop()
    return times


def pn532_quiet(quiets: int) -> tuple[int, int]:
    """(extra taps of the resting card, status reports) over ``quiets`` quiet spells."""
    taps, statuses = Taps(), []
    with SimulatedPN532() as sim:
        sim.present(UID, pages=ntag215_image(UID, TEXT))
        supervisor = ReaderSupervisor("cards", lambda: PN532Reader("cards", sim.port), taps,
                                      lambda *s: statuses.append(s[1]), interval=DEFAULT_POLL_INTERVALS["pn532"])
        supervisor.start()
        try:
            taps.wait(_read_with_text)
            for _ in range(quiets):
                quiet = random.uniform(0.5, 0.7)
                sim.go_quiet(quiet)
                time.sleep(quiet + random.uniform(0.3, 0.6))
        finally:
            supervisor.stop()
    presented = sum(isinstance(e, TagPresented) for _, e in taps.events)
    return presented - 1, len(statuses) - 1  # the first "online" is no news


def mfrc522_loose_wire(dropouts: int = 50, seconds: float = 25.0) -> list[tuple[bool, str]]:
    clock, chip, statuses = ManualClock(), SimChip(), []
    with installed(chip):
        supervisor = ReaderSupervisor("cards", lambda: MFRC522Reader("cards"), lambda e: None,
                                      lambda *s: statuses.append(s[1:]), clock=clock)
        chip.add(SimCard.ntag215(UID, TEXT))
        for _ in range(5):
            clock.advance(supervisor.step())
        for _ in range(dropouts):
            start = clock()
            chip.stuck = 0x00
            clock.advance(supervisor.step())
            chip.stuck = None
            while clock() < start + seconds / dropouts:
                clock.advance(supervisor.step())
        end = clock() + 15.0
        while clock() < end:
            clock.advance(supervisor.step())
        supervisor.stop()
    return statuses[1:]  # the first "online" is no news


def lossy_taps(taps: int, image: bytes | None) -> list[float]:
    latencies = []
    with SimulatedPN532() as sim, PN532Reader("cards", sim.port) as reader:
        sim.miss_one_in = 10
        events = Taps()
        runner = ReaderRunner(reader, events, interval=DEFAULT_POLL_INTERVALS["pn532"])
        runner.start()
        try:
            for _ in range(taps):
                time.sleep(random.uniform(0.0, runner.interval))
                start = time.monotonic()
                sim.present(UID, pages=image)
                when, _ = events.wait(lambda e: isinstance(e, TagPresented), 10.0)
                latencies.append(when - start)
                sim.remove()
                events.wait(lambda e: isinstance(e, TagRemoved), 10.0)
                with events.changed:
                    events.events.clear()  # the next tap's events only
        finally:
            runner.stop()
    return latencies


def row(label: str, values: list[float]) -> str:
    return (f"{label:<58} {statistics.median(values) * 1000:>8.0f} ms {percentile(values, 0.99) * 1000:>8.0f} ms "
            f"{max(values) * 1000:>8.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--quiets", type=int, default=50)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)  # the drivers' warnings are the faults themselves
    random.seed(30)
    print(f"{'slid on: touch -> tap with its text':<58} {'p50':>11} {'p99':>11} {'max':>11}")
    for ms in (5, 50, 300, 1000):
        print(row(f"  MFRC522, memory silent {ms} ms (5 trials)", slid_on_mfrc522(ms)))
    for ms in (50, 300):
        print(row(f"  PN532, memory silent {ms} ms (5 trials)", slid_on_pn532(ms)))
    print(row(f"PN532 tap -> TagPresented, 1 answer in 10 lost, blank NTAG ({args.taps})",
              lossy_taps(args.taps, ntag215_image(UID))))
    print(row(f"PN532 tap -> TagPresented, 1 answer in 10 lost, NDEF ({args.taps})",
              lossy_taps(args.taps, ntag215_image(UID, TEXT))))
    extra, reports = pn532_quiet(args.quiets)
    print(f"PN532 quiet 0.5-0.7 s x {args.quiets} under a resting card: {extra} extra taps, {reports} status reports")
    statuses = mfrc522_loose_wire()
    words = ", ".join(("online" if online else "offline") + (f" ({detail})" if detail and len(detail) < 50 else "")
                      for online, detail in statuses)
    print(f"MFRC522 loose wire, 50 drop-outs in 25 s then steady: {len(statuses)} status reports: {words}")


if __name__ == "__main__":
    main()
