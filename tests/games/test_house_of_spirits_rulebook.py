"""The facts the House of Spirits engine takes from its rulebook, checked against it.

These read ``../shared/rulebooks/house-of-spirits.txt`` and ``../shared/games/notes.md``;
they skip on a clone without ``../shared``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.house_of_spirits import OPTIONS
from companion.games.house_of_spirits import components as hc

pytestmark = pytest.mark.shared

SHARED = Path(__file__).resolve().parents[3] / "shared"


@pytest.fixture(scope="module")
def rulebook() -> str:
    return (SHARED / "rulebooks" / "house-of-spirits.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def notes() -> str:
    return (SHARED / "games" / "notes.md").read_text(encoding="utf-8")


def test_card_counts_are_the_printed_ones(rulebook):
    for line, kind in (("6 Player Character Cards", "character"), ("15 Room Cards", "room"),
                       ("7 Plot Cards", "plot"), ("7 Secret Victory Condition Cards", "secret"),
                       ("10 Monster Cards", "monster"), ("22 Item Cards", "item"), ("4 Event Cards", "event")):
        assert line in rulebook
        assert len(hc.ids(kind)) == int(line.split()[0])
    assert "72 Cards:" in rulebook and len(hc.CARDS) == 72


def test_scoring_table(rulebook):
    for line, points in (("Killing a monster\t3 points", hc.KILL_POINTS),
                         ("Playing a plot card\t3 points", hc.PLOT_POINTS),
                         ("Playing the final plot card\tbonus 3 points", hc.FINAL_PLOT_BONUS),
                         ("Healing another player\t1 point", hc.HEAL_POINTS),
                         ("Your character dying\t-2 points", hc.DEATH_POINTS),
                         ("Achieving your Secret Victory Condition\t4 points", hc.SECRET_POINTS)):
        assert line in rulebook
        assert points == int(line.split("\t")[1].split()[-2])
    assert "If at any time a player gets 18 points" in rulebook and hc.WINNING_SCORE == 18
    assert "he must discard down to 6" in rulebook and hc.HAND_LIMIT == 6


def test_examples_quoted_in_the_tests_are_in_the_rulebook(rulebook):
    for quote in ("The Library has two skulls on it", "His base investigation score is 3",
                  "the garage grants a bonus plus or minus 2", "the ancient tome provides a bonus plus or minus 2",
                  "since she is fighting a vampire, it increases it by 3", "The vampire's defense score is a 2",
                  "The vampire's attack score is a 3", "Olivia's defense score is 3"):
        assert quote in rulebook


def test_every_house_rule_names_a_notes_entry(notes):
    for option in OPTIONS:
        if "H-A" in option.rulebook:
            entry = option.rulebook.split("H-A")[1].rstrip(")")
            assert f"| H-A{entry} |" in notes, option.name
            assert f"`{option.name}" in notes, option.name
