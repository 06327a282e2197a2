"""Ghost at Home with the table's card data (issue 12): the bulb icons the owner entered for
each copy of their cards ("Accendi la luce": "Scarta 2 o 3 carte con un totale di almeno 5
icone di lampadine. È anche possibile scartare una carta con 0 icone di lampadine, se le
altre due carte hanno almeno 5 icone di lampadine in totale").

When every card tapped for a light has an entered count, the companion checks the cost
itself (house rule ``light_three_card_rule``, notes 3.B G-A3) under either ``light_check``;
a card it cannot name (a touch, a tag enrolled without a copy number, a copy without an
entry) falls back to the table: confirm, or count.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from moves import moves

from companion.engine import ContentError, get_game, resolve_options
from companion.engine.content import check_table
from companion.engine.registry import copies
from companion.errors import RuleViolation
from companion.games.ghost_at_home.codec import decode, encode
from companion.games.ghost_at_home.content import CONTENT
from companion.games.ghost_at_home.state import Step
from companion.header import GameHeader, HeaderError
from companion.inputs import Tap, Touch
from companion.session import Session
from companion.table_content import forms

SPEC = get_game("ghost_at_home")
play, keys = moves(SPEC)
FIRST = "ghost_at_home:room:first-floor"
GHOST = "ghost_at_home:ghost:ghost"
CAT = "ghost_at_home:cat:cat"
LIGHT_BULB = "ghost_at_home:special:light-bulb"

#: What one owner found printed on some of their cards.
CARD_DATA = {f"{FIRST}#1": 3, f"{FIRST}#2": 4, f"{FIRST}#3": 2, f"{GHOST}#1": 2, f"{GHOST}#2": 1,
             f"{GHOST}#3": 0, f"{CAT}#1": 1, f"{CAT}#2": 2, LIGHT_BULB: 5}


def new(data=CARD_DATA, **options):
    content = {piece: {"bulbs": n} for piece, n in data.items()}
    return SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, options), content=content)


def light(state, *taps):
    """Ada lights her first floor, tapping the cards (``card#copy``) she discards for it."""
    return play(state, "light:1", *(f"pay:{tap}" for tap in taps))


CHECKS = ["confirm", "count"]


# --------------------------------------------------------------------------- the light cost cases


@pytest.mark.parametrize("check", CHECKS)
def test_three_plus_two_pays_without_asking_the_table(check):
    state = light(new(light_check=check), "first-floor#1", "ghost#1")  # 3 + 2
    assert state.step == Step.PAY and state.bulbs == (3, 2)  # no count asked, under either rule
    assert "pay-done" in keys(state)
    state = play(state, "pay-done")
    assert state.houses[0][0].lit and state.discard == ("first-floor", "ghost")
    assert state.hands == (3, 3) and state.deck == 45  # paid 2, drew 2
    assert "Ada turns on the light of the first floor." in state.news


@pytest.mark.parametrize("check", CHECKS)
def test_three_plus_one_is_refused(check):
    state = light(new(light_check=check), "first-floor#1", "cat#1")  # 3 + 1
    assert "pay-done" not in keys(state)
    assert SPEC.prompt(state).text == "Ada: the cards tapped show 4 bulbs; a light needs 5. Tap another card, or Cancel"
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "pay-done")
    assert play(state, "pay:ghost#2", "pay-done").houses[0][0].lit  # a third card with 1 more: 5


@pytest.mark.parametrize("rule", ["sum", "zero_plus_pair"])
@pytest.mark.parametrize("check", CHECKS)
def test_four_one_zero_pays_under_each_rule(check, rule):
    state = light(new(light_check=check, light_three_card_rule=rule), "first-floor#2", "cat#1", "ghost#3")
    assert state.bulbs == (4, 1, 0)
    assert play(state, "pay-done").houses[0][0].lit


@pytest.mark.parametrize("rule, paid", [("sum", True), ("zero_plus_pair", False)])
@pytest.mark.parametrize("check", CHECKS)
def test_two_two_one_under_each_rule(check, rule, paid):
    state = light(new(light_check=check, light_three_card_rule=rule), "first-floor#3", "cat#2", "ghost#2")
    assert state.bulbs == (2, 2, 1)
    assert ("pay-done" in keys(state)) is paid
    assert state.step == Step.PAY  # never the table's confirmation: the companion knows


# --------------------------------------------------------------------------- falling back to the table


def test_a_mix_of_known_and_unknown_counts_asks_the_table_to_confirm():
    state = light(new(), "first-floor#1", "first-floor#7")  # 3 + a copy with no entry
    assert "pay-done" in keys(state)
    state = play(state, "pay-done")
    assert state.step == Step.CONFIRM_LIGHT
    assert SPEC.prompt(state).text == "Table: do these 2 cards show at least 5 bulb icons together?"
    assert play(state, "light-yes").houses[0][0].lit


def test_a_touch_cannot_say_which_copy_so_the_table_confirms():
    state = light(new(), "first-floor", "ghost#1")  # touched on screen: which first-floor card?
    assert state.bulbs == (2,) and state.paid_pieces == ("", f"{GHOST}#1")
    assert play(state, "pay-done").step == Step.CONFIRM_LIGHT


