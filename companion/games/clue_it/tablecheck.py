"""The CLUE: IT table check (issue 6 "Table check"), read only: where each Kid mover and
each Item token stands, as the companion believes. Built from the public view only (the
envelope, hands and private answers are never listed); no corrections yet.
"""

from __future__ import annotations

from companion.engine.core import CheckLine
from companion.games.clue_it.state import State, Step
from companion.games.clue_it.view import view


def check(state: State) -> tuple[CheckLine, ...]:
    """One line per Kid mover, then one per Item token; empty once the game is over."""
    if state.step == Step.OVER:
        return ()
    public = view(state)
    return tuple(CheckLine(name, place) for name, place in public["movers"].items()) + tuple(
        CheckLine(name, place) for name, place in public["items"].items())
