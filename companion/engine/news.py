"""A step's news: what the last action did, in sentences for the table.

Every game's state has a ``news`` field (a tuple of sentences). The engine clears it before
each action (:meth:`companion.engine.game.Game.cleared`); the rules add to it with :func:`say`.
"""

from __future__ import annotations

from typing import Any, TypeVar

from companion.engine.frozen import replace

S = TypeVar("S")


def say(state: S, text: Any) -> S:
    """``state`` with one more sentence of news (a :func:`companion.i18n.msg`, so the table
    reads it in its language)."""
    return replace(state, news=state.news + (text,))  # type: ignore[attr-defined]


def cleared(state: S) -> S:
    """``state`` with no news: what a step starts from (``state`` itself when it has none)."""
    return replace(state, news=()) if state.news else state  # type: ignore[attr-defined]


def said_first(state: S, lines: tuple[Any, ...]) -> S:
    """``state`` with ``lines`` said before its own news (what going on playing answered
    first: :func:`companion.engine.legality.going_on`)."""
    return replace(state, news=tuple(lines) + state.news) if lines else state  # type: ignore[attr-defined]