def test_with_light_check_count_only_the_unknown_card_is_counted():
    state = light(new(light_check="count"), "first-floor#1", "cat#5")
    assert state.step == Step.BULBS
    assert SPEC.prompt(state).text == "Ada: how many bulb icons does the cat card show?"
    state = play(state, "bulbs:1")
    assert state.bulbs == (3, 1) and "pay-done" not in keys(state)


def test_without_card_data_the_table_confirms_as_before():
    state = light(new(data={}), "first-floor#1", "ghost#1")
    assert state.bulbs == () and play(state, "pay-done").step == Step.CONFIRM_LIGHT


def test_the_single_light_bulb_card_is_entered_under_its_component():
    state = light(new(), "light-bulb", "ghost#3")  # 5 + 0
    assert state.bulbs == (5, 0) and play(state, "pay-done").houses[0][0].lit


def test_one_card_cannot_pay_twice_and_copies_must_exist():
    state = light(new(), "first-floor#1")
    with pytest.raises(RuleViolation, match="already paid"):
        SPEC.apply(state, "pay:first-floor#1")
    for bad in ("pay:first-floor#13", "pay:first-floor#0", "pay:first-floor#x", "pay:first-floor#01",
                "pay:light-bulb#1", "room:first-floor#1"):
        with pytest.raises(RuleViolation):
            SPEC.apply(state, bad)
    assert play(state, "cancel").paid_pieces == ()


# --------------------------------------------------------------------------- the content spec


def test_every_copy_has_a_bulbs_form_from_0_to_9():
    answer = forms(SPEC, {f"{FIRST}#2": {"bulbs": 4}}, "it")
    pieces = [c["component"] for c in answer["components"]]
    assert len(pieces) == 53 and pieces[0] == f"{FIRST}#1" and LIGHT_BULB in pieces
    second = answer["components"][1]
    assert second["label"] == "carta stanza del primo piano, copia 2 di 12"
    assert (second["entered"], second["placeholder"]) == (True, False)
    assert [(f["name"], f["kind"], f["low"], f["high"], f["value"]) for f in second["fields"]] == [
        ("bulbs", "int", 0, 9, 4)]
    assert answer["components"][0]["placeholder"] is True and answer["components"][0]["fields"][0]["value"] is None
    assert answer["problem"] is None


def test_the_table_data_names_copies():
    count = lambda component: copies(SPEC, component)  # noqa: E731
    assert check_table(CONTENT, SPEC.components, {f"{FIRST}#12": {"bulbs": 9}}, count) == {f"{FIRST}#12": {"bulbs": 9}}
    for bad in ({FIRST: {"bulbs": 1}}, {f"{FIRST}#13": {"bulbs": 1}}, {f"{LIGHT_BULB}#1": {"bulbs": 1}},
                {f"{FIRST}#1": {"bulbs": 10}}, {f"{FIRST}#1": {"lamps": 1}}):
        with pytest.raises(ContentError):
            check_table(CONTENT, SPEC.components, bad, count)
    with pytest.raises(HeaderError, match="from 0 to 9"):
        GameHeader.from_json({"game": "ghost_at_home", "players": ["Ada", "Bo"],
                              "content": {f"{GHOST}#1": {"bulbs": -1}}})


# --------------------------------------------------------------------------- taps of copies, replay, codec


def test_a_tap_of_an_enrolled_copy_pays_with_its_entered_bulbs():
    """The table's tags are enrolled per copy (the enrollment walk): a tap says which card."""
    header = GameHeader.from_json({
        "game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 1,
        "content": {f"{FIRST}#1": {"bulbs": 3}, f"{GHOST}#1": {"bulbs": 2}},
        "tags": {"04AA0001": f"{FIRST}#1", "04AA0002": f"{GHOST}#1", "04AA0003": FIRST}})
    session = Session.start(header)
    assert session.handle(Touch("light:1")).accepted
    assert session.handle(Tap("04AA0001")).accepted
    assert session.handle(Tap("04AA0001")).accepted is False  # the same card again: refused
    assert session.handle(Tap("04AA0002")).accepted
    assert [entry.action for entry in session.history] == ["light:1", "pay:first-floor#1", "pay:ghost#1"]
    assert session.state.bulbs == (3, 2)
    assert session.handle(Touch("pay-done")).accepted
    assert session.view()["houses"]["Ada"]["1"]["light"] is True
    assert decode(encode(session.state)) == session.state


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(CARD_DATA)), st.integers(0, 9)),
       st.lists(st.sampled_from(["first-floor#1", "first-floor#2", "ghost#1", "cat#2", "light-bulb"]),
                min_size=0, max_size=3, unique=True))
def test_codec_round_trip_with_card_data(data, taps):
    state = light(new(data=data), *taps)
    assert decode(encode(state)) == state
    old = {k: v for k, v in encode(state).items() if k not in ("paid_pieces", "printed_bulbs")}
    with pytest.raises(ValueError, match="version 1 is not 3"):  # an older snapshot is not used: the log is replayed
        decode({**old, "version": 1})
