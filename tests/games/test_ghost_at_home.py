"""Ghost at Home (``ghost_at_home``): the rulebook's cases with exact numbers.

Rulebook: ``haunted-house-escape.it.txt``; house rules from notes.md 3.B (G-A1 … G-A7).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from moves import moves

from companion.engine import get_game, resolve_options
from companion.errors import RuleViolation
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.cards import accounted
from companion.games.ghost_at_home.light import light_paid
from companion.games.ghost_at_home.state import Floor, Step

SPEC = get_game("ghost_at_home")
play, keys = moves(SPEC)
FULL = ("x", "x")


def new(players=("Ada", "Bo"), **options):
    return SPEC.setup(list(players), resolve_options(SPEC, options))


def with_house(state, player, *floors):
    """``player``'s house as given floors (bottom first); the deck pays for the cards placed."""
    house = tuple(floors) + (Floor(),) * (3 - len(floors))
    state = replace(state, houses=state.houses[:player] + (house,) + state.houses[player + 1:])
    return replace(state, deck=state.deck - sum(f.cards() for f in floors))


def rooms(floor: int, n: int = 2) -> tuple[str, ...]:
    return ((gc.FIRST, gc.SECOND, gc.THIRD)[floor - 1],) * n


# --------------------------------------------------------------------------- cards, setup


def test_deck_composition():
    """"Carte": 46 basic (12 + 10 + 10 room cards, 8 ghosts, 6 cats) and 7 special cards."""
    assert gc.DECK_SIZE == 53
    basic = [gc.FIRST, gc.SECOND, gc.THIRD, gc.GHOST, gc.CAT]
    assert [gc.DECK[c] for c in basic] == [12, 10, 10, 8, 6] and sum(gc.DECK[c] for c in basic) == 46
    assert {c: gc.DECK[c] for c in gc.SPECIALS} == {gc.HOLE: 1, gc.BULB: 1, gc.FOOD: 1, gc.ELEVATOR: 1,
                                                     gc.LIGHTNING: 1, gc.WILD: 2}
    assert len(SPEC.pieces) == 53 and SPEC.pieces.count("ghost_at_home:room:first-floor") == 12
    assert SPEC.pieces.count("ghost_at_home:special:room-wild-card") == 2
    assert set(SPEC.pieces) == SPEC.components and len(SPEC.components) == 11
    assert SPEC.component_label("ghost_at_home:cat:cat") == "cat card"
    assert all(v is None for v in gc.BULBS.values())  # notes 1.2: UNKNOWN


@pytest.mark.parametrize("n, deck", [(2, 47), (3, 44), (5, 38)])
def test_setup_deals_three_each(n, deck):
    state = new(("Ada", "Bo", "Cy", "Di", "Eve")[:n])
    assert state.hands == (3,) * n and state.deck == deck and accounted(state) == 53
    view = SPEC.view(state)
    assert view["hand_sizes"] == dict(zip(state.players, (3,) * n)) and view["deck"] == deck
    assert view["houses"]["Ada"]["1"] == {"rooms": [], "light": False, "ghosts": 0, "cat": 0}
    assert (view["turn"], view["escape"], view["outcome"]) == ("Ada", None, None)


# --------------------------------------------------------------------------- rooms


def test_floors_fill_in_order_with_several_cards_in_one_action():
    """"ad es. 2 carte del primo piano e poi 1 carta del secondo piano" in one turn."""
    state = new()
    assert "room:second-floor" not in keys(state)  # the first floor is not full
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "room:second-floor")
    state = play(state, "room:first-floor")
    assert state.step == Step.ROOMS and keys(state) == ["room:first-floor", "room:room-wild-card", "done"]
    state = play(state, "room:first-floor", "room:second-floor")
    assert state.houses[0][0].rooms == (gc.FIRST, gc.FIRST) and state.houses[0][1].rooms == (gc.SECOND,)
    assert state.hands[0] == 0 and keys(state) == ["done"]  # three cards held, three played
    state = play(state, "done")
    assert (state.hands, state.deck, state.active, state.turn) == ((3, 3), 44, 1, 2)


def test_room_wild_card_fills_any_floor():
    state = with_house(new(), 0, Floor(rooms(1)), Floor(rooms(2)))
    assert [k for k in keys(state) if k.startswith("room:")] == ["room:third-floor", "room:room-wild-card"]
    state = play(state, "room:room-wild-card")
    assert state.houses[0][2].rooms == (gc.WILD,)


# --------------------------------------------------------------------------- lights


