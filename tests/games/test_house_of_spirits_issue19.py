"""House of Spirits, issue 19: rule bugs 6-8, the secret-card privacy refusal (14), refusals
that name the rule, words, and the table's todo lines and main choices.

Sources: ``house-of-spirits.txt`` (sections in quotes), notes.md 3.D.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_house_of_spirits import (
    SPEC,
    holding,
    in_room,
    in_round_one,
    new_game,
    play,
    with_monster,
)

from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.state import Step
from companion.i18n import render


def texts(state) -> list[str]:
    return [str(line) for line in state.news]


# --------------------------------------------------------------------------- bug 6


def test_players_critical_hit_kills_with_no_defence_roll():
    """"Attack a Monster": an attack "higher than 6 + the monster's defense score" means
    "the monster has no chance of defending against it": no defence die is rolled. Olivia
    (attack 2) with the wooden stake (+3 against a vampire, "Combat Example") rolls 4: 9 >
    6 + 2, the vampire (defence 2) dies at once."""
    state = with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire", "use:wooden-stake", "face:4", "keep")
    assert "vampire" not in state.in_play and state.monster_deck.bottom == ("vampire",)
    assert state.step != Step.ROLL or state.roll != "monster-defence"
    assert "Critical hit: 9 is more than 6 + 2, so the monster cannot defend: no defence roll." in texts(state)
    assert state.scores[1] == 3 and "wooden-stake" in state.main_discard


def test_monsters_critical_hit_kills_with_no_defence_roll():
    """House rule ``monster_crit`` (H-A3, "identical to that of a player"): Monster 8
    (attack 4) rolls 5 against Kraig (defence 2): 9 > 6 + 2: Kraig dies, no defence die."""
    state = with_monster(in_round_one(), "monster-08")
    state = play(state, "attack:monster-08", "face:1", "face:6", "face:5")  # a miss, then 4 + 5 = 9
    assert state.dead[0] and state.scores[0] == -2
    assert state.active != 0 or state.step != Step.ROLL
    assert ("Critical hit by Monster 8: 9 is more than 6 + 2, so Ada cannot defend: "
            "no defence roll.") in texts(state)


def test_a_monster_critical_counts_the_defensive_items():
    """Defensive items are chosen before the monster's roll ("they must decide to play them
    before the monster's attack roll"): Kraig 2 + item 11 (+2) = 4; 4 + 5 = 9 is not above
    6 + 4, so the defence die is rolled."""
    state = with_monster(holding(in_round_one(), 0, "item-11"), "monster-08")
    state = play(state, "attack:monster-08", "face:1", "face:6", "guard:item-11", "face:5")
    assert state.step == Step.ROLL and state.roll == "defence" and not state.dead[0]


# --------------------------------------------------------------------------- bug 7


def _two_garage_plots():
    """Round 1 in the Garage; Ada holds plot 3 and Bo plot 6, both room plots listing the
    Garage as 3 (plot 6 entered so), both gained before this round."""
    state = in_room(in_round_one(), "garage")
    cards = dict(state.cards)
    cards["plot-6"] = replace(cards["plot-6"], rooms={"garage": 3, "library": 1}, items={})
    state = replace(state, cards=cards)
    return holding(holding(state, 0, "plot-3"), 1, "plot-6")


def test_two_room_plots_in_one_room_both_get_its_room_card():
    """"Playing Plot Cards": "when the players move to the next room, the plot room card is
    placed on top of its associated plot card". Both plots were played in the Garage (Olivia's
    example: the Garage is 3, ±2; a 3 plays): both get the Garage card, and the next room's
    card stays in the room cycle."""
    state = play(_two_garage_plots(), "play:plot-3", "face:3", "play:plot-6", "face:4", "pick:flashlight")
    assert state.plots_played == ("plot-3", "plot-6")
    assert state.attached == (("plot-3", "garage"), ("plot-6", "garage"))
    assert state.room_plots == () and state.step == Step.ROOM
    assert ("Put the Garage card across Plot card 3 and Plot card 6: each was "
            "played in this room.") in texts(state)
    assert ("Mettete la carta Garage a cavallo di Carta trama 3 e Carta trama 6: "
            "sono state giocate tutte in questa stanza.") in [render(line, "it") for line in state.news]
    room = sorted(state.room_deck.possible())[0]
    state = play(state, f"draw:{room}")
    assert state.room == room and room not in dict(state.attached).values()


# --------------------------------------------------------------------------- bug 8


@pytest.mark.parametrize("decks", ["virtual", "physical"])
def test_the_vestibule_never_lays_a_monster(decks):
    """"Exploring": the Vestibule "is the only room in the house that has no chance of
    monster attacks", so with ``monsters_in_main_deck`` (H-A1) its refill lays no monster;
    in a room with skulls a monster may come up with the main cards."""
    state = new_game(monsters_in_main_deck=True, decks=decks)
    assert state.room == "vestibule" and state.step == Step.MAIN
    prompt = SPEC.prompt(state)
    drawn = [o.value for o in prompt.chance.outcomes] if prompt.chance else [c.key[5:] for c in prompt.choices]
    assert drawn and not any(hc.card(card).kind == "monster" for card in drawn)
    garage = replace(in_room(state, "garage"), step=Step.MAIN)
    prompt = SPEC.prompt(garage)
    drawn = [o.value for o in prompt.chance.outcomes] if prompt.chance else [c.key[5:] for c in prompt.choices]
    assert "vampire" in drawn


# --------------------------------------------------------------------------- item 14, refusals


def _session(**options):
    from test_house_of_spirits import COMPLETE

    from companion.header import GameHeader
    from companion.session import Session
    return Session.start(GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo", "Cy"],
                                               "seed": 3, "options": options, "content": COMPLETE}))


@pytest.mark.parametrize("press_start", [False, True])
def test_a_tapped_secret_victory_card_is_never_named(press_start):
    """Issue 19 item 14: a secret victory card tapped at any moment is "a hidden card"; the
    refusal says whose turn it is and never the card's name or number."""
    from companion.inputs import Press, Tap

    session = _session()
    if press_start:
        session.handle(Press("dice"))
        while session.state.round == 0:  # the blind draws and the roll-off, by the dice button
            session.handle(Press("dice"))
    for n in range(1, 8):
        reply = session.handle(Tap("04000000000001", ndef=f"house_of_spirits:secret:secret-{n}"))
        assert not reply.accepted
        text = render(reply.text, "en")
        assert "A hidden card was tapped" in text
        assert "secret-" not in text and f"{n}" not in text.split(":")[0] and "condition" not in text.lower()
        if press_start:
            assert f"It is {session.state.player}'s turn." in text


