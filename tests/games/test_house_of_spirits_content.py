"""House of Spirits: the printed card data the owner enters at enrollment (issue 10).

No public card list exists (notes.md 1.4): the game ships the rulebook's numbers and named
placeholders (``card_data.py``), and the table enters what its own cards show
(``content.py``, ``docs/content.md``). These tests check that an entry changes the game
with exact numbers (house-of-spirits.txt "Combat Example", "Investigation" example,
"Playing Plot Cards"), that a table's data breaking a rule of the cards is refused at new
game, that the entries travel in the header and the state (round trip, replay), and that
the companion draws a deck itself only when none of its cards is a placeholder.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import hos_checks
import pytest
from hos_checks import holding, in_room, play, random_action, with_monster

from companion import enrollment, script
from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.engine import ContentError, get_game, resolve_options
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits import content as entries  # the card data the table enters
from companion.games.house_of_spirits.card_data import ENTERED
from companion.games.house_of_spirits.state import Step
from companion.header import GameHeader, HeaderError
from companion.i18n import render
from companion.inputs import Press, Touch
from companion.replay import replay
from companion.session import Session
from companion.store import EventStore
from companion.table_content import forms

SPEC = get_game("house_of_spirits")
KRAIG, OLIVIA, RUDOLPH = "kraig-quartzheim", "olivia", "rudolph"
COMPLETE = hos_checks.complete_content()
C = hc.component


def in_round_one(content=None, main=("flashlight", "broken-mirror", "item-05"), complete=True, **options):
    """Round 1 in the Vestibule: Ada (Kraig), Bo (Olivia), Cy (Rudolph); Ada to act."""
    table = {**(COMPLETE if complete else {}), **(content or {})}
    state = SPEC.setup(["Ada", "Bo", "Cy"], resolve_options(SPEC, options), content=table)
    state = play(state, "start", f"draw:{KRAIG}", f"draw:{OLIVIA}", f"draw:{RUDOLPH}", "face:6", "face:1", "face:2")
    return play(state, *(f"draw:{card}" for card in main))


def keys(state) -> set[str]:
    return {choice.key for choice in SPEC.prompt(state).choices}


# --------------------------------------------------------------------------- the form


def test_the_content_files_cards_are_their_own_printed_values():
    """Each card's form defaults (``printed``) give back the content file's card exactly."""
    for card in hc.CARDS.values():
        values = entries.printed(C(card.id))
        if card.kind == "first-player":
            assert values == {} and entries.fields(C(card.id)) == ()
            continue
        assert set(values) == {f.name for f in entries.fields(C(card.id))}, card.id
        assert entries.card_with(card, values) == replace(card, source=ENTERED), card.id
    assert entries.printed(C("ancient-tome")) == {
        "name": "Ancient Tome", "attack": 0, "defence": 0, "investigation": 0, "heal": 0, "against": "none",
        "against_attack": 0, "plot_modifier": 1, "plot_room": "library", "plot_room_modifier": 2}
    assert entries.printed(C("wooden-stake"))["against"] == "vampire"
    assert entries.printed(C("wooden-stake"))["against_attack"] == 3
    plot = entries.printed(C("plot-3"))  # the Garage listed as number 3 ("Playing Plot Cards")
    assert (plot["number_3"], plot["score"]) == ("garage", 4)


def test_forms_list_every_card_but_the_first_player_card():
    """The daemon's ``content`` answer: 71 forms, rulebook cards not marked placeholder."""
    answer = forms(SPEC, {}, "en")
    by_id = {c["component"]: c for c in answer["components"]}
    assert len(by_id) == 71 and C("first-player") not in by_id and answer["problem"] is None
    assert by_id[C("vestibule")]["placeholder"] is False and by_id[C("flashlight")]["placeholder"] is False
    assert by_id[C("item-12")]["placeholder"] is True and by_id[C("vampire")]["placeholder"] is True
    assert by_id[C("flashlight")]["label"] == "Item card Flashlight"  # issue 29: a name, not an id
    assert [f["name"] for f in by_id[C("plot-5")]["fields"]] == ["name", "score"] + [f"number_{n}" for n in range(1, 7)]
    assert by_id[C("plot-5")]["fields"][5]["value"] == "ancient-tome"  # number 4
    italian = {c["component"]: c for c in forms(SPEC, {C("item-12"): {"heal": 2}}, "it")["components"]}
    assert italian[C("flashlight")]["label"] == "Carta oggetto Torcia"  # issue 29: in Italian
    # the printed name stays where the table matches the card: the form's name field, as the
    # card prints it (newcomer19 9: the desk showed "broken mirror", "flashlight" beside
    # "Ancient Tome", where the terminal says "Broken Mirror")
    assert [italian[C(card)]["fields"][0]["value"] for card in ("broken-mirror", "flashlight", "wooden-stake",
                                                                 "ancient-tome")] == \
        ["Broken Mirror", "Flashlight", "Wooden Stake", "Ancient Tome"]
    assert italian[C("item-12")]["placeholder"] is False and italian[C("item-12")]["entered"] is True
    assert italian[C("vampire")]["fields"][1]["label"] == "Attacco (il numero accanto alla spada)"