@pytest.mark.parametrize("bulbs, rule, paid", [
    ((3, 2), "sum", True), ((3, 1), "sum", False), ((4, 1, 0), "sum", True),
    ((4, 1, 0), "zero_plus_pair", True), ((2, 2, 1), "sum", True), ((2, 2, 1), "zero_plus_pair", False),
    ((5,), "sum", False), ((2, 2, 2, 2), "sum", False),
])
def test_light_cost(bulbs, rule, paid):
    """"Scarta 2 o 3 carte con un totale di almeno 5 icone"; G-A3 for three cards."""
    assert light_paid(bulbs, rule) is paid


def _pay(state, *pairs):
    for card, bulbs in pairs:
        state = play(state, f"pay:{card}", f"bulbs:{bulbs}")
    return state


def test_counted_light_two_cards_three_plus_two():
    state = play(new(light_check="count"), "light:1")
    state = _pay(state, (gc.FIRST, 3), (gc.GHOST, 2))
    assert "pay-done" in keys(state)
    state = play(state, "pay-done")
    assert state.houses[0][0].lit and state.discard == (gc.FIRST, gc.GHOST)
    assert state.hands == (3, 3) and state.deck == 45  # paid 2, drew 2
    assert "Ada turns on the light of the first floor." in state.news


def test_counted_light_three_plus_one_is_refused():
    state = _pay(play(new(light_check="count"), "light:1"), (gc.FIRST, 3), (gc.CAT, 1))
    assert "pay-done" not in keys(state)
    assert SPEC.prompt(state).text == ("Ada: the cards tapped show 4 bulbs; a light needs 5. "
                                       "Tap another card, or Cancel")
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "pay-done")
    state = play(state, "cancel")
    assert (state.step, state.paying, state.hands[0]) == (Step.TURN, (), 3)


@pytest.mark.parametrize("rule, lit", [("sum", True), ("zero_plus_pair", True)])
def test_counted_light_four_one_zero(rule, lit):
    state = _pay(play(new(light_check="count", light_three_card_rule=rule), "light:1"),
                 (gc.FIRST, 4), (gc.CAT, 1), (gc.GHOST, 0))
    assert play(state, "pay-done").houses[0][0].lit is lit


@pytest.mark.parametrize("rule, offered", [("sum", True), ("zero_plus_pair", False)])
def test_counted_light_two_two_one_under_each_rule(rule, offered):
    state = _pay(play(new(light_check="count", light_three_card_rule=rule), "light:1"),
                 (gc.FIRST, 2), (gc.CAT, 2), (gc.GHOST, 1))
    assert ("pay-done" in keys(state)) is offered


def test_confirmed_light_and_lower_floors():
    """Unknown bulbs: the table confirms; a floor lights only above explored floors."""
    state = new()
    assert [k for k in keys(state) if k.startswith("light:")] == ["light:1"]  # "sempre il primo piano"
    state = play(state, "light:1", "pay:first-floor", "pay:cat", "pay-done")
    assert SPEC.prompt(state).text == "Table: do these 2 cards show at least 5 bulb icons together?"
    assert play(state, "light-no").step == Step.TURN
    assert play(state, "light-yes").houses[0][0].lit
    built = with_house(new(), 0, Floor(rooms(1)))
    assert [k for k in keys(built) if k.startswith("light:")] == ["light:1", "light:2"]


def test_each_card_tapped_for_a_light_is_counted_in_the_prompt():
    """newcomer16: the first card tapped to pay left the prompt as it was, so the terminal showed
    nothing, and a player who saw nothing tapped a second card."""
    state = play(new(), "light:1")
    assert str(SPEC.prompt(state).text) == ("Ada: tap the 2 or 3 cards you discard to light the first floor "
                                            "(at least 5 bulb icons)")
    state = play(state, "pay:first-floor")
    assert str(SPEC.prompt(state).text) == ("Ada: 1 card tapped to light the first floor: tap 1 or 2 more "
                                            "(at least 5 bulb icons)")
    state = play(state, "pay:cat")
    assert str(SPEC.prompt(state).text) == ("Ada: 2 cards tapped to light the first floor: touch Pay with these "
                                            "cards, or tap a third")
    state = play(state, "pay:ghost")
    assert str(SPEC.prompt(state).text) == "Ada: 3 cards tapped to light the first floor: touch Pay with these cards"


# --------------------------------------------------------------------------- ghosts and cats


def test_ghost_on_an_unlit_floor_discards_it():
    """"Se la luce di quel piano è spenta, il fantasma e tutte le carte stanza … scartate"."""
    state = with_house(new(), 1, Floor(rooms(1)), Floor((gc.SECOND,)))
    state = play(state, "ghost", "target:Bo")
    assert state.step == Step.DEFEND and SPEC.prompt(state).player == "Bo"  # out of turn
    state = play(state, "let-in")
    assert state.houses[1][1] == Floor() and state.houses[1][0].rooms == rooms(1)
    assert state.discard == (gc.GHOST, gc.SECOND) and accounted(state) == 53
    assert (state.active, state.hands) == (1, (3, 3))


