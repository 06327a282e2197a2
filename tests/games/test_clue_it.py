"""CLUE: IT engine (issue 11): rulebook facts with their numbers, the envelope, dealing, the
roll-off, dice with a "?" face, Intrigue cards, the answer order, accusations, and hidden
information (nothing the shared screen shows depends on the envelope or kept cards).

Sections cited are clue-kids-of-derry.txt's; "notes" is shared/games/notes.md.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import resolve_options
from companion.errors import RuleViolation
from companion.games.clue_it import SPEC, player_view, private_view
from companion.games.clue_it import components as ci
from companion.games.clue_it.prompts import prompt
from companion.games.clue_it.rules import next_answerer
from companion.games.clue_it.state import Step

PLAYERS = ("Ada", "Bo", "Cy", "Di")
apply = SPEC.apply  # the engine checks each action against the prompt, then the rules apply it


def new(players=PLAYERS, **options):
    return SPEC.setup(list(players), resolve_options(SPEC, options))


def run(state, *actions):
    for action in actions:
        state = apply(state, action)
    return state


def seal_companion(state, kid=1, item=1, location=1):
    """Tap every pile in component order; the companion picks positions ``kid``, ``item``,
    ``location`` (1-based), so the envelope is the n-th card of each pile."""
    for pile, pick in zip(ci.PILES, (kid, item, location)):
        state = run(state, *(f"seal:{c}" for c in ci.PILE_CARDS[pile]), f"envelope:{pick}")
    return state


def started(players=PLAYERS, first=0, picks=(1, 1, 1), **options):
    """A game at its first turn: kids chosen in order, envelope sealed, cards dealt, and a
    roll-off that ``players[first]`` wins with a 6 (everyone else rolls 2)."""
    options.setdefault("intrigue_deck", "virtual")
    state = new(players, **options)
    state = run(state, *(f"kid:{ci.KIDS[i]}" for i in range(len(players))))
    if state.sealed_by_companion:
        state = seal_companion(state, *picks)
    else:
        state = run(state, "sealed")
    state = run(state, "dealt", "rolloff")
    return run(state, *("rolloff-die:6" if i == first else "rolloff-die:2" for i in range(len(players))))


# --------------------------------------------------------------------------- setup and dealing


@pytest.mark.parametrize("players, each, leftover", [(2, 9, 1), (3, 6, 1), (4, 4, 3), (5, 3, 4), (6, 3, 1), (7, 2, 5)])
def test_dealing_table(players, each, leftover):
    """"Distribute Cards": 22 − 3 = 19 cards dealt equally, the rest left over."""
    assert ci.deal(players) == (each, leftover)
    assert each * players + leftover == 19
    names = [f"P{i}" for i in range(players)]
    state = run(new(names), *(f"kid:{ci.KIDS[i]}" for i in range(players)), "sealed")
    assert state.step == Step.DEAL
    text = prompt(state).text
    assert f"deal {each} face-down to each player; put the {leftover} left over face-up beside the board" in text


def test_leftover_centre_variant_is_said_and_offers_a_look():
    """notes 3.C I-A1: leftover cards face-down in the centre; ending a move there lets one look."""
    state = new(("Ada", "Bo", "Cy"), leftover_mode="centre")
    state = run(state, "kid:mike-hanlon", "kid:bill-denbrough", "kid:kid-3", "sealed")
    assert "put the 1 left over face-down in the centre of the board" in prompt(state).text
    state = started(("Ada", "Bo", "Cy"), leftover_mode="centre")
    state = run(state, "roll", "die:4", "die:5", "stop:centre")
    keys = [c.key for c in prompt(state).choices]
    assert keys == ["accuse", "look-centre", "end-turn"]
    assert run(state, "look-centre").step == Step.END


def test_two_to_seven_players():
    for count in (2, 7):
        new([f"P{i}" for i in range(count)])
    for count in (1, 8):
        with pytest.raises(RuleViolation, match="2 to 7 players"):
            new([f"P{i}" for i in range(count)])


def test_everything_starts_in_the_centre():
    """"Place all six Item Tokens and all seven Kid Movers in the center of the board.\""""
    view = SPEC.view(new())
    assert set(view["movers"].values()) == {"the centre"} and len(view["movers"]) == 7
    assert set(view["items"].values()) == {"the centre"} and len(view["items"]) == 6


