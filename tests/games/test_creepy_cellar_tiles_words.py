"""Creepy Cellar option ``tiles``: what the table does with the real treasure and Jinxed Item
tiles, said in each mode (notes/fix20cli.md section 7, notes/cc21.md).

creepy-cellar.txt "Set Up": "Shuffle the Cursed Treasures and place 1 in every room on the
Original Game Board, face-down"; "Treasures": "When you pick up a treasure, place it in your
backpack facing out". With ``tiles = virtual`` (the default) the companion picks the treasure
at pick-up, so the real tiles must not lie face-down on the board (the tile turned over could
show another curse than the one the companion plays): they stay in the box, a marker stands in
each room, and the pick-up says which tile to take out of the box. ``tiles = physical`` keeps
the rulebook's set-up (shuffle face-down, turn it over, tap it).
"""

from __future__ import annotations

from dataclasses import replace

from cellar_checks import SPEC, hunter, new_game, play

from companion.games.creepy_cellar import UNDO_SENTENCES
from companion.i18n import render


def _setup(lang: str, **options) -> list[str]:
    return [str(render(line, lang)) for line in SPEC.news(new_game(**options))]


def _picked(lang: str, mode: str = "nightmare", tiles: str = "virtual", treasure: str = "cursed-minus-one"):
    state = play(hunter(new_game(mode=mode, tiles=tiles), "Ada", at="B"), "roll", "die:6", "done-moving",
                 "pick-up", f"treasure:{treasure}")
    return state, [str(render(line, lang)) for line in SPEC.news(state)]


def _jinxed(lang: str, tiles: str = "virtual"):
    state = hunter(new_game(tiles=tiles), "Ada", at="M", treasure="cursed-no-leave")
    state = play(state, "roll", "die:6", "done-moving", "drop-off", "cellar:jinxed-item", "jinxed:jinxed-D")
    return state, [str(render(line, lang)) for line in SPEC.news(state)]


# --------------------------------------------------------------------------- set-up


def test_virtual_tiles_leave_the_cursed_treasures_and_jinxed_items_in_the_box():
    """The default (``tiles = virtual``): no real tile is laid out; a marker in each room."""
    english = _setup("en")
    assert english[2:5] == [
        "Leave the 12 Cursed Treasures in the box: put a marker (a coin or a counter) in each room A to L "
        "instead.",
        "Put the 4 secret passage tiles in rooms A, F, G and K.",
        "Leave the 6 Jinxed Item tiles in the box: when a Cellar card gives one, the companion says which "
        "one to take.",
    ]
    assert not any("Shuffle the 12" in line or "Shuffle the 6" in line for line in english)
    assert _setup("it")[2:5] == [
        "Lasciate i 12 Tesori Maledetti nella scatola: mettete invece un segnalino (una moneta o un gettone) "
        "in ogni stanza dalla A alla L.",
        "Mettete le 4 tessere passaggio segreto nelle stanze A, F, G e K.",
        "Lasciate le 6 tessere Oggetto Stregato nella scatola: quando una carta Cantina ne dà una, il companion "
        "dice quale prendere.",
    ]


def test_virtual_treasures_say_why_there_is_a_marker():
    """Why? on the set-up step: the companion decides which treasure a marker is."""
    line = SPEC.news(new_game())[2]
    assert str(render(line.purpose, "en")) == (
        "Each marker hides a treasure: at pick-up the companion says which one to take from the box. Its curse "
        "starts then.")
    assert str(render(line.purpose, "it")) == (
        "Ogni segnalino nasconde un tesoro: alla raccolta il companion dice quale prendere dalla scatola. La sua "
        "maledizione comincia allora.")
    jinxed = SPEC.news(new_game())[4]
    assert (str(render(jinxed.purpose, "en")), str(render(jinxed.purpose, "it"))) == (
        "A Jinxed Item stops you picking up treasures until you drop it in its room.",
        "Un Oggetto Stregato vi impedisce di raccogliere tesori finché non lo lasciate nella sua stanza.")


