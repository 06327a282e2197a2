"""The sound cues (issue 28): a read accepted, a read refused, a ghost drawn, a haunting, a
win, a loss. Each is at most 300 ms, synthesised here from sine notes with a short attack
and release (no recorded sample, nothing downloaded), so this code is their source: they
are the project's own work, dedicated to the public domain (CC0 1.0) as well as under the
project's licence. ``companion voice cues DIR`` writes them out as WAV files.
"""

from __future__ import annotations

import math
from functools import cache

from companion.voice import wav

RATE = 22050

#: Longest cue, in seconds.
LONGEST = 0.3

#: Each cue as notes: (frequency in Hz, or two for a chord; seconds).
NOTES: dict[str, tuple[tuple[tuple[float, ...], float], ...]] = {
    "read-accepted": (((880.0,), 0.06), ((1320.0,), 0.08)),          # a bright rising pair
    "read-refused": (((311.0,), 0.11), ((220.0,), 0.16)),            # a low falling pair
    "ghost-drawn": (((587.0, 622.0), 0.13), ((466.0, 494.0), 0.15)),  # a wavering ghostly fall
    "haunting": (((185.0, 262.0, 370.0), 0.29),),                     # a dark tritone chord
    "win": (((523.0,), 0.07), ((659.0,), 0.07), ((784.0,), 0.07), ((1047.0,), 0.08)),  # C E G C up
    "loss": (((392.0,), 0.09), ((311.0,), 0.09), ((262.0,), 0.11)),   # G E-flat C down
}


@cache
def cue(name: str) -> bytes:
    """The cue ``name`` as WAV bytes (mono, 22050 Hz, 16-bit).

    Raises:
        KeyError: no such cue.
    """
    samples: list[float] = []
    for frequencies, seconds in NOTES[name]:
        samples += _note(frequencies, seconds)
    return wav.write(wav.from_samples(samples, RATE))


def _note(frequencies: tuple[float, ...], seconds: float) -> list[float]:
    count = int(seconds * RATE)
    attack, release = int(0.005 * RATE), int(0.03 * RATE)
    amplitude = 12000 / len(frequencies)
    out = []
    for n in range(count):
        envelope = min(1.0, n / attack, (count - n) / release)
        out.append(amplitude * envelope * sum(math.sin(2 * math.pi * f * n / RATE) for f in frequencies))
    return out