def test_companion_seals_by_positions_never_names():
    """Issue 11: the companion picks one tapped card of each pile and tells only its position."""
    state = run(new(envelope="companion"), *(f"kid:{ci.KIDS[i]}" for i in range(4)))
    state = run(state, *(f"seal:{c}" for c in ci.KIDS))
    assert state.step == Step.SEAL_PICK
    assert [o.value for o in prompt(state).chance.outcomes] == ["1", "2", "3", "4", "5", "6", "7"]
    state = apply(state, "envelope:4")
    assert state.envelope == ("kid-4",)
    assert state.news == ("Put kid card number 4 of the row into the envelope without looking; "
                          "shuffle the other kid cards back together.",)
    state = run(state, *(f"seal:{c}" for c in reversed(ci.ITEMS)), "envelope:6")  # tapped last to first
    assert state.envelope == ("kid-4", "jack-in-the-box")
    state = run(state, *(f"seal:{c}" for c in ci.LOCATIONS), "envelope:2")
    assert state.envelope == ("kid-4", "jack-in-the-box", "house-on-neibolt-street")
    assert state.step == Step.DEAL
    assert SPEC.view(state)["solution"] is None and SPEC.view(state)["envelope_sealed"] is True
    assert private_view(state)["envelope"] == ["Kid 4", "Jack-in-the-Box", "House on Neibolt Street"]


def test_a_card_tapped_twice_while_sealing_changes_nothing_but_is_explained():
    state = run(new(envelope="companion"), *(f"kid:{ci.KIDS[i]}" for i in range(4)), "seal:kid-3")
    again = apply(state, "seal:kid-3")
    assert again.seal_taps == ("kid-3",)
    assert again.news == ("That card was tapped already: tap the next card of the pile.",)
    # the seal choices list the whole pile whatever was tapped (the list hides the taps)
    assert [c.key for c in prompt(again).choices] == ["seal:face-down"] + [f"seal:{k}" for k in ci.KIDS]
    assert {c.label for c in prompt(again).choices} == {"Kid card, face-down"}


def test_rolloff_highest_goes_first_and_ties_roll_again():
    """"Everyone rolls a die. Highest roller goes first, play then continues clockwise.\""""
    state = run(new(("Ada", "Bo", "Cy")), "kid:mike-hanlon", "kid:bill-denbrough", "kid:kid-3", "sealed", "dealt")
    state = run(state, "rolloff", "rolloff-die:5", "rolloff-die:5", "rolloff-die:2")
    assert state.step == Step.ROLLOFF_DIE and state.contenders == (0, 1)
    assert state.news[-1] == "Ada and Bo tie: they roll again."
    state = run(state, "rolloff-die:3", "rolloff-die:6")
    assert state.player == "Bo" and state.step == Step.TURN and state.turn == 1
    state = run(state, "roll", "die:4", "die:5", "stop:corridor", "end-turn")
    assert state.player == "Cy"  # clockwise: Bo's left is Cy
    state = run(state, "roll", "die:4", "die:5", "stop:corridor", "end-turn")
    assert state.player == "Ada" and state.turn == 3


def test_a_question_mark_counts_as_one_in_the_rolloff():
    state = run(new(("Ada", "Bo")), "kid:mike-hanlon", "kid:bill-denbrough", "sealed", "dealt", "rolloff")
    state = run(state, "rolloff-die:?", "rolloff-die:2")
    assert state.player == "Bo"


# --------------------------------------------------------------------------- dice


def test_dice_four_and_five_move_nine_without_intrigue():
    """"Roll the dice and move up to the sum of the two dice.\""""
    state = run(started(), "roll", "die:4", "die:5")
    assert state.step == Step.STOP and state.moves == 9 and state.last_roll == ("4", "5")
    assert prompt(state).text == "Ada: move up to 9, then touch where you stopped"
    assert state.intrigue_deck == ci.intrigue_deck()


