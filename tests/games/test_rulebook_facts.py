"""The facts the Creepy Cellar engine takes from its rulebook, checked against the rulebook.

These read ``../shared/rulebooks/creepy-cellar.txt`` and ``../shared/games/notes.md``; they
skip on a clone without ``../shared``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.games.creepy_cellar import components as cc

pytestmark = pytest.mark.shared

SHARED = Path(__file__).resolve().parents[3] / "shared"


@pytest.fixture(scope="module")
def rulebook() -> str:
    return (SHARED / "rulebooks" / "creepy-cellar.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def notes() -> str:
    return (SHARED / "games" / "notes.md").read_text(encoding="utf-8")


def test_ghost_deck_matches_contents(rulebook):
    """"Contents": 25 Ghost cards — rooms A–N (14), Shuffle, Draw 2 + Shuffle, Draw 3 +
    Shuffle, 2 Green and 2 Blue Doors Locked, 2 Rogue Ghost, 2 Trap Door."""
    for line in ("25 Ghost cards", "Rooms A – N (14 cards)", "Shuffle card", "Draw 2 + Shuffle card",
                 "Draw 3 + Shuffle card", "2 Green Doors Locked cards", "2 Blue Doors Locked cards",
                 "2 Rogue Ghost cards", "2 Trap Door cards"):
        assert line in rulebook
    deck = Counter(cc.ghost_deck("ghost_king"))
    assert sum(deck.values()) == 25
    assert sum(n for card, n in deck.items() if card.startswith("room-")) == 14
    locks_and_traps = ("green-doors-locked", "blue-doors-locked", "rogue-ghost", "trap-door")
    assert [deck[card] for card in locks_and_traps] == [2, 2, 2, 2]


def test_king_deck_and_hauntings_match(rulebook):
    """"14 Ghost King (A – N) cards"; "before all 8 hauntings are on the board"."""
    assert "14 Ghost King (A – N) cards" in rulebook
    assert len(cc.king_deck()) == 14 and cc.king_deck()[-1] == "king-N"
    assert "before all 8 hauntings are on the board" in rulebook
    assert cc.HAUNTING_LIMIT == 8


def test_ghost_king_rules_quoted_in_the_engine(rulebook):
    """The sentences the engine's Ghost King code follows are still in the rulebook."""
    assert "If the Ghost King is ever in a room with 2 other ghosts, it becomes a haunting." in rulebook
    assert "The Ghost King then moves to the next lettered room." in rulebook
    assert "If the Ghost King deck is ever empty, shuffle the discards" in rulebook
    assert cc.KING_HAUNTING_GHOSTS == 2


def test_base_game_facts_from_the_notes(notes):
    """notes.md 1.5: ghosts start in C, F, I, L; faces 1–5 show a ghost icon; 3 ghosts make a haunting."""
    assert "Ghosts start in rooms **C, F, I, L**" in notes
    assert "Faces 1–5 show a ghost icon; the 6 does not." in notes
    assert "**3 ghosts in one room are replaced by 1 haunting.**" in notes
    assert cc.START_GHOSTS == ("C", "F", "I", "L") and cc.GHOSTS_PER_HAUNTING == 3


def test_every_creepy_cellar_house_rule_names_a_notes_entry(notes):
    """Each house rule cites its notes.md 3.E entry, and that entry exists with that key."""
    from companion.games.creepy_cellar import OPTIONS

    for option in OPTIONS:
        if "F-A" in option.rulebook:
            entry = option.rulebook.split("F-A")[1].rstrip(")")
            assert f"| F-A{entry} |" in notes, option.name
    assert "`rogue_ghost = ghost_king \\| remove`" in notes
