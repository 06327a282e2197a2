"""Ghost at Home: issue 19 (refusals that name the rule; prompts and words).

Sources: haunted-house-escape.it.txt, sections in quotes.
"""

from __future__ import annotations

from dataclasses import replace

from moves import moves

from companion.engine import get_game, resolve_options
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.state import Floor
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Tap
from companion.session import Session

SPEC = get_game("ghost_at_home")
play, _ = moves(SPEC)


def new(players=("Ada", "Bo"), **options):
    return SPEC.setup(list(players), resolve_options(SPEC, options))


def with_house(state, player: int, *floors: Floor):
    house = tuple(floors) + (Floor(),) * (gc.FLOORS - len(floors))
    return replace(state, houses=state.houses[:player] + (house,) + state.houses[player + 1:])


def tapped(state, card: str) -> str:
    return SPEC.refusal(state, None, gc.component(card))


FULL_FIRST = Floor(rooms=(gc.FIRST, gc.FIRST))


def test_a_room_card_whose_floor_is_not_next_names_the_rule():
    """"È necessario riempire tutti i piani inferiori prima di posizionare una scheda camera
    al piano successivo": a second-floor room on an unexplored first floor waits."""
    text = tapped(new(), gc.SECOND)
    assert text.startswith("The second-floor room card waits: the first floor must be fully explored first.")
    assert "drawn already" not in text


def test_a_third_first_floor_room_on_a_full_floor_names_the_rule():
    """Two room spaces per floor ("uno spazio vuoto sul lato sinistro o destro")."""
    state = with_house(new(), 0, FULL_FIRST)
    assert tapped(state, gc.FIRST).startswith(
        "The first floor is full: the first-floor room card has no space left; the next room goes on "
        "the second floor.")


def test_an_elevator_with_no_cat_names_the_rule():
    """"Ascensore: sposta un gatto tra i piani della tua stessa casa"."""
    state = with_house(new(), 0, FULL_FIRST)
    assert tapped(state, gc.ELEVATOR).startswith(
        "The Elevator moves one of your cats between your floors, and your house has no cat.")


def test_a_tap_through_the_session_is_the_games_reason():
    header = GameHeader.from_json({"game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 3})
    session = Session.start(header)
    reply = session.handle(Tap("04AA0000000001", ndef="ghost_at_home:special:lightning"))
    assert not reply.accepted
    assert reply.text.startswith("The Lightning turns off an opponent's light on the highest explored "
                                 "floor: none is lit.")
    assert render(reply.text, "it").startswith("Il Fulmine spegne")


# --------------------------------------------------------------------------- prompts and words, todo lines


def test_setup_is_a_checklist():
    """"Inizio del round": shuffle, deal 3 each, a house of 3 dark floor cards and a roof."""
    news = SPEC.news(new())
    assert news == ("Shuffle all 53 cards and deal 3 to each player.",
                    "Everyone builds a house of 3 dark floor cards and a roof.")
    assert [line.todo for line in news] == ["setup", "setup"]


def test_one_turn_sentence_for_every_name():
    """Issue 29: "It is Ada's turn." but "Bo's turn." (a different English sentence only to
    get Italian's "ad" before A): one sentence now, "Turno di Ada." in Italian."""
    state = play(new(("Bo", "Ada")), "discard", "discard-n:1")
    assert SPEC.news(state)[-1] == "Ada's turn."
    assert render(SPEC.news(state)[-1], "it") == "Turno di Ada."
    state = play(state, "discard", "discard-n:1")
    assert (SPEC.news(state)[-1], render(SPEC.news(state)[-1], "it")) == ("Bo's turn.", "Turno di Bo.")


def test_the_last_card_is_drawn_before_the_reshuffle():
    """"Se il mazzo esaurisce le carte, viene rimescolato": the table draws what is left, then
    reshuffles, then draws the rest."""
    state = replace(new(), deck=1, secret=5)
    state = play(state, "discard", "discard-n:3")
    assert SPEC.news(state)[1:4] == ("Ada: draw 1 card.",
                                     "The deck is empty: shuffle the discard pile into a new deck.",
                                     "Ada: draw 2 cards.")
    assert [line.todo for line in SPEC.news(state)[:4]] == ["remove", "deal", "return", "deal"]


def test_option_help_is_translatable():
    for option in SPEC.options:
        assert render(option.help, "it") != str(option.help), option.name


def test_the_main_choice_and_todo_lines():
    state = play(new(), "room:first-floor")
    assert SPEC.news(state)[-1].todo == "place"
    assert [c.key for c in SPEC.prompt(state).choices if c.main] == ["done"]
    assert not any(c.main for c in SPEC.prompt(new()).choices)  # a free pick of ONE action


def test_articles_in_refusals_in_italian():
    """"il Fulmine", "la carta": a card named at the start of a refusal has its own article."""
    state = replace(new(), discard=(gc.LIGHTNING,))
    text = tapped(state, gc.LIGHTNING)
    assert render(text, "it").startswith("Il Fulmine: ")
    state = with_house(new(), 0, FULL_FIRST)
    assert render(tapped(state, gc.FIRST), "it").startswith("Il primo piano è pieno: la carta stanza del primo piano")
