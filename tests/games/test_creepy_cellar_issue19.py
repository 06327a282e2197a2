"""Creepy Cellar: the rule bugs of issue 19 (items 1-5), each checked against the rulebook.

Sources: ``creepy-cellar.txt`` (section names in quotes); the house rule for hunters who
have left the castle is explained in docs/house-rules.md ("Creepy Cellar: hunters out of
the castle").
"""

from __future__ import annotations

from dataclasses import replace

from cellar_checks import keys, play

from companion.engine import get_game, resolve_options

SPEC = get_game("creepy_cellar")
ROOMS = "ABCDEFGHIJKLMN"


def new_game(players=("Ada", "Bo", "Cy"), **options):
    return SPEC.setup(list(players), resolve_options(SPEC, options))


def hunter(state, index: int, **changes):
    hunters = list(state.hunters)
    hunters[index] = replace(hunters[index], **changes)
    return replace(state, hunters=tuple(hunters))


def board(state, ghosts=None, **changes):
    if ghosts is not None:
        changes["ghosts"] = tuple(ghosts.get(room, 0) for room in ROOMS)
    return replace(state, **changes)


def all_in(state):
    """Every treasure of a Basic game in the cellar."""
    return replace(state, treasures=(), taken=tuple("ABCDEFGH"), cellar=("treasure",) * 8)


# --------------------------------------------------------------------------- item 1


def test_the_front_doors_stay_locked_until_every_treasure_is_in_the_cellar():
    """"Object of the Game": "The front doors locked the moment you entered and the only way
    to open it is to take the treasures down to the Cellar rooms." So "Out of the castle" is
    not offered on the first move, nor with a treasure in the backpack, nor with one treasure
    still missing; it is once all are in."""
    first = play(new_game(), "roll", "die:6", "move:A")
    assert "move:outside" not in keys(first)
    carrying = play(hunter(new_game(), 0, at="B", treasure="cursed-minus-one"), "roll", "die:6")
    assert "move:outside" not in keys(carrying)
    basic = new_game(mode="basic")
    seven = hunter(replace(all_in(basic), cellar=("treasure",) * 7), 0, at="M")
    assert "move:outside" not in keys(play(seven, "roll", "die:6"))
    eight = hunter(all_in(basic), 0, at="M")
    assert "move:outside" in keys(play(eight, "roll", "die:6"))


# --------------------------------------------------------------------------- item 2


def test_a_ghost_that_arrives_after_the_drop_off_is_fought():
    """"Pick Up Cellar Card": "Dropping off a treasure ends the player's movement phase;
    however, they must fight if there is a ghost in the room before ending their turn." A
    +Ghost Cellar card whose Ghost King card names the hunter's cellar room puts a ghost
    there: the fight dice are due before End turn."""
    state = hunter(new_game(), 0, at="M", treasure="cursed-minus-one")
    state = play(state, "roll", "die:6", "done-moving", "drop-off", "cellar:plus-ghost", "king:king-M")
    assert state.ghosts_in("M") == 1
    assert state.step == "fight" and keys(state) == ["fight"]
    state = play(state, "fight", "fight-dice:ghost")
    assert state.ghosts_in("M") == 0 and keys(state) == ["end-turn"]
    elsewhere = hunter(new_game(), 0, at="M", treasure="cursed-minus-one")
    elsewhere = play(elsewhere, "roll", "die:6", "done-moving", "drop-off", "cellar:plus-ghost", "king:king-B")
    assert elsewhere.step == "after" and keys(elsewhere) == ["end-turn"]


# --------------------------------------------------------------------------- item 3


def test_the_table_chooses_which_discarded_passage_tile_comes_back_or_none():
    """"Jinxed Item": "When you get rid of a Jinxed Item, you MAY place a previously
    discarded secret passage tile in its indicated room." The indicated room is the
    tile's own room ("Add Secret Passage tiles to rooms A, F, G and K"); the table picks
    which discarded tile comes back, or none. Only a room that had a tile is offered."""
    state = replace(hunter(new_game(), 0, at="E", jinxed="jinxed-E"), passages=("F", "G"))
    state = play(state, "roll", "die:6", "done-moving")
    assert state.hunters[0].jinxed is None
    assert keys(state) == ["passage-tile:A", "passage-tile:K", "passage-tile:none"]
    assert SPEC.prompt(state).choices[-1].main is False  # a pick list has no main button
    back = play(state, "passage-tile:K")
    assert back.passages == ("F", "G", "K") and back.step == "after"
    none = play(state, "passage-tile:none")
    assert none.passages == ("F", "G") and none.step == "after"
    full = replace(hunter(new_game(), 0, at="E", jinxed="jinxed-E"), passages=("A", "F", "G", "K"))
    full = play(full, "roll", "die:6", "done-moving")
    assert full.step == "after" and not any(k.startswith("passage-tile") for k in keys(full))


