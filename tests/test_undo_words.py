"""Issue 26: undoing an input says the reverse of each physical instruction it had given
(:mod:`companion.undo_words`). Before, undo repeated the instruction: undoing a Creepy
Cellar "Blue Doors Locked" card said "Undo on the table: Lock the blue doors: nobody moves
through them."."""

from __future__ import annotations

import pytest

from companion.engine import all_games
from companion.games.creepy_cellar.components import DOOR_NAMES
from companion.games.ghost_at_home.components import floor_name
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
    # the room he stood in rides on the line, unsaid (session 17b; before: "Move it back where it was")
    (todo("move", "The Ghost King moves to room {room}.", room="C", was="B"),
     "Move the Ghost King back to room B.", "Rimettete il Re dei Fantasmi nella stanza B."),
    (todo("move", "The Ghost King moves on to room {room}.", room="E", was="D"),
     "Move the Ghost King back to room D.", "Rimettete il Re dei Fantasmi nella stanza D."),
    (todo("move", "The ghost on the {floor} of {owner}'s house moves to {target}'s house, on the {to}.",
          floor=floor_name(1), owner="Ada", target="Bo", to=floor_name(2)),
     "Move the ghost card back from the second floor of Bo's house to the first floor of Ada's house.",
     "Riportate la carta fantasma dal secondo piano della casa di Bo al primo piano della casa di Ada."),
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


# --------------------------------------------------------------------------- shuffles and the Trap Door
# Session 16: undoing a Draw 2 + Shuffle card said "Turn it back the way it was. It said: Flip
# 2 more Ghost cards, then shuffle." (nothing was flipped for it yet: the extra cards are
# inputs of their own), and undoing the card that ended it said "Undo this on the table. It
# said: Shuffle all Ghost cards back into the deck." (a shuffle cannot be undone by words:
# the table must take the discards back out of the deck by name). Undoing a Trap Door said
# "Move it back where it was. It said: Trap door! ...".


def test_undoing_a_draw_2_card_only_puts_it_back():
    from companion.inputs import Press, Touch

    session = _cellar(ghost_deck="physical")
    assert session.handle(Press("dice")).accepted and session.handle(Touch("ghost:draw-2-shuffle")).accepted
    assert _undone(session) == [
        ("Undone: Draw 2 + Shuffle card.", "Annullato: Carta Pesca 2 + Mescola."),
        ("Put the Draw 2 + Shuffle card back on top of the Ghost deck.",
         "Rimettete in cima al mazzo Fantasma la carta pescata: Carta Pesca 2 + Mescola.")]


def test_undoing_the_card_that_ended_a_draw_2_takes_the_discards_back_out_of_the_deck():
    from companion.inputs import Press, Touch

    session = _cellar(ghost_deck="physical")
    assert session.handle(Press("dice")).accepted
    for key in ("ghost:draw-2-shuffle", "ghost:room-C", "ghost:room-D"):
        assert session.handle(Touch(key)).accepted
    assert session.state.ghost_discard == ()  # shuffled
    assert _undone(session) == [
        ("Undone: Ghost card room D.", "Annullato: Carta Fantasma stanza D."),
        ("Take the ghost back off room D.", "Togliete il fantasma dalla stanza D."),
        ("The shuffle is undone: take these cards back out of the Ghost deck and lay them face up on its discard "
         "pile: Draw 2 + Shuffle card and Ghost card room C.",
         "Il rimescolamento è annullato: togliete di nuovo dal mazzo Fantasma queste carte e mettetele scoperte sui "
         "suoi scarti: Carta Pesca 2 + Mescola e Carta Fantasma stanza C."),
        ("Take the Ghost card room D out of the Ghost deck and put it back on top.",
         "Togliete dal mazzo Fantasma questa carta e rimettetela in cima: Carta Fantasma stanza D.")]
    assert session.state.ghost_discard == ("draw-2-shuffle", "room-C")


def test_undoing_a_shuffle_card_takes_both_discards_back_out():
    from dataclasses import replace

    from companion.inputs import Press, Touch

    session = _cellar(ghost_deck="physical")
    assert session.handle(Press("dice")).accepted
    session.state = replace(session.state, ghost_discard=("room-A",), king_discard=("king-B",),
                            ghost_deck=tuple(c for c in session.state.ghost_deck if c != "room-A"),
                            king_deck=tuple(c for c in session.state.king_deck if c != "king-B"))
    assert session.handle(Touch("ghost:shuffle")).accepted
    assert _undone(session)[1:] == [
        ("The shuffle is undone: take this card back out of the Ghost deck and lay it face up on its discard pile: "
         "Ghost card room A.",
         "Il rimescolamento è annullato: togliete di nuovo dal mazzo Fantasma questa carta e mettetela scoperta sui "
         "suoi scarti: Carta Fantasma stanza A."),
        ("The shuffle is undone: take this card back out of the Ghost King deck and lay it face up on its discard "
         "pile: Ghost King card B.",
         "Il rimescolamento è annullato: togliete di nuovo dal mazzo Re dei Fantasmi questa carta e mettetela "
         "scoperta sui suoi scarti: Carta Re dei Fantasmi B."),
        ("Take the Shuffle card out of the Ghost deck and put it back on top.",
         "Togliete dal mazzo Fantasma questa carta e rimettetela in cima: Carta Mescola.")]


def test_undoing_a_trap_door_says_which_hunter_goes_back_from_where():
    from companion.inputs import Press, Touch

    session = _cellar(ghost_deck="physical")
    for inp in (Press("dice"), Touch("ghost:trap-door"), Touch("king:king-K")):
        assert session.handle(inp).accepted
    assert _undone(session) == [
        ("Undone: Ghost King card K.", "Annullato: Carta Re dei Fantasmi K."),
        ("Ada: move your hunter back from room K to where it stood before the trap door.",
         "Ada: riporta il tuo cacciatore dalla stanza K dov'era prima della botola."),
        ("Put the Ghost King card K back on top of the Ghost King deck.",
         "Rimettete in cima al mazzo Re dei Fantasmi la carta pescata: Carta Re dei Fantasmi K.")]
