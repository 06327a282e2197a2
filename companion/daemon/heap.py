"""Settling the heap once a game is on the table (issue 35): the game's start or resume is
frozen out of the cyclic GC's reach at once, then collected and frozen again once the table
has been quiet for a second after its state went out (at most :data:`SETTLE_BY` seconds after
it), never on an input's path. Between inputs, the young generations are collected before an
input would set off the automatic collection (:func:`collect_young`).

Why (session 20, notes/tap20.md): before, 1.8% of the taps of ``benchmarks/budgets.py`` had a
collection inside them (gen 0 about 0.2 ms, gen 1 about 1.4 ms, and in the seconds before the
settle a gen 2 of 25-50 ms that walked the whole resumed game), and about 15 of the 100
slowest taps. The same collections happen on a Pi, several times slower.
"""

from __future__ import annotations

import asyncio
import gc

#: Seconds without an input before :func:`settle_heap` runs (after a game is on the table).
SETTLE_AFTER = 1.0

#: Seconds after a game is on the table by which :func:`settle_heap` runs even while inputs
#: keep coming (a collection of 10-20 ms, once).
SETTLE_BY = 10.0


def settle_heap() -> None:
    """Once a game is on the table (its state published): collect what its start or resume
    left, then freeze the rest (the modules, the game's replayed history) out of the cyclic
    GC's reach, so a collection during a tap walks only what was made since (issue 35). The
    game before it is unfrozen first, so nothing it left behind is kept."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def hold_heap() -> None:
    """A game has just come on the table: collect the young generations (what the start or
    resume left there, about 1 ms), then freeze the rest (the modules, the replayed history),
    so that no collection before :func:`settle_heap` walks it: ``gc.freeze`` moves the
    generations' lists aside and collects nothing. What the resume left in the old generation
    is collected by the settle, which unfreezes first. (A freeze alone kept the young garbage
    until the settle: the resumed daemon's RSS was about 0.7 MB more.)"""
    gc.collect(1)
    gc.freeze()


def collect_young() -> int | None:
    """Between inputs (called on the loop once an input's state and ``later`` message have
    gone out): collect the young generations when an input could otherwise set off the
    automatic collection, that is once generation 0's count is past half its threshold (an
    input adds a few dozen objects, net). Generation 1 too when the automatic collection would
    take it next. Returns the generation collected, or None (nothing due)."""
    young, middle, _ = gc.get_count()
    threshold, middle_threshold, _ = gc.get_threshold()
    if not threshold or young * 2 <= threshold:
        return None
    generation = 1 if middle + 1 > middle_threshold else 0
    gc.collect(generation)
    return generation


class HeapSettler:
    """Runs :func:`settle_heap` once a game is on the table and no input came for
    :data:`SETTLE_AFTER` seconds, or :data:`SETTLE_BY` seconds after it at the latest, when
    ``on`` (the daemon process; off where a daemon shares a large process: tests). A settle
    of 10-20 ms run one second after a resume fell among the taps of a game going on
    (issue 35 item 3).

    Call every method on the loop; :meth:`soon` may come before serving (the settle then
    waits for :meth:`serving`).
    """

    def __init__(self, on: bool):
        self._on = on
        self._waiting = False  # a game is on the table, its heap not settled yet
        self._timer: asyncio.TimerHandle | None = None  # its settle, once serving
        self._by = 0.0  # the loop's time by which it runs
        self._loop: asyncio.AbstractEventLoop | None = None

    def soon(self) -> None:
        """A game is on the table: its state has gone out, the screens read it, and a tap
        arriving at once does not wait for the collection. What is on the heap is frozen at
        once (:func:`hold_heap`), so no collection walks it until then."""
        if not self._on:
            return
        hold_heap()
        self._waiting = True
        if self._loop is not None and self._loop.is_running():
            self._start(self._loop)

    def serving(self, loop: asyncio.AbstractEventLoop) -> None:
        """The daemon serves on ``loop``: a game put on the table before (a resume at boot)
        is settled once the table is quiet."""
        self._loop = loop
        if self._waiting:
            self._start(loop)

    def stirred(self) -> None:
        """An input came and its state has gone out: the young generations are collected on
        the loop's next turn, after its ``later`` message, when due (:func:`collect_young`);
        a settle still due waits for :data:`SETTLE_AFTER` seconds of quiet from now, up to its
        :data:`SETTLE_BY` limit."""
        if self._on and self._loop is not None and self._loop.is_running():
            self._loop.call_soon(collect_young)
        if self._timer is None:
            return
        self._timer.cancel()
        loop = self._loop
        assert loop is not None  # the timer runs on it
        self._timer = loop.call_at(min(loop.time() + SETTLE_AFTER, self._by), self._settle)

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._by = loop.time() + SETTLE_BY
        self._timer = loop.call_later(SETTLE_AFTER, self._settle)

    def _settle(self) -> None:
        self._waiting, self._timer = False, None
        settle_heap()
