"""Creepy Cellar hunters: two per player in a 2-player game, the movers' tags, what the
move step checks and what it leaves to the table.

Sources: notes.md 1.5 "Setup" ("With 2 players, each controls 2 hunters"; brettvormblog.de,
one of its sources: each player moves the two "abwechselnd", alternately), house rule
``two_player_turns``; creepy-cellar.txt "Winning the Game" ("all players have exited the
castle"), "Let's Play" (the movement die), "Ghost Cards" (Doors Locked: "players cannot move
through locked doors"), "Cellar Cards" (Unlock all doors); issue 4 "Hunters and turn" (a move
reported by one touch, or by tapping a hunter's tile on a reader).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from cellar_checks import keys, new_game, play

from companion.engine import get_game
from companion.errors import RuleViolation
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.odds import _turns, odds_haunting
from companion.games.creepy_cellar.state import Hunter, Step
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Press, Tap, Touch
from companion.session import Session

SPEC = get_game("creepy_cellar")
RED, YELLOW, BLUE, GREEN = "04CC0000000001", "04CC0000000002", "04CC0000000003", "04CC0000000004"
MOVERS = {RED: "creepy_cellar:hunter:red", YELLOW: "creepy_cellar:hunter:yellow",
          BLUE: "creepy_cellar:hunter:blue", GREEN: "creepy_cellar:hunter:green"}
#: The three other hunters of a 2-player game roll a 6 and end their turns.
ROUND = ("end-turn",) + ("roll", "die:6", "end-turn") * 3


def placed(state, **places):
    """``state`` with hunters placed by index: ``placed(state, h0="C", h2="M")``."""
    hunters = list(state.hunters)
    for name, at in places.items():
        hunters[int(name[1:])] = replace(hunters[int(name[1:])], at=at)
    return replace(state, hunters=tuple(hunters))


def start(players=("Ada", "Bo"), stack=None, options=None) -> Session:
    """A session whose table tagged its movers (option ``mover_tags``)."""
    return Session.start(GameHeader.from_json({
        "game": "creepy_cellar", "players": list(players), "seed": 3, "stack": stack or {},
        "options": {"mover_tags": True} | (options or {}), "tags": MOVERS}))


# --------------------------------------------------------------------------- how many hunters


@pytest.mark.parametrize("players, count", [(("Ada",), 1), (("Ada", "Bo"), 4),
                                            (("Ada", "Bo", "Cy"), 3), (("Ada", "Bo", "Cy", "Di"), 4)])
def test_hunters_per_player_count(players, count):
    """notes.md 1.5 "Setup": "With 2 players, each controls 2 hunters"; otherwise one each."""
    state = new_game(players)
    assert len(state.hunters) == count
    assert all(h == Hunter() for h in state.hunters)  # all outside at the front door
    assert [state.owner(i) for i in range(count)] == [players[i % len(players)] for i in range(count)]


def test_two_players_are_told_which_movers_they_take():
    assert SPEC.news(new_game())[-2:] == ("Ada moves the red hunter and the blue hunter.",
                                          "Bo moves the yellow hunter and the green hunter.")
    assert SPEC.news(new_game(("Ada", "Bo", "Cy")))[-3:] == (
        "Ada moves the red hunter.", "Bo moves the yellow hunter.", "Cy moves the blue hunter.")
    assert render(SPEC.news(new_game())[-2], "it") == "Ada muove il cacciatore rosso e il cacciatore blu."


def test_two_players_alternate_their_hunters_red_yellow_blue_green():
    """Default ``two_player_turns = alternate``: Ada red, Bo yellow, Ada blue, Bo green, Ada red."""
    state = new_game()
    seen = []
    for _ in range(5):
        seen.append((state.player, state.colour, state.active, state.step))
        state = play(state, "roll", "die:6", "end-turn")
    assert seen == [("Ada", "red", 0, "roll"), ("Bo", "yellow", 1, "roll"), ("Ada", "blue", 2, "roll"),
                    ("Bo", "green", 3, "roll"), ("Ada", "red", 0, "roll")]
    assert state.turn == 6 and state.active == 1
    assert SPEC.news(state) == ("Bo's turn with the yellow hunter.",)


def test_each_hunter_moves_on_its_own_turn():
    state = play(new_game(), "roll", "die:6", "move:A", "done-moving", "end-turn")  # Ada red -> A
    state = play(state, "roll", "die:6", "move:hallway", "end-turn")    # Bo yellow -> hallway
    state = play(state, "roll", "die:6", "move:C")                      # Ada blue -> C
    assert [h.at for h in state.hunters] == ["A", "hallway", "C", "outside"]
    view = SPEC.view(state)
    assert list(view["hunters"]) == ["Ada (red)", "Bo (yellow)", "Ada (blue)", "Bo (green)"]
    assert view["active_hunter"] == "Ada (blue)" and view["turn"] == "Ada"
    assert view["hunters"]["Ada (blue)"] == {"at": "C", "carrying": None, "power": None, "jinxed": None,
                                             "player": "Ada", "colour": "blue"}
    assert SPEC.prompt(state).text == "Ada's blue hunter (in room C): move up to 5, then Done moving"


def test_one_hunter_each_keeps_the_names_as_keys():
    view = SPEC.view(new_game(("Ada", "Bo", "Cy")))
    assert list(view["hunters"]) == ["Ada", "Bo", "Cy"] and view["active_hunter"] == "Ada"
    assert view["hunters"]["Cy"]["colour"] == "blue"


def test_the_win_needs_every_hunter_out():
    """"Once all Treasures are safely placed in the cellar and all players have exited the
    castle, everyone wins!": with 2 players that is all four hunters."""
    state = replace(new_game(mode="basic"), cellar=("treasure",) * 8, treasures=())
    state = placed(state, h0="B", h1="outside", h2="A", h3="outside")
    state = play(state, "roll", "die:6", "move:outside")  # Ada's red hunter leaves: no win yet
    assert state.outcome is None
    state = play(state, "end-turn", "roll", "die:6", "end-turn")  # Bo's yellow hunter is out
    assert state.outcome is None and state.active == 2  # Ada's blue hunter is still in A
    state = play(state, "roll", "die:6", "move:outside")
    assert state.outcome == "won" and state.step == Step.OVER


