"""Speech engines behind one small interface (issue 28): a text in a language at a speed
becomes the bytes of a WAV file.

* :class:`Espeak`: the ``espeak-ng`` command (Debian package ``espeak-ng``; offline; English
  and Italian voices). The default.
* :class:`Piper`: the ``piper`` command (``piper-tts``) with a voice model file the owner
  downloaded, named in the config per language; it sounds much better. A language without
  a model is spoken by espeak-ng.
* :class:`Tone`: the test engine. No speech: a tone as long as the text would take to say,
  so tests can check each utterance is non-silent and about as long as its text.

Every engine runs its synthesiser in a process of its own (a subprocess per phrase): the
voice client stays small (no model in its memory) and a crashed synthesiser costs one
phrase, never the client.
"""

from __future__ import annotations

import hashlib
import math
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Protocol

from companion.errors import CompanionError
from companion.voice import wav
from companion.voice.names import ENGINES

#: espeak-ng's words per minute for each speed (its own default is 175).
ESPEAK_RATES = {"normal": 165, "slow": 120}

#: Piper's length scale (how much longer than the model's pace) for each speed.
PIPER_SCALES = {"normal": 1.0, "slow": 1.35}

#: espeak-ng voice for each table language.
ESPEAK_VOICES = {"en": "en-gb", "it": "it"}

#: Seconds per character of the test engine's tone (about espeak-ng's pace at 165 words a minute).
TONE_SECONDS_PER_CHAR = 0.07

#: Longest a phrase may take to render, in seconds.
RENDER_TIMEOUT = 30.0


class EngineError(CompanionError, RuntimeError):
    """A speech engine is missing or failed on a phrase (the message names it)."""


class Engine(Protocol):
    """What the voice needs from a speech engine."""

    #: The engine's name (a part of the cache key).
    name: str

    def voice(self, lang: str) -> str:
        """The voice used for ``lang`` (a part of the cache key)."""

    def rate(self, speed: str) -> str:
        """The rate used for ``speed`` (``slow``/``normal``), as text (a part of the cache key)."""

    def render(self, text: str, lang: str, speed: str) -> bytes:
        """``text`` said in ``lang`` at ``speed``: a 16-bit PCM WAV file's bytes.

        Raises:
            EngineError: the synthesiser is missing, failed or took too long.
        """


class Espeak:
    """espeak-ng, one process per phrase (``--stdout``: the WAV comes through a pipe)."""

    name = "espeak-ng"

    def __init__(self, command: str = "espeak-ng"):
        self.command = command

    def voice(self, lang: str) -> str:
        return ESPEAK_VOICES.get(lang, ESPEAK_VOICES["en"])

    def rate(self, speed: str) -> str:
        return str(ESPEAK_RATES.get(speed, ESPEAK_RATES["normal"]))

    def argv(self, lang: str, speed: str) -> list[str]:
        """The command line; the text goes on its standard input (never as an argument)."""
        return [self.command, "-v", self.voice(lang), "-s", self.rate(speed), "--stdout"]

    def render(self, text: str, lang: str, speed: str) -> bytes:
        data = _run(self.argv(lang, speed), one_line(text), self.name)
        return wav.write(wav.read(data))  # espeak's pipe header has no length: write a whole file


class Piper:
    """Piper with the model file named for each language; other languages go to ``fallback``."""

    name = "piper"

    def __init__(self, models: dict[str, str], fallback: Engine | None = None, command: str = "piper"):
        self.models = {lang: str(path) for lang, path in models.items() if path}
        self.fallback = fallback or Espeak()
        self.command = command

    def voice(self, lang: str) -> str:
        model = self.models.get(lang)
        return f"piper:{Path(model).name}" if model else self.fallback.voice(lang)

    def rate(self, speed: str) -> str:
        return str(PIPER_SCALES.get(speed, 1.0))

    def argv(self, lang: str, speed: str, output: str) -> list[str]:
        """The command line writing the WAV to ``output``; the text goes on its standard input."""
        return [self.command, "--model", self.models[lang], "--output_file", output,
                "--length_scale", self.rate(speed)]

    def render(self, text: str, lang: str, speed: str) -> bytes:
        if lang not in self.models:
            return self.fallback.render(text, lang, speed)
        with tempfile.TemporaryDirectory(prefix="companion-piper-") as tmp:
            output = str(Path(tmp) / "phrase.wav")
            _run(self.argv(lang, speed, output), one_line(text), self.name)
            try:
                return wav.write(wav.read(Path(output).read_bytes()))
            except (OSError, ValueError) as exc:
                raise EngineError(f"piper wrote no WAV for {text[:40]!r}: {exc}") from None


class Tone:
    """The test engine: a tone (its pitch from the text) lasting as long as the text would."""

    name = "test"
    sample_rate = 16000

    def voice(self, lang: str) -> str:
        return f"tone-{lang}"

    def rate(self, speed: str) -> str:
        return "1.4" if speed == "slow" else "1.0"

    def render(self, text: str, lang: str, speed: str) -> bytes:
        seconds = max(0.2, len(text) * TONE_SECONDS_PER_CHAR * float(self.rate(speed)))
        period = 20 + int(hashlib.sha256(text.encode()).hexdigest()[:4], 16) % 30  # 320-800 Hz
        cycle = wav.from_samples((9000 * math.sin(2 * math.pi * n / period) for n in range(period)),
                                 self.sample_rate).frames
        frames = cycle * (int(seconds * self.sample_rate) // period)
        return wav.write(wav.Sound(frames, self.sample_rate))



def make_engine(name: str, piper_models: dict[str, str] | None = None) -> Engine:
    """The engine called ``name`` (:data:`ENGINES`); ``piper`` needs at least one model.

    Raises:
        EngineError: an unknown name, or piper without a model.
    """
    if name == "test":
        return Tone()
    if name == "piper":
        if not any((piper_models or {}).values()):
            raise EngineError("the piper engine needs a voice model file: voice.piper_en or voice.piper_it")
        return Piper(piper_models or {})
    if name == "espeak-ng":
        return Espeak()
    raise EngineError(f"no speech engine {name!r} (engines: {', '.join(ENGINES)})")


def one_line(text: str) -> str:
    """The phrase on one line (a newline would end it early)."""
    return " ".join(str(text).split())


def _run(argv: list[str], text: str, name: str) -> bytes:
    if shutil.which(argv[0]) is None:
        raise EngineError(f"{argv[0]} is not installed (the {name} speech engine)")
    try:
        done = subprocess.run(argv, input=text.encode("utf-8"), capture_output=True, timeout=RENDER_TIMEOUT,
                              check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise EngineError(f"{name} failed on {text[:40]!r}: {exc}") from None
    if done.returncode != 0:
        detail = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise EngineError(f"{name} failed on {text[:40]!r}: {detail[-1] if detail else f'exit {done.returncode}'}")
    return done.stdout