def test_ghost_on_a_lit_floor_stays_and_a_second_one_clears_it():
    state = with_house(new(), 1, Floor(rooms(1), lit=True))
    state = play(state, "ghost", "target:Bo", "let-in")
    assert state.houses[1][0] == Floor(rooms(1), lit=True, ghosts=1)
    state = play(replace(state, active=0), "ghost", "target:Bo", "let-in")  # G-A1 default: allowed
    assert state.houses[1][0] == Floor()
    assert state.discard == (gc.FIRST, gc.FIRST, gc.GHOST, gc.GHOST)


def test_strict_reading_refuses_a_second_ghost_on_a_lit_floor():
    state = with_house(new(second_ghost_on_lit_floor=False), 1, Floor(rooms(1), lit=True, ghosts=1))
    assert "ghost" not in keys(state)


def test_cat_on_the_floor_cancels_the_ghost():
    state = with_house(new(), 1, Floor(rooms(1), cats=1))
    state = play(state, "ghost", "target:Bo")
    assert state.houses[1][0] == Floor(rooms(1)) and state.discard == (gc.CAT, gc.GHOST)
    assert state.active == 1  # no defence window was needed


def test_cat_from_the_hand_out_of_turn():
    state = with_house(new(), 1, Floor(rooms(1)))
    state = play(state, "ghost", "target:Bo")
    prompt = SPEC.prompt(state)
    assert prompt.player == "Bo" and [c.key for c in prompt.choices] == ["defend", "let-in"]
    assert prompt.for_component("ghost_at_home:cat:cat").key == "defend"
    state = play(state, "defend")
    assert state.houses[1][0] == Floor(rooms(1)) and state.hands == (3, 2)  # Bo refills on his turn
    assert "Bo discards a cat: the ghost is cancelled." in state.news


def test_cat_played_on_a_ghost_discards_both():
    state = with_house(new(), 0, Floor(rooms(1), lit=True, ghosts=1))
    state = play(state, "cat", "cat-floor:1")
    assert state.houses[0][0] == Floor(rooms(1), lit=True) and state.discard == (gc.CAT, gc.GHOST)


def test_cat_granularity():
    """G-A6: one cat per floor, or one per room."""
    state = with_house(new(), 0, Floor(rooms(1), cats=1))
    assert "cat" not in keys(state)
    state = with_house(new(cat_granularity="room"), 0, Floor(rooms(1), cats=1))
    assert keys(play(state, "cat")) == ["cat-floor:1", "cancel"]


# --------------------------------------------------------------------------- special cards


def test_lightning_resolves_the_ghost_or_not():
    for resolves, after in ((True, Floor()), (False, Floor(rooms(1), ghosts=1))):
        state = with_house(new(lightning_resolves_ghost=resolves), 1, Floor(rooms(1), lit=True, ghosts=1))
        assert play(state, "special:lightning", "bolt:Bo").houses[1][0] == after


def test_time_space_hole_moves_a_ghost():
    state = with_house(new(("Ada", "Bo", "Cy")), 1, Floor(rooms(1), lit=True, ghosts=1))
    state = with_house(state, 2, Floor((gc.FIRST,)))
    state = play(state, "special:time-space-hole", "from:Bo:1", "to:Cy")
    assert state.step == Step.DEFEND and SPEC.prompt(state).player == "Cy"
    state = play(state, "let-in")
    assert state.houses[1][0].ghosts == 0 and state.houses[2][0] == Floor()
    assert accounted(state) == 53


def test_cat_food_and_elevator_move_cats():
    state = with_house(new(), 1, Floor(rooms(1), cats=1))
    state = with_house(state, 0, Floor(rooms(1)), Floor((gc.SECOND,)))
    state = play(state, "special:cat-food", "from:Bo:1", "to-floor:2")
    assert state.houses[1][0].cats == 0 and state.houses[0][1].cats == 1
    state = play(replace(state, active=0, step=Step.TURN), "special:elevator", "from-floor:2", "to-floor:1")
    assert (state.houses[0][0].cats, state.houses[0][1].cats) == (1, 0)


# --------------------------------------------------------------------------- refill, discard


def test_secret_discard_and_refill_with_reshuffle():
    """"L'identità delle carte scartate è segreta"; "Se il mazzo esaurisce le carte, viene rimescolato"."""
    state = replace(new(), deck=1, secret=46)  # the rest of the deck is in the discard pile
    state = play(state, "discard", "discard-n:2")
    assert state.hands == (3, 3) and accounted(state) == 53
    assert state.deck == 46 + 2 + 1 - 2 and state.secret == 0
    assert "The deck is empty: shuffle the discard pile into a new deck." in state.news
    assert not any(str(gc.card_name(c)) in " ".join(map(str, state.news)) for c in gc.DECK)


