"""Issue 31 item 16: a forced outcome (a script's ``stack``) is used only by a draw that
could go more than one way, in every game. House of Spirits draws the last card of a deck
without asking; Creepy Cellar asked, and used a forced value for it: now neither does, and
the value waits for the next real draw of its source (docs/table-script.md, "stack")."""

from __future__ import annotations

from companion.chance import ChancePicker
from companion.engine.core import Chance, Outcome


def _deck(*cards: str) -> Chance:
    return Chance("king", tuple(Outcome(card, f"king:{card}", 1) for card in cards))


def test_a_certain_draw_takes_no_forced_value():
    picker = ChancePicker(seed=1, stack={"king": ["king-E", "king-B"]})
    outcome, origin = picker.pick(_deck("king-A"))  # the last card of the deck: certain
    assert (outcome.value, origin) == ("king-A", "rng")
    picker.record("king", origin)
    assert picker.unused() == {"king": ["king-E", "king-B"]}
    outcome, origin = picker.pick(_deck("king-B", "king-E"))  # the next real draw uses the first forced value
    assert (outcome.value, origin) == ("king-E", "stack")


def test_a_certain_draw_counts_as_the_random_draw_it_always_was():
    """No forced value listed: a certain draw advances the generator as before, so seeded
    games replay the same."""
    picker = ChancePicker(seed=1)
    _, origin = picker.pick(_deck("king-A"))
    picker.record("king", origin)
    assert picker.rng_used == 1
