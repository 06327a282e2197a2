"""House of Spirits says its dice in words (issue 29, "words that mislead": a child asked
what "1D6" and "modifier +1" mean). A die is "the die" ("il dado"), and the room's or item's
plot-roll modifier is what it lets you do: add or take away up to that number ("Playing Plot
Cards": "after optionally adding or subtracting the room modifier").
"""

from __future__ import annotations

import re

from hos_checks import holding, in_room, play, with_monster
from test_house_of_spirits import COMPLETE, KRAIG, OLIVIA, in_round_one

from companion.engine import get_game, resolve_options
from companion.i18n import render
from tests.checkout import ROOT
from tests.i18n_walk import catalog, message_ids

SPEC = get_game("house_of_spirits")
#: Dice notation and the bare "±n" / "modifier n" a player cannot read.
CODES = re.compile(r"\dD6|\bD6\b|±\{modifier\}|modifier \{modifier\}|modificatore \{modifier\}")


def _shown_ids() -> set[str]:
    """The texts of the engine's prompts, actions, rule card and why lines, and its board."""
    engine = message_ids(ROOT / "companion" / "games" / "house_of_spirits",
                         patterns=("prompts.py", "actions.py", "rulecard.py", "why.py"))
    board = message_ids(ROOT / "ui" / "boards", patterns=("house_of_spirits.py",))
    return engine | board


def test_no_dice_notation_in_what_a_player_reads_in_either_language():
    italian = {m.id: m.string for m in catalog("it") if isinstance(m.id, str)}
    shown = _shown_ids()
    assert shown
    assert sorted(i for i in shown if CODES.search(i)) == []
    assert sorted(italian[i] for i in shown if CODES.search(italian.get(i) or "")) == []


def both(text, english: str, italian: str) -> None:
    assert render(text, "en") == english
    assert render(text, "it") == italian


def test_the_plot_roll_prompt_says_what_the_modifier_lets_you_do():
    """Olivia's Garage example: the Garage is 3 on her card, ±2."""
    state = in_room(holding(in_round_one(), 1, "plot-3"), "garage")
    state = play(state, "pick:flashlight", "play:plot-3")
    both(SPEC.prompt(state).text,
         "Bo: roll the die for Plot card 3: you need 3, and may add or take away up to 2",
         "Bo: tira il dado per la Carta trama 3: serve 3, e puoi aggiungere o togliere fino a 2")
    rolled = play(state, "face:4")
    both(rolled.news[0], "Bo rolled 4: 3 is in reach, adding or taking away up to 2.",
         "Bo ha fatto 4: si arriva a 3 aggiungendo o togliendo fino a 2.")
    missed = play(state, "face:6")
    both(missed.news[0], "Bo rolled 6: 3 is out of reach, even adding or taking away up to 2.",
         "Bo ha fatto 6: a 3 non si arriva, nemmeno aggiungendo o togliendo fino a 2.")


def test_a_first_roll_and_a_monsters_defence_say_the_die():
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}), content=COMPLETE)
    state = play(state, "start", f"draw:{KRAIG}", f"draw:{OLIVIA}")
    both(SPEC.prompt(state).text, "Ada: roll the die for the First Player card",
         "Ada: tira il dado per la carta Primo Giocatore")
    state = play(with_monster(in_round_one(), "vampire"), "attack:vampire", "face:1")
    both(SPEC.prompt(state).text, "Roll the die for the defence of Vampire", "Tirate il dado per la difesa del Vampiro")


def test_a_plot_roll_with_no_modifier_needs_exactly_the_number():
    """A plot card the table entered as listing the flashlight as 5, and a flashlight with
    no plot modifier: the roll must be exactly 5 (nothing to add or take away)."""
    from test_house_of_spirits_content import C
    from test_house_of_spirits_content import in_round_one as with_content

    state = with_content({C("plot-1"): {"number_5": "flashlight"}}, main=("item-05", "item-06", "item-07"))
    state = play(holding(state, 0, "plot-1", "flashlight"), "play:plot-1")
    both(SPEC.prompt(state).text, "Ada: roll the die for Plot card 1: you need exactly 5",
         "Ada: tira il dado per la Carta trama 1: serve proprio 5")
    both(play(state, "face:5").news[0], "Ada rolled 5: exactly the number needed.",
         "Ada ha fatto 5: proprio il numero che serviva.")
    both(play(state, "face:4").news[0], "Ada rolled 4: the card needs exactly 5.",
         "Ada ha fatto 4: la carta chiede proprio 5.")