def test_refill_after_playing():
    state = play(new(), "room:first-floor", "room:first-floor", "done")
    assert state.hands == (3, 3) and state.deck == 45 and "Ada: draw 2 cards." in state.news


# --------------------------------------------------------------------------- the escape


def _escaping(players=("Ada", "Bo", "Cy"), **options):
    state = with_house(new(players, **options), 0, Floor(rooms(1)), Floor(rooms(2)), Floor((gc.THIRD,)))
    return play(state, "room:third-floor", "done")


def test_an_unstopped_escape_wins():
    state = _escaping()
    assert state.step == Step.ESCAPE and SPEC.view(state)["escape"] == "Ada"
    assert SPEC.prompt(state).player == "Bo" and keys(state) == ["stop", "pass"]
    state = play(state, "pass")
    assert SPEC.prompt(state).player == "Cy"
    state = play(state, "pass")
    assert state.outcome == "Ada" and SPEC.prompt(state).over and SPEC.outcome(state) == "Ada"
    assert state.hands[0] == 2  # an explored house does not refill


def test_a_stopped_escape_refills_everyone_from_the_escaper():
    state = play(_escaping(), "stop", "let-in")
    assert state.houses[0][2] == Floor() and state.outcome is None
    assert state.hands == (3, 3, 3) and state.active == 1 and state.step == Step.TURN
    assert state.news[-1] == "Bo's turn."


def test_escape_stop_rule_on_a_lit_floor():
    for rule, outcome in (("any_ghost", None), ("floor_removed", "Ada")):
        state = _escaping(escape_stop=rule)
        state = replace(state, houses=((state.houses[0][:2] + (replace(state.houses[0][2], lit=True),)),)
                        + state.houses[1:])
        state = play(state, "stop", "let-in", *(["pass"] if outcome else []))
        assert state.outcome == outcome
        assert state.houses[0][2].ghosts == 1


def test_two_player_escape_with_two_ghosts():
    """"In una partita a 2 giocatori, l'avversario può giocare fino a 2 fantasmi": on a lit
    third floor the first ghost stays (not a stop under ``floor_removed``); the second is
    the second ghost there: rooms and ghosts are discarded, the light goes off, the escape
    is stopped."""
    state = _escaping(("Ada", "Bo"), escape_stop="floor_removed")
    house = state.houses[0]
    state = replace(state, houses=((house[:2] + (replace(house[2], lit=True),)),) + state.houses[1:])
    assert state.stoppers == (1, 1)
    state = play(state, "stop", "let-in")
    assert state.houses[0][2].ghosts == 1 and state.step == Step.ESCAPE and SPEC.prompt(state).player == "Bo"
    state = play(state, "stop", "let-in")
    assert state.houses[0][2] == Floor() and state.outcome is None
    assert state.discard == (gc.GHOST, gc.GHOST, gc.THIRD, gc.THIRD)
    assert (state.active, state.hands, state.step) == (1, (3, 3), Step.TURN)


def test_two_player_escape_cat_then_unlit_floor():
    """The first ghost is cancelled by a cat from the escaper's hand; the second lands on
    the dark third floor and stops the escape."""
    state = play(_escaping(("Ada", "Bo")), "stop", "defend")
    assert state.step == Step.ESCAPE and state.houses[0][2].rooms == rooms(3)
    state = play(state, "stop", "let-in")
    assert state.houses[0][2] == Floor() and state.outcome is None and state.active == 1


def test_two_player_escape_that_both_ghosts_fail_to_stop():
    state = play(_escaping(("Ada", "Bo"), escape_stop="floor_removed"), "stop", "defend", "stop", "defend")
    assert state.outcome == "Ada" and state.hands[0] == 0


def test_news_and_prompts_render_in_italian():
    state = with_house(new(), 1, Floor(rooms(1)))
    state = play(state, "ghost", "target:Bo")
    from companion.i18n import render
    assert render(SPEC.prompt(state).text, "it") == (
        "Bo: un fantasma sta arrivando al primo piano della tua casa. Scarta un gatto dalla mano per "
        "annullarlo (toccalo sul lettore), oppure lascia entrare il fantasma")
    assert render(state.news[0], "it") == "Ada gioca un fantasma sulla casa di Bo, al primo piano."
    assert render(play(state, "let-in").news[0], "it") == (
        "Scartate le carte stanza e fantasma del primo piano della casa di Bo; la luce è spenta.")