def test_house_rule_jinxed_room_offers_the_jinxed_items_room():
    """House rule ``jinxed_passage_room = jinxed_room``: the other reading of "its indicated
    room" (the Jinxed Item's room); still a "may"."""
    state = replace(hunter(new_game(jinxed_passage_room="jinxed_room"), 0, at="E", jinxed="jinxed-E"),
                    passages=("F", "G"))
    state = play(state, "roll", "die:6", "done-moving")
    assert keys(state) == ["passage-tile:E", "passage-tile:none"]
    assert play(state, "passage-tile:E").passages == ("E", "F", "G")


# --------------------------------------------------------------------------- item 4


def test_an_exited_hunter_is_out_for_good_but_the_ghost_deck_is_still_flipped():
    """House rule ``exited_hunters = out_for_good`` (the rulebook is silent; docs/house-rules.md):
    a hunter out of the castle after every treasure is in takes no more moves and a Trap Door
    does not pull it back; its player still rolls and flips Ghost cards for the table while any
    hunter is inside."""
    state = all_in(new_game(mode="basic"))
    state = hunter(hunter(hunter(state, 0, at="outside"), 1, at="C"), 2, at="D")
    assert SPEC.prompt(state).text == ("Ada is out of the castle for good: press the dice button to flip "
                                       "Ghost cards for the table")
    state = play(state, "roll", "die:2", "ghost:room-A")
    assert state.step == "after" and keys(state) == ["end-turn"]
    assert SPEC.prompt(state).text == "Ada is out of the castle for good: End turn"
    trap = all_in(new_game(mode="basic"))
    trap = hunter(hunter(trap, 1, at="C"), 2, at="D")
    trap = play(trap, "roll", "die:2", "ghost:trap-door", "king:king-E")
    assert trap.hunters[0].at == "outside"
    assert "out of the castle for good" in " ".join(SPEC.news(trap))


def test_house_rule_exited_hunters_keep_turns():
    """``exited_hunters = keep_turns``: the hunter still moves (it may go back in)."""
    state = all_in(new_game(mode="basic", exited_hunters="keep_turns"))
    state = hunter(hunter(hunter(state, 0, at="outside"), 1, at="C"), 2, at="D")
    state = play(state, "roll", "die:2", "ghost:room-A")
    assert state.step == "move" and "move:A" in keys(state)


# --------------------------------------------------------------------------- item 5


def test_a_correction_that_puts_the_last_hunter_out_wins_the_game():
    """"Winning the Game": "Once all Treasures are safely placed in the cellar and all
    players have exited the castle, everyone wins!" The win check runs after a table-check
    correction too, and triggers nothing else (no draw, no haunting)."""
    state = all_in(new_game(mode="basic"))
    state = hunter(hunter(state, 0, at="outside"), 1, at="outside")
    state = hunter(state, 2, at="hallway")
    before = state.ghosts
    state = SPEC.apply(state, "fix:hunter:blue:outside")
    assert state.outcome == "won" and state.step == "over" and state.ghosts == before
    assert SPEC.prompt(state).over


# --------------------------------------------------------------------------- refusals


def refused(state, key=None, component=None) -> str:
    return SPEC.refusal(state, key, component)


def test_refusals_name_the_rule():
    """Issue 19 "Refusals that name the rule": each refused touch or tap says the rule."""
    ghost_d = play(board(hunter(new_game(), 0, at="D"), ghosts={"D": 1}), "roll", "die:6", "done-moving",
                   "fight", "fight-dice:blank")
    assert refused(ghost_d, "pick-up").startswith("Pick up needs the ghost in room D beaten first.")
    advanced = hunter(new_game(mode="advanced"), 0, at="M", treasure="treasure-2")
    advanced = play(advanced, "roll", "die:6")
    assert refused(advanced, "drop-off").startswith("Treasure 2 goes in slot 2, after slot 1 is filled.")
    used = play(replace(hunter(new_game(), 0, at="A"), passages=("A", "G", "K")), "roll", "die:6")
    assert refused(used, "passage:F").startswith("That passage tile is used: room F has no secret passage")
    assert refused(used, "move:outside").startswith("The front doors open only once every treasure is in "
                                                    "the cellar (0 of 12 now).")


