"""Children: the rulebook's worked examples and rules, each with its exact numbers.

Sections are those of ``shared/rulebooks/children.txt``; C-A… are notes.md 3.A entries.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from children_checks import RULEBOOK_ROOMS, SPEC, arrange, check, started

from companion.errors import RuleViolation
from companion.games.children import components as cc
from companion.games.children import grid as gr
from companion.games.children.state import Ghost, Step

ADA, BO, CY = 0, 1, 2
#: Toy order puts the Teddy Bear first: its stack hides Penny (the sidebar, p.12).
SIDEBAR_PAIRING = ["penny", "rosie", "the-twins"] + [f"ghost-{n:02d}" for n in range(4, 14)]


def keys(state) -> set[str]:
    return {c.key for c in SPEC.prompt(state).choices}


def mansion(**kw):
    state = started(pairing=SIDEBAR_PAIRING)
    return arrange(state, RULEBOOK_ROOMS, **kw)


# --------------------------------------------------------------------------- Components


def test_content_counts_follow_the_components_list():
    """"Components": 20 tablets (5 per floor), 13 ghost/toy pairs, 70 Children cards;
    the publisher's edition 18 tablets and 68 cards (notes 1.1, C-A21)."""
    assert cc.validate("rulebook") == [] and cc.validate("publisher") == []
    book, publisher = cc.content("rulebook"), cc.content("publisher")
    assert (len(book.tablets), book.total_cards(), book.skulls) == (20, 70, 8)
    assert (len(publisher.tablets), publisher.total_cards(), publisher.skulls) == (18, 68, 12)
    assert [sum(t.floor == f for t in book.tablets.values()) for f in range(4)] == [5, 5, 5, 5]
    kinds = {k: sum(c.copies for c in book.cards.values() if c.kind == k) for k in cc.CARD_KINDS}
    assert kinds == {"ghost": 13, "toy": 13, "device": 30, "trap": 8, "fate": 6}
    assert cc.beloved_toy("rosie") == "teddy-bear" and cc.beloved_toy("the-twins") == "parasol"
    devices = {c.name: c.timing for c in book.cards.values() if c.kind == "device"}
    assert sorted(n for n, t in devices.items() if t == "free") == ["Catnip", "Feather", "Hatpin"]
    assert len(devices) == 10


def test_enrollment_walks_every_card_copy_and_tablet():
    """``companion enroll children`` asks for 70 cards then 20 tablets, one per copy."""
    pieces = SPEC.pieces
    assert len(pieces) == 90
    assert pieces[0] == "children:ghost:rosie" and pieces[-1].startswith("children:tablet:")
    assert pieces.count("children:device:hatpin") == 3
    assert set(pieces) <= SPEC.components
    assert SPEC.component_label("children:toy:teddy-bear") == "Teddy Bear"


# --------------------------------------------------------------------------- Setup


@pytest.mark.parametrize("players, pool", [(2, 4), (3, 6), (4, 8)])
def test_skull_pool_is_two_per_player(players, pool):
    """"Game Setup": 2 skull tokens per player in the pile, the rest back in the box."""
    state = started(players=("Ada", "Bo", "Cy", "Di")[:players])
    assert state.skull_pool == pool
    assert SPEC.view(state)["skull_pool"] == pool


def test_setup_deals_five_cards_and_pairs_every_toy():
    """"Dealing Players In": 5 cards each (no ghosts, no fates); "Game Setup": 13 stacks."""
    state = started()
    assert state.hands == (5, 5, 5) and state.deck == 70 - 15
    assert len(state.pairing) == 13 and sorted(state.pairing) == sorted(state.content.ghosts)
    assert state.step == Step.TABLET and state.hand_limit == 5
    assert SPEC.view(state)["stacks"] == {}


# --------------------------------------------------------------------------- Tablets


def test_first_tablet_places_the_pawn_and_counts_as_entering():
    """"1. Play a Room Tablet": the first tablet goes where the mansion can grow around it
    (the middle column), the player's figurine goes on it and a card is drawn."""
    state = started()
    assert "tablet:wash-room" in keys(state)
    state = SPEC.apply(state, "tablet:wash-room")
    assert gr.position(state.grid, "wash-room") == (2, 2)
    assert state.where[ADA] == "wash-room"
    assert SPEC.prompt(state).text == "Ada: draw a Children card and tap it"
    state = SPEC.apply(state, "draw:hatpin")
    assert state.hands[ADA] == 6 and state.deck == 54
    assert state.news == ("Ada takes a card into their hand.",)  # never which card


