"""A value a game's step promises is there (the player answering while a question is
answered, the kid named while the item is asked for), taken out of its ``| None`` so the
rules read it as what it is; the type checker follows the narrowing."""

from __future__ import annotations

from typing import TypeVar

from companion.errors import BrokenStep

T = TypeVar("T")


def present(value: T | None, what: str) -> T:
    """``value``, which the state's step promises is set.

    Raises:
        BrokenStep: it is None: the state broke its step's promise (a defect in the rules,
            never a player's input). A ``LookupError``: a stored game that replays into it
            is reported outdated or damaged, not a traceback.
    """
    if value is None:
        raise BrokenStep(f"{what} is not set at this step")
    return value
