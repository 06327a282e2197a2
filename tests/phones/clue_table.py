"""A CLUE: IT game for Ada and Bo on a real daemon, up to Ada's accusation (as in
tests/test_privacy.py): the table's own touches go through a socket client."""

from __future__ import annotations

from companion.games.clue_it import components as ci
from companion.header import GameHeader

#: Ada's wrong accusation, made on her phone.
WRONG = ["kid-5", "item-2", "location-9"]
RAW = {"game": "clue_it", "players": ["Ada", "Bo"], "seed": 1,
       "options": {"intrigue_deck": "virtual", "envelope": "companion"},
       "stack": {"dice": ["6", "4", "?", "3", "4", "5"], "envelope": [1] * 3, "intrigue": ["keeper-4"]}}


def envelope() -> list[str]:
    """The envelope's three cards (each pile tapped from its first card, position 1 picked)."""
    return [ci.PILE_CARDS[pile][0] for pile in ci.PILES]


def names(cards) -> list[str]:
    return [ci.card_name(c) for c in cards]


def start(daemon, table, raw=None) -> None:
    """Start the game and play the table's part up to Ada's accusation (its first pick is
    hers, on her phone or her privacy screen). ``table``: a connected socket Client."""
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(raw or RAW)))
    keys = ["kid:kid-3", "kid:kid-4"] + [f"seal:{c}" for pile in ci.PILES for c in ci.PILE_CARDS[pile]]
    keys += ["dealt", "rolloff", "roll", "peek-show", "peek-hide", "stop:centre", "accuse", "private-ready"]
    for key in keys:
        assert table.choose(key)["ok"], key


def bo_accuses_rightly(table) -> None:
    """Bo's turn: he accuses at the table (no phone: the privacy screen as today) and wins."""
    for key in ["roll", "stop:centre", "accuse", "private-ready"] + [f"pick:{c}" for c in envelope()]:
        assert table.choose(key)["ok"], key
    assert table.choose("accuse-check")["ok"]
