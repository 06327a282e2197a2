"""The facts the CLUE: IT engine takes from its rulebook and notes.md, checked against them.

Reads ``../shared``; skips on a clone without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.clue_it import OPTIONS
from companion.games.clue_it import components as ci

pytestmark = pytest.mark.shared

SHARED = Path(__file__).resolve().parents[3] / "shared"


@pytest.fixture(scope="module")
def rulebook() -> str:
    return (SHARED / "rulebooks" / "clue-kids-of-derry.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def notes() -> str:
    return (SHARED / "games" / "notes.md").read_text(encoding="utf-8")


def test_component_counts(rulebook, notes):
    """"Components": 7 Kid Movers, 22 Rumor Cards, 23 Intrigue Cards, 6 Items, 2 Dice;
    notes 1.3: 22 = 7 kids + 6 items + 9 locations."""
    for line in ("7 Kid Movers", "22 Rumor Cards", "23 Intrigue Cards", "6 Custom Items", "2 Dice"):
        assert line in rulebook
    assert "22 = **7 kids + 6 items + 9 locations**" in notes
    assert (len(ci.KIDS), len(ci.ITEMS), len(ci.LOCATIONS)) == (7, 6, 9)
    assert len(ci.intrigue_deck()) == 23 == ci.INTRIGUE_COUNT
    assert len(ci.all_components()) == 22 + len(ci.intrigue_kinds())


def test_confirmed_names_are_the_notes(rulebook, notes):
    assert "Mike Hanlon from the Derry Back Alley with the Jack-in-the-Box" in rulebook
    for name in ("**Mike Hanlon**", "**Bill Denbrough**", "**Jack-in-the-Box**", "**Derry Back Alley**",
                 "**House on Neibolt Street**", "**the Synagogue**", "**Derry Public Library**"):
        assert name in notes
    assert {"Mike Hanlon", "Bill Denbrough"} <= set(ci.KID_NAMES)
    assert ({"Derry Back Alley", "House on Neibolt Street", "The Synagogue", "Derry Public Library"}
            <= set(ci.LOCATION_NAMES))


def test_rules_the_engine_quotes(rulebook):
    for line in ("If one of the dice shows a Question Mark, immediately draw an Intrigue Card.",
                 "Then move up to the amount shown on the other die.",
                 "Do not roll the dice if you use a Secret Passage.",
                 "The first to try is the player to your immediate left.",
                 "If no one can answer your Question, your turn is over.",
                 "Everyone rolls a die. Highest roller goes first, play then continues clockwise.",
                 "If everyone makes an incorrect accusation, the game is over and the mystery remains unsolved.",
                 "This power can only be used once per game."):
        assert line in rulebook, line


def test_every_house_rule_names_a_notes_entry(notes):
    """Each 3.C ambiguity with an option key is an option here, and the other way round."""
    keys = {"leftover_mode": "I-A1", "double_question": "I-A2", "eliminated_answers": "I-A3",
            "ask_requires_entry": "I-A4", "balloon_rule": "I-A5"}
    names = {o.name: o for o in OPTIONS}
    for key, entry in keys.items():
        assert f"`{key}`" in notes and f"| {entry} |" in notes
        assert entry in names[key].refs  # the research note (issue 27 item 3: refs, never sent)