def test_a_basic_mode_card_is_not_called_drawn_already():
    """Basic takes the Doors Locked and Draw + Shuffle cards out ("Alternate Modes: Basic"): a
    tap of one says so, not "drawn already"."""
    state = play(new_game(mode="basic", ghost_deck="physical"), "roll", "die:2")
    text = refused(state, component="creepy_cellar:ghost:green-doors-locked")
    assert text.startswith("The Green Doors Locked card is not used in Basic mode: it stays in the box.")


def test_the_no_leave_block_names_the_real_blocker():
    """"You cannot leave a room with a green ghost or a haunting in it while holding this
    treasure" ("Cursed Treasures"): a haunting is named as a haunting."""
    state = replace(hunter(new_game(), 0, at="D", treasure="cursed-no-leave"),
                    hauntings=tuple(1 if r == "D" else 0 for r in ROOMS))
    state = play(state, "roll", "die:6")
    assert SPEC.prompt(state).text.startswith(
        "Ada (in room D) cannot leave a room with a haunting in it while holding that treasure")
    assert "a haunting in it" in refused(state, "move:C")


# --------------------------------------------------------------------------- prompts and words, todo lines


def test_basic_physical_setup_names_the_six_cards_out_and_the_treasures():
    """"Alternate Modes: Basic": "Remove Blue and Green Doors Locked, Draw 2 + Shuffle and Draw
    3+ Shuffle cards from the Ghost deck"; "use the original 8 treasures"."""
    news = SPEC.news(new_game(mode="basic", ghost_deck="physical"))
    assert ("Take these 6 cards out of the Ghost deck: 2 Green Doors Locked, 2 Blue Doors Locked, "
            "Draw 2 + Shuffle and Draw 3 + Shuffle.") in news
    assert any(str(line).startswith("Put the 8 original treasures face-down") for line in news)
    assert all(line.todo == "setup" for line in news)
    assert not any("Jinxed" in str(line) and "box" not in str(line) for line in news)


def test_nightmare_setup_mentions_the_six_jinxed_tiles():
    """"Set Up": "Shuffle the Jinxed Item tiles and place them face-down next to the Cellar Board" (the
    table's own tiles, ``tiles = physical``; the companion's draws leave them in the box: cc21)."""
    assert "Shuffle the 6 Jinxed Item tiles and put them face-down next to the Cellar board." in SPEC.news(
        new_game(tiles="physical"))


def test_basic_and_advanced_jinxed_item_card_names_no_tile():
    """Secret passage and Jinxed Item tiles are Nightmare components: in Basic and Advanced
    the Jinxed Item Cellar card does nothing, and says why."""
    state = hunter(new_game(mode="advanced"), 0, at="M", treasure="treasure-1")
    state = play(state, "roll", "die:6", "done-moving", "drop-off", "cellar:jinxed-item")
    assert SPEC.news(state)[-1] == "Jinxed Item tiles are not used in Advanced mode: the card does nothing."


def test_rogue_ghost_says_it_is_the_ghost_king_card():
    """House rule ``rogue_ghost = ghost_king`` (notes 3.E F-A1)."""
    state = play(new_game(), "roll", "die:2", "ghost:rogue-ghost")
    assert "The Rogue Ghost card is played as the Ghost King card: draw a Ghost King card." in SPEC.news(state)


def test_the_after_move_prompt_offers_only_what_is_possible():
    state = hunter(new_game(mode="basic"), 0, at="M", treasure="treasure")
    state = play(state, "roll", "die:6", "done-moving")
    assert SPEC.prompt(state).text == "Ada: drop off the treasure, or End turn"
    pick = play(hunter(new_game(mode="basic"), 0, at="A"), "roll", "die:6", "done-moving")
    assert SPEC.prompt(pick).text == "Ada: pick up the treasure, or End turn"


def test_two_player_news_names_the_hunter():
    state = play(new_game(("Ada", "Bo")), "roll", "die:6", "move:A")
    assert SPEC.news(state) == ("Ada's red hunter moves to room A.",)