def test_a_hunter_out_for_good_with_moves_left_is_not_told_to_move():
    """newcomer (the demo): Bo rolled 4 and stepped out of the castle for good; the prompt said
    "Bo (outside): move up to 3; green doors are locked, then End turn", but only End turn is
    offered (exited_hunters = out_for_good): it says so, as after the move."""
    state = replace(new_game(("Ada", "Bo", "Cy"), mode="basic"), cellar=("treasure",) * 8, treasures=())
    state = play(placed(state, h0="B", h1="A", h2="C"), "roll", "die:4", "ghost:room-H", "move:outside")
    assert state.outcome is None and state.moves == 3
    prompt = SPEC.prompt(state)
    assert keys(state) == ["end-turn"]
    assert prompt.text == "Ada is out of the castle for good: End turn"
    assert render(prompt.text, "it") != prompt.text  # the words the after-move prompt already has


def test_a_players_second_hunter_makes_two_fight_dice():
    """notes.md 1.5 "Fighting": two dice "with more than 1 hunter in the room" - a player's
    own second hunter counts."""
    state = placed(new_game(), h0="C", h2="C")
    state = play(state, "roll", "die:6", "done-moving")
    assert state.step == "fight"
    assert SPEC.view(state)["fight_odds"] == {"any": round(27 / 36, 3), "clear": 0.75}
    assert [o.weight for o in SPEC.prompt(play(state, "fight")).chance.outcomes] == [9, 12, 6, 4, 4, 1]


