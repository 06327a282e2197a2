"""What the game shows of a state, computed once per state (issue 35): its prompt, its public
view, the view a ``state`` message carries and the view's slow figures.

Each is kept with the state it was computed for and given again while the session's state
is that very object (an unchanged game: a screen connecting, a reader going offline, the
language), or the state before it: an undo puts back the very state object the undone input
was played on, so its prompt and views are not worked out again (issue 35 item 3, tap18).
Callers must not modify what they are given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import Game, Prompt


class _LastState:
    """``compute(state)`` for the last two ``state`` objects asked about (matched by identity),
    computed once for each: the state now and the one before it, which an undo gives back.
    Each answer is kept as one (state, answer) tuple, so a thread reading while another
    writes sees a pair that belongs together (at worst it works the answer out again)."""

    def __init__(self, compute: Callable[[Any], Any]):
        self._compute = compute
        self._last: tuple[Any, Any] = (_NOTHING, None)
        self._before: tuple[Any, Any] = (_NOTHING, None)

    def __call__(self, state: Any) -> Any:
        last = self._last
        if last[0] is state:
            return last[1]
        before = self._before
        if before[0] is not state:
            before = (state, self._compute(state))
        self._last, self._before = before, last
        return before[1]


_NOTHING = object()


class StateViews:
    """The game's prompt and views of the last state asked about, each computed once.

    Args:
        spec: the game.
    """

    def __init__(self, spec: Game):
        self._prompt = _LastState(spec.prompt)
        self._view = _LastState(spec.view)
        self._first = _LastState(spec.view_first)
        self._later = _LastState(spec.later)

    def prompt(self, state: Any) -> Prompt:
        """``spec.prompt(state)`` (the chance loop asks for it, then the new state does: about
        0.1 ms each, on the path of every tap)."""
        return self._prompt(state)

    def view(self, state: Any) -> dict[str, Any]:
        """The public view (:meth:`~companion.engine.game.Game.view`: it may run the Creepy
        Cellar odds meter, about 1 ms)."""
        return self._view(state)

    def first(self, state: Any) -> dict[str, Any]:
        """The view a ``state`` message carries (:meth:`~companion.engine.game.Game.view_first`:
        the slow figures None)."""
        return self._first(state)

    def later(self, state: Any) -> dict[str, Any]:
        """The view's slow figures (:meth:`~companion.engine.game.Game.later`: the ``odds``
        message after the state)."""
        return self._later(state)