def test_enrollment_walk_labels_read_after_the():
    """"Piece n of 72: … Tap its tag.": a card's label is a noun phrase, never "the X" itself."""
    walk = enrollment.start(SPEC)
    assert walk.total == 72
    assert walk.asking() == "Piece 1 of 72: Character card 4. Tap its tag."
    labels = set(walk.labels)
    assert {"Character card Kraig Quartzheim", "Room card Vestibule", "Item card Broken Mirror",
            "Monster card Vampire", "Plot card 7", "Secret victory card 3", "Event card 2",
            "First Player card", "Room card 12"} <= labels
    assert not [label for label in labels if label.lower().startswith("the ")]
    assert render(SPEC.component_label(C("olivia")), "it") == "Carta personaggio Olivia"


# --------------------------------------------------------------------------- entries change the game


@pytest.mark.parametrize("entered, news, health", [
    ({}, ("Vampire defends: 2 + 4 (die) = 6.", "A hit: Vampire has 1 health left."), 1),
    ({"defence": 4}, ("Vampire defends: 4 + 4 (die) = 8.", "A miss: 8 does not exceed 8."), 2),
    ({"health": 3}, ("Vampire defends: 2 + 4 (die) = 6.", "A hit: Vampire has 2 health left."), 2),
])
def test_entered_monster_numbers_change_the_combat_example(entered, news, health):
    """"Combat Example": Olivia's 2 + wooden stake 3 + die 3 = 8 against the vampire's
    defence + 4. The printed defence 2 gives 6, a hit; a table whose vampire shows a
    defence of 4 gets 8, which 8 does not exceed: a miss."""
    content = {C("vampire"): entered} if entered else {}
    state = with_monster(holding(in_round_one(content), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire", "use:wooden-stake", "face:3", "keep")
    assert state.news[-1] == "Attack: 2 + 3 (items) + 3 (die) = 8."
    state = play(state, "face:4")
    assert state.news[:2] == news
    assert state.health("vampire") == health
    assert SPEC.view(state)["in_play"][-1]["health"] == health


@pytest.mark.parametrize("flashlight, total, success", [(2, 8, False), (3, 9, True)])
def test_an_entered_item_bonus_changes_the_investigation(flashlight, total, success):
    """"Investigation" example with the table's own cards: Kraig's 3 + broken mirror 1 +
    flashlight + die 2, against a plot card whose score the table entered as 8 ("he must
    exceed" it): the printed flashlight (+2) makes 8 and fails, a flashlight showing +3 makes 9."""
    content = {C("plot-2"): {"score": 8}}
    if flashlight != 2:
        content[C("flashlight")] = {"investigation": flashlight}
    state = holding(in_round_one(content, main=("item-05", "item-06", "item-07")), 0, "broken-mirror", "flashlight")
    assert SPEC.prompt(play(state, "investigate")).choice("use:flashlight").label == f"Use Flashlight (+{flashlight})"
    state = play(state, "investigate", "use:broken-mirror", "use:flashlight", "face:2")
    assert state.news[-1] == f"Ada investigates: 3 + {1 + flashlight} (items) + 2 (die) = {total}."
    state = play(state, "draw:plot-2")
    assert (state.hand(0) == ("plot-2",)) is success
    assert str(state.news[0]).startswith("The plot card shows 8, so 9 or more was needed: ")


def test_entered_names_and_character_numbers_reach_prompts_and_view():
    content = {C("item-05"): {"name": "Silver Cross", "attack": 2},
               C(KRAIG): {"investigation": 4, "health": 6}}
    state = in_round_one(content)
    assert SPEC.prompt(state).choice("pick:item-05").label == "Pick up Silver Cross"
    assert SPEC.view(state)["in_play"][-1]["name"] == "Silver Cross"
    assert SPEC.view(state)["players"]["Ada"]["max_health"] == 6
    state = play(state, "investigate", "face:1")
    assert state.news[-1] == "Ada investigates: 4 + 0 (items) + 1 (die) = 5."


def test_entered_plot_targets_make_a_room_or_an_item_plot_card():
    """"Playing Plot Cards": a plot card the table entered as listing the Library as 2
    is played only in the Library, with the room modifier; one listing the flashlight as
    5 needs the flashlight (no plot modifier: exactly 5)."""
    room_plot = {C("plot-1"): {"number_2": "library"}, C("library"): {"modifier": 1}}
    state = holding(in_round_one(room_plot), 1, "plot-1")
    state = play(state, "pick:flashlight")
    assert "play:plot-1" not in keys(state)  # the Vestibule is not on the card
    state = play(in_room(state, "library"), "play:plot-1")
    assert SPEC.prompt(state).text == "Bo: roll the die for Plot card 1: you need 2, and may add or take away up to 1"
    assert play(state, "face:3").plots_played == ("plot-1",)

    item_plot = {C("plot-1"): {"number_5": "flashlight"}}
    state = holding(in_round_one(item_plot, main=("item-05", "item-06", "item-07")), 0, "plot-1")
    assert "play:plot-1" not in keys(state)  # no flashlight in hand
    state = play(holding(state, 0, "flashlight"), "play:plot-1")
    assert SPEC.prompt(state).text == "Ada: roll the die for Plot card 1: you need exactly 5"
    assert play(state, "face:4").plots_played == ()
    assert play(state, "face:5").attached == (("plot-1", "flashlight"),)


def test_a_bonus_against_a_monster_counts_against_every_card_of_that_name():
    """The wooden stake's +3 "since she is fighting a vampire": a second monster card the
    table named Vampire gets it too; a monster of another name the +1."""
    state = holding(in_round_one({C("monster-02"): {"name": "Vampire"}}), 0, "wooden-stake")
    assert SPEC.prompt(play(with_monster(state, "monster-02"), "attack:monster-02")).choice(
        "use:wooden-stake").label == "Use Wooden Stake (+3)"
    assert SPEC.prompt(play(with_monster(state, "monster-03"), "attack:monster-03")).choice(
        "use:wooden-stake").label == "Use Wooden Stake (+1)"


# --------------------------------------------------------------------------- whole-table rules


@pytest.mark.parametrize("content, message", [
    ({C("vestibule"): {"skulls": 1}}, "Vestibule shows no skulls: it is the only room with no chance of monsters."),
    ({C("room-05"): {"skulls": 0}},
     "Room 5 has no skulls, but only the Vestibule has none: enter its skulls."),
    ({C("plot-1"): {"number_1": "library", "number_2": "flashlight"}},
     "Plot card 1 lists rooms and items: a plot card lists rooms, or items."),
    ({C("plot-1"): {"number_1": "library", "number_6": "library"}},
     "Plot card 1 lists the same card under two numbers."),
    ({C("item-05"): {"against": "vampire"}},
     "Item 5: a bonus against a monster needs both the monster and the bonus."),
    ({C("item-05"): {"plot_room_modifier": 2}}, "Item 5: a plot modifier for one room needs that room."),
    ({C("vampire"): {"health": 0}}, "health is a whole number from 1 to 9, not 0"),
    ({C("plot-1"): {"number_1": "kitchen"}}, "number_1 is one of none, "),
    ({C("first-player"): {"name": "Start"}}, "nothing can be entered for house_of_spirits:first-player:first-player"),
])
def test_a_table_breaking_a_rule_of_the_cards_cannot_start_a_game(content, message):
    with pytest.raises(HeaderError) as refused:
        GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo"], "content": content})
    assert str(refused.value).startswith("'content': ") and message in str(refused.value)
    with pytest.raises(ContentError, match=re.escape(message)):
        SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}), content=content)


