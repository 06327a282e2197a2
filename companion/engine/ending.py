"""How a finished game ended, as structure for the game-over panel (issue 27 item 3): who
won, the final scores, what the envelope held. A game gives it from its ``prompts.ending``
(:meth:`companion.engine.game.Game.ending`); the daemon sends it, rendered in the table's
language, as the state's ``prompt.ending``, so no screen reads a game's outcome words or its
view's keys to tell a win from a loss."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: "won": a player, or the whole table, won; "lost": the table lost (nobody won); "tie".
Result = Literal["won", "lost", "tie"]


@dataclass(frozen=True)
class Ending:
    """Attributes:
        result: :data:`Result`.
        winners: the winning players' names, when the game names them ("Ada"); empty when
            the whole table won or nobody did.
        scores_heading: what the scores count (``msg("Points")``); "" without scores.
        scores: (player, value) for every player, best first; empty: the game keeps no score.
        solution: what a hidden-information game kept secret to the end, in words (CLUE: IT's
            envelope: the kid, the item, the location); empty: none.
    """

    result: Result
    winners: tuple[str, ...] = ()
    scores_heading: str = ""
    scores: tuple[tuple[str, int], ...] = ()
    solution: tuple[str, ...] = ()


def best_first(scores) -> tuple[tuple[str, int], ...]:
    """``scores`` ((player, value) pairs in seat order) best first, seat order among equals."""
    return tuple(sorted(scores, key=lambda row: -row[1]))
