"""words20: words that misled, left over from session 19 (notes/words19.md, fix19desk.md).

* A count said in a sentence takes its number's form: "ne resta 1" / "ne restano 2",
  "1 card" / "2 cards" (Italian and English), where a sentence had one form for every count.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_ghost_at_home import new as new_ghost_at_home
from test_ghost_at_home import play as play_ghost_at_home

from companion.engine import get_game
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


# --------------------------------------------------------------------------- House of Spirits' stand-ins


def _hos_attack(entered: bool):
    """Bo (Olivia) attacks the Vampire holding the Wooden Stake and Item 5: on the shipped
    content (Olivia, the Vampire and Item 5 hold placeholder numbers), or on entered cards."""
    from hos_checks import holding, play, with_monster  # noqa: PLC0415
    from test_house_of_spirits import in_round_one  # noqa: PLC0415
    from test_house_of_spirits_stand_in_numbers import _placeholder_round_one  # noqa: PLC0415

    state = in_round_one() if entered else _placeholder_round_one()
    items = ("wooden-stake",) if entered else ("wooden-stake", "item-05")
    return play(with_monster(holding(state, 1, *items), "vampire"), "pick:flashlight", "attack:vampire")


def _odds(state, lang: str) -> str:
    from companion.games.house_of_spirits.odds import odds  # noqa: PLC0415

    what, value = odds(state)
    return f"{render(what, lang)}: {round(100 * value)}%"


def test_the_odds_meter_on_placeholder_numbers_says_so():
    """words19's note: "This attack hits: 54%" was worked out from the companion's placeholder
    numbers (Olivia's attack, the Vampire's defence) and said nothing of it."""
    state = _hos_attack(entered=False)
    assert (_odds(state, "en"), _odds(state, "it")) == (
        "Hits, placeholder numbers: 54%", "Colpisce, numeri segnaposto: 54%")
    assert _odds(_hos_attack(entered=True), "en") == "This attack hits: 54%"


def test_the_plot_roll_odds_on_placeholder_numbers_say_so():
    from hos_checks import holding, in_room, play  # noqa: PLC0415
    from test_house_of_spirits import in_round_one  # noqa: PLC0415
    from test_house_of_spirits_stand_in_numbers import _placeholder_round_one  # noqa: PLC0415

    state = play(in_room(holding(_placeholder_round_one(), 1, "plot-3"), "garage"), "pick:flashlight", "play:plot-3")
    assert (_odds(state, "en"), _odds(state, "it")) == (
        "Plot roll, placeholder numbers: 83%", "Tiro trama, numeri segnaposto: 83%")
    state = play(in_room(holding(in_round_one(), 1, "plot-3"), "garage"), "pick:flashlight", "play:plot-3")
    assert _odds(state, "en") == "The plot roll succeeds: 83%"


def test_an_item_s_placeholder_bonus_is_said_as_one():
    """words19's note: "Use Item 5 (+1)" showed a placeholder bonus as the card's; a card the
    rulebook prints keeps its short label ("Use Wooden Stake (+3)")."""
    from companion.games.house_of_spirits import prompts  # noqa: PLC0415

    state = _hos_attack(entered=False)
    labels = {c.key: c.label for c in get_game("house_of_spirits").prompt(state).choices}
    assert (str(labels["use:wooden-stake"]), str(labels["use:item-05"])) == (
        "Use Wooden Stake (+3)", "Use Item 5 (placeholder +1)")
    assert render(labels["use:item-05"], "it") == "Usa l'Oggetto 5 (+1 segnaposto)"
    chosen = prompts._toggle(state, "use", "item-05", True, 1).label
    assert (str(chosen), render(chosen, "it")) == ("Put back Item 5 (placeholder +1)",
                                                   "Rimetti l'Oggetto 5 (+1 segnaposto)")
    heal = prompts._heal_card_choice(state, "item-14").label
    assert (str(heal), render(heal, "it")) == ("Play Item 14 (placeholder heal 1)",
                                               "Gioca l'Oggetto 14 (cura segnaposto 1)")


# --------------------------------------------------------------------------- the owner's desk


def _name_field(game: str, component: str, lang: str, entered=None) -> dict:
    from companion import table_content  # noqa: PLC0415

    forms = table_content.forms(get_game(game), entered or {}, lang)
    (card,) = [c for c in forms["components"] if c["component"] == component]
    return next(f for f in card["fields"] if f["name"] == "name")


def test_the_desk_gives_a_generated_stand_in_name_in_the_page_s_language():
    """fix19desk's note: the Italian desk showed "Character 4 (placeholder)" in "Nome
    stampato". A name the companion generates is shown in the page's language (``shown``); the
    stored value stays as it is (a save sends only what the owner changed); a name typed in a
    table (the rulebook's "Attic", Children's content.toml) or entered by the owner is shown
    as it is."""
    it = _name_field("house_of_spirits", "house_of_spirits:character:character-4", "it")
    assert (it["value"], it.get("shown")) == ("Character 4 (placeholder)", "Personaggio 4 (segnaposto)")
    en = _name_field("house_of_spirits", "house_of_spirits:character:character-4", "en")
    assert en.get("shown") in (None, "Character 4 (placeholder)")
    item = _name_field("house_of_spirits", "house_of_spirits:item:item-05", "it")
    assert item.get("shown") == "Oggetto 5 (segnaposto)"
    assert _name_field("house_of_spirits", "house_of_spirits:room:attic", "it").get("shown") is None
    mine = _name_field("house_of_spirits", "house_of_spirits:character:character-4", "it",
                       {"house_of_spirits:character:character-4": {"name": "Madame Zora"}})
    assert (mine["value"], mine.get("shown")) == ("Madame Zora", None)
    kid = _name_field("clue_it", "clue_it:kid:kid-3", "it")
    assert (kid["value"], kid.get("shown")) == ("Kid 3", "Personaggio 3")
    toy = _name_field("children", "children:toy:toy-03", "it")
    assert toy.get("shown") is None  # typed in content.toml



def _ghost_at_home_labels(seed: int, steps: int = 200) -> set:
    """Every choice label a seeded random Ghost at Home game offers (its prompts as shown)."""
    import random

    spec, rng, labels = get_game("ghost_at_home"), random.Random(seed), set()
    state = new_ghost_at_home(("Ada", "Bo", "Cy"))
    for _ in range(steps):
        choices = spec.prompt(state).choices
        if not choices:
            break
        labels |= {c.label for c in choices}
        state = spec.apply(state, rng.choice(choices).key)
    return labels


def test_ghost_at_home_s_card_buttons_start_with_a_capital():
    """screen20b: the lighting prompt's buttons read "first-floor room card", "ghost card",
    "cat card" beside "Room A" (play/720x1280/ghost_at_home-mid-en.png)."""
    state = play_ghost_at_home(new_ghost_at_home(), "light:1")
    shown = {c.key: (render(c.label, "en"), render(c.label, "it")) for c in get_game("ghost_at_home").prompt(
        state).choices}
    assert shown["pay:first-floor"] == ("First-floor room card", "Carta stanza del primo piano")
    labels = set().union(*(_ghost_at_home_labels(seed) for seed in range(4)))
    lower = sorted({text for label in labels for text in (render(label, "en"), render(label, "it"))
                    if text[:1].islower()})
    assert lower == []