def test_question_mark_and_three_draws_then_moves_three():
    """"If one of the dice shows a Question Mark, immediately draw an Intrigue Card. Then
    move up to the amount shown on the other die.\""""
    state = run(started(), "roll", "die:?", "die:3")
    assert state.step == Step.DRAW and state.moves == 3
    chance = prompt(state).chance
    assert chance.source == "intrigue"
    assert {o.value: o.weight for o in chance.outcomes}["red-balloon"] == 8
    assert sum(o.weight for o in chance.outcomes) == 23
    state = apply(state, "intrigue:immediate-2")
    assert state.news == ("Ada drew Intrigue card 2 (Play Immediately): follow its directions now.",)
    assert state.step == Step.STOP and prompt(state).text.startswith("Ada: move up to 3")
    assert SPEC.view(state)["intrigue"] == {"left": 22, "discarded": 1}


@pytest.mark.parametrize("rule, draws", [("two", 2), ("one", 1)])
def test_both_question_marks(rule, draws):
    """notes 3.C I-A2 ``double_question``: draw two (or one) Intrigue cards and move 0."""
    state = run(started(double_question=rule), "roll", "die:?", "die:?")
    assert state.moves == 0 and state.step == Step.DRAW
    for _ in range(draws):
        state = apply(state, "intrigue:immediate-1" if "immediate-1" in state.intrigue_deck else "intrigue:immediate-2")
    assert state.step == Step.END
    assert len(state.intrigue_discard) == draws


def test_without_intrigue_cards_a_question_mark_counts_as_one():
    """"If you're not using the Intrigue Cards, ignore the '?' on the die" (INFERRED: it is a 1)."""
    state = run(started(intrigue_deck="off"), "roll", "die:?", "die:3")
    assert state.moves == 4 and state.step == Step.STOP
    assert [c.key for c in prompt(run(state, "stop:corridor")).choices] == ["end-turn", "power"]


def test_secret_passage_instead_of_rolling():
    """"If you're in a Location with a Secret Passage (4 corner Locations), you may use it …
    Do not roll the dice if you use a Secret Passage.\""""
    state = run(started(), "roll", "die:4", "die:5", "stop:location-5", "no-question", "end-turn")
    state = run(state, *["roll", "die:2", "die:2", "stop:corridor", "end-turn"] * 3)
    assert state.player == "Ada" and state.place == "location-5"
    assert prompt(state).choice("passage").label == "Secret passage to Location 7"
    state = apply(state, "passage")
    assert state.place == "location-7" and state.step == Step.ASK_KID and state.last_roll == ("2", "2")
    assert ci.SECRET_PASSAGES["location-7"] == "location-5"


# --------------------------------------------------------------------------- questions


def ask(state, location, kid="kid-5", item="item-3"):
    return run(state, "roll", "die:4", "die:5", f"stop:{location}", f"ask:{kid}", f"ask:{item}")


def test_question_moves_the_kid_and_item_and_the_left_answers_first():
    """"Move that Kid's Mover and Item into the Location with you"; "The first to try is the
    player to your immediate left"; "the next player to the left tries … until you have been
    shown one card"."""
    state = started(first=2)  # Cy's turn; seats Ada, Bo, Cy, Di clockwise
    state = ask(state, "derry-back-alley")
    view = SPEC.view(state)
    assert view["question"] == {"asker": "Cy", "kid": "Kid 5", "item": "Item 3", "location": "Derry Back Alley"}
    assert view["movers"]["Kid 5"] == view["items"]["Item 3"] == "Derry Back Alley"
    assert view["movers"]["Kid 3"] == "Derry Back Alley"  # Cy's own mover
    assert state.news[-1] == "Di answers first."
    assert view["answering"] == "Di"
    state = apply(state, "none")
    assert SPEC.view(state)["answering"] == "Ada" and state.news == ("Di cannot answer.", "Ada answers next.")
    state = apply(state, "showed")
    assert state.news == ("Ada showed Cy a card.",)
    assert [(a["player"], a["showed"]) for a in SPEC.view(state)["answers"]] == [("Di", False), ("Ada", True)]
    assert state.step == Step.END and state.player == "Cy"