def test_no_nested_brackets_in_labels():
    """Every card and treasure label reads without a bracket inside a bracket."""
    from companion.games.creepy_cellar import components as cc

    for component in SPEC.components:
        label = str(cc.component_label(component))
        assert "(" not in label.partition("(")[2], label


def test_todo_lines_and_the_main_choice():
    """Physical instructions are todo lines; the expected next step is the main choice."""
    state = new_game()
    assert [c.main for c in SPEC.prompt(state).choices] == [True]  # Roll
    state = play(state, "roll", "die:2", "ghost:room-E")
    assert [(line, line.todo) for line in SPEC.news(state)][-1] == ("Place a ghost in room E.", "place")
    # issue 29: right after the roll the expected step is a move (a room, on the board or
    # in a slot), not End turn: no choice is the big button while a move is left
    moves = SPEC.prompt(state)
    assert any(c.key.startswith("move:") for c in moves.choices)
    assert [c.key for c in moves.choices if c.main] == []
    fight = play(board(hunter(new_game(), 0, at="D"), ghosts={"D": 1}), "roll", "die:6", "done-moving")
    assert [c.key for c in SPEC.prompt(fight).choices if c.main] == ["fight"]
    fought = play(fight, "fight", "fight-dice:ghost")
    assert SPEC.news(fought)[-1].todo == "remove"
    locked = play(new_game(), "roll", "die:2", "ghost:green-doors-locked")
    assert SPEC.news(locked)[-1].todo == "lock"
    out = all_in(new_game(mode="basic"))
    out = play(hunter(hunter(out, 0, at="M"), 1, at="C"), "roll", "die:6", "move:outside")
    assert SPEC.news(out)[-1].todo == "out"
    tile = replace(hunter(new_game(), 0, at="E", jinxed="jinxed-E"), passages=("F", "G"))
    tile = play(tile, "roll", "die:6", "done-moving")
    assert not any(c.main for c in SPEC.prompt(tile).choices)  # a pick list


def test_rare_issue_19_lines_in_italian():
    from companion.i18n import render

    holding = hunter(new_game(), 0, at="M", treasure="cursed-minus-one", jinxed="jinxed-B")
    holding = play(holding, "roll", "die:6", "done-moving", "drop-off", "cellar:jinxed-item")
    assert render(SPEC.news(holding)[-1], "it") == (
        "Ada tiene già un Oggetto Stregato: la carta non ha effetto.")
    empty = replace(hunter(new_game(), 0, at="M", treasure="cursed-minus-one"), jinxed_pile=(),
                    jinxed_dropped=tuple(f"jinxed-{r}" for r in "BDEHJL"))
    empty = play(empty, "roll", "die:6", "done-moving", "drop-off", "cellar:jinxed-item")
    assert render(SPEC.news(empty)[-1], "it") == (
        "Tutte e 6 le tessere Oggetto Stregato sono già prese: la carta non ha effetto.")
    tile = replace(hunter(new_game(), 0, at="E", jinxed="jinxed-E"), passages=("F", "G"))
    tile = play(tile, "roll", "die:6", "done-moving", "passage-tile:none")
    assert render(SPEC.news(tile)[-1], "it") == "Nessuna tessera passaggio segreto torna sul tabellone."
    trap = all_in(new_game(mode="basic"))
    trap = play(hunter(hunter(trap, 1, at="C"), 2, at="D"), "roll", "die:2", "ghost:trap-door", "king:king-E")
    assert render(SPEC.news(trap)[0], "it") == (
        "Botola verso la stanza E, ma Ada è fuori dal castello per sempre: il cacciatore resta fuori.")
    basic = play(new_game(mode="basic", ghost_deck="physical"), "roll", "die:2")
    nightmare_only = SPEC.refusal(basic, None, "creepy_cellar:jinxed:jinxed-B")
    assert render(nightmare_only, "it").startswith("Le tessere Oggetto Stregato si usano solo in modalità Incubo.")
    assert render(SPEC.refusal(new_game(mode="basic"), None, "creepy_cellar:treasure:cursed-no-leave"),
                  "it").startswith("Tesoro Maledetto (")
    from companion.games.creepy_cellar import components as cc
    assert render(cc.MODE_NAMES["nightmare"], "it") == "Incubo"
