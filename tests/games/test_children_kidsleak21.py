"""Children, kidsleak21: no question, offer, list or refusal the table sees follows a hidden
card (the rest of notes/kidsleak20.md, its items 6-10).

Each test makes twin states the table cannot tell apart: the same public moves and counts,
only the card a player drew into their hand differs (the one the question is about, or
another). The twins are made by play (the draw tapped), so they are twins on any engine,
one that remembers what it saw drawn or not. The players' view, the shared prompt (text,
who is asked, the choices with key, label, tag and private flag, the out-of-turn offers)
and what a tap of the card asked about does (the choice it picks, or the refusal said to the
table) must be the same for both twins. Sections are those of
``shared/rulebooks/children.txt``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from children_checks import RULEBOOK_ROOMS, SPEC, arrange, check, started

from companion.games.children.state import Frame, Ghost, push

ADA, BO, CY = 0, 1, 2


def _mansion(frames=(), **kw):
    return replace(arrange(started(**kw.pop("options", {})), RULEBOOK_ROOMS, **kw), frames=frames)


def _drawn(state, p: int, cards):
    """``state`` after ``p`` drew ``cards`` into their hand (each tapped as drawn, as the
    table plays it): ``p``'s hand ``len(cards)`` bigger, the deck as many smaller."""
    for card in cards:
        state = SPEC.apply(push(state, Frame("draw", p, ("replace", ""))), f"draw:{card}")
    return state


def _twins(state, p: int, card: str, other: str, copies: int = 1):
    """``state`` after ``p`` drew ``copies`` of ``card``, and after ``p`` drew as many of ``other``."""
    return [_drawn(state, p, [drawn] * copies) for drawn in (card, other)]


def _public(state):
    """What the table sees: the players' view and the shared prompt."""
    prompt = SPEC.prompt(state)
    return (SPEC.view(state), str(prompt.text), prompt.player,
            [(c.key, str(c.label), c.component, c.private) for c in prompt.choices],
            [(c.key, str(c.label), c.component, c.player) for c in prompt.out_of_turn])


def _tap(state, component: str) -> str:
    """What a tap of ``component`` does: the key of the choice it picks, else the refusal."""
    choice = SPEC.prompt(state).for_component(component)
    return choice.key if choice is not None else str(SPEC.refusal(state, None, component))


def _same_for_the_table(twins, *components):
    first, second = twins
    assert _public(first) == _public(second)
    for component in components:
        assert _tap(first, component) == _tap(second, component), component
    for twin in twins:
        check(twin)


def _keys(state):
    return [c.key for c in SPEC.prompt(state).choices]


def test_the_dental_tools_question_whoever_drew_the_dental_tools():
    """"Dental Tools … Discard the Dental Tools to deactivate and discard a single trap card
    that you encounter in a room": Ada (in her turn, an action left, 3 cards) springs the
    Voodoo Doll. Before, she was asked whether to defuse it only when the companion had not
    seen Bo draw all three Dental Tools: the question told the table what Bo held. Now it is
    asked whenever a Dental Tools is out of the discard and she holds another card."""
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(3, 2, 5),
                     ghosts=(Ghost("rosie", "dormitory"),), frames=(Frame("trap", ADA, ("voodoo-doll",)),))
    twins = _twins(state, BO, "dental-tools", "hatpin", 3)
    _same_for_the_table(twins, "children:device:dental-tools")
    assert str(SPEC.prompt(twins[0]).text) == "Ada: the Voodoo Doll trap is about to spring"
    assert _keys(twins[0]) == ["spring", "defuse"]
    assert _tap(twins[0], "children:device:dental-tools") == "defuse"
    defused = SPEC.apply(twins[0], "defuse")
    assert defused.hands == (1, 5, 5) and defused.actions == 1 and "voodoo-doll" in defused.discard


def _feather():
    """Ada (step 2) and Cy (a skull token) are within 2 rooms of Rosie; Bo drew 3 cards."""
    state = _mansion(where=("wash-room", "billiards-room", "kitchen"), hands=(5, 2, 5), skulls=(0, 0, 1),
                     skull_pool=5, ghosts=(Ghost("rosie", "dormitory"),))
    return _twins(state, BO, "feather", "hatpin", 3), "use:feather", "children:device:feather"


def _cage():
    """Rosie haunts the Spire, far from Ada; Bo drew one card: the one Teddy Bear, or not."""
    state = _mansion(where=("wash-room", "billiards-room", "kitchen"), hands=(5, 4, 5),
                     ghosts=(Ghost("rosie", "spire"),))
    return _twins(state, BO, "teddy-bear", "toy-05"), "use:cricket-cage", "children:device:cricket-cage"


def _catnip():
    """Bo (a skull token) meets Kitty Kitty in his room; Cy drew 3 cards."""
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(5, 5, 2), skulls=(0, 1, 0),
                     skull_pool=5, kitty="kitchen", kitty_card=ADA, frames=(Frame("kittymeet", BO, ("",)),))
    return _twins(state, CY, "catnip", "hatpin", 3), "use:catnip", "children:device:catnip"


