"""Phrases rendered once and kept on disk (issue 28), keyed by engine, voice, rate and text.

Where: the config's ``voice.cache``, else platformdirs' user cache dir
(``~/.cache/haunt-companion/voice``; the service's is ``/var/cache/haunt-companion-voice``).
Each phrase is one WAV file named by the SHA-256 of its key, written whole and then renamed,
so a power cut never leaves half a phrase in the cache.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from pathlib import Path

from companion.voice.engines import Engine

log = logging.getLogger(__name__)

APP = "haunt-companion"


def default_cache_dir() -> Path:
    """platformdirs' user cache directory for the voice."""
    from platformdirs import user_cache_path

    return user_cache_path(APP) / "voice"


class PhraseCache:
    """WAV files on disk, one per (engine, voice, rate, text).

    Attributes:
        hits, misses: phrases found and rendered since it was made.
        live: the (text, language) of each phrase rendered because it was missing.
    """

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.hits = self.misses = 0
        self.live: list[tuple[str, str]] = []

    def path(self, engine: Engine, text: str, lang: str, speed: str) -> Path:
        key = "\x1f".join((engine.name, engine.voice(lang), engine.rate(speed), text))
        digest = hashlib.sha256(key.encode("utf-8")).hexdigest()
        return self.directory / digest[:2] / f"{digest}.wav"

    def get(self, engine: Engine, text: str, lang: str, speed: str) -> bytes:
        """The phrase's WAV, from disk or rendered now (then kept; a cache that cannot be
        written is logged once per phrase, and the phrase is still said).

        Raises:
            EngineError: it had to be rendered and the engine failed.
        """
        path = self.path(engine, text, lang, speed)
        try:
            data = path.read_bytes()
            self.hits += 1
            return data
        except OSError:
            pass
        data = engine.render(text, lang, speed)
        self.misses += 1
        self.live.append((text, lang))
        self._keep(path, data)
        return data

    def has(self, engine: Engine, text: str, lang: str, speed: str) -> bool:
        return self.path(engine, text, lang, speed).is_file()

    def _keep(self, path: Path, data: bytes) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".part")
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except OSError as exc:
            log.warning("the voice cache %s cannot be written (%s): the phrase is said, not kept", self.directory, exc)
