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


# --------------------------------------------------------------------------- the input's own step
# A newcomer (session 15): undoing a Ghost card tapped from the real deck said only "Undone:
# Rogue Ghost card (a tap on the cards reader)." and undoing a move "Undone: Room A. Put back
# anything you moved for it.", though the table had drawn that card and moved that pawn.

GHOST_H, ROGUE = "04112233445566", "04112233445599"
TAGS = {GHOST_H: "creepy_cellar:ghost:room-H", ROGUE: "creepy_cellar:ghost:rogue-ghost"}


def _cellar(players=("Ada", "Bo", "Cy"), dice=(4, 4), **options):
    from companion.header import GameHeader
    from companion.session import Session

    return Session.start(GameHeader.from_json({
        "game": "creepy_cellar", "players": list(players), "seed": 7, "tags": TAGS,
        "stack": {"movement_die": list(dice), "ghost": ["room-C"] * 4}, "options": options}))


def _undone(session) -> list[tuple[str, str]]:
    """The undo's lines, in English and in Italian; every line after the first is a step."""
    from companion.inputs import Touch

    reply = session.handle(Touch("undo"))
    assert reply.accepted
    assert [line.todo for line in reply.news[1:]] == ["return"] * (len(reply.news) - 1)
    assert [str(line) for line in session.todo] == [str(line) for line in reply.news[1:]]
    return [(str(render(line, "en")), str(render(line, "it"))) for line in reply.news]


def test_undoing_a_card_from_the_real_deck_puts_it_back_on_top():
    from companion.inputs import Press, Tap

    session = _cellar(ghost_deck="physical")
    assert session.handle(Press("dice")).accepted and session.handle(Tap(GHOST_H)).accepted
    assert _undone(session) == [
        ("Undone: Ghost card room H (a tap on reader table).",
         "Annullato: Carta Fantasma stanza H (un tag appoggiato sul lettore tavolo)."),
        ("Take the ghost back off room H.", "Togliete il fantasma dalla stanza H."),
        ("Put the Ghost card room H back on top of the Ghost deck.",
         "Rimettete in cima al mazzo Fantasma la carta pescata: Carta Fantasma stanza H."),
    ]
    # the screen's step box gets them as its steps, in the table's language
    from companion import protocol

    assert [(line["kind"], line["text"]) for line in protocol.state_message(session, [], lang="it")["todo"]] == [
        ("return", "Togliete il fantasma dalla stanza H."),
        ("return", "Rimettete in cima al mazzo Fantasma la carta pescata: Carta Fantasma stanza H.")]


def test_undoing_the_rogue_ghost_card_puts_it_back_on_top():
    """Its own news give no step (it sends the table to the Ghost King deck): the card's own."""
    from companion.inputs import Press, Tap

    session = _cellar(ghost_deck="physical")
    assert session.handle(Press("dice")).accepted and session.handle(Tap(ROGUE)).accepted
    assert _undone(session)[1:] == [
        ("Put the Rogue Ghost card back on top of the Ghost deck.",
         "Rimettete in cima al mazzo Fantasma la carta pescata: Carta Fantasma Ribelle.")]


def test_a_card_the_companion_drew_has_nothing_to_put_back_on_the_deck():
    from companion.inputs import Press

    session = _cellar()
    assert session.handle(Press("dice")).accepted
    assert _undone(session)[1:] == [("Take the ghost back off room C.", "Togliete il fantasma dalla stanza C.")]


def test_undoing_a_move_says_where_the_hunter_goes_back():
    from companion.inputs import Press, Touch

    session = _cellar()
    for inp in (Press("dice"), Touch("move:E")):
        assert session.handle(inp).accepted
    assert _undone(session) == [
        ("Undone: Room E.", "Annullato: Stanza E."),
        ("Ada: move your hunter back out of the castle.", "Ada: rimetti il tuo cacciatore fuori dal castello.")]
    for key in ("move:E", "move:hallway"):
        assert session.handle(Touch(key)).accepted
    assert _undone(session)[1:] == [
        ("Ada: move your hunter back to room E.", "Ada: rimetti il tuo cacciatore nella stanza E.")]


def test_with_two_hunters_each_the_undo_names_the_hunter():
    from companion.inputs import Press, Touch

    session = _cellar(players=("Ada", "Bo"))
    for inp in (Press("dice"), Touch("move:M"), Touch("move:B")):
        assert session.handle(inp).accepted
    assert _undone(session)[1:] == [
        ("Ada: move the red hunter back to cellar room M.",
         "Ada: rimetti il cacciatore rosso nella stanza M della cantina.")]


def test_undoing_a_secret_passage_puts_the_tile_and_the_hunter_back():
    from dataclasses import replace

    from companion.inputs import Press, Touch

    session = _cellar()
    assert session.handle(Press("dice")).accepted and session.handle(Touch("move:E")).accepted
    session.state = replace(session.state, passages=("E", "J"))
    assert session.handle(Touch("passage:J")).accepted
    assert _undone(session)[1:] == [
        ("Put the secret passage tile back in room E.", "Rimettete la tessera del passaggio segreto nella stanza E."),
        ("Ada: move your hunter back to room E.", "Ada: rimetti il tuo cacciatore nella stanza E.")]