def test_physical_tiles_keep_the_rulebook_set_up():
    english = _setup("en", tiles="physical")
    assert english[2:5] == [
        "Shuffle the 12 Cursed Treasures and place one face-down in each room A to L.",
        "Put the 4 secret passage tiles in rooms A, F, G and K.",
        "Shuffle the 6 Jinxed Item tiles and put them face-down next to the Cellar board.",
    ]
    assert _setup("it", tiles="physical")[2] == (
        "Mescolate i 12 Tesori Maledetti e mettetene uno coperto in ogni stanza dalla A alla L.")


def test_advanced_virtual_treasures_stay_in_the_box_too():
    """Advanced: the 8 numbered treasures decide the drop-off order, so the same two truths
    would arise; Basic's 8 treasures are all alike ("Ignore the numbers"), so they go down
    face-down as before."""
    assert _setup("en", mode="advanced")[2] == (
        "Leave every treasure and tile in the box: put a marker (a coin or a counter) in each room the base game "
        "marks for a treasure.")
    assert _setup("it", mode="advanced")[2] == (
        "Lasciate tutti i tesori e tutte le tessere nella scatola: mettete un segnalino (una moneta o un gettone) "
        "in ogni stanza indicata dal gioco base per un tesoro.")
    old = ("Put the 8 original treasures face-down in the rooms the base game marks for them; the Cursed "
           "Treasures, passage and Jinxed Item tiles stay in the box.")
    assert _setup("en", mode="advanced", tiles="physical")[2] == old
    assert _setup("en", mode="basic")[2] == old


# --------------------------------------------------------------------------- pick-up


def test_virtual_pick_up_says_which_tile_to_take_from_the_box():
    state, english = _picked("en")
    assert english == [
        "Ada's red hunter picks up a treasure in room B. Swap the marker for this one from the box, facing out "
        "in your backpack: Cursed Treasure (subtract 1 from your movement rolls).",
        "While Ada's red hunter holds it: subtract 1 from your movement rolls.",
    ]
    assert SPEC.news(state)[0].todo == "move"
    _, italian = _picked("it")
    assert italian[0] == (
        "Ada col cacciatore rosso raccoglie un tesoro nella stanza B. Scambiate il segnalino con questo, preso "
        "dalla scatola, e mettetelo nello zaino con la faccia verso l'esterno: Tesoro Maledetto (sottrai 1 ai tuoi "
        "tiri di movimento).")


def test_physical_pick_up_keeps_turn_over_and_tap():
    _, english = _picked("en", tiles="physical")
    assert english[0] == ("Ada's red hunter picks up the Cursed Treasure (subtract 1 from your movement rolls) in "
                          "room B.")
    before = play(hunter(new_game(tiles="physical"), "Ada", at="B"), "roll", "die:6", "done-moving", "pick-up")
    assert str(render(SPEC.prompt(before).text, "en")) == "Ada: turn the treasure over and tap it (or choose it)"


def test_advanced_virtual_pick_up_names_the_number_basic_does_not_change():
    _, english = _picked("en", mode="advanced", treasure="treasure-3")
    assert english == ["Ada's red hunter picks up a treasure in room B. Swap the marker for this one from the box, "
                       "facing out in your backpack: treasure 3."]
    _, basic = _picked("en", mode="basic", treasure="treasure")
    assert basic == ["Ada's red hunter picks up the treasure in room B."]


def test_virtual_pick_up_undone_puts_the_tile_back_in_the_box():
    state, _ = _picked("en")
    line = SPEC.news(state)[0]
    back = UNDO_SENTENCES[line.text.msgid](line.text.params)
    assert str(render(back, "en")) == (
        "Ada's red hunter puts the Cursed Treasure (subtract 1 from your movement rolls) back in the box and the "
        "marker back in room B.")
    assert str(render(back, "it")) == (
        "Ada col cacciatore rosso rimette il Tesoro Maledetto (sottrai 1 ai tuoi tiri di movimento) nella "
        "scatola e il segnalino nella stanza B.")


def test_physical_pick_up_undone_puts_the_tile_back_face_down():
    """newcomer21: "puts the Cursed Treasure back in room A", then "turn the treasure over":
    the tile goes back as it lay, face-down."""
    state, _ = _picked("en", tiles="physical")
    line = SPEC.news(state)[0]
    back = UNDO_SENTENCES[line.text.msgid](line.text.params)
    assert str(render(back, "en")) == (
        "Ada's red hunter puts the Cursed Treasure (subtract 1 from your movement rolls) back face-down in room B.")
    assert str(render(back, "it")) == (
        "Ada col cacciatore rosso rimette il Tesoro Maledetto (sottrai 1 ai tuoi tiri di movimento) a faccia in "
        "giù nella stanza B.")


