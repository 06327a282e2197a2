"""Children, issue 19: rule bugs 9-13, refusals that name the rule, words, and the table's
todo lines and main choices.

Sections are those of ``shared/rulebooks/children.txt``; C-A… are notes.md 3.A entries.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from children_checks import RULEBOOK_ROOMS, SPEC, arrange, check, started

from companion.games.children.rules import settle
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


# --------------------------------------------------------------------------- bug 12


def test_the_draw_list_is_every_card_out_of_the_public_piles():
    """"Every card has one place at a time" (issue 19), as far as the table can see it
    (kidsleak21): a draw may be every card with a copy out of the discard and the scoring
    piles. Ada drew the one Teddy Bear; the companion no longer keeps that (a draw list, or
    its refusal said aloud, that left it out told the table whose hand it had gone to), so
    Bo's draw may be the Teddy Bear, and so may a draw after Ada left it under a tablet or
    Bo picked it up there; a Toad whose every copy is discarded may not."""
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    state = SPEC.apply(SPEC.apply(state, "move:master-bedroom"), "draw:teddy-bear")
    bo = replace(state, frames=(Frame("draw", BO, ("enter", "kitchen")),))
    assert SPEC.prompt(bo).player == "Bo" and {"draw:teddy-bear", "draw:parasol", "draw:toad"} <= keys(bo)
    copies = state.content.cards["toad"].copies
    gone = replace(bo, discard=tuple(sorted(state.discard + ("toad",) * copies)))
    assert "draw:toad" not in keys(gone) and "draw:teddy-bear" in keys(gone)
    assert SPEC.refusal(gone, None, "children:device:toad").startswith("Every Toad card is in the discard pile.")
    left = SPEC.apply(state, "leave")
    assert left.left == (("master-bedroom", 1),) and "teddy-bear" in left.drawable()
    picked = settle(replace(left, where=(left.where[0], "master-bedroom", left.where[2]),
                            frames=(Frame("pickup", BO, ("master-bedroom",)),)))
    assert picked.hands[BO] == 6 and "teddy-bear" in picked.drawable()
    check(picked)


# --------------------------------------------------------------------------- bug 13


def test_free_action_devices_out_of_turn_at_any_moment_for_a_skull():
    """"Take a Skull Token": "You may play Free Action Devices out of turn only if you have at
    least 1 Skull Token": at any moment, not only at cut-downs. Ada is taking her actions;
    Bo (1 skull, in the Spire) may banish Penny in the Dormitory (2 rooms away) with the
    Feather: he turns in the skull, plays it and draws nothing for it ("you may not draw a
    new card until part 3 … of your next turn"); then Ada carries on."""
    state = mansion(where=("master-bedroom", "spire", "wine-cellar"), ghosts=[Ghost("penny", "dormitory")])
    state = replace(state, skulls=(0, 1, 0), skull_pool=5)
    prompt = SPEC.prompt(state)
    assert prompt.player == "Ada"
    extra = {c.key: c for c in prompt.out_of_turn}
    assert "free:1:feather" in extra and extra["free:1:feather"].player == "Bo"
    assert not any(k.startswith("free:2:") for k in extra)  # Cy holds no skull token
    assert not any(k.startswith("free:0:") for k in extra)  # Ada is in turn: she uses actions
    assert render(extra["free:1:feather"].label, "en") == "Use the Feather (skull token)"
    state = SPEC.apply(state, "free:1:feather")
    assert SPEC.prompt(state).player == "Bo" and keys(state) == {"banish:penny"}
    state = SPEC.apply(state, "banish:penny")
    assert "penny" in state.ghost_deck and state.skulls == (0, 0, 0) and state.skull_pool == 6
    assert state.hands == (5, 4, 5) and state.actions == 2
    assert SPEC.prompt(state).player == "Ada"
    check(state)


# --------------------------------------------------------------------------- refusals


def test_the_wrong_toy_names_the_ghosts_toy():
    """"Trapping Ghosts": "The Twins's beloved toy is the Parasol"; Rosie's is the Teddy Bear.
    The toy tapped came from a hand: not named (fix17)."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"), ghosts=[Ghost("rosie", "wash-room")])
    state = SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:hatpin")
    assert SPEC.prompt(state).text.startswith("Ada meets Rosie in the Wash Room")
    text = SPEC.refusal(state, None, "children:toy:parasol")
    assert text.startswith("A hidden card was tapped and not taken: Rosie is trapped with the Teddy Bear.")
    assert "Parasol" not in text


def test_a_tablet_already_built_is_refused_by_name():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), step=Step.TABLET, actions=0)
    text = SPEC.refusal(state, None, "children:tablet:wash-room")
    assert text.startswith("The Wash Room is already built in the mansion, on the 2nd floor.")


def test_a_card_never_drawn_is_never_called_drawn_already():
    """A ghost in the mansion, a trapped ghost, an all-discarded device: each says where it
    is; a toy when the deck holds only ghosts and fates says only "not in the Children deck now"."""
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"), ghosts=[Ghost("rosie", "spire")])
    state = SPEC.apply(state, "move:master-bedroom")
    assert SPEC.refusal(state, None, "children:ghost:rosie").startswith(
        "Rosie haunts the Spire: that card is in the mansion, not in the deck.")
    copies = state.content.cards["toad"].copies
    gone = replace(state, discard=tuple(sorted(state.discard + ("toad",) * copies)))
    assert SPEC.refusal(gone, None, "children:device:toad").startswith("Every Toad card is in the discard pile.")
    # every hand card's copy counted out of the deck (a count all can see): only ghosts and fates are left
    held = replace(state, deck=len(state.ghost_deck) + state.fates_in_deck())
    text = SPEC.refusal(held, None, "children:toy:teddy-bear")
    assert text.startswith("That card is not in the Children deck now: each card is in one place at a time")
    assert "Teddy" not in text and "Bo" not in text
    for component in ("children:ghost:rosie", "children:device:toad", "children:toy:teddy-bear"):
        assert "drawn already" not in SPEC.refusal(held, None, component)


def test_refused_touches_name_the_rule():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    assert SPEC.refusal(state, "move:dormitory", None).startswith(
        "There is no door or trapdoor between the Wash Room and the Dormitory.")
    full = replace(state, hands=(7, 5, 5))
    assert SPEC.refusal(full, "move:master-bedroom", None).startswith(
        "You may not leave a room with more cards in your hand than the hand limit (5).")
    capped = replace(state, skulls=(3, 0, 0), skull_pool=3)
    assert SPEC.refusal(capped, "skull", None).startswith("You may keep a maximum of 3 Skull Tokens.")


# --------------------------------------------------------------------------- words


def test_plurals_read_right():
    """"1 action left", "1 skull token", "1 ghost each"."""
    state = replace(mansion(where=("wash-room", "kitchen", "wine-cellar")), actions=1, skulls=(1, 0, 0),
                    skull_pool=5)
    assert SPEC.prompt(state).text == "Ada: 1 action left, 1 skull token, hand limit 5"
    from companion.games.children import effects as fx
    tied = replace(state, trapped=((("rosie", "teddy-bear"),), (("penny", "toy-02"),), ()),
                   options={**state.options, "tie_rule": "no_winner"})
    # names joined as in every game: "Ada and Bo", "Ada, Bo and Cy" (companion.engine.words, issue 21)
    assert fx.final_score(tied).news[-1] == "The game is over: Ada and Bo tie with 1 ghost each, so nobody wins."


def test_the_twins_take_plural_verbs():
    """"The Twins's beloved toy is the Parasol": The Twins are more than one child."""
    from companion.games.children import effects as fx
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    placed = fx.place_ghost(state, "the-twins", "spire")
    assert "The Twins haunt the Spire." in texts(placed)
    assert render(placed.news[-1], "it") == "The Twins infestano la Guglia."  # issue 29: the room's article
    assert "Rosie haunts the Spire." in texts(fx.place_ghost(state, "rosie", "spire"))
    moved = fx.move_ghost(placed, "the-twins", "dormitory")
    assert "The Twins drift to the Dormitory." in texts(moved)


def test_a_basement_tablet_is_in_the_basement():
    state = started()
    state = SPEC.apply(state, "tablet:wine-cellar")
    assert state.news[0] == "Put the Wine Cellar in the basement."
    assert render(state.news[0], "it") == "Mettete la Cantina nel seminterrato."  # issue 29: the article


def test_leaving_a_card_prints_news():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    state = SPEC.apply(state, "leave")
    assert state.news == ("Ada leaves a card face down under the Wash Room.",)
    assert state.news[0].todo == "place"


# --------------------------------------------------------------------------- todo lines, main choices


def test_setup_is_a_checklist_of_todo_lines():
    state = SPEC.setup(["Ada", "Bo", "Cy"], started().options)
    todos = [(line.todo, str(line)) for line in state.news if getattr(line, "todo", None)]
    assert todos == [
        ("setup", "Leave the 26 mini cards in the box: the companion deals the toy stacks, hidden."),
        ("setup", "Shuffle the room tablets face down into one pile."),
        ("setup", "Put 6 skull tokens in the skull pile (2 per player); the rest go back in the box."),
        ("setup", "Each player takes a figurine."),
        ("setup", "Turn every ghost card sepia side up and shuffle the Children deck."),
        ("deal", "Deal 5 cards to each player: a ghost or fate card dealt goes back into the deck at random and "
                 "another card is dealt."),
    ]
    start = SPEC.prompt(state).choice("start")
    assert start.main


def test_physical_instructions_are_todo_lines():
    from companion.games.children import effects as fx
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    assert fx.place_ghost(state, "rosie", "spire").news[-1].todo == "place"
    haunted = fx.place_ghost(state, "rosie", "spire")
    assert fx.move_ghost(haunted, "rosie", "dormitory").news[-1].todo == "move"
    assert fx.escape(state, ADA).news[-1].todo == "remove"
    entered = SPEC.apply(state, "move:master-bedroom")
    assert entered.news[0].todo == "move" and entered.news[0] == "Ada enters the Master Bedroom."
    drawn = SPEC.apply(entered, "draw:hatpin")
    assert drawn.news == ("Ada takes a card into their hand.",) and not drawn.news[0].todo


def test_the_expected_next_step_is_main_and_pick_lists_never_are():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    prompt = SPEC.prompt(state)
    assert not any(c.main for c in prompt.choices if c.key != "done")  # moves, devices, skull: a pick list
    spent = replace(state, actions=0)
    assert [c.key for c in SPEC.prompt(spent).choices if c.main] == ["done"]
    tablet = replace(state, step=Step.TABLET, actions=0)
    assert not any(c.main for c in SPEC.prompt(tablet).choices)
    full = replace(state, step=Step.RESTORE, hands=(7, 5, 5))
    assert [c.key for c in SPEC.prompt(full).choices if c.main] == ["leave"]


def test_every_refusal_names_a_rule_in_random_games():
    """Issue 19's sweep, for Children: in random states, every key seen elsewhere and every
    component, when refused, gets the game's reason (never the bare "Not now", never "drawn
    already"), and the refusal never errs."""
    import random

    from children_checks import random_game

    states, keys_seen = [], set()
    for seed in range(3):
        for n, (before, key, _after) in enumerate(random_game(seed, max_steps=150)):
            keys_seen.add(key)
            if n % 15 == 0:
                states.append(before)
    rng = random.Random(19)
    components = sorted(SPEC.components)
    for state in states:
        prompt = SPEC.prompt(state)
        offered = {c.key for c in prompt.choices + prompt.out_of_turn}
        for key in sorted(keys_seen - offered):
            why = SPEC.refusal(state, key, None)
            assert why and not why.startswith("Not now") and "drawn already" not in why, (key, why)
        for component in rng.sample(components, 25):
            if prompt.for_component(component) is None and not prompt.over:
                why = SPEC.refusal(state, None, component)
                assert why and "drawn already" not in why, (component, why)


def test_a_free_device_nobody_can_pay_for_is_refused_unnamed():
    """A device tapped came from a hand: its refusal names it not, nor what it does (fix17)."""
    state = replace(mansion(where=("wash-room", "kitchen", "wine-cellar")), actions=0)
    assert SPEC.refusal(state, None, "children:device:hatpin").startswith(
        "A hidden card was tapped: it cannot be played now, and it stays in the hand it came from.")


def test_out_of_turn_choices_reach_the_session_and_the_state_message():
    """The session accepts another player's out-of-turn key like an ordinary choice, and the
    daemon's state message lists it with its player (the screen's small per-player button)."""
    from companion import protocol
    from companion.header import GameHeader
    from companion.inputs import Touch
    from companion.session import Session

    state = mansion(where=("master-bedroom", "spire", "wine-cellar"), ghosts=[Ghost("penny", "dormitory")])
    state = replace(state, skulls=(0, 1, 0), skull_pool=5)
    at_this_point = copy.copy(SPEC)  # a game set up at this point (the real rules from there)
    at_this_point.setup = lambda players, options, content=None: state
    header = GameHeader.from_json({"game": "children", "players": ["Ada", "Bo", "Cy"], "seed": 1})
    session = Session(at_this_point, header)
    assert session.state == state
    listed = protocol.state_message(session, [])["prompt"]["out_of_turn"]
    assert {"key": "free:1:feather", "label": "Use the Feather (skull token)", "player": "Bo"} in listed
    reply = session.handle(Touch("free:1:feather"))
    assert reply.accepted, reply.text
    assert session.prompt.player == "Bo" and [c.key for c in session.prompt.choices] == ["banish:penny"]


# --------------------------------------------------------------------------- issue 31


def _ada_drew_the_teddy_bear():
    state = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    return SPEC.apply(SPEC.apply(state, "move:master-bedroom"), "draw:teddy-bear")


def test_irwin_biddle_asks_for_a_toy_the_table_cannot_place():
    """Irwin Biddle: "all players (if they have one) must remove 1 Toy Card from their hands".
    Ada drew the one Teddy Bear, a card only she saw; Bo is asked as any player with a card is
    and may put the Teddy Bear back (kidsleak21: leaving it out told the table it was not his;
    the table's word is taken, as for every hidden card). A Teddy Bear in a scoring pile, for
    all to see, is neither offered nor taken."""
    state = _ada_drew_the_teddy_bear()
    bo = replace(state, frames=(Frame("biddle", BO),))
    assert {"biddle-toy:teddy-bear", "biddle-toy:parasol", "no-toy"} <= keys(bo)
    after = SPEC.apply(bo, "biddle-toy:teddy-bear")
    assert after.hands[BO] == 4 and after.deck == state.deck + 1
    scored = replace(bo, trapped=((("rosie", "teddy-bear"),), (), ()), hands=(5, 5, 5))
    assert "biddle-toy:teddy-bear" not in keys(scored)
    assert SPEC.refusal(scored, None, "children:toy:teddy-bear").startswith(
        "The Teddy Bear is in a scoring pile: it trapped its ghost.")
    ada = replace(state, frames=(Frame("biddle", ADA),))
    assert "biddle-toy:teddy-bear" in keys(ada)


def test_a_ghost_is_offered_a_toy_the_table_cannot_place():
    """Bo meets Rosie after Ada drew the one Teddy Bear: "Trap Rosie with the Teddy Bear" is
    offered as it would be whoever drew it (kidsleak21: only Run told the table where it was);
    tapped, Bo traps Rosie and the Teddy Bear goes to his scoring pile."""
    state = _ada_drew_the_teddy_bear()
    state = replace(state, ghosts=(Ghost("rosie", "kitchen"),), frames=(Frame("check", BO, ("kitchen",)),),
                    ghost_deck=tuple(g for g in state.ghost_deck if g != "rosie"), deck=state.deck - 1)
    assert keys(state) == {"catch:rosie", "run"}
    caught = SPEC.apply(state, "catch:rosie")
    assert caught.trapped[BO] == (("rosie", "teddy-bear"),) and caught.hands[BO] == 4
    check(caught)
    ada = replace(state, where=("kitchen", "kitchen", "wine-cellar"), frames=(Frame("check", ADA, ("kitchen",)),))
    assert "catch:rosie" in keys(ada)


def test_a_toy_tapped_while_a_player_cuts_down_names_the_cut_down():
    """Issue 31, words 2: the hand limit dropped and a player still cuts down: that comes first."""
    state = replace(mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(5, 6, 5)), frames=(Frame("cut", BO),))
    text = SPEC.refusal(state, None, "children:toy:teddy-bear")
    assert text.startswith("The hand limit dropped: players cut down first.")
    assert render(text, "it").startswith("Il limite di mano è sceso: prima i giocatori riducono la mano.")
