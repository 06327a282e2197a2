"""One thing the voice says: a sentence or a sound cue."""

from __future__ import annotations

from dataclasses import dataclass

#: What an utterance is (``spoken.jsonl``'s ``kind``): the prompt, a todo line (what to do
#: with your hands), news, a refusal, what to put back after an undo, a sound cue, the
#: explanation of the latest news a player asked for (Why?, issue 33 item 2), or the game now
#: on the table when it changed (newcomer20 finding 15: never dropped).
KINDS = ("prompt", "todo", "news", "refusal", "undo", "cue", "why", "game")

#: The sound cues (:mod:`companion.voice.cues`).
CUES = ("read-accepted", "read-refused", "ghost-drawn", "haunting", "win", "loss")


@dataclass(frozen=True)
class Utterance:
    """``text`` in ``lang`` (for a cue: the cue's name), of ``kind`` (one of :data:`KINDS`).

    ``revision``: the state it came from (the queue drops a prompt a later state superseded).
    """

    text: str
    lang: str
    kind: str
    revision: int = 0

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"utterance kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if self.kind == "cue" and self.text not in CUES:
            raise ValueError(f"no sound cue {self.text!r} (cues: {', '.join(CUES)})")

    @property
    def droppable(self) -> bool:
        """A prompt, news line or explanation a later state may supersede; what to do never is dropped."""
        return self.kind in ("prompt", "news", "why")