def test_choose_house_rule_picks_the_hunter_by_tap_or_touch():
    """``two_player_turns = choose``: each turn begins with the player's pick of hunter, and
    the start-of-turn cursed ghost is the picked hunter's."""
    state = new_game(two_player_turns="choose")
    assert state.step == Step.HUNTER
    prompt = SPEC.prompt(state)
    assert prompt.text == "Ada: which hunter takes this turn? Tap its mover or touch it"
    assert [(c.key, c.label, c.component) for c in prompt.choices] == [
        ("hunter:red", "red hunter", "creepy_cellar:hunter:red"),
        ("hunter:blue", "blue hunter", "creepy_cellar:hunter:blue")]
    state = play(state, "hunter:blue")
    assert (state.active, state.step, SPEC.news(state)) == (2, "roll", ("Ada's turn with the blue hunter.",))
    state = play(state, "roll", "die:6", "end-turn")
    assert state.step == Step.HUNTER and state.player == "Bo" and keys(state) == ["hunter:yellow", "hunter:green"]
    assert SPEC.news(state) == ("Bo's turn: which hunter?",)
    cursed = replace(state, hunters=tuple(
        replace(h, at="C", treasure="cursed-add-ghost") if i == 3 else h for i, h in enumerate(state.hunters)))
    yellow = play(cursed, "hunter:yellow")
    assert yellow.ghosts == state.ghosts  # the yellow hunter holds nothing
    green = play(cursed, "hunter:green")
    assert green.ghosts_in("C") == 2 and SPEC.news(green)[1] == "Bo's cursed treasure adds a ghost to room C."
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "hunter:red")  # Ada's mover on Bo's turn
    three = new_game(("Ada", "Bo", "Cy"), two_player_turns="choose")
    assert three.step == Step.ROLL  # only 2-player games have two hunters each


# --------------------------------------------------------------------------- the movers' tags


def test_movers_are_tagged_pieces_read_on_the_tiles_reader():
    assert SPEC.pieces[-4:] == tuple(f"creepy_cellar:hunter:{c}" for c in cc.HUNTER_COLOURS)
    assert {f"creepy_cellar:hunter:{c}" for c in cc.HUNTER_COLOURS} <= SPEC.components
    assert SPEC.reader_roles["hunter"] == "tiles"
    assert SPEC.component_label("creepy_cellar:hunter:yellow") == "yellow hunter"
    assert render(SPEC.component_label("creepy_cellar:hunter:yellow"), "it") == "cacciatore giallo"


def test_tap_the_mover_then_touch_the_room():
    """The tap names the hunter, the touch the place: one reader is enough."""
    session = start(stack={"movement_die": [6]})
    session.handle(Press("dice"))
    assert session.prompt.for_component(MOVERS[RED]).key == "hunter:red"
    reply = session.handle(Tap(RED))
    assert reply.accepted and reply.news == ("Ada: touch where the red hunter goes.",)
    assert session.prompt.text == ("Ada's red hunter (outside): touch where the red hunter goes, "
                                   "up to 6 spaces, then End turn")
    assert session.prompt.for_component(MOVERS[RED]) is None  # tapped once is enough
    assert "move:C" in [c.key for c in session.prompt.choices]
    assert session.handle(Touch("move:C")).accepted
    assert session.state.hunters[0].at == "C" and not session.state.held
    assert session.prompt.text == "Ada's red hunter (in room C): move up to 5, then Done moving"
    assert session.history[-2].action == "hunter:red"


def test_a_tap_then_the_touch_is_the_same_move_as_the_touch_alone():
    base = play(new_game(mover_tags=True), "roll", "die:4", "ghost:room-B")
    assert play(base, "hunter:red", "move:D") == play(base, "move:D")