def test_tablets_go_next_to_the_mansion_or_in_straight_lines():
    """"Play Room Tablets adjacent to already-in-play Room Tablets … When that is
    impossible … leave space for in-between floors … straight lines up and down"."""
    grid = gr.put(gr.EMPTY, "wash-room", (2, 2))
    assert gr.placements(grid, 2) == ((2, 1), (2, 3))  # side by side
    assert gr.placements(grid, 1) == ((1, 2),)  # straight below
    assert gr.placements(grid, 0) == ((0, 2),)  # a gap for the 1st floor
    grid = gr.put(grid, "dormitory", (2, 3))
    assert gr.placements(grid, 3) == ((3, 2), (3, 3))


def test_second_tablet_offers_the_legal_places():
    state = SPEC.apply(SPEC.apply(started(), "tablet:wash-room"), "draw:hatpin")
    state = SPEC.apply(state, "done")  # Ada ends her actions …
    while SPEC.prompt(state).player == "Ada":
        state = SPEC.apply(state, sorted(keys(state))[0])
    state = SPEC.apply(state, "tablet:dormitory")
    assert keys(state) == {"place:2-1", "place:2-3"}
    state = SPEC.apply(state, "place:2-3")
    assert state.grid[2][3] == "dormitory"
    assert state.where[BO] == "dormitory"  # Bo's first tablet is his entry (C-A7)


# --------------------------------------------------------------------------- Moving


def test_wash_room_doors_and_trapdoors():
    """"Move to an adjacent room": left into the Master Bedroom (a door on its tablet);
    not right into the Dormitory (no door); down into the Billiards Room (its trapdoor)."""
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    moves = {k for k in keys(state) if k.startswith("move:")}
    assert moves == {"move:master-bedroom", "move:billiards-room"}
    assert "dormitory" not in gr.walks(state.grid, "wash-room")
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "move:dormitory")


def test_entering_draws_then_picks_up_the_left_cards():
    """"Each time you enter a new room … 1. Draw a card … 2. Look at cards that have been
    left" — the Billiards Room example."""
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), left=[("billiards-room", 2)])
    state = SPEC.apply(state, "move:billiards-room")
    assert state.actions == 1
    assert SPEC.prompt(state).text == "Ada: draw a Children card and tap it"
    state = SPEC.apply(state, "draw:feather")
    assert state.hands[ADA] == 8 and state.left_in("billiards-room") == 0
    assert SPEC.view(state)["rooms"]["Billiards Room"]["left_cards"] == 0
    assert keys(state) == {"spring:mouse", "spring:crickets", "spring:ravens-skull", "spring:voodoo-doll", "no-trap"}
    state = SPEC.apply(state, "no-trap")
    # more than the hand limit: no move until cards are left behind
    assert not any(k.startswith("move:") for k in keys(state))
    for _ in range(3):
        state = SPEC.apply(state, "leave")
    assert state.hands[ADA] == 5 and state.left_in("billiards-room") == 3
    assert "move:parlor" in keys(state)
    check(state)


def test_left_cards_are_counts_on_the_screen():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), left=[("spire", 3)])
    view = SPEC.view(state)
    assert view["rooms"]["Spire"]["left_cards"] == 3
    assert view["mansion"]["2nd"] == [None, "Master Bedroom", "Wash Room", "Dormitory", None]
    assert view["mansion"]["basement"] == [None, None, "Wine Cellar", None, None]


# --------------------------------------------------------------------------- Ghosts


def test_penny_follows_the_spectral_flow_from_the_billiards_room():
    """"4. Move 1 Ghost": Penny can go left into the Parlor or right into the Kitchen, not
    up to the Wash Room nor down to the Wine Cellar (no arrows that way)."""
    state = mansion(where=("spire", "dormitory", "wine-cellar"), ghosts=[Ghost("penny", "billiards-room")],
                    step=Step.GHOST, actions=0)
    assert keys(state) == {"haunt:penny:parlor", "haunt:penny:kitchen", "skip"}
    assert set(gr.flows(state.grid, "billiards-room")) == {"parlor", "kitchen"}
    state = SPEC.apply(state, "haunt:penny:kitchen")
    assert state.ghost("penny").room == "kitchen"


