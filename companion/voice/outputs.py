"""Where the voice's sound goes (issue 28): a player command, or files (the test sink).

:class:`PlayerCommand` pipes each WAV into a short-lived player process: ``pw-play``
(PipeWire, Raspberry Pi OS desktop), ``paplay`` (PulseAudio) or ``aplay`` (ALSA: Raspberry
Pi OS Lite, and every desktop through its ALSA plugin). Killing the process stops a phrase
at once (a refusal interrupts); a sound device that is busy or missing costs one phrase,
logged, never the client. Why this rather than a Python audio library: docs/voice.md.

:class:`Directory` (``companion voice --to DIR``) writes each utterance as a numbered WAV
file and a line of ``DIR/spoken.jsonl``: ``{"text", "lang", "kind", "file"}``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Protocol

from companion.voice import wav
from companion.voice.names import PLAYERS
from companion.voice.utterance import Utterance

log = logging.getLogger(__name__)



class Output(Protocol):
    #: Why the last sound was not heard (its player failed), None when it was.
    problem: str | None

    def play(self, sound: bytes, utterance: Utterance, stop: threading.Event) -> bool:
        """Say ``sound`` (a WAV file's bytes); returns False if ``stop`` cut it short."""


def choose_player(name: str = "auto", device: str | None = None) -> list[str]:
    """The player command line: ``name`` (``aplay``, ``pw-play``, ``paplay``), or for ``auto``
    PipeWire's when its socket is there, else PulseAudio's when its socket is, else ``aplay``.
    ``device``: an ALSA device for ``aplay`` (``plughw:1,0``: a USB speaker)."""
    if name == "auto":
        name = _running_sound_server() or "aplay"
    argv = list(PLAYERS[name])
    if device and name == "aplay":
        argv[1:1] = ["-D", device]
    return argv


def _running_sound_server() -> str | None:
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if not runtime:
        return None
    if (Path(runtime) / "pipewire-0").exists() and shutil.which("pw-play"):
        return "pw-play"
    if (Path(runtime) / "pulse" / "native").exists() and shutil.which("paplay"):
        return "paplay"
    return None


class PlayerCommand:
    """Plays each sound through a new player process (:func:`choose_player`).

    Attributes:
        started: ``time.monotonic()`` when the last sound's first bytes went to the player.
    """

    def __init__(self, argv: list[str]):
        self.argv = argv
        self.started = 0.0
        self.problem: str | None = None  # the last sound failed: said once, not for every phrase

    def play(self, sound: bytes, utterance: Utterance, stop: threading.Event) -> bool:
        try:
            process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE)
        except OSError as exc:
            self._failed(f"cannot start {self.argv[0]}: {exc}")
            return True
        feeder = threading.Thread(target=self._feed, args=(process, sound), name="voice-feed", daemon=True)
        feeder.start()
        while process.poll() is None:
            if stop.wait(0.02):
                process.kill()
                process.wait()
                return False
        if process.returncode != 0:
            detail = process.stderr.read().decode("utf-8", "replace").strip() if process.stderr else ""
            last = detail.splitlines()[-1][-200:] if detail else "no message"  # the player's own conclusion
            self._failed(f"{self.argv[0]} failed (exit {process.returncode}): {last}")
        elif self.problem is not None:
            self.problem = None
            log.info("%s plays again", self.argv[0])
        return True

    def _failed(self, why: str) -> None:
        if self.problem is None:
            log.warning("%s; the voice goes on trying with each phrase", why)
        self.problem = why

    def _feed(self, process: subprocess.Popen, sound: bytes) -> None:
        self.started = time.monotonic()
        try:
            process.stdin.write(sound)
            process.stdin.close()
        except (OSError, ValueError):  # the player was stopped (or died) mid-sound
            pass


class Directory:
    """The test sink: numbered WAV files and ``spoken.jsonl`` in ``directory``.

    ``pace``: seconds of waiting per second of sound (0: none, the default; 1: as long as
    the sound would play, so later states can supersede what waits).
    """

    def __init__(self, directory: Path, pace: float = 0.0):
        self.directory = Path(directory)
        _check_log(self.directory / "spoken.jsonl")
        self.directory.mkdir(parents=True, exist_ok=True)
        self.pace = pace
        self.count = _last_number(self.directory)  # a restarted voice goes on numbering
        self.started = 0.0
        self.problem: str | None = None  # a file is always written

    def play(self, sound: bytes, utterance: Utterance, stop: threading.Event) -> bool:
        self.started = time.monotonic()
        name = self._write(sound, utterance.kind)
        line = {"text": utterance.text, "lang": utterance.lang, "kind": utterance.kind, "file": name}
        with (self.directory / "spoken.jsonl").open("a", encoding="utf-8") as out:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
        if self.pace > 0:
            return not stop.wait(wav.read(sound).seconds * self.pace)
        return True

    def _write(self, sound: bytes, kind: str) -> str:
        """Write ``sound`` as the next numbered file, never over one already there (another
        voice writing to the same folder meanwhile: the number after it); its name."""
        while True:
            self.count += 1
            name = f"{self.count:05d}-{kind}.wav"
            try:
                with open(self.directory / name, "xb") as out:
                    out.write(sound)
                return name
            except FileExistsError:
                continue


#: A file the voice numbers: ``00012-prompt.wav``.
_NUMBERED = re.compile(r"(\d{5,})-.*\.wav")


def _last_number(directory: Path) -> int:
    """The highest number of a numbered file in ``directory`` (0: none). Counting the WAV files
    instead (as before) wrote over the last ones when a file had been removed from the middle."""
    return max((int(match[1]) for path in directory.iterdir() if (match := _NUMBERED.fullmatch(path.name))),
               default=0)


def _check_log(log_path: Path) -> None:
    """Refuse a ``spoken.jsonl`` that is not a regular file (a link: the lines would go into
    whatever it points at; a directory).

    Raises:
        PathRefused: naming it; nothing was written.
    """
    from companion.paths import PathRefused, describe

    kind = describe(log_path)
    if kind not in ("nothing", "a regular file"):
        raise PathRefused(f"voice --to {log_path.parent}: {log_path} is {kind}, not the voice's own log of what it "
                          f"said: nothing was written (give an empty or new folder)")
