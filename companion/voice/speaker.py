"""The speaker (issue 28): takes each utterance from the queue, finds its sound (a cue, or the
phrase from the cache, rendered when missing) at the table's volume, and plays it. Runs on
its own thread; a refusal's interrupt stops the sound being played."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from companion.voice import cues, wav
from companion.voice.cache import PhraseCache
from companion.voice.engines import Engine, EngineError
from companion.voice.outputs import Output
from companion.voice.pronounce import Pronouncer
from companion.voice.queue import SpeechQueue
from companion.voice.settings import DEFAULTS
from companion.voice.utterance import Utterance

log = logging.getLogger(__name__)


class Speaker:
    """Says what the queue holds, one utterance at a time.

    Args:
        queue: what to say.
        engine, cache: the speech engine and the phrase cache.
        output: where the sound goes.
        settings: gives the table's voice settings now (volume, speed).
        pronouncer: the pronunciation tables.
    """

    def __init__(self, queue: SpeechQueue, engine: Engine, cache: PhraseCache, output: Output,
                 settings: Callable[[], dict[str, Any]] = lambda: dict(DEFAULTS),
                 pronouncer: Pronouncer | None = None):
        self.queue, self.engine, self.cache, self.output = queue, engine, cache, output
        self.settings = settings
        self.pronouncer = pronouncer or Pronouncer()
        self._thread: threading.Thread | None = None

    def start(self) -> Speaker:
        self._thread = threading.Thread(target=self.run, name="voice-speaker", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self.queue.close()
        if self._thread is not None:
            self._thread.join(timeout)

    def run(self) -> None:
        """Say utterances until the queue is closed."""
        while True:
            utterance = self.queue.take()
            if utterance is None:
                return
            try:
                self.say(utterance)
            except Exception:  # one bad phrase must not silence the table
                log.exception("could not say %r", utterance.text[:60])
            finally:
                self.queue.done()

    def say(self, utterance: Utterance) -> None:
        settings = self.settings()
        sound = self.sound(utterance, settings.get("speed", "normal"))
        if sound is None:
            return
        volume = settings.get("volume", 100)
        if volume < 100:
            sound = wav.write(wav.scaled(wav.read(sound), volume))
        finished = self.output.play(sound, utterance, self.queue.interrupt)
        if not finished and utterance.kind in ("todo", "undo", "game"):
            self.queue.again(utterance)  # cut by a refusal: what to do is said again after it

    def sound(self, utterance: Utterance, speed: str) -> bytes | None:
        """The utterance's WAV bytes (None when the engine failed: logged)."""
        if utterance.kind == "cue":
            return cues.cue(utterance.text)
        text = self.pronouncer(utterance.text, utterance.lang)
        try:
            return self.cache.get(self.engine, text, utterance.lang, speed)
        except EngineError as exc:
            log.warning("%s", exc)
            return None
