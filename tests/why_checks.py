"""Issue 33 item 1, shared by the ``why`` tests: which news lines change the board, and how
many of them carry a ``why`` over random playouts of a game.

A news line *changes the board* when it is a physical instruction to the table: a
:func:`~companion.i18n.todo` line, whose ``todo`` kind is set (the definition of
``tests/games/test_creepy_cellar_why.py``, moved here so every game's test uses the same).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from test_playout import pick_action, random_setup

from companion.engine.why import why_of
from companion.i18n import line_of, render

#: Per game, board-changing news lines (msgids) that carry no ``why``, by design: deck upkeep.
EXCEPTIONS: dict[str, frozenset[str]] = {
    "creepy_cellar": frozenset({
        "The Ghost deck is empty: shuffle its discards into a new deck.",
        "Shuffle the Ghost deck and the Ghost King deck with their discards.",
        "Shuffle all Ghost cards back into the deck.",
    }),
}


def board_changing(line) -> bool:
    """A news line that changes the board: a physical instruction (``NewsLine.todo`` is set)."""
    return getattr(line, "todo", None) is not None


@dataclass
class Coverage:
    """Board-changing news lines seen in playouts, and those carrying a ``why``."""

    total: int = 0
    explained: int = 0
    whys: int = 0
    missing: Counter = field(default_factory=Counter)

    @property
    def share(self) -> float:
        return self.explained / self.total if self.total else 1.0

    def report(self) -> str:
        return "\n".join(f"{n} {m}" for m, n in self.missing.most_common())


def check_italian(why) -> None:
    """Every ``why`` renders in Italian: its text differs from the English, its rule exists."""
    assert render(why.text, "it") != str(why.text), why.text.msgid
    assert render(why.rule, "it"), why.rule


def coverage(spec, games: int, steps: int, salt: str = "why", end_bias: float = 4.0) -> Coverage:
    """Play ``games`` random games of ``spec`` (``steps`` actions at most) and count the
    board-changing news lines (its :data:`EXCEPTIONS` left out) that carry a ``why``; every
    ``why`` met is checked for Italian."""
    exceptions = EXCEPTIONS.get(spec.id, frozenset())
    seen = Coverage()
    for seed in range(games):
        rng = random.Random(f"{salt}:{spec.id}:{seed}")
        players, options = random_setup(spec, rng)
        state = spec.setup(players, options)
        for _ in range(steps):
            prompt = spec.prompt(state)
            if prompt.over:
                break
            state = spec.apply(state, pick_action(spec, state, prompt, rng, end_bias))
            for line in spec.news(state):
                why = why_of(line)
                if why is not None:
                    seen.whys += 1
                    check_italian(why)
                msgid = line_of(line).text.msgid
                if not board_changing(line) or msgid in exceptions:
                    continue
                seen.total += 1
                if why is None:
                    seen.missing[msgid] += 1
                else:
                    seen.explained += 1
    return seen
