"""The game's moments still standing (issue 29 item 7): the news lines the game marked
(:func:`companion.i18n.notable`) of the inputs in effect, each with the turn it came in.

An undo takes its input's moments back with it: a haunting undone is no moment of the game
(before, the daemon's log kept the undone line and the game-over summary could recall it).
The session keeps them as it plays and replays inputs (:class:`companion.session.Session`);
the state sends them once the game is over (:func:`companion.protocol.moments_message`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.i18n import NewsLine, is_notable

#: Moments kept per game, the newest (a few per game; a bound all the same).
MOST = 200


@dataclass(frozen=True)
class Moment:
    """One moment: its ``line``, the ``position`` (inputs in effect once it happened), and the
    turn it came in: ``turn`` (the turn number) or, for a game counted in rounds (House of
    Spirits), ``round``; None when the game counts neither."""

    position: int
    line: NewsLine
    turn: int | None = None
    round: int | None = None


class Moments:
    """The moments of the inputs still in effect, oldest first (:attr:`standing`)."""

    def __init__(self) -> None:
        self.standing: list[Moment] = []

    def took(self, position: int, before: Any, news) -> None:
        """An input (now ``position`` inputs in effect), played on the state ``before``, said
        ``news``: keep its notable lines, with the turn of ``before``."""
        marked = [line for line in news if is_notable(line)]
        if marked:
            turn, round_ = counted(before)
            self.standing = (self.standing + [Moment(position, line, turn, round_) for line in marked])[-MOST:]

    def back_to(self, position: int) -> None:
        """An undo left ``position`` inputs in effect: the moments of the later ones go."""
        if self.standing and self.standing[-1].position > position:
            self.standing = [moment for moment in self.standing if moment.position <= position]

    def holds(self, line: Any) -> bool:
        """``line`` (this very object, as the daemon's log holds it) is a moment still standing."""
        return any(moment.line is line for moment in self.standing)


def counted(state: Any) -> tuple[int | None, int | None]:
    """``(turn, round)`` of ``state``: a game counted in rounds has a ``round`` (its ``turn`` is
    then the place in the round, not a number the table says); the others a ``turn``."""
    if hasattr(state, "round"):
        return None, _number(state.round)
    return _number(getattr(state, "turn", None)), None


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None