def test_ghost_move_may_be_mandatory():
    """C-A12: ``ghost_move_mandatory`` takes away "Move no ghost"."""
    state = started(pairing=SIDEBAR_PAIRING, ghost_move_mandatory=True)
    state = arrange(state, RULEBOOK_ROOMS, where=("spire", "dormitory", "wine-cellar"),
                    ghosts=[Ghost("penny", "billiards-room")], step=Step.GHOST, actions=0)
    assert keys(state) == {"haunt:penny:parlor", "haunt:penny:kitchen"}


def test_a_drawn_ghost_goes_to_a_room_without_players():
    """"If you draw a Ghost Card, you must place it in any room unoccupied by players";
    no replacement card is drawn."""
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    state = SPEC.apply(state, "move:master-bedroom")
    state = SPEC.apply(state, "draw:the-twins")
    rooms = {k.split(":")[1] for k in keys(state)}
    assert rooms == {"wash-room", "dormitory", "parlor", "billiards-room", "spire"}
    state = SPEC.apply(state, "haunt-room:spire")
    assert state.ghost("the-twins") == Ghost("the-twins", "spire", False)
    assert state.hands[ADA] == 5


def test_diagonal_rooms_are_two_apart():
    """"Two rooms in diagonal proximity … are 2 rooms away from each other"."""
    grid = arrange(started(), RULEBOOK_ROOMS).grid
    assert gr.distance(grid, "master-bedroom", "billiards-room") == 2
    assert gr.distance(grid, "wash-room", "billiards-room") == 1
    assert gr.distance(grid, "spire", "wine-cellar") == 4  # 3 floors down, 1 to the side


def test_hatpin_reaches_a_diagonal_ghost_but_not_three_rooms_away():
    """Hatpin: "calm any ghost within 2 rooms … You may not count diagonally"."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("penny", "billiards-room", True), Ghost("rosie", "kitchen", True)],
                    hands=(3, 3, 3))
    assert state.hand_limit == 3
    assert "use:hatpin" in keys(state)
    state = SPEC.apply(state, "use:hatpin")
    assert keys(state) == {"calm:penny"}  # the Kitchen is 3 away
    state = SPEC.apply(state, "calm:penny")
    assert state.hand_limit == 4 and state.ghost("penny").enraged is False
    assert "The hand limit is now 4." in state.news
    check(state)


# --------------------------------------------------------------------------- Trapping, enraged ghosts


def test_rosie_teddy_bear_penny_sidebar():
    """Sidebar p.12: the player moves into the Wash Room, haunted by Rosie, and traps her
    with the Teddy Bear; the Teddy Bear's stack reveals Penny, haunting the Spire: she is
    flipped enraged and the hand limit drops from 5 to 4. Every other player cuts down at
    once; the player himself cuts at the end of his turn."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("rosie", "wash-room"), Ghost("penny", "spire")])
    assert SPEC.view(state)["hand_limit"] == 5
    state = SPEC.apply(state, "move:wash-room")
    state = SPEC.apply(state, "draw:feather")  # the entry draw: 6 cards now
    prompt = SPEC.prompt(state)
    assert prompt.player == "Ada"
    assert prompt.text == "Ada meets Rosie in the Wash Room: tap the beloved toy to trap, or run"
    assert prompt.for_component("children:toy:teddy-bear").key == "catch:rosie"
    state = SPEC.apply(state, "catch:rosie")
    assert state.trapped[ADA] == (("rosie", "teddy-bear"),)
    assert state.ghost("penny") == Ghost("penny", "spire", True)
    assert state.hand_limit == 4
    assert state.news[-4:] == (  # the table's instructions (issue 19: todo lines, cut-downs in the news)
        "Ada traps Rosie with the Teddy Bear: both cards go to their scoring pile.",
        "The Teddy Bear stack reveals Penny: Penny is enraged in the Spire; turn the card blue side up.",
        "Bo and Cy: cut down to the hand limit of 4 now.",
        "The hand limit is now 4.",
    )
    view = SPEC.view(state)
    assert view["enraged"] == ["Penny"] and view["stacks"] == {"Teddy Bear": "Penny"}
    assert view["players"]["Ada"]["trapped"] == ["Rosie"]
    # Bo and Cy are told at once, in one prompt, and cut in any order; Ada (5 cards now)
    # is not asked yet
    prompt = SPEC.prompt(state)
    assert prompt.player is None
    assert prompt.text == ("The hand limit is 4: Bo and Cy cut down now, in any order: leave cards under your "
                           "tablets")  # no skull token, no device choice: no "or use a device" (issue 19)
    assert [(c.key, c.label) for c in prompt.choices] == [
        ("cut:Bo:leave", "Bo: Leave a card under the Kitchen"),
        ("cut:Cy:leave", "Cy: Leave a card under the Wine Cellar")]
    state = SPEC.apply(state, "cut:Cy:leave")
    assert state.hands == (5, 5, 4) and state.left_in("wine-cellar") == 1
    prompt = SPEC.prompt(state)
    assert prompt.player == "Bo" and [c.key for c in prompt.choices] == ["cut:Bo:leave"]
    assert prompt.text == "Bo: the hand limit is 4; you hold 5: leave a card under your tablet"
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "cut:Cy:leave")  # Cy is down to the limit
    state = SPEC.apply(state, "cut:Bo:leave")
    assert state.hands == (5, 4, 4) and state.left_in("kitchen") == 1
    # back to Ada's turn: she may not leave the room over the limit
    prompt = SPEC.prompt(state)
    assert prompt.player == "Ada" and not any(k.startswith("move:") for k in keys(state))
    state = SPEC.apply(state, "done")
    assert state.step == Step.RESTORE
    assert SPEC.prompt(state).text == "Ada: restore your hand to 4: leave cards under your tablet"
    state = SPEC.apply(state, "leave")
    assert state.hands[ADA] == 4
    check(state)