def test_the_daemon_refuses_a_new_game_while_the_tables_data_breaks_a_rule(tmp_path):
    """An entry is saved even when the table's data breaks a rule (the owner may be
    half-way); the answer says what to put right, and no game starts until it is."""
    store = EventStore(tmp_path / "d.sqlite3")
    daemon = Daemon(store, tmp_path / "run" / "companion.sock")
    with DaemonThread(daemon), Client(daemon.socket_path).connect() as client:
        ack = client.request({"cmd": "content_set", "component": C("vampire"), "fields": {"defence": 4}})
        assert ack["ok"] and "counts from the next new game" in ack["text"]
        ack = client.request({"cmd": "content_set", "component": C("plot-1"),
                              "fields": {"number_1": "attic", "number_2": "flashlight"}})
        assert ack["ok"] and ("Before a game can start: Plot card 1 lists rooms and items: "
                              "a plot card lists rooms, or items.") in ack["text"]
        ack = client.request({"cmd": "new_game", "game": "house_of_spirits", "players": ["Ada", "Bo"]})
        assert not ack["ok"] and "lists rooms and items" in ack["text"]
        ack = client.request({"cmd": "content_set", "component": C("plot-1"), "fields": {"number_2": "none"}})
        assert ack["ok"] and "Before a game can start" not in ack["text"]
        ack = client.request({"cmd": "new_game", "game": "house_of_spirits", "players": ["Ada", "Bo"]})
        assert ack["ok"], ack
        assert store.last_unfinished().header["content"] == {
            C("plot-1"): {"number_1": "attic", "number_2": "none"}, C("vampire"): {"defence": 4}}
    store.close()


