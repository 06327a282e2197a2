"""``companion doctor``'s voice lines (issue 28): the speech engine and the sound output.
The voice is optional: what is missing here is a warning, never a MISSING line."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

from companion.doctor_line import OK, WARN, Line
from companion.voice.config import VoiceConfig
from companion.voice.outputs import choose_player

SPEAKER_HINT = ("plug in a USB speaker, use HDMI audio, or wire an I2S amplifier (MAX98357A: "
                "dtoverlay=max98357a in /boot/firmware/config.txt); docs/pi-setup.md, 'The speaker'")


def check_voice(config: VoiceConfig, probe) -> Iterator:
    """Lines for the speech engine, the Piper models, the player command and the sound cards."""
    if shutil.which("espeak-ng"):
        yield Line(OK, "voice: espeak-ng is installed (English and Italian)")
    else:
        yield Line(WARN, "voice: espeak-ng is not installed: the table is silent", "sudo apt install espeak-ng")
    if config.engine == "piper":
        yield from _piper(config, Line, OK, WARN)
    player = choose_player(config.player, config.device)
    if shutil.which(player[0]):
        yield Line(OK, f"voice: plays through {' '.join(player)}")
    else:
        yield Line(WARN, f"voice: {player[0]} is not installed", "sudo apt install alsa-utils")
    yield from _sound_cards(probe, Line, OK, WARN)


def _piper(config: VoiceConfig, Line, OK, WARN) -> Iterator:
    if not shutil.which("piper"):
        yield Line(WARN, "voice: the config names Piper, but piper is not installed (espeak-ng speaks instead)",
                   "pip install piper-tts in the companion's venv")
    for lang, model in sorted(config.piper_models.items()):
        if Path(model).is_file():
            yield Line(OK, f"voice: Piper model for {lang}: {model}")
        else:
            yield Line(WARN, f"voice: Piper model for {lang} not found: {model}", "download it, or fix voice.piper_"
                       f"{lang}")


def _sound_cards(probe, Line, OK, WARN) -> Iterator:
    """The playback devices (``/dev/snd/pcmC*D*p``) and the cards' names (``/proc/asound/cards``)."""
    snd = probe.path("/dev/snd")
    outputs = sorted(p.name for p in snd.glob("pcmC*D*p")) if snd.is_dir() else []
    if not outputs:
        yield Line(WARN, "voice: no sound output (no /dev/snd/pcmC*D*p)", SPEAKER_HINT)
        return
    try:
        names = [line.split("]:", 1)[1].strip() for line in probe.path("/proc/asound/cards").read_text().splitlines()
                 if "]:" in line]
    except OSError:
        names = []
    yield Line(OK, f"voice: sound output {', '.join(outputs)}" + (f" ({'; '.join(names)})" if names else ""))