def test_an_enraged_ghost_still_in_the_deck_arrives_enraged():
    """"If an enraged ghost is not currently in the Mansion, when it appears at the top of
    the Children Card draw pile, place it in the mansion enraged (blue) side up"."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"), ghosts=[Ghost("rosie", "wash-room")])
    state = SPEC.apply(SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:feather"), "catch:rosie")
    assert state.hand_limit == 5  # Penny is still in the deck: no change yet
    assert SPEC.view(state)["stacks"] == {"Teddy Bear": "Penny"}
    state = SPEC.apply(state, "move:master-bedroom")
    state = SPEC.apply(state, "draw:penny")
    state = SPEC.apply(state, "haunt-room:spire")
    assert state.ghost("penny").enraged and state.hand_limit == 4
    check(state)


def test_running_leaves_two_cards_and_takes_a_door():
    """"Running from Ghosts": without the toy, leave 2 cards under the tablet and move to
    an adjacent room by the movement rules; no replacement cards."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"), ghosts=[Ghost("rosie", "wash-room")])
    state = SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:feather")
    state = SPEC.apply(state, "run")
    assert state.hands[ADA] == 4 and state.left_in("wash-room") == 2
    assert keys(state) == {"flee:master-bedroom", "flee:billiards-room"}
    state = SPEC.apply(state, "flee:billiards-room")
    assert state.where[ADA] == "billiards-room" and state.hands[ADA] == 4



def test_no_way_out_means_an_emergency_escape():
    """"If … there is no legal way out, you must make an emergency escape": every card stays
    under the room, the figurine leaves; next turn it comes back and draws a card."""
    state = started(pairing=SIDEBAR_PAIRING)
    state = arrange(state, {(1, 2): "billiards-room", (1, 3): "kitchen"}, where=("kitchen", None, None),
                    ghosts=[Ghost("rosie", "billiards-room")])
    state = replace(state, arrived=(True, True, True))
    state = SPEC.apply(SPEC.apply(state, "move:billiards-room"), "draw:feather")
    state = SPEC.apply(state, "run")
    assert keys(state) == {"flee:kitchen"} or state.where[ADA] == "kitchen"


