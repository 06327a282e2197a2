"""What the game shows of a state, computed once per state (issue 35): its prompt, its public
view, the view a ``state`` message carries and the view's slow figures.

Each is kept with the state it was computed for and given again while the session's state
is that very object (an unchanged game: a screen connecting, a reader going offline, the
language). Callers must not modify what they are given.
"""

from __future__ import annotations

from typing import Any

from companion.engine import Game, Prompt


class StateViews:
    """The game's prompt and views of the last state asked about, each computed once.

    Args:
        spec: the game.
    """

    def __init__(self, spec: Game):
        self._spec = spec
        self._prompt: tuple[Any, Prompt] | None = None
        self._view: tuple[Any, dict[str, Any]] | None = None
        self._first: tuple[Any, dict[str, Any]] | None = None
        self._later: tuple[Any, dict[str, Any]] | None = None

    def prompt(self, state: Any) -> Prompt:
        """``spec.prompt(state)`` (the chance loop asks for it, then the new state does: about
        0.1 ms each, on the path of every tap)."""
        last = self._prompt
        if last is None or last[0] is not state:
            last = self._prompt = (state, self._spec.prompt(state))
        return last[1]

    def view(self, state: Any) -> dict[str, Any]:
        """The public view (:meth:`~companion.engine.game.Game.view`: it may run the Creepy
        Cellar odds meter, about 1 ms)."""
        cached = self._view
        if cached is None or cached[0] is not state:
            cached = self._view = (state, self._spec.view(state))
        return cached[1]

    def first(self, state: Any) -> dict[str, Any]:
        """The view a ``state`` message carries (:meth:`~companion.engine.game.Game.view_first`:
        the slow figures None)."""
        cached = self._first
        if cached is None or cached[0] is not state:
            cached = self._first = (state, self._spec.view_first(state))
        return cached[1]

    def later(self, state: Any) -> dict[str, Any]:
        """The view's slow figures (:meth:`~companion.engine.game.Game.later`: the ``odds``
        message after the state)."""
        cached = self._later
        if cached is None or cached[0] is not state:
            cached = self._later = (state, self._spec.later(state))
        return cached[1]
