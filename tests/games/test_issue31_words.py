"""Issue 31, words that mislead (items 3-7): each sentence as the table reads it, in English
and in Italian. Items 1 and 2 are in test_house_of_spirits.py (the plot card's score) and
test_children_issue19.py (the cut-down first); item 8's sweep is test_words_sweep.py.

Sources: the rulebooks in shared/rulebooks (sections in quotes).
"""

from __future__ import annotations

import random
from dataclasses import replace

from cellar_checks import hunter, new_game
from cellar_checks import play as cellar_play
from children_checks import RULEBOOK_ROOMS, arrange, started

from companion import enrollment
from companion.engine import get_game, resolve_options
from companion.games.children.state import Frame, Ghost, Step
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.state import Floor
from companion.games.ghost_at_home.state import Step as GStep
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Press, Touch
from companion.session import Session

CELLAR = get_game("creepy_cellar")
CHILDREN = get_game("children")
GHOSTS = get_game("ghost_at_home")
HOS = get_game("house_of_spirits")


def both(text, english: str, italian: str) -> None:
    """``text`` reads ``english``, and ``italian`` in Italian (each the start of the sentence)."""
    assert str(text).startswith(english), str(text)
    assert render(text, "it").startswith(italian), render(text, "it")


# --------------------------------------------------------------------------- 3: the Jinxed Item


def test_a_jinxed_hunter_is_told_the_jinxed_item_rule():
    """"As long as you are holding a Jinxed Item, you cannot pick up treasures" (Cellar
    Cards): pick-up and a treasure tapped both name that rule, and where to drop the item."""
    state = hunter(cellar_play(new_game(), "roll", "die:6"), "Ada", at="B", jinxed="jinxed-E")
    rule = ("As long as Ada holds a Jinxed Item, no treasure is picked up: drop it off in room E first.",
            "Finché Ada tiene un Oggetto Stregato non raccoglie tesori: prima lo deve lasciare nella stanza E.")
    both(CELLAR.refusal(state, "pick-up", None), *rule)
    both(CELLAR.refusal(state, None, "creepy_cellar:treasure:cursed-minus-one"), *rule)


# --------------------------------------------------------------------------- 4: broken sentences


def test_a_hunter_who_cannot_move_is_told_so_in_a_sentence_of_its_own():
    state = replace(cellar_play(new_game(), "roll", "die:6", "move:A"), moves=0)
    both(CELLAR.prompt(state).text, "Ada's red hunter (in room A) has no moves left: touch Done moving",
         "Ada col cacciatore rosso (nella stanza A) non ha più mosse: tocca Fine movimento")
    cursed = hunter(cellar_play(new_game(), "roll", "die:6"), "Ada", at="B", treasure="cursed-no-leave")
    cursed = replace(cursed, ghosts=(0, 1) + (0,) * 12)
    both(CELLAR.prompt(cursed).text, "Ada's red hunter (in room B) cannot leave a room with a ghost in it while "
         "holding that treasure: touch Done moving", "Ada col cacciatore rosso (nella stanza B)")
    assert ", poi" not in render(CELLAR.prompt(cursed).text, "it")


def test_undoing_fight_keeps_one_exclamation_mark():
    """"Undone: Fight!." had two stops; the label keeps its own."""
    session = Session.start(GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1}))
    rng = random.Random(1)
    for _ in range(60):  # roll, and walk into a room with a ghost until a fight is offered
        keys = [c.key for c in session.prompt.choices]
        if "fight" in keys:
            break
        haunted = [k for k in keys if k.startswith("move:") and session.state.ghosts_in(k[5:])]
        session.handle(Touch("roll" if "roll" in keys else (haunted[0] if haunted else rng.choice(keys))))
    assert session.handle(Touch("fight")).accepted
    (line,) = session.handle(Touch("undo")).news
    both(line, "Undone: Fight! Nothing to put back on the table; done again, it gives the same result.",
         "Annullato: Combatti! Sul tavolo non c'è niente da rimettere a posto; rifatto, dà lo stesso risultato.")