# --------------------------------------------------------------------------- header, state, replay


TABLE = {C("vampire"): {"defence": 4, "health": 3, "name": "  Count Orlok "},
         C("monster-02"): {"attack": 5}, C("flashlight"): {"investigation": 3},
         C("plot-2"): {"score": 9}, C("library"): {"skulls": 4}}


def test_the_header_carries_the_entries_and_round_trips():
    header = GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo"], "seed": 4, "content": TABLE})
    assert header.content[C("vampire")] == {"defence": 4, "health": 3, "name": "Count Orlok"}
    again = GameHeader.from_json(json.loads(json.dumps(header.to_json())))
    assert again == header and again.key() == header.key()
    state = Session.start(header).state
    assert (state.card("vampire").name, state.card("vampire").defence, state.card("vampire").health) == (
        "Count Orlok", 4, 3)
    assert state.card("monster-02").attack == 5 and state.card("vampire").attack == 3  # not entered: printed
    assert dict(state.content)["library"] == (("skulls", 4),)


def test_a_state_keeps_its_entries_through_json_and_an_old_snapshot_is_not_used():
    state = with_monster(in_round_one(TABLE), "vampire")
    body = json.loads(json.dumps(SPEC.encode(state)))
    decoded = SPEC.decode(body)
    assert decoded == state and decoded.card("vampire").defence == 4 and decoded.card("vampire").name == "Count Orlok"
    assert body["version"] == 4 and "cards" not in body
    old = {key: value for key, value in body.items() if key != "content"} | {"version": 1}
    with pytest.raises(ValueError, match="version 1 is not 4"):  # the session replays the log instead
        SPEC.decode(old)


def random_game(seed: int, content, steps: int = 600):
    rng = random.Random(seed)
    state = SPEC.setup(["Ada", "Bo", "Cy"], resolve_options(SPEC, {"investigate_compare": "ge"}), content=content)
    actions = []
    for _ in range(steps):
        prompt = SPEC.prompt(state)
        if prompt.over:
            break
        action = random_action(state, rng)
        state = SPEC.apply(state, action)
        hos_checks.check(state, SPEC)
        actions.append(action)
    return state, actions


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replay_with_entries_is_deterministic(seed):
    """The same entries and actions on a fresh set-up give an equal state, whose card data
    is the entered one; without the entries the same actions play another game."""
    content = {**COMPLETE, **TABLE}
    final, actions = random_game(seed, content)
    again = SPEC.setup(["Ada", "Bo", "Cy"], final.options, content=content)
    for action in actions:
        again = SPEC.apply(again, action)
    assert again == final and SPEC.view(again) == SPEC.view(final)
    assert again.card("vampire").defence == 4 and again.content == final.content
    assert SPEC.decode(json.loads(json.dumps(SPEC.encode(final)))) == final


def test_a_table_script_with_entries_replays_through_the_daemon(tmp_path):
    """A game played with entered data, written as a table script, replays through the
    daemon to the same view (the entries travel in the script's header)."""
    header = GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo"], "seed": 11,
                                   "content": {**COMPLETE, **TABLE}})
    session = Session.start(header)
    rng = random.Random(11)
    lines, at = [], 0.0
    for _ in range(150):
        if session.prompt.over:
            break
        choice = rng.choice(session.prompt.choices)
        inp = Press(choice.button) if choice.button else Touch(choice.key)
        at += 0.5
        assert session.handle(inp).accepted
        lines.append((at, inp))
    path = tmp_path / "entered.jsonl"
    path.write_text(script.dump(header, lines), encoding="utf-8")
    table = script.load(path)
    assert table.header.content == header.content
    result = replay(table)
    assert result.refused == [] and result.state["view"] == session.view()


# --------------------------------------------------------------------------- virtual decks