def test_the_tally_does_not_ask_to_show_a_dealt_secret_card():
    """"End of the Game" 3: with ``secret_cards=companion`` there is no card on the table to
    show: the player looks at it on the privacy screen."""
    state = replace(in_round_one(), step=Step.TALLY,
                    secrets=("secret-1", "secret-2", "secret-3"))
    assert SPEC.prompt(state).text == ("Ada: look at your secret victory card on the privacy screen. "
                                       "Was the condition met?")
    table = replace(in_round_one(), step=Step.TALLY)
    assert SPEC.prompt(table).text == "Ada: show your secret victory card. Was the condition met?"


def test_refusals_name_the_rule():
    """Issue 19: each refused touch says the rule, then the prompt."""
    state = in_round_one()
    refuse = SPEC.refusal
    assert refuse(state, "discard:flashlight", None).startswith("Only a player with more than 6 cards discards.")
    # Italian: "chi" takes the singular, and the table is "voi" (it read "Scartate solo chi ha")
    italian = render(refuse(state, "discard:flashlight", None), "it")
    assert italian.startswith("Solo chi ha più di 6 carte deve scartare.")
    played = replace(play(state, "investigate", "face:6", f"draw:{sorted(state.plot_deck.possible())[0]}"))
    assert refuse(played, "investigate", None).startswith(
        "Only one player investigates each round, and someone already has.")
    fresh = holding(in_room(state, "garage"), 0, "plot-3", gained=1)
    assert refuse(fresh, "play:plot-3", None).startswith("A plot card cannot be played in the round it was gained.")
    forced = with_monster(replace(state, turn=2), "vampire")
    assert refuse(forced, "pick:flashlight", None) == ("Every monster must be attacked this round: Cy must attack "
                                                       "one. Cy: attack a monster (every monster must be attacked "
                                                       "this round).")
    assert refuse(state, "heal:Bo", None).startswith("Healing needs a healing card gained before this round.")
    assert refuse(state, "face:3", None).startswith(
        "No die is due now: a face is entered only when a roll is asked for.")


def test_a_card_tapped_out_of_its_deck_is_never_called_drawn():
    """A physical card that cannot come up says where it is, or that it is not due; never
    "drawn already" for a card never drawn."""
    state = new_game(decks="physical")
    assert state.step == Step.MAIN
    picked = replace(state, hands=(((("flashlight", 0),),) + state.hands[1:]))
    text = SPEC.refusal(picked, None, hc.component("flashlight"))
    assert text.startswith("Flashlight cannot come up now: it is in a player's hand.")
    assert SPEC.refusal(state, None, hc.component("garage")).startswith(
        "Garage is not due now: no room card is drawn at this moment.")
    assert SPEC.refusal(state, None, hc.component("vampire")).startswith(
        "Vampire is a monster: monsters come only from the monster deck (house rule).")


# --------------------------------------------------------------------------- words