def test_nobody_can_answer_ends_the_turn():
    """"If no one can answer your Question, your turn is over … The player on your left goes next.\""""
    state = ask(started(first=2), "the-synagogue")
    state = run(state, "none", "none")
    assert state.player == "Cy"
    state = apply(state, "none")
    assert state.news[-3:] == ("Bo cannot answer.", "Nobody can answer: the turn is over.", "Di's turn.")
    assert state.player == "Di" and state.step == Step.TURN
    assert [a["player"] for a in SPEC.view(state)["answers"]] == ["Di", "Ada", "Bo"]


def test_answer_order_walks_from_the_asker_left_around_the_table():
    state = started(first=3)
    assert [next_answerer(state, i) for i in (3, 0, 1, 2)] == [0, 1, 2, None]


@pytest.mark.parametrize("rule, order", [("answer", ["Cy", "Di", "Ada"]), ("reveal", ["Cy", "Ada"])])
def test_eliminated_players_are_skipped_but_still_answer(rule, order):
    """notes 3.C I-A3 ``eliminated_answers``: an eliminated player keeps answering (default)
    or lays the cards face-up and is skipped; either way the turn order skips them."""
    state = started(envelope="companion", eliminated_answers=rule, first=3, intrigue_deck="off")
    state = run(state, "roll", "die:4", "die:5", "stop:centre", "accuse", "private-ready",
                "pick:bill-denbrough", "pick:item-2", "pick:location-5", "accuse-check")
    assert SPEC.view(state)["eliminated"] == ["Di"] and state.player == "Ada"
    if rule == "reveal":
        assert "Di: lay your Rumor cards face-up beside the board." in state.news
    state = run(state, "roll", "die:4", "die:5", "stop:corridor", "end-turn")
    assert state.player == "Bo"
    state = ask(state, "the-synagogue")
    walked = []
    while state.step == Step.ANSWER:
        walked.append(state.players[state.answerer])
        state = apply(state, "none")
    assert walked == order
    state = run(state, "roll", "die:4", "die:5", "stop:corridor", "end-turn")
    assert state.player == "Ada", "Di is skipped"


def test_ask_requires_entry():
    """notes 3.C I-A4: moved in by another's question, one may ask without leaving only under ``present``."""
    for rule, offered in (("entered", False), ("present", True)):
        state = started(ask_requires_entry=rule, first=1, intrigue_deck="off")  # Bo asks about Ada's kid
        state = ask(state, "derry-public-library", kid="mike-hanlon")
        state = run(state, "showed", "end-turn")
        state = run(state, "roll", "die:2", "die:2", "stop:corridor", "end-turn")  # Cy
        state = run(state, "roll", "die:2", "die:2", "stop:corridor", "end-turn")  # Di
        assert state.player == "Ada" and state.place == "derry-public-library"
        assert (prompt(state).choice("ask-here") is not None) == offered
        if offered:
            state = run(state, "ask-here", "ask:kid-3", "ask:item-2")
            assert state.question == ("Ada", "kid-3", "item-2", "derry-public-library")


# --------------------------------------------------------------------------- accusations


def to_centre(state):
    return run(state, "roll", "die:4", "die:5", "stop:centre", "accuse")


def test_right_accusation_wins_and_reveals_the_envelope():
    """"You win! … Reveal the cards in the mystery Envelope to everyone.\""""
    state = to_centre(started(picks=(3, 1, 4), envelope="companion"))
    assert state.step == Step.ACCUSE_PRIVATE
    state = run(state, "private-ready")
    assert SPEC.view(state)["private_screen"] == "Ada"
    state = run(state, "pick:kid-3", "pick:jack-in-the-box", "pick:derry-public-library")
    assert state.step == Step.ACCUSE_CONFIRM
    assert "Kid 3" not in prompt(state).text  # the picks are never echoed
    state = apply(state, "accuse-check")
    assert state.outcome == "Ada" and prompt(state).over
    assert state.news == ("Ada is right and solves the mystery!",
                          "The envelope holds: Kid 3, Jack-in-the-Box, Derry Public Library.")
    assert SPEC.view(state)["solution"] == ["Kid 3", "Jack-in-the-Box", "Derry Public Library"]
    assert SPEC.outcome(state) == "Ada"
    with pytest.raises(RuleViolation, match="The game is over"):
        apply(state, "end-turn")