def test_the_tapped_decks_line_is_a_set_up_step_a_late_client_is_given():
    """newcomer13 item 6: "Some decks are drawn from the table…" was plain news, so a voice
    (or screen) that connected after the game began never got it: it is an instruction for
    the hands, so it is a set-up step of the todo (what a client connecting is given), with
    what it is for in first-game mode."""
    session = Session.start(GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo"], "seed": 1}))
    line = "Some decks are drawn from the table: tap each card on the reader as you draw it."
    assert [str(todo) for todo in session.todo][-1] == line
    assert session.todo[-1].todo == "setup" and session.todo[-1].purpose is not None
    from companion import protocol

    late = protocol.state_message(session, [], lang="it")  # what a client connecting now is sent
    assert late["todo"][-1]["text"] == ("Alcuni mazzi si pescano dal tavolo: appoggiate sul lettore ogni carta "
                                        "che pescate.")


PLACEHOLDER_DECKS = {"character": 6, "room": 14, "monster": 10, "plot": 7, "main": 22}


def test_a_deck_with_placeholders_is_tapped_and_the_prompt_says_why():
    """``decks=virtual`` with the content file's placeholders: the companion would draw cards
    that are not printed, so each such deck is tapped card by card. The prompt never talks
    about card data (issue 29 item 9: Home points to it)."""
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}))
    assert state.news[-1] == "Some decks are drawn from the table: tap each card on the reader as you draw it."
    assert SPEC.view(state)["tapped_decks"] == PLACEHOLDER_DECKS and SPEC.view(state)["placeholders"] is True
    prompt = SPEC.prompt(play(state, "start"))
    assert prompt.chance is None
    assert prompt.text == "Ada: draw a character card blindly and tap it on the reader"
    assert render(prompt.text, "it") == "Ada: pesca alla cieca una carta personaggio e appoggiala sul lettore"
    assert {c.component for c in prompt.choices} == {C(card) for card in hc.ids("character")}
    monsters = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {"monsters_in_main_deck": True}))
    assert SPEC.view(monsters)["tapped_decks"]["main"] == 32
    physical = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {"decks": "physical"}))
    assert SPEC.view(physical)["tapped_decks"] == {}
    assert SPEC.prompt(play(physical, "start")).text == "Ada: draw a character card blindly and tap it on the reader"


def test_a_deck_is_drawn_by_the_companion_once_every_card_of_it_is_entered():
    characters = {C(card): {"health": 5} for card in hc.ids("character")}
    five = dict(list(characters.items())[:5])
    prompt = SPEC.prompt(play(SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}), content=five), "start"))
    assert prompt.chance is None and "placeholder" not in prompt.text  # one card not entered: tapped
    state = play(SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}), content=characters), "start")
    prompt = SPEC.prompt(state)
    assert prompt.chance.source == "character" and len(prompt.chance.outcomes) == 6
    assert SPEC.view(state)["tapped_decks"] == {k: v for k, v in PLACEHOLDER_DECKS.items() if k != "character"}
    # the room deck is still tapped after the characters are drawn and the roll-off
    state = play(state, "draw:olivia", "draw:rudolph", "face:6", "face:1")
    assert state.room == "vestibule" and state.step == Step.MAIN  # the Vestibule is certain: no draw asked
    assert SPEC.prompt(state).chance is None and "placeholder" not in SPEC.prompt(state).text
    complete = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}), content=COMPLETE)
    assert SPEC.view(complete)["tapped_decks"] == {} and SPEC.view(complete)["placeholders"] is False
    assert len(complete.news) == 6  # the set-up checklist, no word about tapped decks


def test_a_session_waits_for_a_tap_where_the_companion_cannot_draw():
    """Through a session: the dice button starts the game, then the character draw is a
    tap (or a touch of the card's name), not a companion draw."""
    session = Session.start(GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo"], "seed": 2}))
    assert session.handle(Press("dice")).accepted
    assert session.state.step == Step.CHARACTER and session.state.characters == (None, None)
    assert session.handle(Touch(f"draw:{OLIVIA}")).accepted and session.state.characters[0] == OLIVIA


def test_a_name_entered_as_the_old_lower_case_data_is_still_said_as_the_rulebook_card():
    """Newcomer19 9: the data's printed names are capitalised as the card prints them; a table
    that entered the old data ("flashlight") still hears the card's name in its language."""
    from companion.games.house_of_spirits.card_data import RULEBOOK_CARDS

    card = hc.CARDS["flashlight"]
    for typed in ("flashlight", "Flashlight"):
        assert replace(card, name=typed).said is RULEBOOK_CARDS["flashlight"][1]