def test_healing_yourself_reads_naturally():
    state = holding(replace(in_round_one(), wounds=(1, 0, 0)), 0, "item-14")  # heals 1
    labels = {c.key: c.label for c in SPEC.prompt(state).choices}
    assert labels["heal:Ada"] == "Heal yourself"
    state = play(state, "heal:Ada")
    assert SPEC.prompt(state).text == "Ada: play healing cards on yourself"
    assert render(SPEC.prompt(state).text, "it") == "Ada: gioca carte cura su te stesso"


def test_one_minus_sign():
    """"Your character dying -2 points": the change and a score below 0 use one sign."""
    from companion.games.house_of_spirits.scoring import add_points
    state = add_points(in_round_one(), 0, hc.DEATH_POINTS, "death")
    assert state.news[-1] == "Ada \u22122 (death): \u22122 points."
    state = add_points(state, 0, 1, "healing another player")
    assert state.news[-1] == "Ada +1 (healing another player): \u22121 point."
    assert render(state.news[-1], "it").startswith("Ada +1 (")


def test_no_possessive_after_a_placeholder_name():
    state = with_monster(in_round_one(), "monster-08")
    state = play(state, "attack:monster-08", "face:1")
    assert SPEC.prompt(state).text == "Roll the die for the defence of Monster 8"
    state = play(state, "face:6")
    # Ada holds no defensive item: not asked for items (issue 29); the monster's own die (newcomer 16)
    assert SPEC.prompt(state).text == "Roll the die for the attack of Monster 8"


# --------------------------------------------------------------------------- todo lines, main choices


def test_setup_is_a_checklist_of_todo_lines():
    from companion.engine import resolve_options
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}))
    assert [line.todo for line in state.news[:6]] == ["setup"] * 6  # then a word on placeholder decks
    assert state.news[0] == "Shuffle the room cards face down with the Vestibule on top: the room deck."
    dealt = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {"secret_cards": "companion"}))
    assert dealt.news[5] == "Leave the secret victory cards in the box: the companion deals them."
    assert [c.key for c in SPEC.prompt(state).choices if c.main] == ["start"]


def test_physical_instructions_are_todo_lines():
    state = new_game()
    laid = play(state, "draw:flashlight")
    assert laid.news[-1] == "Laid out: Flashlight." and laid.news[-1].todo == "place"
    killed = with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire")
    killed = play(killed, "pick:flashlight", "attack:vampire", "use:wooden-stake", "face:4", "keep")
    line = next(n for n in killed.news if str(n).startswith("Vampire is killed"))
    assert line.todo == "return"
    dead = with_monster(in_round_one(), "monster-08")
    dead = play(dead, "attack:monster-08", "face:1", "face:6", "face:5")
    line = next(n for n in dead.news if "dies" in str(n))
    assert line.todo == "out" and line == ("The character of Ada dies: every card but the character and the "
                                           "secret victory card is lost.")


def test_the_expected_next_step_is_main_and_pick_lists_never_are():
    state = in_round_one()
    assert not any(c.main for c in SPEC.prompt(state).choices)  # one action: a pick list
    rolling = play(state, "investigate")
    assert [c.key for c in SPEC.prompt(rolling).choices if c.main] == ["roll"]
    idle = replace(state, in_play=(), investigated=True)
    assert [c.key for c in SPEC.prompt(idle).choices if c.main] == ["pass"]


def test_every_refusal_names_a_rule_in_random_games():
    """Issue 19's sweep, for House of Spirits: refused keys seen elsewhere and refused taps
    of any card get the game's reason, never "drawn already", never a secret card's name."""
    import random

    import hos_checks

    from companion.engine import resolve_options

    rng = random.Random(19)
    states, keys_seen = [], set()
    for _ in range(3):
        options = resolve_options(SPEC, {"decks": rng.choice(["virtual", "physical"])})
        state = SPEC.setup(["Ada", "Bo", "Cy"], options, content=hos_checks.complete_content())
        for n in range(200):
            prompt = SPEC.prompt(state)
            if prompt.over:
                break
            if prompt.chance:
                key = rng.choice(prompt.chance.outcomes).key
            else:
                key = rng.choice(prompt.choices).key
            keys_seen.add(key)
            if n % 10 == 0:
                states.append(state)
            state = SPEC.apply(state, key)
    secrets = [hc.card(s).name for s in hc.ids("secret")]
    states.append(replace(states[-1], step=Step.MAIN))
    for state in states:
        prompt = SPEC.prompt(state)
        offered = {c.key for c in prompt.choices}
        assert "drawn already" not in SPEC.refusal(state, "draw:first-player", None)
        for key in sorted(keys_seen - offered):
            why = SPEC.refusal(state, key, None)
            assert why and not why.startswith("Not now") and "drawn already" not in why, (key, why)
        for component in sorted(SPEC.components):
            if prompt.for_component(component) is None:
                why = SPEC.refusal(state, None, component)
                assert why and "drawn already" not in why, (component, why)
                assert not any(name in why for name in secrets), why
