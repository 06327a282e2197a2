"""Children, issue 19: rule bugs 9-13, refusals that name the rule, words, and the table's
todo lines and main choices.

Sections are those of ``shared/rulebooks/children.txt``; C-A… are notes.md 3.A entries.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from children_checks import RULEBOOK_ROOMS, SPEC, arrange, check, started
from companion.games.children.state import Frame, Ghost, Step
from companion.i18n import render

ADA, BO, CY = 0, 1, 2
SIDEBAR_PAIRING = ["penny", "rosie", "the-twins"] + [f"ghost-{n:02d}" for n in range(4, 14)]
#: A small mansion: three rooms side by side on the 2nd floor.
THREE_ROOMS = {(2, 1): "master-bedroom", (2, 2): "wash-room", (2, 3): "dormitory"}


def keys(state) -> set[str]:
    return {c.key for c in SPEC.prompt(state).choices}


def mansion(**kw):
    return arrange(started(pairing=SIDEBAR_PAIRING), RULEBOOK_ROOMS, **kw)


def texts(state) -> list[str]:
    return [str(line) for line in state.news]


# --------------------------------------------------------------------------- bug 9


def test_music_box_needs_a_room_free_of_players():
    """Music Box: "place the 2 ghosts in any room unoccupied by players (including you)":
    with every room occupied it can place nothing, so it is not offered."""
    state = arrange(started(), THREE_ROOMS, where=("master-bedroom", "wash-room", "dormitory"))
    assert "use:music-box" not in keys(state)
    free = arrange(started(), THREE_ROOMS, where=("master-bedroom", "wash-room", "wash-room"))
    assert "use:music-box" in keys(free)


def test_a_summoned_ghost_with_no_room_never_grows_the_hand():
    """A ghost the Music Box summons is no card for the hand: with no room free of players
    it goes back into the deck and nobody draws for it (the hand stays 5, not 6)."""
    state = arrange(started(), THREE_ROOMS, where=("master-bedroom", "wash-room", "dormitory"))
    state = replace(state, frames=(Frame("summon", ADA),))
    deck = state.deck
    state = SPEC.apply(state, "summon:rosie")
    assert state.hands == (5, 5, 5) and state.deck == deck and "rosie" in state.ghost_deck
    assert SPEC.prompt(state).text.startswith("Ada: 2 actions left")
    assert "No room can take Rosie: it goes back into the Children deck." in texts(state)
    check(state)


# --------------------------------------------------------------------------- bug 10


def test_secret_passage_needs_the_hand_within_the_limit():
    """"You may not leave a room with more cards in your hand than the current hand limit":
    with 7 cards (6 after the passage card is discarded) and a limit of 5 the Secret Passage
    is not offered; with 6 (5 after it) it is."""
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(7, 5, 5))
    assert "use:secret-passage" not in keys(state)
    assert not any(k.startswith("move:") for k in keys(state))
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(6, 5, 5))
    assert "use:secret-passage" in keys(state)


# --------------------------------------------------------------------------- bug 11


def test_ravens_skull_puts_its_two_ghosts_in_two_different_rooms():
    """Raven's Skull: "draw the next two ghost cards … and place them in 2 rooms adjacent
    (straight up, down, left, or right) to your location": the Billiards Room has four
    neighbours; once the first ghost is in the Parlor, the second goes elsewhere."""
    state = mansion(where=("billiards-room", "spire", "spire"), hands=(6, 5, 5))
    state = replace(state, frames=(Frame("trap", ADA, ("ravens-skull",)),))
    state = SPEC.apply(state, "spring")  # Ada might hold the Dental Tools: she lets it spring
    state = SPEC.apply(state, "summon:rosie")
    first = {k.split(":")[1] for k in keys(state)}
    assert first == {"parlor", "kitchen", "wash-room", "wine-cellar"}
    state = SPEC.apply(state, "haunt-room:parlor")
    state = SPEC.apply(state, "summon:penny")
    assert {k.split(":")[1] for k in keys(state)} == {"kitchen", "wash-room", "wine-cellar"}
    state = SPEC.apply(state, "haunt-room:kitchen")
    assert {g.id: g.room for g in state.ghosts} == {"rosie": "parlor", "penny": "kitchen"}
    check(state)