def test_an_enrollment_walk_never_says_the_before_a_ghosts_name():
    """"Piece 1 of 72: tap the Rosie": a Children ghost's label is a name; the Italian asks the
    table ("voi": "Appoggiatene", issue 29; it said "Appoggiane", one player)."""
    walk = enrollment.start(CHILDREN)
    rosie = walk.labels.index("Rosie")
    walk = replace(walk, steps=(enrollment.Step(None, None),) * rosie)
    both(walk.asking(), f"Piece {rosie + 1} of {walk.total}: Rosie. Tap its tag.",
         f"Pezzo {rosie + 1} di {walk.total}: Rosie. Appoggiatene il tag.")
    both(enrollment.skip(walk).message, "Skipped: Rosie.", "Saltato: Rosie.")


# --------------------------------------------------------------------------- 5: only No more room cards


def test_room_cards_with_nothing_left_to_play_ask_only_for_done():
    state = replace(GHOSTS.setup(["Ada", "Bo"], resolve_options(GHOSTS, {})), step=GStep.ROOMS, hands=(0, 5))
    prompt = GHOSTS.prompt(state)
    assert [c.key for c in prompt.choices] == ["done"]
    both(prompt.text, "Ada: no other room card can be played now: touch “No more room cards”",
         "Ada: ora non si può giocare nessun'altra carta stanza: tocca «Basta carte stanza»")


# --------------------------------------------------------------------------- 6: refusals that name the rule


def _mansion(**kw):
    return arrange(started(), RULEBOOK_ROOMS, **kw)


def test_children_refusals_name_the_rule():
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"))
    kitty = replace(state, frames=(Frame("kittyplace", 0),))
    both(CHILDREN.refusal(kitty, "kitty-at:kitchen", None),
         "Kitty Kitty goes into a room not occupied by a player: a player is in the Kitchen.",
         "Kitty Kitty va in una stanza senza giocatori: nella Cucina c'è un giocatore.")
    give = replace(state, frames=(Frame("give", 0),), kitty_card=0)
    both(CHILDREN.refusal(give, "give:0", None),
         "Ada gives the Kitty Kitty card to another player, not back to themselves.",
         "Ada dà la carta Kitty Kitty a un altro giocatore, non a sé.")
    settle = replace(state, frames=(Frame("settle", 0, ("2",)),))
    both(CHILDREN.refusal(settle, "settle:kitchen", None),
         "The House Settles removes only rooms with no player in them: a player is in the Kitchen.",
         "La carta La casa si assesta toglie solo stanze senza giocatori: nella Cucina c'è un giocatore.")
    far = _mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                   ghosts=[Ghost("rosie", "wash-room", True), Ghost("penny", "spire", True)])
    far = replace(far, frames=(Frame("calm", 0),))
    both(CHILDREN.refusal(far, "calm:penny", None),
         "The Hatpin reaches a ghost at most 2 rooms away: Penny in the Spire is farther.",
         "Lo Spillone raggiunge un fantasma al massimo a 2 stanze di distanza: Penny, nella Guglia, è più lontano.")
    step5 = _mansion(where=("wash-room", "kitchen", "wine-cellar"), step=Step.KITTY, kitty="parlor", kitty_card=0)
    both(CHILDREN.refusal(step5, "kitty:spire", None),
         "Kitty Kitty moves to a room next door through a door or trapdoor, as players do: none leads from the "
         "Parlor to the Spire.",
         "Kitty Kitty si sposta in una stanza vicina attraverso una porta o una botola, come i giocatori: nessuna "
         "porta dal Salotto alla Guglia.")
    both(CHILDREN.refusal(state, "move:wash-room", None), "Ada is in the Wash Room already.",
         "Ada è già nel Bagno.")


