"""Issue 26: undoing an input says the reverse of each physical instruction it had given
(:mod:`companion.undo_words`). Before, undo repeated the instruction: undoing a Creepy
Cellar "Blue Doors Locked" card said "Undo on the table: Lock the blue doors: nobody moves
through them."."""

from __future__ import annotations

import pytest

from companion.engine import all_games
from companion.games.creepy_cellar.components import DOOR_NAMES
from companion.i18n import TODO_KINDS, render, todo
from companion.undo_words import BY_KIND, reverse
from tests.checkout import ROOT
from tests.i18n_walk import message_ids

GAMES = ROOT / "companion" / "games"


def test_every_exact_reverse_belongs_to_an_instruction_of_a_game():
    """A reworded instruction would silently fall back to its kind's reverse."""
    todo_ids = message_ids(GAMES, keywords={"todo": (2,), "ntodo": (2, 3)})
    exact = {msgid for spec in all_games().values() for msgid in spec.undo_sentences}
    assert exact and exact - todo_ids == set()


def test_every_kind_but_return_and_other_has_its_own_reverse():
    assert set(BY_KIND) == set(TODO_KINDS) - {"return", "other"}


@pytest.mark.parametrize("line, english, italian", [
    (todo("lock", "Lock the {doors}: nobody moves through them.", doors=DOOR_NAMES["blue"]),
     "Unlock the blue doors.", "Sbloccate le porte blu."),
    (todo("lock", "Unlock the {doors}.", doors=DOOR_NAMES["green"]),
     "Lock the green doors again: nobody moves through them.",
     "Chiudete di nuovo a chiave le porte verdi: nessuno può attraversarle."),
    (todo("place", "Place a ghost in room {room}.", room="C"),
     "Take the ghost back off room C.", "Togliete il fantasma dalla stanza C."),
    (todo("remove", "Take a ghost off room {room}.", room="E"),
     "Put the ghost back in room E.", "Rimettete il fantasma nella stanza E."),
    (todo("move", "{player} flees to the {room}.", player="Ada", room="Attic"),
     "Move it back where it was. It said: Ada flees to the Attic.",
     "Rimettete dov'era quello che è stato spostato. Diceva: Ada fugge nella stanza Attic."),
    (todo("flip", "{ghost} is calm again: turn the card sepia side up.", ghost="Bloody Mary"),
     "Turn the card of Bloody Mary blue side up again.",
     "Girate di nuovo sul lato blu la carta di Bloody Mary."),
])
def test_an_undone_instruction_says_its_reverse(line, english, italian):
    back = reverse(line, {k: v for spec in all_games().values() for k, v in spec.undo_sentences.items()})
    assert (back.todo, str(back), render(back, "it")) == ("return", english, italian)