# --------------------------------------------------------------------------- Jinxed Items


def test_virtual_jinxed_item_says_take_it_from_the_box():
    state, english = _jinxed("en")
    assert english[-1] == (
        "Ada's red hunter gets a Jinxed Item: take the Jinxed Item for room D out of the box and put it in your "
        "backpack. No treasure pick-up and no leaving the house until it is dropped in room D.")
    _, italian = _jinxed("it")
    assert italian[-1] == (
        "Ada col cacciatore rosso riceve un Oggetto Stregato: prendete l'Oggetto Stregato della stanza D dalla "
        "scatola e mettetelo nel suo zaino. Niente tesori da raccogliere e niente uscita dalla casa finché non "
        "lo lascia nella stanza D.")
    line = SPEC.news(state)[-1]
    back = UNDO_SENTENCES[line.text.msgid](line.text.params)
    assert str(render(back, "en")) == "Ada's red hunter puts the Jinxed Item for room D back in the box."
    assert str(render(back, "it")) == (
        "Ada col cacciatore rosso rimette l'Oggetto Stregato della stanza D nella scatola.")


def test_physical_jinxed_item_keeps_its_words():
    state, english = _jinxed("en", tiles="physical")
    assert english[-1] == ("Ada's red hunter takes the Jinxed Item for room D: no treasure pick-up and no leaving "
                           "the house until it is dropped there.")
    line = SPEC.news(state)[-1]
    back = UNDO_SENTENCES[line.text.msgid](line.text.params)
    assert str(render(back, "it")) == (
        "Ada col cacciatore rosso rimette l'Oggetto Stregato della stanza D coperto sulla pila degli Oggetti Stregati.")


def test_virtual_is_still_the_default():
    """The rulebook scenario scripts rely on the companion's draws."""
    assert new_game().options["tiles"] == "virtual"
    assert replace(new_game()).physical_tiles is False


def test_a_tile_tapped_while_the_companion_picks_says_so_at_any_step():
    """A tile taken out of the box and tapped after the pick-up is not "turned over only as a
    hunter picks it up": the companion picks them in this game (it said so only at the draw,
    which the companion makes itself)."""
    state, _ = _picked("en")
    text = SPEC.refusal(state, None, "creepy_cellar:treasure:cursed-minus-one")
    assert str(text).startswith("In this game the companion picks the treasures (the Tiles option): no treasure "
                                "tile is tapped.")
    assert str(render(text, "it")).startswith(
        "In questa partita i tesori li sceglie il companion (l'opzione Tessere): nessuna tessera tesoro va "
        "appoggiata sul lettore.")
    jinxed = SPEC.refusal(state, None, "creepy_cellar:jinxed:jinxed-D")
    assert str(jinxed).startswith("The companion draws the Jinxed Item tiles in this game")
    physical, _ = _picked("en", tiles="physical")
    assert str(SPEC.refusal(physical, None, "creepy_cellar:treasure:cursed-minus-one")).startswith(
        "A treasure is turned over only as a hunter picks it up.")


def test_the_new_game_screen_names_the_tiles_values_without_a_deck():
    """The New game screen read "Tiles: virtual deck / physical deck" (the Ghost deck's words)."""
    from companion.protocol import option_message

    options = {o.name: o for o in SPEC.options}
    assert option_message(options["tiles"], SPEC.option_words)["labels"] == ["companion picks", "real tiles"]
    assert option_message(options["tiles"], SPEC.option_words, "it")["labels"] == ["sceglie il companion",
                                                                                     "tessere vere"]
    assert option_message(options["ghost_deck"], SPEC.option_words)["labels"] == ["virtual deck", "physical deck"]
    assert option_message(options["tiles"], SPEC.option_words)["help"] == (
        "Who picks treasures and Jinxed Items: the companion (the tiles stay in the box, a marker in each room) or "
        "the table, turning over the real tiles and tapping them.")