@pytest.mark.parametrize("case", [_feather, _cage, _catnip], ids=["feather", "cricket-cage", "catnip"])
def test_devices_are_offered_whoever_drew_them(case):
    """"Use a device": step 2's "Use the …", the out-of-turn offers (a Free Action Device for
    a skull token), the Cricket Cage (offered when a beloved toy of a ghost in the mansion
    may be in the hand) and the Catnip when Kitty Kitty meets you ("If, however, you have
    the Catnip device in your hand and a skull token …"). Before, each was offered only when
    the companion had not seen every copy (of the device, or of the toy) go into another
    hand: whether the button showed told the table what that hand held."""
    twins, key, component = case()
    _same_for_the_table(twins, component)
    assert key in _keys(twins[0]) and _tap(twins[0], component) == key
    if case is _feather:
        assert ("free:2:feather", "Cy") in [(c.key, c.player) for c in SPEC.prompt(twins[0]).out_of_turn]


def test_a_ghost_met_is_offered_its_toy_whoever_drew_it():
    """"If you are ever in the same room as a ghost and have that ghost's beloved toy … in
    your hand, you automatically trap the ghost": Bo meets Rosie. Before, "Trap Rosie with the
    Teddy Bear" was left out (only Run) when the companion had seen Ada draw the one Teddy
    Bear, and the Teddy Bear tapped was refused."""
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(4, 5, 5),
                     ghosts=(Ghost("rosie", "kitchen"),), frames=(Frame("check", BO, ("kitchen",)),))
    twins = _twins(state, ADA, "teddy-bear", "toy-05")
    _same_for_the_table(twins, "children:toy:teddy-bear", "children:toy:toy-05")
    assert _keys(twins[0]) == ["catch:rosie", "run"]
    assert _tap(twins[0], "children:toy:teddy-bear") == "catch:rosie"


def test_irwin_biddle_lists_every_toy_whoever_drew_it():
    """"Irwin Biddle … all players (if they have one) must remove 1 Toy Card from their
    hands": Bo's private list (on his phone or the privacy screen, and a tap of a toy missing
    from it refused aloud) left out the Teddy Bear when the companion had seen Ada draw it."""
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(4, 5, 5), frames=(Frame("biddle", BO),))
    twins = _twins(state, ADA, "teddy-bear", "toy-05")
    _same_for_the_table(twins, "children:toy:teddy-bear", "children:toy:toy-05")
    assert {"biddle-toy:teddy-bear", "biddle-toy:toy-05", "no-toy"} <= set(_keys(twins[0]))
    assert _tap(twins[0], "children:toy:teddy-bear") == "biddle-toy:teddy-bear"


def test_irwin_biddle_asks_every_player_with_a_card_whoever_drew_the_toys():
    """Eleven toys are in Cy's scoring pile (for all to see); the other two, the Teddy Bear
    and Toy 05, are somewhere. Before, Bo was not asked at all when the companion had seen
    Ada draw both: skipping him told the table that Ada held them. Now a player holding a card
    is asked whenever a toy is out of the discard and scoring piles."""
    base = started()
    content = base.content
    ghosts = [g for g in content.ghosts if content.beloved_toy(g) not in ("teddy-bear", "toy-05")]
    assert len(ghosts) == 11
    trapped = ((), (), tuple((g, content.beloved_toy(g)) for g in ghosts))
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(3, 5, 5), trapped=trapped,
                     frames=(Frame("biddle", BO),))
    state = replace(state, ghost_deck=tuple(g for g in state.ghost_deck if g not in ghosts))
    state = replace(state, deck=state.deck + content.total_cards() - state.card_total())
    twins = _twins(state, ADA, "teddy-bear", "hatpin", 1)
    twins = [_drawn(twin, ADA, [card]) for twin, card in zip(twins, ("toy-05", "feather"))]
    _same_for_the_table(twins, "children:toy:teddy-bear", "children:toy:toy-05", "children:toy:parasol")
    assert SPEC.prompt(twins[0]).player == "Bo"
    assert _keys(twins[0]) == ["biddle-toy:teddy-bear", "biddle-toy:toy-05", "no-toy"]
    assert _tap(twins[0], "children:toy:parasol").startswith("The Parasol is in a scoring pile: it trapped its ghost.")


def test_the_draw_list_is_the_same_whoever_drew_the_card():
    """"Draw a card from the Children Card draw pile": Bo draws. His list (private) left out
    the Teddy Bear when the companion had seen Ada draw it, and a Teddy Bear tapped was
    refused aloud, "That card is not in the Children deck now": to the whole table, that the
    one Teddy Bear was in a hand or under a tablet. Now the list is every card with a copy out
    of the discard and scoring piles, and the tap is taken."""
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(4, 5, 5),
                     frames=(Frame("draw", BO, ("replace", "")),))
    twins = _twins(state, ADA, "teddy-bear", "toy-05")
    _same_for_the_table(twins, "children:toy:teddy-bear", "children:toy:toy-05")
    assert {"draw:teddy-bear", "draw:toy-05"} <= set(_keys(twins[0]))
    assert SPEC.prompt(twins[0]).player == "Bo"
    assert _tap(twins[0], "children:toy:teddy-bear") == "draw:teddy-bear"
    assert SPEC.apply(twins[0], "draw:teddy-bear").hands == (5, 6, 5)