def test_wrong_accusation_is_out_without_saying_which_card():
    """"Oops! … you are out of the game … don't tell the other players which one you got wrong.\""""
    state = to_centre(started(picks=(3, 1, 4), envelope="companion"))
    state = run(state, "private-ready", "pick:kid-3", "pick:jack-in-the-box", "pick:the-synagogue")
    state = apply(state, "accuse-check")
    assert state.news == ("Ada's accusation is wrong: Ada is out of the game.",
                          "Ada keeps the Rumor cards and still answers questions.", "Bo's turn.")
    assert SPEC.view(state)["eliminated"] == ["Ada"] and state.outcome is None
    assert state.accusation == ()


def test_start_again_clears_the_picks():
    state = to_centre(started(picks=(3, 1, 4), envelope="companion"))
    state = run(state, "private-ready", "pick:mike-hanlon", "pick:item-6", "accuse-restart")
    assert state.step == Step.ACCUSE_KID and state.accusation == ()
    state = run(state, "pick:kid-3", "pick:jack-in-the-box", "pick:derry-public-library", "accuse-check")
    assert state.outcome == "Ada"


def test_everybody_wrong_is_unsolved_and_reveals_the_envelope():
    """"If everyone makes an incorrect accusation, the game is over and the mystery remains unsolved.\""""
    state = started(("Ada", "Bo"), picks=(2, 2, 2), intrigue_deck="off", envelope="companion")
    for _ in range(2):
        state = run(to_centre(state), "private-ready",
                    "pick:mike-hanlon", "pick:jack-in-the-box", "pick:location-9", "accuse-check")
    assert state.outcome == "unsolved" and SPEC.outcome(state) == "unsolved"
    assert state.news[-2:] == ("The mystery remains unsolved.",
                               "The envelope holds: Bill Denbrough, Item 2, House on Neibolt Street.")
    assert prompt(state).text == "The game is over: the mystery remains unsolved."


def test_table_sealed_envelope_asks_the_accuser_and_confirms_a_win():
    state = to_centre(started(("Ada", "Bo"), intrigue_deck="off"))
    assert state.step == Step.ACCUSE_TABLE
    state = run(state, "right")
    assert state.step == Step.CONFIRM_RIGHT  # a mis-touch cannot end the game
    assert apply(state, "cancel-right").step == Step.ACCUSE_TABLE
    state = apply(state, "confirm-right")
    assert state.outcome == "Ada"
    assert state.news[-1] == "Take the cards out of the envelope and show them to everyone."
    wrong = apply(to_centre(started(("Ada", "Bo"), intrigue_deck="off")), "wrong")
    assert wrong.eliminated == (True, False) and "Secretly return the cards to the envelope." in wrong.news


# --------------------------------------------------------------------------- Intrigue cards and powers


def test_kept_card_is_seen_privately_then_played_on_ones_turn():
    """"If you draw any other card, you get to keep it and choose when to play it.\""""
    state = run(started(), "roll", "die:?", "die:3", "intrigue:keeper-4")
    assert state.step == Step.PEEK and state.news == ("Ada keeps an Intrigue card.",)
    assert SPEC.view(state)["intrigue_held"] == {"Ada": 1, "Bo": 0, "Cy": 0, "Di": 0}
    assert "Intrigue card 4" not in prompt(state).text and SPEC.view(state)["private_screen"] is None
    state = apply(state, "peek-show")
    assert prompt(state).text == "Only Ada looks: your new Intrigue card is on the privacy screen. Touch Hide"
    assert SPEC.view(state)["private_screen"] == "Ada"
    assert all(c.private for c in prompt(state).choices)  # only on the privacy screen
    assert player_view(state, "Ada") == {"intrigue_held": ["Intrigue card 4 (to keep)"],
                                         "intrigue_drawn": "Intrigue card 4 (to keep)"}
    assert player_view(state, "Bo") == {}  # nothing of Bo's to see
    state = apply(state, "peek-hide")
    assert state.step == Step.STOP and state.moves == 3
    state = run(state, "stop:corridor", "play-intrigue")
    assert [c.key for c in prompt(state).choices] == ["play:keeper-4", "cancel-intrigue"]
    state = apply(state, "play:keeper-4")
    assert state.news == ("Ada plays Intrigue card 4 (to keep): follow its directions.",)
    assert state.step == Step.END and state.held[0] == () and "keeper-4" in state.intrigue_discard


