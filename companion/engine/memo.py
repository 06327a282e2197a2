"""Pure functions of a frozen state, remembered for the last state (issue 35).

A game's state is immutable and its functions are pure, so what ``prompt(state)`` gives is
fixed for that state object. A playout (the session, a replay, an odds meter, a random
game) asks the same state's prompt several times in a row: the caller, then the legality
check of :meth:`~companion.engine.game.Game.apply`, then the game's own rules when they
settle. :func:`remember_last` keeps the last answer, matched by identity (never by
equality: comparing two states costs more than most prompts), so each state's is computed
once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")


def remember_last(function: Callable[[Any], R]) -> Callable[[Any], R]:
    """``function`` (of one frozen state, pure) that gives again its last answer when called
    with the very same state object.

    The memo holds one (state, answer) pair, replaced as one tuple, so it is safe to share
    between threads (at worst two threads compute the same answer). It keeps the last state
    alive until the next call. The answer is shared: callers must not modify it (prompts
    and the other answers of engines are frozen).
    """
    last: tuple[Any, Any] = (_NOTHING, None)

    @functools.wraps(function)
    def remembered(state: Any) -> R:
        nonlocal last
        seen, answer = last
        if seen is state:
            return answer
        answer = function(state)
        last = (state, answer)
        return answer

    return remembered


_NOTHING = object()


class Kept:
    """What a game makes once and then shares (choices, prompts, news lines: issue 35), by a
    key that names everything it is made from, at most ``limit`` of them: a store a daemon
    keeps from game to game, emptied whole when full (names a table enters over months must
    not grow it without end).

    Safe between threads as a dict is: at worst two threads make the same thing and one copy
    is kept.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._made: dict[Any, Any] = {}

    def __len__(self) -> int:
        return len(self._made)

    def get(self, key: Any, make: Callable[..., R], *args: Any) -> R:
        """``make(*args)``, made once for ``key``."""
        made = self._made.get(key)
        if made is None:
            made = self._keep(key, make(*args))
        return made

    def of(self, obj: Any, rest: Any, make: Callable[..., R], *args: Any) -> R:
        """``make(*args)``, made once for the object ``obj`` (matched by identity: it is kept
        beside what was made, so its ``id`` is never reused for another) and ``rest``."""
        kept = self._made.get((id(obj), rest))
        if kept is None or kept[0] is not obj:
            kept = self._keep((id(obj), rest), (obj, make(*args)))
        return kept[1]

    def _keep(self, key: Any, made: Any) -> Any:
        if len(self._made) >= self.limit:
            self._made.clear()
        self._made[key] = made
        return made
