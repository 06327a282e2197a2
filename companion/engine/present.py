"""A value a game's step promises is there (the player answering while a question is
answered, the kid named while the item is asked for), taken out of its ``| None`` so the
rules read it as what it is; the type checker follows the narrowing."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None, what: str) -> T:
    """``value``, which the state's step promises is set.

    Raises:
        RuntimeError: it is None: the state broke its step's promise (a defect in the
            rules, never a player's input).
    """
    if value is None:
        raise RuntimeError(f"{what} is not set at this step")
    return value