def test_physical_keeper_is_not_named_and_a_mis_tap_is_explained():
    state = run(started(intrigue_deck="physical"), "roll", "die:?", "die:3")
    assert len(prompt(state).choices) == 16  # every kind not wholly discarded
    state = apply(state, "intrigue:keeper-1")
    assert state.news == ("Ada keeps an Intrigue card.",) and state.step == Step.STOP
    state = run(state, "stop:corridor", "end-turn", *["roll", "die:2", "die:2", "stop:corridor", "end-turn"] * 3,
                "roll", "die:?", "die:2")
    assert state.player == "Ada"
    again = apply(state, "intrigue:keeper-1")  # Ada keeps it: it cannot be drawn, and Ada knows it
    assert again.news == ("Ada keeps that Intrigue card already: draw the top card of the Intrigue deck.",)
    assert again.step == Step.DRAW and again.intrigue_deck == state.intrigue_deck


def _drawn_by_cy(card):
    """Ada keeps Intrigue card 1 (physical deck); then Cy rolls a "?" and names ``card``."""
    state = started(("Ada", "Bo", "Cy"), intrigue_deck="physical")
    state = run(state, "roll", "die:?", "die:3", "intrigue:keeper-1", "stop:corridor", "end-turn",
                "roll", "die:2", "die:2", "stop:corridor", "end-turn", "roll", "die:?", "die:2")
    assert state.player == "Cy" and state.step == Step.DRAW
    return state, apply(state, f"intrigue:{card}")


def test_a_card_another_player_keeps_is_taken_as_drawn_and_tells_nobody_where_it_is():
    """Newcomer 19 finding 1: Cy naming the card Ada keeps was refused with "That Intrigue card
    is not in the deck", so Cy learnt Ada's card (and could probe every card). The drawer is
    taken at their word, as for any card still in the deck: the list, the news, the public
    view and the next prompt are the same whichever of the two Cy names."""
    before, held = _drawn_by_cy("keeper-1")  # Ada keeps it
    _, free = _drawn_by_cy("keeper-2")  # still in the deck
    assert [c.key for c in prompt(before).choices].count("intrigue:keeper-1") == 1  # listed: the list is public
    assert held.news == free.news == ("Cy keeps an Intrigue card.",)
    assert SPEC.view(held) == SPEC.view(free)
    assert prompt(held) == prompt(free) and held.step == free.step
    assert held.intrigue_deck != before.intrigue_deck and len(held.intrigue_deck) == len(before.intrigue_deck) - 1
    assert player_view(held, "Cy") == {"intrigue_held": ["Intrigue card 1 (to keep)"]}
    assert player_view(held, "Ada") == {"intrigue_held": ["Intrigue card 1 (to keep)"]}  # Ada's card unchanged


@pytest.mark.parametrize("rule", ["eliminate", "end_game"])
def test_eighth_red_balloon(rule):
    """notes 3.C I-A5 ``balloon_rule``: the 8th Red Balloon drawn puts the drawer out, or ends the game."""
    state = started(("Ada", "Bo", "Cy"), balloon_rule=rule)
    for n in range(1, 8):
        state = run(state, "roll", "die:?", "die:2", "intrigue:red-balloon")
        assert state.news[-1] == f"{state.player} drew a Red Balloon ({n} of 8)."
        state = run(state, "stop:corridor", "end-turn")
    drawer = state.player
    state = run(state, "roll", "die:?", "die:2", "intrigue:red-balloon")
    if rule == "eliminate":
        assert f"The 8th Red Balloon: {drawer} is out of the game." in state.news
        assert SPEC.view(state)["eliminated"] == [drawer] and state.balloons == 0
        assert state.step == Step.TURN and state.player != drawer
    else:
        assert state.outcome == "unsolved" and "The 8th Red Balloon ends the game for everyone." in state.news


