"""Issue 29: the card-data form (table screen and owner's desk) shows each choice in words,
never as an id ("teddy-bear", "room-05", "1st"); CLUE: IT's passages by the locations'
printed names (its Rumor cards' component labels hide which card a tag is)."""

from __future__ import annotations

import re

import pytest

from companion.engine import all_games
from companion.table_content import forms

#: What an id looks like: lower-case words or numbers joined by "-", or "1st".
ID = re.compile(r"^([a-z0-9]+-)+[a-z0-9]+$|^\d(st|nd|rd)$")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game", sorted(g for g, spec in all_games().items() if spec.content is not None))
def test_every_choice_is_in_words(game, lang):
    shown = forms(all_games()[game], {}, lang)
    choices = [(c["component"], f) for c in shown["components"] for f in c["fields"]
               if f["kind"] in ("choice", "flags")]
    words = [(component, f["name"], word) for component, f in choices for word in f["labels"]]
    assert all(len(f["labels"]) == len(f["values"]) for _c, f in choices)
    assert [w for w in words if ID.match(w[2])] == []


def test_the_words_of_a_few_choices():
    children = forms(all_games()["children"], {}, "it")["components"]
    tablet = next(c for c in children if c["component"].startswith("children:tablet:"))
    floor = next(f for f in tablet["fields"] if f["name"] == "floor")
    assert floor["labels"] == ["seminterrato", "primo piano", "secondo piano", "terzo piano"]
    hos = forms(all_games()["house_of_spirits"], {}, "en")["components"]
    plot = next(f for c in hos for f in c["fields"] if f["name"] == "number_1")
    assert plot["labels"][:2] == ["none", "Vestibule"] and "Room 5" in plot["labels"]
    clue = forms(all_games()["clue_it"], {}, "en")["components"]
    passage = next(f for c in clue for f in c["fields"] if f["name"] == "passage")
    assert passage["labels"][:3] == ["none", "Derry Back Alley", "House on Neibolt Street"]
