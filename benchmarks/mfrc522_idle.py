"""MFRC522 figures on the simulated chip (issue 3): idle cost and detection latency.

Run: ``.venv/bin/python benchmarks/mfrc522_idle.py [idle_seconds] [trials]`` (defaults 10 s
and 30 trials; about 40 s in all). Prints a table. Measurements, never assertions.

* Idle: process CPU seconds and SPI transfers while nothing is on the reader, for
  ``MFRC522Reader`` + ``ReaderRunner`` (interval 0.1 s) versus the ``mfrc522`` package's
  ``SimpleMFRC522().read()`` loop, on the same simulated chip. The simulator answers an SPI
  transfer in microseconds; on a Pi each transfer is a syscall of some tens of microseconds,
  so the SPI-transfer rate is the figure that carries over to hardware.
* Latency: a card is placed at a random moment while the runner idles; time from placing it
  to the ``TagPresented`` callback, p50 / p99 (bounded by the poll interval plus one poll).
"""

from __future__ import annotations

import random
import statistics
import sys
import threading
import time

from hardware.nfc.base import TagPresented
from hardware.nfc.mfrc522 import MFRC522Reader
from hardware.nfc.runner import ReaderRunner
from hardware.testing.fake_spidev import installed
from hardware.testing.mfrc522_chip import SimCard, SimChip

UID = bytes.fromhex("04112233445566")


def idle_driver(seconds: float) -> tuple[float, int, int]:
    """(CPU s, SPI transfers, polls) of the driver + runner idling ``seconds``."""
    chip = SimChip()
    with installed(chip), MFRC522Reader("table") as reader:
        runner = ReaderRunner(reader, lambda event: None, interval=0.1)
        spi0, cpu0 = chip.spi_transfers, time.process_time()
        runner.start()
        time.sleep(seconds)
        runner.stop()
        return time.process_time() - cpu0, chip.spi_transfers - spi0, chip.picc_commands["WUPA"]


def idle_library(seconds: float) -> tuple[float, int, int]:
    """(CPU s, SPI transfers, REQAs) of ``SimpleMFRC522().read()`` waiting ``seconds``."""
    chip = SimChip()
    with installed(chip):
        from mfrc522 import SimpleMFRC522
        simple = SimpleMFRC522()
        spi0, cpu0 = chip.spi_transfers, time.process_time()
        thread = threading.Thread(target=simple.read, daemon=True)
        thread.start()
        time.sleep(seconds)
        cpu, spi, reqa = time.process_time() - cpu0, chip.spi_transfers - spi0, chip.picc_commands["REQA"]
        chip.present(SimCard.classic1k(bytes.fromhex("DEADBEEF")))  # lets read() return
        thread.join(5)
        return cpu, spi, reqa


def latency(trials: int) -> list[float]:
    """Seconds from placing a card to TagPresented, one value per trial."""
    chip = SimChip()
    seen = threading.Event()
    placed_at = [0.0]
    values: list[float] = []

    def on_event(event):
        if isinstance(event, TagPresented):
            values.append(time.monotonic() - placed_at[0])
            seen.set()

    with installed(chip), MFRC522Reader("table") as reader:
        runner = ReaderRunner(reader, on_event, interval=0.1, removal_delay=0.3)
        runner.start()
        rng = random.Random(3)
        for _ in range(trials):
            time.sleep(rng.uniform(0.05, 0.25))
            seen.clear()
            placed_at[0] = time.monotonic()
            chip.present(SimCard.ntag215(UID))
            seen.wait(2)
            chip.remove()
            time.sleep(0.45)  # past the removal delay
        runner.stop()
    return values


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    d_cpu, d_spi, d_polls = idle_driver(seconds)
    l_cpu, l_spi, l_polls = idle_library(seconds)
    lat = sorted(latency(trials))
    p99 = lat[min(len(lat) - 1, round(0.99 * (len(lat) - 1)))]
    print(f"MFRC522 on the simulated chip, {seconds:.0f} s idle, no card")
    print(f"{'':34} {'CPU s':>8} {'CPU %':>7} {'SPI xfers':>10} {'xfers/s':>9} {'polls':>8}")
    print(f"{'MFRC522Reader + ReaderRunner':34} {d_cpu:8.3f} {100 * d_cpu / seconds:6.1f}% "
          f"{d_spi:10d} {d_spi / seconds:9.0f} {d_polls:8d}")
    print(f"{'SimpleMFRC522().read() loop':34} {l_cpu:8.3f} {100 * l_cpu / seconds:6.1f}% "
          f"{l_spi:10d} {l_spi / seconds:9.0f} {l_polls:8d}")
    print(f"{'ratio library / driver':34} {l_cpu / d_cpu:8.0f}x {'':7} {l_spi / d_spi:10.0f}x")
    print()
    print(f"detection latency, card placed mid-run ({len(lat)}/{trials} trials, interval 0.1 s)")
    print(f"  p50 {1000 * statistics.median(lat):7.1f} ms   p99 {1000 * p99:7.1f} ms   "
          f"max {1000 * lat[-1]:7.1f} ms")


if __name__ == "__main__":
    main()
