"""What the voice says next (issue 28), with the table's rules:

* the latest state wins: a prompt or news line not yet started is dropped when a later
  state arrives, and so is a stale sound cue;
* a todo line (and what to put back after an undo) is never dropped;
* a refusal interrupts the phrase being said and goes first (an interrupted todo line is
  said again after it);
* the queue is bounded (:data:`LIMIT`): past it, the oldest droppable utterance goes.

Thread-safe: the socket's thread puts, the speaker's thread takes.
"""

from __future__ import annotations

import threading
from collections import deque

from companion.voice.utterance import Utterance

#: Most utterances waiting; past it the oldest prompt, news or cue is dropped.
LIMIT = 64


class SpeechQueue:
    """The utterances waiting to be said, and the interrupt for the one being said.

    Attributes:
        interrupt: set when a refusal arrives; the speaker stops the phrase it plays.
        dropped: how many utterances were dropped (superseded or over the limit).
    """

    def __init__(self, limit: int = LIMIT):
        self.limit = limit
        self.interrupt = threading.Event()
        self.dropped = 0
        self._items: deque[Utterance] = deque()
        self._cond = threading.Condition()
        self._closed = False
        self._busy = False

    def put(self, said: list[Utterance]) -> None:
        """Queue ``said`` (one message's utterances, in order)."""
        if not said:
            return
        with self._cond:
            self._supersede(max(u.revision for u in said))
            if any(u.kind == "prompt" for u in said):  # the latest prompt wins, whatever its state
                self._drop(lambda u: u.kind == "prompt")
            refusals = [u for u in said if _refusal(u)]
            if refusals:
                self._items.extendleft(reversed(refusals))
                if self._busy:
                    self.interrupt.set()
            self._items.extend(u for u in said if u not in refusals)
            self._bound()
            self._cond.notify_all()

    def again(self, utterance: Utterance) -> None:
        """Put back an interrupted todo line, right after the refusal that cut it."""
        with self._cond:
            position = sum(1 for u in self._items if _refusal(u))
            self._items.insert(position, utterance)
            self._cond.notify_all()

    def take(self, timeout: float | None = None) -> Utterance | None:
        """The next utterance (blocks up to ``timeout`` seconds; None then or once closed)."""
        with self._cond:
            self._busy = False
            self._cond.notify_all()
            if not self._cond.wait_for(lambda: self._items or self._closed, timeout) or self._closed:
                return None
            self.interrupt.clear()
            self._busy = True
            return self._items.popleft()

    def done(self) -> None:
        """The speaker finished what it took (it is idle until its next :meth:`take`)."""
        with self._cond:
            self._busy = False
            self._cond.notify_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until nothing waits and nothing is being said; False if ``timeout`` passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._items and not self._busy, timeout)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self.interrupt.set()
            self._cond.notify_all()

    def waiting(self) -> list[Utterance]:
        with self._cond:
            return list(self._items)

    def _supersede(self, revision: int) -> None:
        """Drop the prompts, news and cues of older states that have not started."""
        self._drop(lambda u: (u.droppable or u.kind == "cue") and u.revision < revision)

    def _drop(self, superseded) -> None:
        kept = deque(u for u in self._items if not superseded(u))
        self.dropped += len(self._items) - len(kept)
        self._items = kept

    def _bound(self) -> None:
        while len(self._items) > self.limit:
            oldest = next((u for u in self._items if u.droppable or u.kind == "cue"), None)
            if oldest is None:
                return  # only what to do is waiting: it is never dropped
            self._items.remove(oldest)
            self.dropped += 1


def _refusal(utterance: Utterance) -> bool:
    """A refusal's sentence or its cue: said first, interrupting."""
    return utterance.kind == "refusal" or (utterance.kind == "cue" and utterance.text == "read-refused")
