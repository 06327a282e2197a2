"""Children in Italian (issue 29 item 8): no English on the Italian table, and the rooms
and cards said with their articles.

* Random games through the engine: every text is a translated message, and the only plain
  words are the players' names and the proper names printed on the cards (the ghosts, Irwin
  Biddle, Kitty Kitty); a device, trap, toy or room said in English fails (it was "Usa
  Cricket Cage", "Vai in Kitchen").
* Exact Italian: a room or card name takes the article its word needs, from the game's data
  (``components.RULEBOOK_ROOMS``, ``RULEBOOK_CARDS``): "Mettete la Cantina nel seminterrato"
  (it was "Mettete Cantina nel seminterrato"); a name the owner entered takes none ("Vai in
  Cucina Grande").
"""

from __future__ import annotations

import random
import re

from children_checks import SPEC, started

from companion.engine.codec import plain, tuples
from companion.games.children import components as cc
from companion.i18n import msg, render
from tests.i18n_walk import Seen, names_only, walk_engine

#: The plain names a Children sentence may hold: proper names printed on the cards.
PROPER_NAMES = {"Rosie", "Penny", "The Twins", "Irwin Biddle", "Kitty Kitty"}


def _names(state) -> set[str]:
    return set(state.players) | PROPER_NAMES


def _plain(value: str, names: set) -> bool:
    """A name, or a stand-in's number ("0-2" in "Tessera 0-2", "04" in "Fantasma 04")."""
    return names_only(value, names) or re.fullmatch(r"\d+(?:-\d+)?", value) is not None


def test_random_games_show_no_english_card_or_room_name():
    """Six random games with random house rules: every text is a translated message and no
    card or room is said in English (a printed English name as a plain parameter fails)."""
    seen = Seen(plain=_plain)
    for seed in range(6):
        walk_engine(SPEC, random.Random(f"children-it:{seed}"), seen, steps=300, refuse_every=11, names=_names)
    assert len(seen.ids) > 120


def _it(text) -> str:
    return render(text, "it")


def test_rooms_take_their_articles_in_italian():
    """The sentences of the set-up and of a turn say the room with its article."""
    assert _it(msg("Put the {room} {where}.", room=cc.name("wine-cellar"), where=cc.on_floor(0))) == (
        "Mettete la Cantina nel seminterrato.")
    assert _it(msg("Put the {room} {where}.", room=cc.name("tablet-0-2"), where=cc.on_floor(0))) == (
        "Mettete la Tessera 0-2 nel seminterrato.")
    assert [_it(msg("Move to the {room}", room=cc.name(r))) for r in ("master-bedroom", "parlor", "wash-room")] == [
        "Vai nella Camera padronale", "Vai nel Salotto", "Vai nel Bagno"]
    assert _it(msg("{player} makes an emergency escape from the {room}, leaving every card there.", player="Ada",
                   room=cc.name("kitchen"))) == "Ada fa una fuga d’emergenza dalla Cucina, lasciandoci tutte le carte."
    assert _it(msg("There is no door or trapdoor between the {here} and the {room}.", here=cc.name("dormitory"),
                   room=cc.name("spire"))) == "Non c'è nessuna porta né botola tra il Dormitorio e la Guglia."
    assert msg("Move to the {room}", room=cc.name("parlor")) == "Move to the Parlor"  # English as before


def test_devices_traps_and_toys_are_said_in_italian_with_their_articles():
    """The cards the rulebook names are Italian on the Italian table (issue 29: "Cricket Cage"
    stayed English), with their articles."""
    assert _it(msg("Use the {device}", device=cc.name("cricket-cage"))) == "Usa la Gabbia dei grilli"
    assert _it(msg("Use the {device}", device=cc.name("catnip"))) == "Usa l'Erba gatta"
    assert _it(msg("Use the {device}", device=cc.name("dental-tools"))) == "Usa gli Attrezzi da dentista"
    assert _it(msg("The {trap} trap springs on {player}!", trap=cc.name("crickets"), player="Bo")) == (
        "La trappola Grilli scatta su Bo!")
    assert _it(msg("{player} defuses the {trap} with the Dental Tools: both go to the discard pile.", player="Bo",
                   trap=cc.name("voodoo-doll"))) == (
        "Bo disinnesca la Bambola voodoo con gli Attrezzi da dentista: entrambe vanno negli scarti.")
    assert _it(msg("Trap {ghost} with the {toy}", ghost=cc.name("rosie"), toy=cc.name("teddy-bear"))) == (
        "Intrappola Rosie con l'Orsacchiotto")
    assert _it(msg("Trap {ghost} with the {toy}", ghost=cc.name("ghost-04"), toy=cc.name("toy-04"))) == (
        "Intrappola il Fantasma 04 con il Giocattolo 04")
    assert _it(cc.name("medico-della-peste")) == "Medico della peste"
    # the printed names stay what the cards print, in English and in the content data
    assert cc.name("cricket-cage") == "Cricket Cage" and cc.card("cricket-cage").name == "Cricket Cage"