def test_emergency_escape_and_reentry():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), ghosts=[Ghost("rosie", "spire")])
    state = SPEC.apply(state, "escape")
    assert state.where[ADA] is None and state.hands[ADA] == 0 and state.left_in("wash-room") == 5
    state = SPEC.apply(state, "done")
    while SPEC.prompt(state).player == "Ada":
        state = SPEC.apply(state, "skip" if "skip" in keys(state) else sorted(keys(state))[0])
    assert state.active == BO


# --------------------------------------------------------------------------- Skull tokens


def test_skull_tokens_cost_an_action_and_are_capped_at_three():
    """"Take a Skull Token": 1 per forfeited action, at most 3 held, from a pile of 2 per player."""
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    state = SPEC.apply(state, "skull")
    assert (state.skulls[ADA], state.skull_pool, state.actions) == (1, 5, 1)
    state = replace(state, skulls=(3, 0, 0), skull_pool=3)
    assert "skull" not in keys(state)
    state = replace(state, skulls=(1, 0, 0), skull_pool=0)
    assert "skull" not in keys(state)  # the pile is empty


def test_a_skull_buys_an_extra_move():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), actions=0)
    state = replace(state, skulls=(1, 0, 0), skull_pool=5)
    choice = SPEC.prompt(state).choice("move:master-bedroom")
    assert choice.label == "Move to the Master Bedroom (skull token)"
    state = SPEC.apply(state, "move:master-bedroom")
    assert (state.skulls[ADA], state.skull_pool) == (0, 6)


def test_out_of_turn_free_device_with_a_skull_to_cut_down():
    """"To play a Free Action Device out of turn … Turn in a Skull Token" — here to cut
    down when the hand limit drops."""
    state = mansion(where=("master-bedroom", "spire", "wine-cellar"),
                    ghosts=[Ghost("rosie", "wash-room"), Ghost("penny", "dormitory")])
    state = replace(state, skulls=(0, 1, 0), skull_pool=5)
    state = SPEC.apply(SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:feather"), "catch:rosie")
    assert state.hand_limit == 4 and SPEC.prompt(state).player is None  # Bo and Cy cut at once
    assert "cut:Bo:use:feather" in keys(state)  # Penny is in the Dormitory, 2 from the Spire
    assert "cut:Cy:use:feather" not in keys(state)  # Cy holds no skull token
    assert SPEC.prompt(state).for_component("children:device:feather").key == "cut:Bo:use:feather"  # a tap
    state = SPEC.apply(state, "cut:Bo:use:feather")
    state = SPEC.apply(state, "banish:penny")
    assert state.hand_limit == 5 and state.hands[BO] == 4 and state.skulls[BO] == 0
    assert "penny" in state.ghost_deck
    assert state.hands[CY] == 5 and SPEC.prompt(state).player == "Ada"  # the limit is back: Cy keeps 5
    check(state)


def test_cut_downs_of_four_players_are_one_prompt_in_any_order():
    """"All players except for the player currently playing his or her turn must
    immediately reduce their hands": with 4 players, Bo, Cy and Di are told at once and cut
    in any order; a device card two of them could play is picked by touch, not by a tap
    (whose card would it be?)."""
    state = arrange(started(players=("Ada", "Bo", "Cy", "Di"), pairing=SIDEBAR_PAIRING), RULEBOOK_ROOMS,
                    where=("master-bedroom", "spire", "billiards-room", "kitchen"),
                    ghosts=[Ghost("rosie", "wash-room"), Ghost("penny", "dormitory")])
    state = replace(state, skulls=(0, 1, 1, 0), skull_pool=6)
    state = SPEC.apply(SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:feather"), "catch:rosie")
    assert state.hand_limit == 4
    prompt = SPEC.prompt(state)
    assert prompt.player is None
    assert prompt.text == ("The hand limit is 4: Bo, Cy and Di cut down now, in any order: leave cards under your "
                           "tablets or use a device")
    # Penny, enraged in the Dormitory, is 1 room from Bo (Spire) and 2 from Cy (Billiards
    # Room): both may calm her (Hatpin) or banish her (Feather) with their skull token
    assert [c.key for c in prompt.choices] == [
        "cut:Bo:leave", "cut:Bo:use:hatpin", "cut:Bo:use:feather",
        "cut:Cy:leave", "cut:Cy:use:hatpin", "cut:Cy:use:feather", "cut:Di:leave"]
    assert prompt.for_component("children:device:feather") is None
    assert prompt.choice("cut:Cy:use:feather").label == "Cy: Use the Feather (skull token)"
    for key in ("cut:Di:leave", "cut:Bo:leave"):
        state = SPEC.apply(state, key)
    assert state.hands == (5, 4, 5, 4) and state.left_in("kitchen") == 1 and state.left_in("spire") == 1
    prompt = SPEC.prompt(state)
    assert prompt.player == "Cy" and prompt.text.startswith("Cy: the hand limit is 4; you hold 5")
    assert prompt.for_component("children:device:feather").key == "cut:Cy:use:feather"  # hers alone now
    state = SPEC.apply(state, "cut:Cy:leave")
    assert state.hands == (5, 4, 4, 4) and state.left_in("billiards-room") == 1
    assert SPEC.prompt(state).player == "Ada"  # she cuts at the end of her turn
    check(state)


# --------------------------------------------------------------------------- End of the game


@pytest.mark.parametrize("enraged, limit", [(0, 5), (1, 4), (2, 3), (3, 2), (4, 1)])
def test_hand_limit_is_five_minus_enraged_ghosts_present(enraged, limit):
    """"Enraged Ghosts": 1 enraged present → 4 cards, 2 → 3, and so on; enraged ghosts
    still in the deck do not count."""
    ghosts = [Ghost(g, "spire", n < enraged) for n, g in enumerate(["rosie", "penny", "the-twins", "ghost-04"])]
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), ghosts=ghosts, hands=(limit, limit, limit))
    assert state.hand_limit == limit and SPEC.view(state)["hand_limit"] == limit


