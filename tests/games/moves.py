"""A game's actions played straight on its states, for the engine tests of every game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def moves(spec) -> tuple[Callable[..., Any], Callable[[Any], list[str]]]:
    """``play(state, *actions)``: the actions applied in turn (each checked by ``spec``'s
    rules); ``keys(state)``: the keys of the choices its prompt offers."""

    def play(state, *actions: str):
        for action in actions:
            state = spec.apply(state, action)
        return state

    def keys(state) -> list[str]:
        return [c.key for c in spec.prompt(state).choices]

    return play, keys
