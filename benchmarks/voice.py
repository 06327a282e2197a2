"""Voice figures (issue 28), measured side by side in one run:

* state message -> first audio sample, with a warm cache: p50 and p99 (goal p99 <= 150 ms).
  A table script's inputs go one at a time to the real daemon (in this process, on its own
  thread) with the voice client beside it (its socket reader, queue and speaker threads, as
  in ``companion voice``); the clock starts just before the input is submitted (so the
  daemon's own work and its fsync are inside the figure) and stops when the first byte of
  the sound of that input's first utterance is written into the player process (a new
  ``aplay``-like process per sound: ``cat > /dev/null``, since CI has no sound card). The
  script is played once before to warm the cache.
* rendering a new phrase with espeak-ng through the voice (subprocess, WAV parsed and kept
  in the cache) against the bare ``espeak-ng --stdout`` command on the same phrase
  (goal: at most 1.5x).
* the voice client's idle CPU and RSS: ``companion voice`` in a child process following a
  daemon with a game on, nothing happening (goal: CPU about 0, RSS <= 40 MiB).

    .venv/bin/python -m benchmarks.voice [--inputs 120] [--phrases 40] [--idle 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.procstat import cpu_seconds
from companion import script
from companion.voice.cache import PhraseCache
from companion.voice.engines import Espeak
from companion.voice.outputs import PlayerCommand
from tests.daemon_fixture import running_daemon
from tests.voice.table import SCRIPTS, voice_on

SCRIPT = SCRIPTS / "creepy_cellar" / "nightmare-won.jsonl"


class TimedPlayer(PlayerCommand):
    """A player process per sound; notes when each revision's first sound starts flowing into it."""

    def __init__(self):
        super().__init__(["sh", "-c", "cat > /dev/null"])
        self.first: dict[int, float] = {}
        self._revision = 0

    def play(self, sound, utterance, stop):
        self._revision = utterance.revision
        return super().play(sound, utterance, stop)

    def _feed(self, process, sound):
        self.first.setdefault(self._revision, time.monotonic())
        super()._feed(process, sound)


def first_sample(tmp: Path, inputs: int) -> list[float]:
    """Milliseconds from an input to its first sound, warm cache, one per input that said something."""
    table = script.load(SCRIPT)
    cache = tmp / "cache"
    for rounds in ("warm", "measure"):
        player = TimedPlayer()
        started: dict[int, float] = {}
        run = tmp / rounds
        run.mkdir()
        with running_daemon(run, language="en") as daemon, \
                voice_on(daemon.socket_path, run / "spoken", Espeak(), cache, output=player) as voice:
            daemon.call(lambda: daemon.start_game(table.header))
            voice.caught_up(daemon)
            for line in table.lines[:inputs]:
                revision = daemon.call(lambda: daemon.revision) + 1
                started[revision] = time.monotonic()
                daemon.submit(line.input)
                daemon.drain()
                voice.caught_up(daemon)
            misses = voice.speaker.cache.misses
    assert misses == 0, f"{misses} phrases were not in the warm cache"
    return [1000 * (player.first[r] - t) for r, t in started.items() if r in player.first]


def render_ratio(tmp: Path, phrases: int) -> tuple[float, float]:
    """Median milliseconds to render a new phrase through the voice, and with the bare command."""
    engine, cache = Espeak(), PhraseCache(tmp / "render-cache")
    ours, bare = [], []
    for n in range(phrases):
        text = f"Ada: place ghost number {n} in room H, then end your turn."
        t = time.perf_counter()
        cache.get(engine, text, "en", "normal")
        ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        subprocess.run(["espeak-ng", "-v", "en-gb", "-s", "165", "--stdout", text.replace("Ada", "Bo")],
                       stdout=subprocess.DEVNULL, check=True)
        bare.append(time.perf_counter() - t)
    return 1000 * statistics.median(ours), 1000 * statistics.median(bare)


def idle(tmp: Path, seconds: float) -> tuple[float, float]:
    """The voice process's CPU (percent of one core) and RSS (MiB) while the table is idle."""
    table = script.load(SCRIPT)
    (tmp / "idle").mkdir()
    with running_daemon(tmp / "idle") as daemon:
        daemon.call(lambda: daemon.start_game(table.header))
        voice = subprocess.Popen([sys.executable, "-m", "companion", "voice", "--socket", str(daemon.socket_path),
                                  "--to", str(tmp / "idle-spoken"), "--cache", str(tmp / "idle-cache")],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while not (tmp / "idle-spoken" / "spoken.jsonl").exists():
                time.sleep(0.1)
            time.sleep(2)  # it has said the set-up checklist and the prompt
            before = cpu_seconds(voice.pid)
            time.sleep(seconds)
            cpu = 100 * (cpu_seconds(voice.pid) - before) / seconds
            rss = _rss_mib(voice.pid)
        finally:
            voice.terminate()
            voice.wait(10)
    return cpu, rss


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=120)
    parser.add_argument("--phrases", type=int, default=40)
    parser.add_argument("--idle", type=float, default=10.0)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory(prefix="voice-bench-") as tmp:
        latencies = first_sample(Path(tmp), args.inputs)
        print(f"state -> first audio sample, warm cache ({len(latencies)} inputs): "
              f"p50 {_percentile(latencies, 0.5):.1f} ms, p99 {_percentile(latencies, 0.99):.1f} ms, "
              f"max {max(latencies):.1f} ms (goal p99 <= 150 ms)")
        ours, bare = render_ratio(Path(tmp), args.phrases)
        print(f"a new phrase with espeak-ng: {ours:.1f} ms through the voice, {bare:.1f} ms the bare command "
              f"({ours / bare:.2f}x; goal <= 1.5x)")
        cpu, rss = idle(Path(tmp), args.idle)
        print(f"voice client idle: CPU {cpu:.2f} % of a core over {args.idle:g} s, RSS {rss:.1f} MiB "
              f"(goal about 0 %, <= 40 MiB)")


if __name__ == "__main__":
    threading.excepthook = lambda hook: print(f"thread {hook.thread.name} failed: {hook.exc_value}")
    main()
