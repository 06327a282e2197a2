"""A scripted game through the real daemon with the real voice client beside it, writing to
a directory (``companion voice --to DIR``): the voice's parts run in this process on their own
threads, as they do in their own process (tests/voice/test_voice_command.py runs that)."""

from __future__ import annotations

import json
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from companion import script
from companion.client import Client
from companion.voice.cache import PhraseCache
from companion.voice.client import VoiceClient
from companion.voice.engines import Engine, Tone
from companion.voice.outputs import Directory
from companion.voice.pronounce import Pronouncer
from companion.voice.queue import SpeechQueue
from companion.voice.speaker import Speaker
from tests.collector import Collector
from tests.daemon_fixture import running_daemon

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


@dataclass
class Voice:
    """A voice client, its queue and speaker, writing into ``directory``."""

    client: VoiceClient
    queue: SpeechQueue
    speaker: Speaker
    directory: Path
    thread: threading.Thread

    def spoken(self) -> list[dict]:
        path = self.directory / "spoken.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]

    def caught_up(self, daemon, timeout: float = 20.0) -> None:
        """Wait until the voice heard the daemon's latest state and said everything it queued."""
        revision = daemon.call(lambda: daemon.revision)
        assert self.client.wait_revision(revision, timeout), f"the voice never heard revision {revision}"
        assert self.queue.wait_idle(timeout), f"the voice is still speaking: {self.queue.waiting()[:3]}"

    def stop(self) -> None:
        self.client.stop()
        self.thread.join(10)
        self.speaker.stop()


@contextmanager
def voice_on(socket_path: Path, directory: Path, engine: Engine | None = None, cache_dir: Path | None = None,
             pace: float = 0.0, output=None):
    """A running voice following the daemon at ``socket_path``; stopped at the end."""
    queue = SpeechQueue()
    client = VoiceClient(socket_path, queue)
    cache = PhraseCache(cache_dir or directory.parent / "cache")
    speaker = Speaker(queue, engine or Tone(), cache, output or Directory(directory, pace), client.settings,
                      Pronouncer()).start()
    thread = threading.Thread(target=client.run, name="test-voice", daemon=True)
    thread.start()
    voice = Voice(client, queue, speaker, directory, thread)
    try:
        yield voice
    finally:
        voice.stop()


@dataclass
class Played:
    """What a scripted game gave: every state the table's screens got, and what the voice said."""

    states: list[dict] = field(default_factory=list)
    spoken: list[dict] = field(default_factory=list)
    messages: list[dict] = field(default_factory=list)
    live: list[tuple[str, str]] = field(default_factory=list)  # phrases rendered because not in the cache
    hits: int = 0


def play(tmp_path: Path, path: Path, lang: str, lines: int | None = None, engine: Engine | None = None,
         cache_dir: Path | None = None) -> Played:
    """Play the first ``lines`` inputs of the table script ``path`` in ``lang`` with the voice
    on; the voice says everything of each input before the next one comes."""
    table = script.load(path)
    watcher = Collector()
    with running_daemon(tmp_path, language=lang) as daemon, \
            Client(daemon.socket_path, on_message=watcher).connect(), \
            voice_on(daemon.socket_path, tmp_path / "spoken", engine, cache_dir) as voice:
        voice.caught_up(daemon)
        daemon.call(lambda: daemon.start_game(table.header))
        voice.caught_up(daemon)
        for line in table.lines[:lines]:
            daemon.submit(line.input)
            daemon.drain()
            voice.caught_up(daemon)
        daemon.call(lambda: None)
        watcher.wait_for(lambda m: m.get("type") == "state" and m.get("revision") == daemon.revision)
        cache = voice.speaker.cache
        return Played([m for m in watcher.messages if m.get("type") == "state"], voice.spoken(), watcher.messages,
                      list(cache.live), cache.hits)


def said_for(states: list[dict]) -> list[tuple[str, str]]:
    """What a voice that says everything must say of ``states`` (the first is the one it
    found on connecting), in order: each input's todo lines (after an undo, its news and
    what to put back, as ``undo``), then the prompt when it changed."""
    said, before = [], None
    for state in states:
        if before is None or state["revision"] != before["revision"]:
            todo = [t["text"] for t in state["todo"]]
            if state["undone"]:  # and what it says
                said += [("undo", line) for line in state["news"] if line not in todo]
                said += [("undo", text) for text in todo]
            else:
                said += [("todo", text) for text in todo]
        if before is None or state["prompt"]["text"] != before["prompt"]["text"]:
            said.append(("prompt", state["prompt"]["text"]))
        before = state
    return said
