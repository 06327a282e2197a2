"""Picking chance outcomes: a forced ``stack`` first, then a seeded RNG.

Every pick is reproducible from the game header and the counts of earlier picks, both of
which are in the event log, so a resumed game goes on drawing exactly what an
uninterrupted one would.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from companion.engine.core import Chance, Outcome
from companion.errors import StackError


@dataclass
class ChancePicker:
    """Picks outcomes for chance nodes.

    Attributes:
        seed: the game header's seed.
        stack: forced next outcomes per chance source (values as in a script's ``stack``).
        stack_used: how many forced outcomes of each source were used so far.
        rng_used: how many outcomes the RNG has picked so far in this game.
    """

    seed: int | str
    stack: dict[str, list] = field(default_factory=dict)
    stack_used: Counter = field(default_factory=Counter)
    rng_used: int = 0

    def pick(self, chance: Chance) -> tuple[Outcome, str]:
        """Pick one outcome of ``chance``; returns it with its origin (``"stack"``/``"rng"``).

        A forced value is used only by a draw that could go more than one way: a certain one
        (the last card of a deck, in every game: House of Spirits draws it without asking,
        issue 31) takes none, and the value waits for the next real draw of its source.

        Raises:
            StackError: the next forced value of this source is not possible now (a card
                that is not in the deck at that moment, a die face out of 1–6).
        """
        forced = self.stack.get(chance.source, [])
        used = self.stack_used[chance.source]
        if used < len(forced) and len(chance.outcomes) > 1:  # a certain draw takes no forced value
            outcome = chance.find(str(forced[used]))
            if outcome is None:
                possible = ", ".join(o.value for o in chance.outcomes)
                raise StackError(
                    f"stack {chance.source!r} item {used + 1} ({forced[used]!r}) is not possible now;"
                    f" possible: {possible}"
                )
            return outcome, "stack"
        return self._draw(chance), "rng"

    def unused(self) -> dict[str, list]:
        """The forced outcomes not used (yet), per chance source that has any left."""
        return {source: list(forced[self.stack_used[source]:]) for source, forced in sorted(self.stack.items())
                if self.stack_used[source] < len(forced)}

    def snapshot(self) -> tuple[Counter, int]:
        """The counters, to :meth:`restore` when an input fails half-way."""
        return Counter(self.stack_used), self.rng_used

    def restore(self, saved: tuple[Counter, int]) -> None:
        """Put back counters taken with :meth:`snapshot`."""
        self.stack_used, self.rng_used = Counter(saved[0]), saved[1]

    def record(self, source: str, origin: str) -> None:
        """Count one pick of ``origin`` (after it was applied, or when replaying the log)."""
        if origin == "stack":
            self.stack_used[source] += 1
        elif origin == "rng":
            self.rng_used += 1

    def _draw(self, chance: Chance) -> Outcome:
        # One fresh generator per pick, seeded by (seed, pick number): no hidden RNG state
        # has to survive a restart.
        rng = random.Random(f"{self.seed}:{self.rng_used}")
        ticket = rng.randrange(sum(o.weight for o in chance.outcomes))
        for outcome in chance.outcomes:
            ticket -= outcome.weight
            if ticket < 0:
                return outcome
        raise AssertionError("weights changed during a pick")