def test_a_name_the_owner_entered_takes_no_article():
    """An entered name is said as entered; it has no article, so a sentence says what it is
    (issue 29: "Vai in Cucina Grande" read wrong): "Vai nella stanza Cucina Grande"."""
    state = started(content={"children:tablet:kitchen": {"name": "Cucina Grande"}})
    room = state.name("kitchen")
    assert _it(msg("Move to the {room}", room=room)) == "Vai nella stanza Cucina Grande"
    assert _it(msg("Put the {room} {where}.", room=room, where=cc.on_floor(1))) == (
        "Mettete la stanza Cucina Grande al primo piano.")


def test_a_stored_sentence_keeps_its_articles():
    """A news line read back from a snapshot still says the article (codec round trip)."""
    line = msg("Put the {room} {where}.", room=cc.name("wine-cellar"), where=cc.on_floor(0))
    again = tuples(plain(line))
    assert again == line and _it(again) == "Mettete la Cantina nel seminterrato."


def test_a_card_name_the_owner_entered_is_said_with_what_it_is():
    """words29c's note: an entered card name took no article and no lead ("Usa Gabbia",
    where a printed card reads "Usa la Gabbia dei grilli"): now "il giocattolo Orso", as an
    entered room is "la stanza Cucina Grande" (a device's name is printed, never entered)."""
    state = started(content={"children:toy:teddy-bear": {"name": "Orso"}})
    toy = state.name("teddy-bear")
    assert toy == "Orso"
    assert _it(msg("Trap {ghost} with the {toy}", ghost=cc.name("rosie"), toy=toy)) == (
        "Intrappola Rosie con il giocattolo Orso")
    assert _it(msg("Trap {ghost} with the {toy}", ghost=cc.name("rosie"), toy=cc.name("parasol"))) == (
        "Intrappola Rosie con il Parasole")  # printed: its article, no lead
    assert msg("Trap {ghost} with the {toy}", ghost="Rosie", toy=toy) == "Trap Rosie with the Orso"  # English as before


def test_a_stand_in_tablet_is_said_as_a_name_without_the():
    """words18's closing note: "move your figurine back to the Tablet 3-3". The rulebook
    names a tablet by its room ("the Billiards Room Tablet", "the Wash Room"); a stand-in
    tablet's name is a word and a number, said as a name in English ("Tablet 3-3", as House
    of Spirits' "Room 5"), wherever the table is told it: news, undo, choices. Italian keeps
    its article ("nella Tessera 3-3"), and a printed room keeps "the"."""
    tablet = cc.said("Tablet 3-3 (placeholder)")
    wash_room = cc.said("Wash Room")
    enters = msg("{player} enters the {room}.", player="Bo", room=tablet)
    assert (render(enters, "en"), render(enters, "it")) == ("Bo enters Tablet 3-3.", "Bo entra nella Tessera 3-3.")
    back = msg("{player}: move your figurine back to the {room}.", player="Bo", room=tablet)
    assert render(back, "en") == "Bo: move your figurine back to Tablet 3-3."
    swap = msg("The {room} and the {other} swap places, with everything in them.", room=tablet, other=wash_room)
    assert render(swap, "en") == "Tablet 3-3 and the Wash Room swap places, with everything in them."
    assert render(msg("{player} enters the {room}.", player="Bo", room=wash_room), "en") == "Bo enters the Wash Room."