def test_personality_power_once_per_game():
    """"This power can only be used once per game. After you use it, turn the card over.\""""
    state = apply(started(), "power")
    assert state.news == ("Ada uses Mike Hanlon's Personality power: follow the card, then turn it over.",)
    assert SPEC.view(state)["powers_used"]["Ada"] is True
    assert prompt(state).choice("power") is None
    with pytest.raises(RuleViolation):
        apply(state, "power")


# --------------------------------------------------------------------------- public view, codec


def test_json_public_state_has_the_issue_keys():
    """Issue 11 ``--json``: turn, eliminated, intrigue_held (counts), last_roll, outcome."""
    view = SPEC.view(run(started(), "roll", "die:?", "die:3", "intrigue:keeper-2"))
    assert {"turn", "eliminated", "intrigue_held", "last_roll", "outcome"} <= set(view)
    assert view["turn"] == "Ada" and view["eliminated"] == [] and view["last_roll"] == ["?", "3"]
    assert view["intrigue_held"]["Ada"] == 1 and view["outcome"] is None
    assert "keeper" not in json.dumps(view).lower()


def random_playout(seed: int, steps: int):
    """A random game of ``steps`` actions (choices and chance outcomes), all states kept."""
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(rng.randint(2, 7))]
    options = {o.name: rng.choice(o.values) for o in SPEC.options}
    state = SPEC.setup(players, resolve_options(SPEC, options))
    states, actions = [state], []
    weights = {"stop:centre": 6.0, "accuse": 3.0, "wrong": 2.0}
    for _ in range(steps):
        p = prompt(state)
        if p.over:
            break
        if p.chance:
            action = rng.choices(p.chance.outcomes, [o.weight for o in p.chance.outcomes])[0].key
        else:
            action = rng.choices(p.choices, [weights.get(c.key, 1.0) for c in p.choices])[0].key
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return players, options, actions, states


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_encode_decode_round_trip(seed, steps):
    """decode(encode(s)) == s for every state of a random game; encode is plain JSON."""
    for state in random_playout(seed, steps)[3][:: max(1, steps // 10)]:
        data = SPEC.encode(state)
        assert json.loads(json.dumps(data)) == data
        assert SPEC.decode(data) == state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_replaying_the_log_gives_the_same_state(seed):
    players, options, actions, states = random_playout(seed, 300)
    state = SPEC.setup(players, resolve_options(SPEC, options))
    for action in actions:
        state = apply(state, action)
    assert state == states[-1]
    assert SPEC.decode(SPEC.encode(state)) == state


# --------------------------------------------------------------------------- hidden information


def public(state) -> dict:
    """Everything the shared screen can get from a state: view, news, prompt (text, player,
    choices with keys and labels, and a chance node's outcomes and weights)."""
    p = prompt(state)
    chance = None if p.chance is None else (p.chance.source, [(o.key, o.weight) for o in p.chance.outcomes])
    return {"view": SPEC.view(state), "news": [str(n) for n in SPEC.news(state)], "text": str(p.text),
            "player": p.player,
            "choices": [(c.key, c.label, c.component, c.button) for c in p.choices], "chance": chance}


def twin(action):
    """The same action in a game whose face-down cards were tapped in another order: each
    sealing tap stands for the next card of its pile, so every envelope card differs."""
    if action.startswith("seal:") and action != f"seal:{ci.UNREAD}":  # a card touched is no card
        cards = ci.PILE_CARDS[ci.pile_of(action[5:])]
        return f"seal:{cards[(cards.index(action[5:]) + 1) % len(cards)]}"
    return action


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_nothing_public_depends_on_the_envelope(seed):
    """Non-interference: two games that differ only in the envelope show the table exactly
    the same screens (view, news, prompt and choices) until an accusation is checked
    differently or the game ends (when the rulebook reveals the envelope)."""
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(rng.randint(2, 7))]
    options = {o.name: rng.choice(o.values) for o in SPEC.options} | {"envelope": "companion"}
    a = b = SPEC.setup(players, resolve_options(SPEC, options))
    compared = 0
    for _ in range(400):
        if prompt(a).over or prompt(b).over:
            break
        assert public(a) == public(b)
        compared += 1
        p = prompt(a)
        if p.chance:
            action = rng.choices(p.chance.outcomes, [o.weight for o in p.chance.outcomes])[0].key
        else:
            action = rng.choices(p.choices, [{"stop:centre": 6.0, "accuse": 3.0}.get(c.key, 1.0)
                                             for c in p.choices])[0].key
        a, b = apply(a, action), apply(b, twin(action))
        if action == "accuse-check" and (a.eliminated != b.eliminated or a.outcome != b.outcome):
            break
    assert compared > 30
    if len(a.envelope) == 3 == len(b.envelope):
        read = [(x, y) for x, y in zip(a.envelope, b.envelope) if ci.UNREAD not in (x, y)]
        assert all(x != y for x, y in read)


def _said_by_the_table(sentence: str) -> bool:
    """News that repeats what a player said or did in the open (a question, a Kid chosen,
    the location a mover entered, a kept Intrigue card played)."""
    return any(part in str(sentence) for part in (" asks: ", " plays ", " uses ", " is in ", "secret passage to"))


def _rumor_labels(choices) -> set[str]:
    names = set(ci.KID_NAMES + ci.ITEM_NAMES + ci.LOCATION_NAMES)
    return {c.label for c in choices if c.label in names}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_no_envelope_name_on_the_shared_screen(seed):
    """Scan view, news and prompt of random games for the envelope's card names. Allowed:
    lists of a whole pile (choices, movers), what the table itself said aloud (questions,
    Kids chosen, where a mover stopped), and the reveal at the end."""
    _, options, _, states = random_playout(seed, 400)
    for state in states:
        if state.step == Step.OVER or len(state.envelope) < 1:
            continue
        p = prompt(state)
        view = {k: v for k, v in SPEC.view(state).items()
                if k not in ("kids", "movers", "items", "question", "places")}  # places: the printed board
        listed = _rumor_labels(p.choices)
        if listed:  # a list of Rumor cards is a whole pile (less the asker's own location)
            piles = [set(n) for n in (ci.KID_NAMES, ci.ITEM_NAMES, ci.LOCATION_NAMES)]
            assert any(listed <= pile and len(pile - listed) <= 1 for pile in piles), listed
        texts = [json.dumps(view)] + [str(n) for n in state.news if not _said_by_the_table(n)]
        if state.step not in (Step.ASK_KID, Step.ASK_ITEM) and "secret passage to" not in str(p.text):
            texts.append(str(p.text))  # not the asker's location, the kid named aloud, the board's passage
        texts += [c.label for c in p.choices if c.label not in listed
                  and not c.label.startswith(("Secret passage", "Ask in "))]  # where the mover stands
        for card in set(state.envelope) - {ci.UNREAD}:  # a card not read has no name
            for text in texts:
                assert ci.card_name(card) not in text, (card, text)


def test_private_view_holds_the_hidden_information():
    state = run(started(picks=(2, 3, 4), envelope="companion"), "roll", "die:?", "die:3", "intrigue:keeper-7")
    hidden = private_view(state)
    assert hidden["envelope"] == ["Bill Denbrough", "Item 3", "Derry Public Library"]
    assert hidden["held"]["Ada"] == ["Intrigue card 7 (to keep)"]
    text = json.dumps(public(state))
    assert "Intrigue card 7" not in text and "keeper-7" not in text
    assert public(state)["view"]["solution"] is None


def test_undo_on_the_privacy_screen_does_not_name_the_pick():
    from companion.header import GameHeader
    from companion.inputs import Touch
    from companion.session import Session

    header = GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo"], "seed": 1,
                                   "options": {"intrigue_deck": "off", "envelope": "companion"},
                                   "stack": {"dice": ["6", "6", "4", "5"], "envelope": [1, 1, 1]}})
    session = Session.start(header)
    keys = ["kid:mike-hanlon", "kid:bill-denbrough"]
    keys += [f"seal:{c}" for pile in ci.PILES for c in ci.PILE_CARDS[pile]]
    keys += ["dealt", "rolloff", "roll", "stop:centre", "accuse", "private-ready", "pick:kid-5"]
    for key in keys:
        assert session.handle(Touch(key)).accepted, key
    reply = session.handle(Touch("undo"))
    assert reply.accepted
    assert reply.news == ("Undone: a private choice.",)