def test_tapping_another_players_mover_is_refused_with_whose_it_is():
    session = start(stack={"movement_die": [6]})
    session.handle(Press("dice"))
    state = session.state
    reply = session.handle(Tap(YELLOW))
    assert not reply.accepted and session.state is state
    assert reply.text == ("That is Bo's yellow hunter; Ada is moving. "
                          "Ada's red hunter (outside): move up to 6, then End turn.")
    reply = session.handle(Tap(BLUE))
    assert reply.text == ("That is Ada's other hunter, the blue hunter; this turn Ada moves the red hunter. "
                          "Ada's red hunter (outside): move up to 6, then End turn.")
    assert render(reply.text, "it") == (
        "Quello è l'altro cacciatore di Ada, il cacciatore blu; in questo turno Ada muove il cacciatore "
        "rosso. Ada col cacciatore rosso (fuori): muovi fino a 6, poi Fine turno.")
    italian = session.handle(Tap(GREEN))
    assert render(italian.text, "it") == (
        "Quello è il cacciatore verde di Bo; sta muovendo Ada. "
        "Ada col cacciatore rosso (fuori): muovi fino a 6, poi Fine turno.")


def test_without_mover_tags_the_move_step_has_no_mover_button():
    """Option ``mover_tags`` off (the default): the screen shows no mover button, and a
    tapped mover is answered with why."""
    state = play(new_game(), "roll", "die:6")
    assert not any(k.startswith("hunter:") for k in keys(state))
    session = Session.start(GameHeader.from_json({
        "game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "tags": MOVERS,
        "stack": {"movement_die": [6]}}))
    session.handle(Press("dice"))
    reply = session.handle(Tap(RED))
    assert not reply.accepted and reply.text == (
        "Movers are not tapped in this game (option mover_tags is off): touch the place on the screen. "
        "Ada's red hunter (outside): move up to 6, then End turn.")
    assert render(reply.text, "it").startswith("In questa partita le pedine non si appoggiano")
    assert session.handle(Tap(YELLOW)).text.startswith("That is Bo's yellow hunter; Ada is moving.")


def test_a_mover_tapped_outside_the_move_step_or_not_in_the_game():
    session = start(players=("Ada", "Bo", "Cy"))
    reply = session.handle(Tap(RED))
    assert not reply.accepted
    assert reply.text == ("The red hunter is tapped in the move step, to say which hunter moves. "
                          "Ada: press the dice button.")
    reply = session.handle(Tap(GREEN))
    assert reply.text == "The green hunter is not in this game (3 hunters). Ada: press the dice button."
    assert render(reply.text, "it").startswith("Il cacciatore verde non è in questa partita (3 cacciatori).")


def test_no_mover_tap_when_the_hunter_cannot_move():
    """No movement points left (a 1 with the subtract-1 treasure) or held by the no-leave
    treasure: the move step offers no mover tap."""
    cursed = Hunter(at="hallway", treasure="cursed-minus-one")
    minus = replace(new_game(mover_tags=True), hunters=(cursed,) + (Hunter(),) * 3)
    stuck = play(minus, "roll", "die:1", "ghost:room-A")
    assert stuck.moves == 0 and "hunter:red" not in keys(stuck)
    held = placed(replace(new_game(mover_tags=True),
                          hunters=(Hunter(at="C", treasure="cursed-no-leave"),) + (Hunter(),) * 3))
    assert "hunter:red" not in keys(play(held, "roll", "die:6"))
    free = play(new_game(mover_tags=True), "roll", "die:6")
    assert keys(free)[-2:] == ["hunter:red", "end-turn"]


def test_mover_tap_in_a_two_player_choose_game_goes_through_the_session():
    session = start(options={"two_player_turns": "choose"}, stack={"movement_die": [5, 6]})
    assert session.prompt.text == "Ada: which hunter takes this turn? Tap its mover or touch it"
    reply = session.handle(Tap(YELLOW))  # Bo's mover on Ada's pick
    assert not reply.accepted and reply.text == (
        "That is Bo's yellow hunter; Ada is moving. Ada: which hunter takes this turn? Tap its mover or touch it.")
    assert session.handle(Tap(BLUE)).accepted and session.state.active == 2
    assert session.handle(Press("dice")).accepted


# --------------------------------------------------------------------------- move rules


