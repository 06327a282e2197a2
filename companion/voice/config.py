"""The ``[voice]`` section of the config (issue 28). Every key is optional.

```toml
[voice]
engine = "espeak-ng"            # or "piper" (with a model below), or "test" (a tone, no speech)
piper_en = "/home/pi/voices/en_GB-alba-medium.onnx"   # a Piper voice model file you downloaded
piper_it = "/home/pi/voices/it_IT-paola-medium.onnx"  # (a language without one uses espeak-ng)
player = "auto"                 # or "aplay", "pw-play", "paplay"
device = "plughw:1,0"           # an ALSA device for aplay (default: the system's default)
cache = "/var/cache/haunt-companion-voice"  # default: the user cache dir

[voice.pronounce.en]            # how names are said, per language
"Siobhan" = "Shivawn"
```

The table's own choices (on/off, volume, speed, what to say) are made on the Settings
screen and kept by the daemon (:mod:`companion.voice.settings`), not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.voice.names import ENGINES, PLAYERS

KEYS = ("engine", "piper_en", "piper_it", "player", "device", "cache", "pronounce")
LANGUAGES = ("en", "it")


class VoiceConfigError(CompanionError, ValueError):
    """A bad ``[voice]`` key (the message names it)."""


@dataclass(frozen=True)
class VoiceConfig:
    """How the voice speaks on this machine.

    Attributes:
        engine: ``espeak-ng`` (default), ``piper`` or ``test``.
        piper_models: language -> Piper voice model file (``piper_en``, ``piper_it``).
        player: ``auto`` or one of :data:`companion.voice.names.PLAYERS`.
        device: ALSA device for ``aplay``, or None for the default.
        cache: the phrase cache directory, or None for the user cache dir.
        pronounce: language -> {as written: as said}, added to the built-in tables.
    """

    engine: str = "espeak-ng"
    piper_models: dict[str, str] = field(default_factory=dict)
    player: str = "auto"
    device: str | None = None
    cache: Path | None = None
    pronounce: dict[str, dict[str, str]] = field(default_factory=dict)


def parse_voice(table: Any) -> VoiceConfig:
    """The ``[voice]`` table (``{}`` when absent).

    Raises:
        VoiceConfigError: not a table, an unknown key or a bad value (named ``voice.KEY``).
    """
    if not isinstance(table, dict):
        raise VoiceConfigError("voice: must be a table ([voice])")
    unknown = [k for k in table if k not in KEYS]
    if unknown:
        raise VoiceConfigError(f"unknown key voice.{unknown[0]} (allowed: {', '.join(KEYS)})")
    engine = _text(table, "engine", "espeak-ng")
    if engine not in ENGINES:
        raise VoiceConfigError(f"voice.engine: one of {', '.join(ENGINES)}, not {engine!r}")
    player = _text(table, "player", "auto")
    if player != "auto" and player not in PLAYERS:
        raise VoiceConfigError(f"voice.player: auto or one of {', '.join(PLAYERS)}, not {player!r}")
    models = {lang: _text(table, f"piper_{lang}", "") for lang in LANGUAGES}
    if engine == "piper" and not any(models.values()):
        raise VoiceConfigError("voice.engine: piper needs a voice model file (voice.piper_en or voice.piper_it)")
    cache = _text(table, "cache", "")
    return VoiceConfig(engine=engine, piper_models={k: v for k, v in models.items() if v}, player=player,
                       device=_text(table, "device", "") or None, cache=Path(cache) if cache else None,
                       pronounce=_pronounce(table.get("pronounce", {})))


def _text(table: dict[str, Any], key: str, default: str) -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise VoiceConfigError(f"voice.{key}: must be text (in quotes), not {value!r}")
    return value


def _pronounce(table: Any) -> dict[str, dict[str, str]]:
    if not isinstance(table, dict) or any(lang not in LANGUAGES for lang in table):
        raise VoiceConfigError("voice.pronounce: tables named en and it ([voice.pronounce.en])")
    out = {}
    for lang, words in table.items():
        if not isinstance(words, dict) or not all(isinstance(v, str) and v for v in words.values()):
            raise VoiceConfigError(f"voice.pronounce.{lang}: each entry is \"as written\" = \"as said\" (text)")
        out[lang] = dict(words)
    return out
