"""``companion voice prepare`` (issue 28): render every fixed phrase of every game, in both
languages, into the phrase cache ahead of time (``companion install`` runs it on the Pi)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion.voice.cache import PhraseCache
from companion.voice.catalogue import every_language
from companion.voice.engines import Engine
from companion.voice.pronounce import Pronouncer
from companion.voice.settings import SPEEDS


def prepare(engine: Engine, cache: PhraseCache, pronouncer: Pronouncer | None = None,
            speeds: Iterable[str] = SPEEDS, progress: Callable[[str, int, int], None] | None = None) -> dict[str, int]:
    """Render each fixed phrase missing from ``cache``, for each language and speed
    (``progress(lang, speed, count)`` after each).

    Returns:
        ``{"phrases": every phrase looked at, "rendered": those rendered now}``.
    Raises:
        EngineError: the engine failed (a phrase rendered before it is kept).
    """
    pronouncer = pronouncer or Pronouncer()
    looked = rendered = 0
    for lang, phrases in every_language().items():
        for speed in speeds:
            for phrase in phrases:
                text = pronouncer(phrase, lang)
                looked += 1
                if not cache.has(engine, text, lang, speed):
                    cache.get(engine, text, lang, speed)
                    rendered += 1
            if progress is not None:
                progress(lang, speed, len(phrases))
    return {"phrases": looked, "rendered": rendered}
