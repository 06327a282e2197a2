"""CLUE: IT with the table's card names and secret passages (issue 19 "CLUE: IT card names").

clue-kids-of-derry.txt "Components" (7 Kid Movers, 6 Items, 22 Rumor Cards), "Use a Secret
Passage" ("If you're in a Location with a Secret Passage (4 corner Locations), you may use
it to move to the connected Location"); notes.md 1.3 (the confirmed names: Mike Hanlon, Bill
Denbrough, the Jack-in-the-Box, Derry Back Alley, House on Neibolt Street, the Synagogue,
Derry Public Library; everything else UNKNOWN or INFERRED, so a placeholder).
"""

from __future__ import annotations

import pytest

from companion.engine import ContentError, get_game, resolve_options
from companion.engine.content import check_table
from companion.games.clue_it import components as ci
from companion.games.clue_it.content import CONTENT
from companion.header import GameHeader
from companion.session import Session
from companion.table_content import forms

SPEC = get_game("clue_it")
KID3 = "clue_it:kid:kid-3"
ALLEY = "clue_it:location:derry-back-alley"
LIBRARY = "clue_it:location:derry-public-library"
L5, L6, L7, L8 = (f"clue_it:location:location-{n}" for n in (5, 6, 7, 8))

#: One owner's box: a kid's and an item's names, and the real corners.
ENTERED = {
    KID3: {"name": "Beverly Marsh"},
    "clue_it:item:item-2": {"name": "Paper Boat"},
    ALLEY: {"passage": "derry-public-library"},
    LIBRARY: {"passage": "derry-back-alley"},
    L5: {"passage": "none"},
    L7: {"passage": "none"},
}


def test_the_content_listing_names_every_rumor_card_and_the_passages():
    """``companion content clue_it`` lists 22 Rumor cards (7 + 6 + 9), each with its name;
    locations also with their passage. Confirmed names are defaults, not placeholders; the
    rest, and every location (its corner is UNKNOWN), are placeholders."""
    answer = forms(SPEC, {}, "en")
    rows = {row["component"]: row for row in answer["components"]}
    assert len(rows) == 22 and answer["problem"] is None
    names = {c: {f["name"]: f["value"] for f in row["fields"]} for c, row in rows.items()}
    assert names["clue_it:kid:mike-hanlon"] == {"name": "Mike Hanlon"}
    assert rows["clue_it:kid:mike-hanlon"]["placeholder"] is False
    assert names[KID3] == {"name": "Kid 3"} and rows[KID3]["placeholder"] is True
    assert names["clue_it:item:jack-in-the-box"] == {"name": "Jack-in-the-Box"}
    assert names[ALLEY] == {"name": "Derry Back Alley", "passage": "none"}
    assert names[L5] == {"name": "Location 5", "passage": "location-7"}
    assert names[L8] == {"name": "Location 8", "passage": "location-6"}
    assert rows[ALLEY]["placeholder"] is True  # which corners have passages is UNKNOWN
    assert not any(c.startswith("clue_it:intrigue:") for c in rows)


def test_entered_names_and_passages_are_what_the_game_plays_with():
    """The engine's labels use the entered names; the passage joins the entered corners."""
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}), content=check_table(
        CONTENT, SPEC.components, ENTERED))
    assert state.name("kid-3") == "Beverly Marsh" and state.name("item-2") == "Paper Boat"
    assert state.name("mike-hanlon") == "Mike Hanlon"
    labels = [c.label for c in SPEC.prompt(state).choices]
    assert labels[:3] == ["Mike Hanlon", "Bill Denbrough", "Beverly Marsh"]
    assert state.passage_from("derry-back-alley") == "derry-public-library"
    assert state.passage_from("location-5") is None and state.passage_from("location-6") == "location-8"
    assert "Beverly Marsh" in SPEC.view(state)["movers"]


def test_a_header_with_the_entries_names_the_cards_on_screen():
    header = GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo"], "seed": 1,
                                   "content": ENTERED})
    session = Session.start(header)
    assert [c.label for c in session.prompt.choices][2] == "Beverly Marsh"


@pytest.mark.parametrize("bad, words", [
    ({KID3: {"name": "Mike Hanlon"}}, "same name"),
    ({ALLEY: {"passage": "derry-public-library"}}, "must be entered at"),
    ({ALLEY: {"passage": "derry-back-alley"}}, "leads to itself"),
    ({L5: {"passage": "none"}, L7: {"passage": "none"}}, "2 locations have a secret passage"),
])
def test_the_whole_table_must_be_a_board(bad, words):
    """Names tell the cards apart; passages join two pairs of corners, entered at both ends."""
    with pytest.raises(ContentError, match=words):
        check_table(CONTENT, SPEC.components, bad)


def test_component_ids_do_not_change_with_names():
    assert ci.rumor_component("kid-3") == KID3
    assert CONTENT.fields("clue_it:intrigue:red-balloon") == ()