def test_the_fifth_enraged_ghost_ends_the_game():
    """"If 5 ghosts are enraged and present in the mansion, the hand limit becomes 0 …
    The game immediately ends and the ghostly children win."""
    ghosts = [Ghost(g, "spire", True) for g in ["rosie", "the-twins", "ghost-04", "ghost-05"]]
    state = started(pairing=SIDEBAR_PAIRING)
    state = replace(state, flipped=(("teddy-bear", "penny"),))
    state = arrange(state, RULEBOOK_ROOMS, where=("wash-room", "kitchen", "wine-cellar"), ghosts=ghosts,
                    hands=(1, 1, 1))
    assert state.hand_limit == 1
    state = SPEC.apply(state, "move:master-bedroom")
    state = SPEC.apply(state, "draw:penny")
    state = SPEC.apply(state, "haunt-room:dormitory")
    assert state.hand_limit == 0 and state.outcome == "lost"
    prompt = SPEC.prompt(state)
    assert prompt.over and prompt.text == "The game is over: the ghostly children won."
    assert SPEC.outcome(state) == "lost"
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "done")


def test_five_flipped_stacks_end_the_game_with_that_house_rule():
    """C-A2 ``insanity_count = flipped_stacks``: "if 5 or more ghosts become enraged"."""
    flips = tuple(zip(["toy-04", "toy-05", "toy-06", "toy-07"], ["ghost-04", "ghost-05", "ghost-06", "ghost-07"]))
    for rule, outcome in (("flipped_stacks", "lost"), ("present_enraged", None)):
        state = started(pairing=SIDEBAR_PAIRING, insanity_count=rule)
        state = replace(state, flipped=flips, counted_flips=4)
        state = arrange(state, RULEBOOK_ROOMS, where=("master-bedroom", "kitchen", "wine-cellar"),
                        ghosts=[Ghost("rosie", "wash-room")])
        state = SPEC.apply(SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:feather"), "catch:rosie")
        assert state.counted_flips == 5 and state.outcome == outcome


def _last_card(rule: str):
    """Only Rosie is left in the deck (the other ghosts calm in the Parlor, every fate
    discarded, the other cards under the Spire); Ada enters the Master Bedroom and draws her."""
    state = started(pairing=SIDEBAR_PAIRING, final_round=rule)
    others = [g for g in state.content.ghosts if g != "rosie"]
    state = arrange(state, RULEBOOK_ROOMS, where=("wash-room", "kitchen", "wine-cellar"),
                    ghosts=[Ghost(g, "parlor") for g in others])
    fates = tuple(sorted(f for f, c in state.content.cards.items() if c.kind == "fate" for _ in range(c.copies)))
    state = replace(state, discard=fates, left=(("spire", state.deck - 1 - len(fates)),), deck=1)
    check(state)
    state = SPEC.apply(state, "move:master-bedroom")
    assert keys(state) == {"draw:rosie"}
    state = SPEC.apply(state, "draw:rosie")
    assert {"all_one_more": "That was the last Children card: after this turn each player, Ada too, takes one "
                            "more turn.",
            "finish_round": "That was the last Children card: after this turn every other player takes one more "
                            "turn; Ada does not."}[rule] in state.news
    return SPEC.apply(state, "haunt-room:dormitory")


PASSIVE = ("done", "skip", "no-trap", "no-toy", "no-catnip", "stay", "run")


@pytest.mark.parametrize("rule, turns", [("all_one_more", ["Bo", "Cy", "Ada"]), ("finish_round", ["Bo", "Cy"])])
def test_the_last_card_starts_the_final_round(rule, turns):
    """"When a player takes the last card from the draw pile, each player gets 1 more
    turn then the game ends" (C-A19: the drawer too, or only to the end of the round)."""
    state = _last_card(rule)
    assert state.deck == 0 and SPEC.view(state)["final_round"] is True
    seen = []
    while not SPEC.prompt(state).over:
        if state.step == Step.ACTIONS and not state.frames and (not seen or seen[-1] != state.player):
            seen.append(state.player)
        prompt = SPEC.prompt(state)
        choice = next((k for k in PASSIVE if k in keys(state)), None)
        choice = choice or next((c.key for c in prompt.choices if c.key.startswith("move:")), prompt.choices[0].key)
        state = SPEC.apply(state, choice)
        check(state)
    assert seen == ["Ada"] + turns
    assert state.outcome == "won"


def test_most_trapped_ghosts_wins_and_ties_follow_the_house_rule():
    """"The player who has captured the most ghosts wins"; a tie: ``tie_rule``."""
    from companion.games.children import effects as fx

    state = started()
    one = replace(state, trapped=((("rosie", "teddy-bear"),), (), ()))
    assert fx.final_score(one).winners == ("Ada",)
    tied = replace(state, trapped=((("rosie", "teddy-bear"),), (("penny", "toy-03"),), ()))
    assert fx.final_score(tied).winners == ("Ada", "Bo") and fx.final_score(tied).outcome == "won"
    nobody = replace(tied, options={**tied.options, "tie_rule": "no_winner"})
    assert fx.final_score(nobody).outcome == "tie" and fx.final_score(nobody).winners == ()


# --------------------------------------------------------------------------- Cards


def test_fate_kitty_kitty_and_the_replacement_house_rule():
    """Kitty Kitty fate: her card in front of the drawer, the statuette in a room with no
    player, then another card (C-A1)."""
    for rule, draws in ((True, True), (False, False)):
        state = started(pairing=SIDEBAR_PAIRING, kitty_fate_replacement_draw=rule)
        state = arrange(state, RULEBOOK_ROOMS, where=("wash-room", "kitchen", "wine-cellar"))
        state = SPEC.apply(SPEC.apply(state, "move:master-bedroom"), "draw:kitty-kitty")
        assert state.kitty_card == ADA
        state = SPEC.apply(state, "kitty-at:spire")
        assert state.kitty == "spire" and SPEC.view(state)["kitty"] == "Spire"
        assert (SPEC.prompt(state).text == "Ada: draw a Children card and tap it") is draws


def test_house_settles_removes_two_empty_rooms():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), ghosts=[Ghost("rosie", "spire")],
                    left=[("spire", 2)])
    state = SPEC.apply(SPEC.apply(state, "move:master-bedroom"), "draw:house-settles")
    assert "settle:wash-room" in keys(state) and "settle:kitchen" not in keys(state)
    deck = state.deck
    state = SPEC.apply(state, "settle:spire")
    assert "rosie" in state.ghost_deck and state.deck == deck + 3 and "spire" in state.tablet_pile
    state = SPEC.apply(state, "settle:parlor")
    assert SPEC.prompt(state).text == "Ada: draw a Children card and tap it"  # the replacement
    check(state)


