"""Ghost at Home: issue 19 (refusals that name the rule; prompts and words).

Sources: haunted-house-escape.it.txt, sections in quotes.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import get_game, resolve_options
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.state import Floor
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Tap
from companion.session import Session

SPEC = get_game("ghost_at_home")


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