def test_a_time_space_hole_back_into_its_own_house_names_the_rule():
    """"Buco spazio temporale: sposta un fantasma da una casa infestata … alla casa di un avversario"."""
    state = GHOSTS.setup(["Ada", "Bo", "Cy"], resolve_options(GHOSTS, {}))
    haunted = (Floor(rooms=(gc.FIRST, gc.FIRST), ghosts=1),) + (Floor(),) * (gc.FLOORS - 1)
    state = replace(state, houses=(haunted,) * 3, step=GStep.HOLE_TO, target=1, floor=1)
    both(GHOSTS.refusal(state, "to:Bo", None),
         "The Time-Space Hole moves the ghost to another house, not back into Bo's.",
         "Il Buco spazio temporale sposta il fantasma in un'altra casa, non di nuovo in quella di Bo.")
    both(GHOSTS.refusal(state, "to:Ada", None),
         "The Time-Space Hole sends the ghost to an opponent's house, not to Ada's own.",
         "Il Buco spazio temporale manda il fantasma nella casa di un avversario, non in quella di Ada.")


def test_three_cards_under_zero_plus_pair_name_the_house_rule():
    state = GHOSTS.setup(["Ada", "Bo"], resolve_options(GHOSTS, {"light_three_card_rule": "zero_plus_pair"}))
    paying = replace(state, step=GStep.PAY, floor=1, paying=tuple(gc.DECK)[:3], bulbs=(2, 2, 1))
    prompt = GHOSTS.prompt(paying)
    assert [c.key for c in prompt.choices] == ["cancel"]
    both(prompt.text, "Ada: three cards light a floor only when one shows no bulb and the other two show at least 5 "
         "(a house rule of this game): touch Cancel",
         "Ada: tre carte accendono un piano solo se una non mostra lampadine e le altre due ne mostrano almeno 5")


def _clue(stack) -> Session:
    header = GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo"], "seed": 5, "stack": stack})
    session = Session.start(header)
    for key in ("kid:mike-hanlon", "kid:bill-denbrough", "sealed", "dealt"):
        assert session.handle(Touch(key)).accepted, key
    assert session.handle(Press("dice")).accepted
    return session


def test_clue_it_refusals_name_the_rule():
    """"After moving into a Location, except the center, you may Ask a Question"; both dice
    "?" (notes 3.C I-A2): no move this turn."""
    session = _clue({"dice": ["5", "3", "4", "3"]})
    both(session.handle(Touch("ask-here")).text,
         "A question is asked in a Location, except the centre: Ada is not in one.",
         "Una domanda si fa in un Luogo, tranne il centro: Ada non è in un Luogo.")
    session = _clue({"dice": ["5", "3", "?", "?"]})
    assert session.handle(Press("dice")).accepted
    both(session.handle(Touch("stop:centre")).text, 'Both dice showed "?": the mover does not move this turn.',
         'Entrambi i dadi hanno dato "?": in questo turno la pedina non si muove.')


def test_a_hunter_out_for_good_is_told_so_when_moving():
    state = new_game(exited_hunters="out_for_good", mode="basic")
    state = replace(state, treasures=(), taken=tuple("ABCDEFGH"), cellar=("treasure",) * 8)
    state = hunter(state, "Ada", at="outside")
    text = CELLAR.refusal(state, "move:A", None)
    both(text, "Ada is out of the castle for good (a house rule of this game).", "Ada è fuori dal castello")


# --------------------------------------------------------------------------- 7: grammar


def test_a_monsters_dice_name_no_article():
    from hos_checks import play, with_monster
    from test_house_of_spirits import in_round_one
    state = with_monster(in_round_one(), "vampire")
    state = play(state, "attack:vampire", "face:1")
    # English names it bare; Italian says it as a name, with its article (issue 29)
    both(HOS.prompt(state).text, "Roll the die for the defence of Vampire", "Tirate il dado per la difesa del Vampiro")
    state = play(state, "face:6")
    # Ada holds no defensive item: not asked to choose items (banner29); this die is the
    # vampire's attack, not her defence (newcomer 16)
    both(HOS.prompt(state).text, "Roll the die for the attack of Vampire", "Tirate il dado per l'attacco del Vampiro")


def test_a_resumed_game_counts_its_inputs_in_the_right_plural():
    from companion.i18n import nmsg
    one = nmsg("Resumed game {id} after {n} input.", "Resumed game {id} after {n} inputs.", "n", id=1, n=1)
    both(one, "Resumed game 1 after 1 input.", "Ripresa la partita 1 dopo 1 azione.")
