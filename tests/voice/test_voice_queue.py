"""Issue 28: what the voice says next. The latest state wins (a prompt not yet started is
dropped), a todo line is never dropped, a refusal interrupts, the queue is bounded."""

from __future__ import annotations

import threading

from companion import script
from companion.client import Client
from companion.voice.outputs import Directory
from companion.voice.queue import SpeechQueue
from companion.voice.utterance import Utterance
from tests.collector import Collector
from tests.daemon_fixture import running_daemon
from tests.voice.table import SCRIPTS, voice_on


def _u(text, kind="prompt", revision=1):
    return Utterance(text, "en", kind, revision)


def test_a_later_state_drops_the_prompt_and_news_not_yet_started_but_keeps_every_todo_line():
    queue = SpeechQueue()
    queue.put([_u("Ada rolled 3.", "news", 1), _u("Place a ghost in room A.", "todo", 1), _u("Ada: move", "prompt", 1)])
    queue.put([_u("Take a ghost off room B.", "todo", 2), _u("Bo: roll", "prompt", 2)])
    assert [(u.kind, u.text) for u in queue.waiting()] == [
        ("todo", "Place a ghost in room A."), ("todo", "Take a ghost off room B."), ("prompt", "Bo: roll")]
    assert queue.dropped == 2


def test_a_refusal_goes_first_and_interrupts_what_is_said():
    queue = SpeechQueue()
    queue.put([_u("Place a ghost in room A.", "todo"), _u("Ada: move")])
    first = queue.take(0)
    assert first.kind == "todo" and not queue.interrupt.is_set()
    queue.put([_u("Not now.", "refusal")])
    assert queue.interrupt.is_set()
    assert queue.waiting()[0].kind == "refusal"
    queue.again(first)  # the speaker puts back the todo line it was cut in
    assert [u.kind for u in queue.waiting()] == ["refusal", "todo", "prompt"]


def test_the_queue_is_bounded_by_dropping_what_may_be_dropped():
    queue = SpeechQueue(limit=4)
    queue.put([_u(f"news {n}", "news", 5) for n in range(6)] + [_u("Lock the green doors.", "todo", 5)])
    waiting = queue.waiting()
    assert len(waiting) == 4 and waiting[-1].kind == "todo"
    assert [u.text for u in waiting[:3]] == ["news 3", "news 4", "news 5"]
    queue.put([_u(f"todo {n}", "todo", 6) for n in range(6)])  # only todo lines: none is dropped
    assert [u.kind for u in queue.waiting()] == ["todo"] * 7


class Gate(Directory):
    """The test sink, held shut while ``shut`` is set (a long phrase being said)."""

    def __init__(self, directory):
        super().__init__(directory)
        self.shut = threading.Event()
        self.waiting = threading.Event()

    def play(self, sound, utterance, stop):
        if self.shut.is_set():
            self.waiting.set()
            while self.shut.is_set() and not stop.wait(0.01):
                pass
        return super().play(sound, utterance, stop)


def test_a_burst_of_ten_states_says_the_last_prompt_and_every_todo_line(tmp_path):
    table = script.load(SCRIPTS / "creepy_cellar" / "basic-won.jsonl")
    gate = Gate(tmp_path / "spoken")
    watcher = Collector()
    with running_daemon(tmp_path) as daemon, Client(daemon.socket_path, on_message=watcher).connect(), \
            voice_on(daemon.socket_path, gate.directory, output=gate) as voice:
        daemon.call(lambda: daemon.start_game(table.header))
        voice.caught_up(daemon)
        already, start = len(voice.spoken()), daemon.call(lambda: daemon.revision)
        gate.shut.set()
        for line in table.lines[:10]:  # ten inputs in one go: ten states within a few ms
            daemon.submit(line.input)
        daemon.drain()
        revision = daemon.call(lambda: daemon.revision)
        assert revision == start + 10
        assert voice.client.wait_revision(revision)
        gate.shut.clear()
        voice.caught_up(daemon)
        said = voice.spoken()[already:]
        last = watcher.wait_for(lambda m: m.get("type") == "state" and m.get("revision") == revision)
    burst = [m for m in watcher.messages if m.get("type") == "state" and m["revision"] > start]
    prompts = [s["text"] for s in said if s["kind"] == "prompt"]
    assert prompts[-1] == last["prompt"]["text"]
    assert len(prompts) <= 2  # the one being said when the burst came, and the last
    todo = [s["text"] for s in said if s["kind"] == "todo"]
    assert todo == [t["text"] for state in burst for t in state["todo"]]
    assert "Ada picks up the treasure in room A." in todo


class Held:
    """An output that holds the first phrase until it is interrupted, and records what was said."""

    def __init__(self):
        self.said: list[tuple[str, bool]] = []
        self.playing = threading.Event()

    def play(self, sound, utterance, stop):
        if not self.said:
            self.playing.set()
            finished = not stop.wait(10)  # a long phrase: cut only by the interrupt
        else:
            finished = True
        self.said.append((utterance.text, finished))
        return finished


def test_a_refusal_cuts_the_phrase_being_said_and_the_todo_line_is_said_again_after_it(tmp_path):
    from companion.voice.cache import PhraseCache
    from companion.voice.engines import Tone
    from companion.voice.speaker import Speaker

    queue, output = SpeechQueue(), Held()
    speaker = Speaker(queue, Tone(), PhraseCache(tmp_path), output).start()
    try:
        queue.put([_u("Place a ghost in room A.", "todo"), _u("Ada: move")])
        assert output.playing.wait(10)
        queue.put([_u("That card is not in this game.", "refusal")])
        assert queue.wait_idle(10)
    finally:
        speaker.stop()
    assert output.said == [("Place a ghost in room A.", False), ("That card is not in this game.", True),
                           ("Place a ghost in room A.", True), ("Ada: move", True)]
