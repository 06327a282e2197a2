"""WAV bytes: read, write, measure and scale (16-bit PCM, the format espeak-ng, Piper and the
cues all give), with the standard library's :mod:`wave` only."""

from __future__ import annotations

import array
import io
import math
import sys
import wave
from dataclasses import dataclass


@dataclass(frozen=True)
class Sound:
    """Mono or stereo 16-bit PCM: ``frames`` (raw little-endian samples) at ``rate`` Hz."""

    frames: bytes
    rate: int
    channels: int = 1

    @property
    def seconds(self) -> float:
        return len(self.frames) / (2 * self.channels * self.rate) if self.rate else 0.0


def read(data: bytes) -> Sound:
    """A WAV file's bytes as a :class:`Sound`.

    Raises:
        ValueError: not a 16-bit PCM WAV file (``wave.Error`` is turned into it).
    """
    try:
        with wave.open(io.BytesIO(data), "rb") as wav:
            if wav.getsampwidth() != 2:
                raise ValueError(f"a WAV of {8 * wav.getsampwidth()}-bit samples, not 16-bit")
            return Sound(wav.readframes(wav.getnframes()), wav.getframerate(), wav.getnchannels())
    except (wave.Error, EOFError) as exc:
        raise ValueError(f"not a WAV file: {exc}") from None


def write(sound: Sound) -> bytes:
    """``sound`` as the bytes of a WAV file."""
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(sound.channels)
        wav.setsampwidth(2)
        wav.setframerate(sound.rate)
        wav.writeframes(sound.frames)
    return out.getvalue()


def samples(sound: Sound) -> array.array:
    """The samples as signed integers (-32768..32767)."""
    values = array.array("h", sound.frames)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def from_samples(values, rate: int, channels: int = 1) -> Sound:
    """A :class:`Sound` from signed integer samples (clipped to 16 bits)."""
    clipped = array.array("h", (max(-32768, min(32767, int(v))) for v in values))
    if sys.byteorder == "big":
        clipped.byteswap()
    return Sound(clipped.tobytes(), rate, channels)


def rms(sound: Sound) -> float:
    """Root mean square amplitude, 0..1 of full scale (0 for silence)."""
    values = samples(sound)
    if not values:
        return 0.0
    return math.sqrt(sum(v * v for v in values) / len(values)) / 32768


def scaled(sound: Sound, volume: int) -> Sound:
    """``sound`` at ``volume`` percent (0..100; 100 leaves it as it is)."""
    if volume >= 100:
        return sound
    factor = max(0, volume) / 100  # at most 1: no sample can overflow
    values = array.array("h", [int(v * factor) for v in samples(sound)])
    if sys.byteorder == "big":
        values.byteswap()
    return Sound(values.tobytes(), sound.rate, sound.channels)