def test_the_move_prompt_tells_what_the_table_checks_itself():
    """The board's corridors and door colours are not public (notes.md 1.5): the companion
    counts movement points and knows which colour is locked; the table counts the spaces
    and keeps off locked doors. "players cannot move through locked doors" ("Ghost Cards")."""
    state = play(new_game(("Ada", "Bo", "Cy"), mover_tags=True), "roll", "die:4", "ghost:blue-doors-locked")
    assert SPEC.prompt(state).text == "Ada (outside): move up to 4; blue doors are locked, then End turn"
    held = play(state, "hunter:red")
    assert SPEC.prompt(held).text == ("Ada (outside): touch where the red hunter goes, up to 4 spaces; "
                                      "blue doors are locked, then End turn")
    assert render(SPEC.prompt(held).text, "it") == (
        "Ada (fuori): tocca dove va il cacciatore rosso, fino a 4 spazi; le porte blu sono chiuse a chiave, "
        "poi Fine turno")
    state = play(held, "move:B", "move:C", "move:D", "move:E")
    assert state.moves == 0 and not any(k.startswith("move:") for k in keys(state))
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "move:F")  # a fifth move with a 4


def test_unlock_all_doors_cellar_card_unlocks():
    """"Unlock all doors: Discard any Doors Locked cards that may be activated. All doors are
    now unlocked." ("Cellar Cards")."""
    state = replace(new_game(("Ada",)), locked="green",
                    hunters=(Hunter(at="M", treasure="cursed-minus-one"),))
    state = play(state, "roll", "die:6", "done-moving", "drop-off", "cellar:unlock-doors")
    assert state.locked is None and "Unlock the green doors." in SPEC.news(state)


# --------------------------------------------------------------------------- odds, snapshots, rare news


def test_odds_meter_counts_the_other_players_next_hunter():
    """Before Ada's roll in a 2-player game: her roll, then Bo's next hunter (yellow) - not
    Ada's blue one, whose turn comes after hers."""
    state = new_game()
    assert [t[0] for t in _turns(state)] == [False, True]
    cursed = replace(state, ghosts=(0,) * 14, hunters=(
        Hunter(), Hunter(at="C", treasure="cursed-add-ghost"), Hunter(), Hunter()))
    assert _turns(cursed)[1] == (True, 1, 2)
    doomed = replace(cursed, ghosts=tuple(2 if r == "C" else 0 for r in cc.ROOMS))
    assert odds_haunting(doomed) == 1.0
    blue_only = replace(doomed, hunters=(Hunter(), Hunter(), Hunter(at="C", treasure="cursed-add-ghost"), Hunter()))
    assert _turns(blue_only)[1] == (True, 1, -1)


def test_held_round_trips_and_older_snapshots_are_not_used():
    state = play(new_game(mover_tags=True), "roll", "die:3", "ghost:room-A", "hunter:red")
    assert state.held
    data = json.loads(json.dumps(SPEC.encode(state)))
    assert SPEC.decode(data) == state
    assert data["pending"] == [{"kind": "held", "player": 0, "args": []}]  # the engine's frames (issue 21)
    del data["pending"]  # a snapshot from before the field: the session replays the log instead
    with pytest.raises(ValueError, match=r"fields differ: \['pending'\]"):
        SPEC.decode(data)
    old = {**data, "version": 2, "held": True}  # format 2 kept the flag as a field of its own
    with pytest.raises(ValueError):
        SPEC.decode(old)


def test_an_empty_ghost_deck_takes_back_its_discards():
    """"If the Ghost King deck is ever empty, shuffle the discards" ("Set Up"); the same for
    the Ghost deck (house-rules.md)."""
    state = replace(new_game(), ghost_deck=("room-A",), ghost_discard=("room-B", "shuffle"))
    state = play(state, "roll", "die:2", "ghost:room-A")
    assert state.ghost_deck == ("room-A", "room-B", "shuffle") and state.ghost_discard == ()
    news = SPEC.news(state)
    assert news[-3:] == ("Drawn: Ghost card room A.",
                         "The Ghost deck is empty: shuffle its discards into a new deck.",
                         "Place a ghost in room A.")
    assert render(news[-2], "it").startswith("Il mazzo")