def test_irwin_biddle_takes_a_toy_from_every_player():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    state = SPEC.apply(SPEC.apply(state, "move:master-bedroom"), "draw:irwin-biddle")
    assert SPEC.prompt(state).player == "Ada"
    state = SPEC.apply(state, "biddle-toy:parasol")
    state = SPEC.apply(state, "no-toy")
    state = SPEC.apply(state, "biddle-toy:teddy-bear")
    assert state.hands == (4, 5, 4)
    assert state.news[-1] == "Cy puts a toy back into the Children deck."
    check(state)


def test_crickets_enrage_the_nearest_calm_ghost_unless_caged():
    """Crickets: "the nearest calm ghost … becomes enraged"; the Cricket Cage exception."""
    ghosts = [Ghost("rosie", "dormitory"), Ghost("penny", "wine-cellar")]
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"), ghosts=ghosts, left=[("wash-room", 1)])
    state = SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:feather")
    state = SPEC.apply(state, "spring:crickets")
    assert keys(state) == {"spring", "defuse"}  # an action is left for the Dental Tools
    defused = SPEC.apply(state, "defuse")
    assert defused.hands[ADA] == 5 and defused.discard.count("dental-tools") == 1 and defused.actions == 0
    state = SPEC.apply(state, "spring")
    assert keys(state) == {"show-cage", "no-cage"}
    caged = SPEC.apply(state, "show-cage")
    assert caged.hand_limit == 5 and caged.hands[ADA] == 7
    state = SPEC.apply(state, "no-cage")
    assert state.ghost("rosie").enraged and state.hand_limit == 4 and state.hands[ADA] == 6
    check(state)


