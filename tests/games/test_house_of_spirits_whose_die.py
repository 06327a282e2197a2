"""House of Spirits: every combat roll is announced as whose die it is (newcomer 16, problem 1).

The strike back said "Bo, roll the die for your defence" and the prompt "Bo: roll the die for
your defence: Monster 8 attacks", but that die is the monster's attack; Bo was then asked for
the defence die again, so a table following the screen gave Bo's die to the monster. The
rulebook ("Attack a Monster", "Combat Example"): the player rolls to attack, a die is rolled
for the monster's defence; a survivor strikes back: the player chooses defence items BEFORE
the monster's attack roll, then rolls 1D6 for their own defence.
"""

from __future__ import annotations

from hos_checks import SPEC, holding, play, with_monster
from test_house_of_spirits import in_round_one

from companion.i18n import render


def lines(state, lang: str = "en") -> list[str]:
    """The news of the last input, in order, then the prompt, in ``lang``."""
    return [render(line, lang) for line in state.news] + [render(SPEC.prompt(state).text, lang)]


def test_the_combat_example_names_whose_die_at_each_roll():
    """"Combat Example": Olivia (Bo) attacks the vampire with the wooden stake: 2 + 3 + 3 (kept)
    = 8 against 2 + 4 = 6, a hit; the vampire strikes back 3 + 4 = 7 against her 3 + 4 = 7, a
    miss. Every prompt and news line, in English and Italian."""
    state = with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire")  # Ada picks up; Bo (Olivia) attacks
    assert lines(state)[-1] == "Bo: choose items against Vampire, then roll the die to attack"
    state = play(state, "use:wooden-stake", "face:3")
    assert lines(state)[-1] == "Bo: keep the 3 or roll the attack again"
    state = play(state, "keep")
    assert lines(state) == ["Bo keeps the 3.", "Attack: 2 + 3 (items) + 3 (die) = 8.",
                            "Roll the die for the defence of Vampire"]
    assert lines(state, "it")[-1] == "Tirate il dado per la difesa del Vampiro"
    state = play(state, "face:4")  # "Rolling 1D6 for the vampire, the result is a 4"
    assert lines(state) == ["Vampire defends: 2 + 4 (die) = 6.", "A hit: Vampire has 1 health left.",
                            "Vampire strikes back: roll the die for its attack.",
                            "Roll the die for the attack of Vampire"]
    assert lines(state, "it")[2:] == ["Il Vampiro contrattacca: tirate il dado per il suo attacco.",
                                      "Tirate il dado per l'attacco del Vampiro"]
    state = play(state, "face:4")  # the vampire's attack: 3 + 4 = 7
    assert lines(state) == ["Vampire attacks: 3 + 4 (die) = 7; Bo, roll for your defence.",
                            "Bo: roll the die for your defence"]
    assert lines(state, "it") == ["Il Vampiro attacca: 3 + 4 (dado) = 7; Bo, tira per la tua difesa.",
                                  "Bo: tira il dado per la tua difesa"]
    state = play(state, "face:4")  # Olivia's defence: 3 + 4 = 7, a miss
    assert lines(state)[:2] == ["Bo defends: 3 + 0 (items) + 4 (die) = 7.", "The attack misses: 7 does not exceed 7."]
    assert state.wounds[1] == 0


def test_with_a_defensive_item_the_items_come_before_the_monster_die():
    """The newcomer's case, holding a defence item: the monster's die is asked for with the
    items first, then the player's own defence die."""
    state = with_monster(holding(in_round_one(main=("flashlight", "broken-mirror", "item-14")), 0, "item-11"),
                         "monster-08")
    state = play(state, "attack:monster-08", "face:1", "face:1")  # a miss: it strikes back
    assert lines(state)[-2:] == [
        "Monster 8 strikes back: Ada, choose defensive items first, then roll the die for its attack.",
        "Roll the die for the attack of Monster 8 (Ada: choose defensive items first)"]
    assert lines(state, "it")[-2:] == [
        "Il Mostro 8 contrattacca: Ada, scegli prima gli oggetti di difesa; poi tirate il dado per il suo attacco.",
        "Tirate il dado per l'attacco del Mostro 8 (Ada: prima scegli gli oggetti di difesa)"]
    state = play(state, "guard:item-11", "face:2")  # the monster's die
    assert lines(state)[-1] == "Ada: roll the die for your defence"
    assert state.action.dice[-1] == 2


def test_the_voice_says_the_monsters_die_as_the_screen_does():
    """The voice speaks the broadcast news and prompt: after the vampire's defence die it says
    the strike back asks for the vampire's attack die, in Italian too."""
    import copy

    from companion import protocol
    from companion.header import GameHeader
    from companion.inputs import Touch
    from companion.session import Session
    from companion.voice.hearing import Hearing

    state = with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire", "use:wooden-stake", "face:3", "keep")
    at_this_point = copy.copy(SPEC)  # a game set up at this point (the real rules from there)
    at_this_point.setup = lambda players, options, content=None: state
    header = GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo", "Cy"], "seed": 1})
    session = Session(at_this_point, header)
    hearing = Hearing()
    hearing.heard({**protocol.state_message(session, [], (), "it"), "revision": 1, "language": "it"})
    reply = session.handle(Touch("face:4"))
    assert reply.accepted, reply.text
    said = hearing.heard({**protocol.state_message(session, [], reply.news, "it"), "revision": 2, "language": "it"})
    texts = [u.text for u in said if u.kind in ("news", "prompt")]
    assert texts[-2:] == ["Il Vampiro contrattacca: tirate il dado per il suo attacco.",
                          "Tirate il dado per l'attacco del Vampiro"]
