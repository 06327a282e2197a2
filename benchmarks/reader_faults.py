"""Reader faults (issue 20), measured on the simulators: figures, never assertions.

Run from the checkout root: ``PYTHONPATH=. .venv/bin/python benchmarks/reader_faults.py [--dead SECONDS]
[--trials N] [--old REV]`` (defaults 5 s, 5 trials, the commit before issue 20: 14444e6;
about a minute). Prints a table; the "before" column runs the drivers of ``REV`` (read with
``git show``) on the same simulators, and is left out when git or that commit is not there.

* MFRC522, a dead bus (every SPI read 0x00, or 0xFF): time from the bus dying to the
  supervisor's "offline" report; time from the bus coming back to "online"; process CPU
  seconds per wall second and SPI transfers per second while the bus is dead (the simulator
  answers a transfer in microseconds; on a Pi each is a syscall of some tens of
  microseconds, so transfers per second is what carries over to hardware). Before the fix
  a dead bus was never reported: its "time to offline" is "never".
* MFRC522, a chip reset (``SimChip.power_cycle``): time from the reset, with a new card
  already in the field, to that card's TagPresented.
* PN532, a slow no-card answer (three activation attempts of 30 ms, 90 ms in all): status
  changes and "offline" reports in ``--dead`` seconds.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from hardware.nfc.base import TagPresented
from hardware.nfc.supervisor import ReaderSupervisor
from hardware.testing.fake_spidev import installed
from hardware.testing.mfrc522_chip import SimCard, SimChip
from hardware.testing.pn532_chip import SimulatedPN532

ROOT = Path(__file__).resolve().parents[1]
RESTING = bytes.fromhex("04112233445566")
NEW = bytes.fromhex("04AABBCCDDEEFF")
NEVER = float("inf")


def old_module(rev: str, path: str, name: str):
    """The module at ``path`` as it was at ``rev`` (None when git cannot show it)."""
    try:
        source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], capture_output=True,
                                text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    file = Path(tempfile.mkdtemp(prefix="old-driver-")) / f"{name}.py"
    file.write_text(source)
    spec = importlib.util.spec_from_file_location(name, file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Watched:
    """A supervisor thread over a reader; records status changes and events with their times."""

    def __init__(self, open_reader, interval: float):
        self.statuses: list[tuple[float, bool]] = []
        self.events: list[tuple[float, object]] = []
        self.changed = threading.Condition()
        self.supervisor = ReaderSupervisor("r", open_reader, self._event, self._status, interval=interval)

    def _event(self, event) -> None:
        with self.changed:
            self.events.append((time.monotonic(), event))
            self.changed.notify_all()

    def _status(self, _name, online, _detail) -> None:
        with self.changed:
            self.statuses.append((time.monotonic(), online))
            self.changed.notify_all()

    def wait(self, predicate, timeout: float) -> float:
        """Monotonic time when ``predicate()`` became true, or NEVER after ``timeout``."""
        with self.changed:
            if self.changed.wait_for(predicate, timeout):
                return time.monotonic()
            return NEVER

    def online(self, value: bool):
        return lambda: bool(self.statuses) and self.statuses[-1][1] is value


def mfrc522_dead_bus(driver, stuck: int, dead: float) -> dict[str, float]:
    """Time to offline, time to online, CPU/s and SPI transfers/s while the bus is dead."""
    chip = SimChip()
    with installed(chip):
        watched = Watched(lambda: driver.MFRC522Reader("r"), interval=0.1)
        chip.present(SimCard.ntag215(RESTING))
        watched.supervisor.start()
        try:
            watched.wait(lambda: watched.events, 5.0)
            start, cpu0, spi0 = time.monotonic(), time.process_time(), chip.spi_transfers
            chip.stuck = stuck
            offline = watched.wait(watched.online(False), dead) - start
            time.sleep(max(0.0, dead - (time.monotonic() - start)))
            elapsed = time.monotonic() - start
            cpu, spi = (time.process_time() - cpu0) / elapsed, (chip.spi_transfers - spi0) / elapsed
            back = time.monotonic()
            chip.stuck = None
            if offline == NEVER:
                online = 0.0  # never left "online"
            else:
                online = watched.wait(watched.online(True), 10.0) - back
            time.sleep(0.5)  # polls with the card back in view
            taps = sum(1 for _, e in watched.events if isinstance(e, TagPresented) and e.uid == RESTING)
        finally:
            watched.supervisor.stop()
    return {"offline": offline, "online": online, "cpu": cpu, "spi": spi, "taps": taps}


def mfrc522_reset(driver) -> float:
    """Seconds from a chip reset (a new card already in the field) to its TagPresented."""
    chip = SimChip()
    with installed(chip):
        watched = Watched(lambda: driver.MFRC522Reader("r"), interval=0.1)
        watched.supervisor.start()
        try:
            watched.wait(watched.online(True), 5.0)
            start = time.monotonic()
            chip.power_cycle()
            chip.present(SimCard.ntag215(NEW))
            seen = watched.wait(lambda: any(isinstance(e, TagPresented) for _, e in watched.events), 5.0)
            return seen - start
        finally:
            watched.supervisor.stop()


def pn532_slow(driver, seconds: float) -> tuple[int, int]:
    """(status changes, offline reports) in ``seconds`` of a slow board's no-card answers."""
    with SimulatedPN532() as sim:
        watched = Watched(lambda: driver.PN532Reader("r", sim.port), interval=0.05)
        watched.supervisor.start()
        try:
            watched.wait(watched.online(True), 5.0)
            sim.activation_time = 0.03
            before = len(watched.statuses)
            time.sleep(seconds)
            changes = watched.statuses[before:]
            return len(changes), sum(1 for _, online in changes if not online)
        finally:
            watched.supervisor.stop()


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def fmt(seconds: float) -> str:
    return "never" if seconds == NEVER else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dead", type=float, default=5.0, help="seconds the bus stays dead (default 5)")
    parser.add_argument("--trials", type=int, default=5, help="trials per figure (default 5)")
    parser.add_argument("--old", default="14444e6", help="the commit whose drivers are 'before'")
    args = parser.parse_args()
    from hardware.nfc import mfrc522, pn532

    drivers = {"after": (mfrc522, pn532)}
    old_rc, old_pn = old_module(args.old, "hardware/nfc/mfrc522.py", "old_mfrc522"), \
        old_module(args.old, "hardware/nfc/pn532.py", "old_pn532")
    if old_rc is not None and old_pn is not None:
        drivers = {"before": (old_rc, old_pn), **drivers}
    rows: dict[str, dict[str, str]] = {}
    for label, (rc, pn) in drivers.items():
        for stuck in (0x00, 0xFF):
            runs = [mfrc522_dead_bus(rc, stuck, args.dead) for _ in range(args.trials)]
            key = f"MFRC522 bus stuck at {stuck:#04x}"
            rows.setdefault(f"{key}: time to offline (median, worst)", {})[label] = \
                f"{fmt(median(r['offline'] for r in runs))}, {fmt(max(r['offline'] for r in runs))}"
            rows.setdefault(f"{key}: time to online after (median, worst)", {})[label] = \
                f"{fmt(median(r['online'] for r in runs))}, {fmt(max(r['online'] for r in runs))}"
            rows.setdefault(f"{key}: CPU while dead (s per s)", {})[label] = f"{median(r['cpu'] for r in runs):.3f}"
            spi = median(r['spi'] for r in runs)
            rows.setdefault(f"{key}: SPI transfers per s while dead", {})[label] = f"{spi:.0f}"
            rows.setdefault(f"{key}: taps of the resting card (worst)", {})[label] = f"{max(r['taps'] for r in runs)}"
        resets = [mfrc522_reset(rc) for _ in range(args.trials)]
        rows.setdefault("MFRC522 chip reset: new card read after (median, worst)", {})[label] = \
            f"{fmt(median(resets))}, {fmt(max(resets))}"
        changes, offline = pn532_slow(pn, args.dead)
        rows.setdefault(f"PN532 slow no-card answer: status changes / offline in {args.dead:g} s", {})[label] = \
            f"{changes} / {offline}"
    labels = list(drivers)
    width = max(map(len, rows))
    print(f"{'':{width}}  " + "  ".join(f"{label:>18}" for label in labels))
    for name, values in rows.items():
        print(f"{name:{width}}  " + "  ".join(f"{values.get(label, '-'):>18}" for label in labels))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