def test_voodoo_doll_ties_go_to_a_choice():
    """Voodoo Doll: "the nearest ghost … comes to your room"; equal distances: the player
    chooses (C-A20)."""
    ghosts = [Ghost("rosie", "master-bedroom"), Ghost("penny", "billiards-room")]
    # The Wash Room is 1 from both the Spire and the Billiards Room.
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), ghosts=ghosts, left=[("wash-room", 1)])
    state = replace(state, actions=0)  # no action left for the Dental Tools
    state = SPEC.apply(state, "pickup")
    state = SPEC.apply(state, "spring:voodoo-doll")
    assert keys(state) == {"nearest:penny", "nearest:rosie"}
    state = SPEC.apply(state, "nearest:penny")
    assert state.ghost("penny").room == "wash-room"
    assert SPEC.prompt(state).text.startswith("Ada meets Penny in the Wash Room")


def test_toad_swaps_rooms_on_a_floor():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    state = SPEC.apply(state, "use:toad")
    assert keys(state) == {"swap:master-bedroom", "swap:dormitory"}
    state = SPEC.apply(state, "swap:dormitory")
    assert state.grid[2][1:4] == ("master-bedroom", "dormitory", "wash-room")
    assert state.where[ADA] == "wash-room"


def test_secret_passage_goes_along_the_floor_or_straight_up_and_down():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    state = SPEC.apply(state, "use:secret-passage")
    assert keys(state) == {"go:master-bedroom", "go:dormitory", "go:billiards-room", "go:wine-cellar"}


def test_a_tapped_draw_never_reaches_the_screen():
    """Hidden information: drawing the Teddy Bear or a Hatpin reads the same on the shared
    screen (view, news, next prompt); the draw is a private choice for undo."""
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    state = SPEC.apply(state, "move:master-bedroom")
    assert SPEC.prompt(state).choice("draw:teddy-bear").private
    assert not SPEC.prompt(state).choice("draw:rosie").private
    toy, device = SPEC.apply(state, "draw:teddy-bear"), SPEC.apply(state, "draw:hatpin")
    assert SPEC.view(toy) == SPEC.view(device) and SPEC.news(toy) == SPEC.news(device)
    assert SPEC.prompt(toy).text == SPEC.prompt(device).text
