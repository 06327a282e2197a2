"""words20: words that misled, left over from session 19 (notes/words19.md, fix19desk.md).

* A count said in a sentence takes its number's form: "ne resta 1" / "ne restano 2",
  "1 card" / "2 cards" (Italian and English), where a sentence had one form for every count.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_ghost_at_home import new as new_ghost_at_home
from test_ghost_at_home import play as play_ghost_at_home

from companion.engine.why import why_of
from companion.games.children import why as children_why
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home import refusals as ghost_refusals
from companion.games.ghost_at_home.state import Step
from companion.games.house_of_spirits import why as hos_why
from companion.i18n import msg, render


def _why(line, lang: str) -> str:
    return render(why_of(line).text, lang)


@pytest.mark.parametrize("health, en, it", [
    (1, "8 is more than 6: the monster loses one health point; 1 left.",
     "8 supera 6: il mostro perde un punto salute; ne resta 1."),
    (2, "8 is more than 6: the monster loses one health point; 2 left.",
     "8 supera 6: il mostro perde un punto salute; ne restano 2."),
])
def test_a_monster_s_health_left_takes_its_number_s_form(health, en, it):
    line = hos_why.hit(msg("A hit."), 8, 6, health)
    assert (_why(line, "en"), _why(line, "it")) == (en, it)


@pytest.mark.parametrize("pool, it", [(1, "nella riserva ne resta 1."), (0, "nella riserva ne restano 0."),
                                      (3, "nella riserva ne restano 3.")])
def test_the_skull_pile_left_takes_its_number_s_form(pool, it):
    line = children_why.skull(msg("A skull."), 2, pool)
    assert _why(line, "it").endswith(it)
    assert _why(line, "en").endswith(f"{pool} left in the pile.")


def _paying(hand: int, tapped: int):
    state = play_ghost_at_home(new_ghost_at_home(), "light:1")
    return replace(state, hands=(hand, 3), paying=(gc.FIRST,) * tapped)


def test_ghost_at_home_counts_take_their_number_s_form():
    one = ghost_refusals._paying(_paying(1, 1), gc.GHOST)
    assert str(one).startswith("A light costs 2 or 3 cards from the hand: 1 is tapped.")
    assert render(one, "it").startswith("Una luce costa 2 o 3 carte dalla mano: ne è stata appoggiata 1.")
    two = ghost_refusals._paying(_paying(2, 2), gc.GHOST)
    assert str(two).startswith("A light costs 2 or 3 cards from the hand: 2 are tapped.")
    assert render(two, "it").startswith("Una luce costa 2 o 3 carte dalla mano: ne sono state appoggiate 2.")
    for hand, en, it in [(1, "Ada holds 1 card.", "Ada ha 1 carta in mano."),
                         (2, "Ada holds 2 cards.", "Ada ha 2 carte in mano.")]:
        refusal = ghost_refusals._discard_n(replace(_paying(hand, 0), step=Step.DISCARD), "1")
        assert (str(refusal).split(" Ada:")[0], render(refusal, "it").split(" Ada:")[0]) == (en, it)


def test_a_stand_in_toy_is_said_as_a_name_without_the():
    """words19's note: "… and the Toy 09 into your hand". A stand-in toy's name is a word and
    a number, said as a name in English, as a stand-in tablet is ("Tablet 3-3"); a printed
    toy keeps "the"; Italian keeps its article."""
    from companion.games.children import components as cc  # noqa: PLC0415

    toy, ghost = cc.said("Toy 09 (placeholder)"), cc.said("Ghost 04 (placeholder)")
    back = msg("{player}: take {ghost} and the {toy} back off your scoring pile: {ghost} goes back in the room you "
               "are in, the {toy} into your hand.", player="Bo", ghost=ghost, toy=toy)
    assert render(back, "en") == ("Bo: take Ghost 04 and Toy 09 back off your scoring pile: Ghost 04 goes back in "
                                  "the room you are in, Toy 09 into your hand.")
    assert "e il Giocattolo 09" in render(back, "it")
    beloved = cc.said("Toy 05 (placeholder, Penny's toy)")
    trapped = msg("{player} traps {ghost} with the {toy}: both cards go to their scoring pile.", player="Bo",
                  ghost=ghost, toy=beloved)
    assert render(trapped, "en").startswith("Bo traps Ghost 04 with Toy 05 (Penny's toy)")
    printed = msg("{player} traps {ghost} with the {toy}: both cards go to their scoring pile.", player="Bo",
                  ghost=ghost, toy=cc.said("Teddy Bear"))
    assert render(printed, "en").startswith("Bo traps Ghost 04 with the Teddy Bear")
