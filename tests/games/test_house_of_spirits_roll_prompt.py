"""House of Spirits' roll prompts at the table (issue 29): the roll is the big button and
comes first, then the items (and Do something else, Keep), then the faces a physical die
shows; the items are asked for only when the roller holds one that would count."""

from __future__ import annotations

from hos_checks import SPEC, holding, play, with_monster
from test_house_of_spirits import in_round_one

from companion.i18n import render

FACES = [f"face:{face}" for face in range(1, 7)]


def keys(state) -> list[str]:
    return [choice.key for choice in SPEC.prompt(state).choices]


def test_the_roll_then_the_items_then_the_faces():
    """At 800×480 the item toggles were on page 2 or 3, behind six "The die shows N"."""
    state = holding(in_round_one(main=("item-05", "item-06", "item-07")), 0, "broken-mirror", "flashlight")
    state = play(state, "investigate")
    assert keys(state) == ["roll", "use:broken-mirror", "use:flashlight", "cancel", *FACES]
    assert SPEC.prompt(state).choices[0].main
    assert str(SPEC.prompt(state).text) == "Ada: choose investigation items, then roll the die"


def test_a_player_without_items_is_not_asked_for_them():
    """Kraig investigates holding nothing: the prompt says roll, not "choose investigation items"."""
    state = play(in_round_one(main=("item-05", "item-06", "item-07")), "investigate")
    prompt = SPEC.prompt(state)
    assert str(prompt.text) == "Ada: roll the die to investigate"
    assert render(prompt.text, "it") == "Ada: tira il dado per indagare"
    assert keys(state) == ["roll", "cancel", *FACES]


def test_an_attack_without_items_is_a_roll():
    """Attacking with no item that helps against the monster: "roll the die to attack"; the
    monster strikes back and the defender holds no defensive item: "roll", in the news too."""
    state = with_monster(in_round_one(main=("flashlight", "broken-mirror", "item-14")), "monster-08")
    state = play(state, "attack:monster-08")
    assert str(SPEC.prompt(state).text) == "Ada: roll the die to attack Monster 8"
    assert not [key for key in keys(state) if key.startswith("use:")]
    state = play(state, "face:1", "face:1")  # a miss: it strikes back
    assert str(SPEC.prompt(state).text) == "Roll the die for the attack of Monster 8"  # its die (newcomer 16)
    assert keys(state) == ["roll", *FACES]
    assert "Monster 8 strikes back: roll the die for its attack." in [str(n) for n in state.news]
    assert render(SPEC.prompt(state).text, "it") == "Tirate il dado per l'attacco del Mostro 8"


def test_with_items_the_prompts_still_ask_for_them():
    """Holding an item that counts: the items are asked for, and offered before the faces."""
    state = with_monster(holding(in_round_one(main=("flashlight", "broken-mirror", "item-14")), 0,
                                 "item-06", "item-11"), "monster-08")
    state = play(state, "attack:monster-08")
    assert str(SPEC.prompt(state).text) == "Ada: choose items against Monster 8, then roll the die to attack"
    assert keys(state) == ["roll", "use:item-06", "cancel", *FACES]
    state = play(state, "face:1", "face:1")
    assert ("Monster 8 strikes back: Ada, choose defensive items first, then roll the die for its attack."
            in [str(n) for n in state.news])
    assert str(SPEC.prompt(state).text) == (
        "Roll the die for the attack of Monster 8 (Ada: choose defensive items first)")
    assert keys(state) == ["roll", "guard:item-11", *FACES]
    state = play(state, "guard:item-11")
    assert keys(state) == ["roll", "guard:item-11", *FACES]  # chosen: "Put back", still an item
    assert state.action.guards == ("item-11",)
