"""Issue 33 item 1: Creepy Cellar's news lines explain themselves (``why``), with the
rulebook's numbers (shared/rulebooks/creepy-cellar.txt, notes.md 1.5) and the inputs behind
each decision. Creepy Cellar has no hidden cards (every Ghost and Ghost King card is flipped
face up for the table), so no ``why`` can name a hidden one."""

from __future__ import annotations

from cellar_checks import SPEC, board, hunter, new_game, play

from companion.engine.why import why_message
from companion.games.creepy_cellar.why import PLAY as SPEC_RULE
from companion.i18n import line_of, render
from tests.why_checks import coverage


def _line(state, english: str):
    lines = [line for line in SPEC.news(state) if str(line) == english]
    assert lines, (english, [str(x) for x in SPEC.news(state)])
    return lines[0]


def _why(state, english: str, lang: str = "en") -> dict:
    return why_message([_line(state, english)], lang)[0]


def test_three_ghosts_in_a_room_become_a_haunting():
    """notes.md 1.5 "Ghost placement": room C holds 2 ghosts, a room C card adds the third."""
    state = play(board(new_game(), ghosts={"C": 2}), "roll", "die:3", "ghost:room-C")
    assert _why(state, "Three ghosts in room C become a haunting: swap them for a haunting.") == {
        "rule": "Ghost Cards", "from": ["C", 3],
        "text": "A third ghost arrived in room C: three ghosts in one room become a haunting."}
    assert _why(state, "Place a ghost in room C.")["from"] == ["C", 3]
    drawn = "Drawn: Ghost card room C."
    assert _why(state, drawn, "it") == {
        "rule": "Carte Fantasma", "from": [render(line_of(_line(state, drawn)).text.params["card"], "it")],
        "text": "Una carta stanza mette un fantasma nella stanza C."}


def test_ghost_king_and_two_ghosts_make_a_haunting_and_the_king_moves_on():
    """creepy-cellar.txt "Ghost King card": "If the Ghost King is ever in a room with 2 other
    ghosts, it becomes a haunting. The Ghost King then moves to the next lettered room."
    A Rogue Ghost (house rule default: played as the Ghost King card) draws King card D."""
    state = play(board(new_game(), ghosts={"D": 2}), "roll", "die:2", "ghost:rogue-ghost", "king:king-D")
    assert state.king == "E"
    assert _why(state, "The Ghost King moves to room D.") == {
        "rule": "Ghost King card", "from": ["D"],
        "text": "The Ghost King card drawn names room D, so the King goes there."}
    assert _why(state, "The Ghost King and two ghosts in room D: swap the ghosts for a haunting.") == {
        "rule": "Ghost King card", "from": ["D", 2],
        "text": "The Ghost King is in room D with 2 other ghosts: the room becomes a haunting."}
    assert _why(state, "The Ghost King moves on to room E.", "it") == {
        "rule": "Carta Re dei Fantasmi", "from": ["D", "E"],
        "text": "La stanza D è diventata un'infestazione, quindi il Re dei Fantasmi prosegue alla lettera "
                "successiva: la stanza E."}


def test_a_six_flips_no_ghost_card_and_1_to_5_flip_one():
    """notes.md 1.5: faces 1-5 of the movement die flip a Ghost card, 6 does not."""
    state = play(new_game(), "roll", "die:6")
    assert _why(state, "Ada rolled 6.") == {
        "rule": "Let's Play", "from": [6],
        "text": "The movement die shows 6: no Ghost card is flipped this turn; move up to 6."}
    state = play(new_game(), "roll", "die:4")
    assert _why(state, "Ada rolled 4.", "it") == {
        "rule": render(SPEC_RULE, "it"), "from": [4],
        "text": "Il dado di movimento mostra 4: prima si gira una carta Fantasma, poi muovete fino a 4."}


def test_the_eighth_haunting_loses():
    """creepy-cellar.txt "Winning the Game": all 8 hauntings on the board lose the game."""
    state = board(new_game(), ghosts={"C": 2}, hauntings={r: 1 for r in "ABDEFGH"})
    state = play(state, "roll", "die:3", "ghost:room-C")
    assert state.outcome == "lost"
    assert _why(state, "That is haunting number 8: the Ghost King wins.") == {
        "rule": "Winning the Game", "from": [8],
        "text": "There are 8 hauntings on the board: at 8 the hunters lose."}


def test_board_changing_news_carry_a_why_in_random_playouts():
    """At least 99 % of the board-changing news lines (a physical instruction, ``Msg.todo``)
    in 40 random games carry a ``why``; every ``why`` renders in Italian (not the English
    text). The lines left out (deck upkeep) are listed in ``tests.why_checks.EXCEPTIONS``."""
    seen = coverage(SPEC, 40, 300)
    assert seen.total > 500
    assert seen.share >= 0.99, seen.report()


def _session():
    from companion.header import GameHeader
    from companion.session import Session

    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7,
                                   "stack": {}, "options": {}, "tags": {}})
    return Session.start(header)


def test_the_state_message_carries_one_why_per_news_line_in_the_tables_language():
    from companion.inputs import Touch
    from companion.protocol import state_message

    session = _session()
    reply = session.handle(Touch("roll"))  # seed 7: the companion's die shows 6
    message = state_message(session, [], reply.news, "it")
    assert len(message["why"]) == len(message["news"]) == 2
    assert message["why"][0] == {
        "rule": render(SPEC_RULE, "it"), "from": [6],
        "text": "Il dado di movimento mostra 6: in questo turno non si gira nessuna carta Fantasma; muovete fino a 6."}
    assert message["why"][1] is None  # "A 6: no Ghost card this turn." explains itself


def test_a_refusal_names_its_rulebook_section():
    """A touch the rules refuse: the reply (and the notice) carry the section governing it."""
    from companion.inputs import Touch
    from companion.protocol import notice

    session = _session()
    reply = session.handle(Touch("move:E"))  # before rolling
    assert not reply.accepted and str(reply.rule) == "Let's Play"
    shown = notice(reply.text, "warning", "it", rule=reply.rule)
    assert shown["rule"] == render(SPEC_RULE, "it") and shown["text"] == render(reply.text, "it")
    reply = session.handle(Touch("fight-dice:ghost"))
    assert not reply.accepted and str(reply.rule) == "Fighting Ghosts and Hauntings"


def test_a_jinxed_item_is_dropped_off_in_the_room_on_its_back():
    """creepy-cellar.txt "Jinxed Item": drop it off in the room indicated on the tile's back
    (tile B, one of the 6 rooms B, D, E, H, J, L); room B has no ghost, so no fight."""
    from cellar_checks import hunter

    state = hunter(board(new_game(), ghosts={}), "Ada", jinxed="jinxed-B")
    state = play(state, "roll", "die:6", "move:B", "done-moving")
    line = "Ada's red hunter gets rid of the Jinxed Item in room B."
    assert _why(state, line) == {"rule": "Jinxed Item", "from": ["B"],
                                 "text": "A Jinxed Item is dropped off in the room printed on its back: room B."}
    assert _why(state, line, "it")["text"] == ("Un Oggetto Stregato si lascia nella stanza stampata sul suo retro: "
                                               "la stanza B.")


def test_a_ghost_beaten_by_a_haunting_face_under_the_house_rule_says_so():
    """Found by the trial helper: with house rule ``haunting_face_beats_ghost`` (notes.md 1.5,
    UNKNOWN) Ada alone rolls one haunting face in room C (one ghost, no haunting): the ghost
    is beaten, and the why said "A ghost face on a fight die beats one ghost", a face nobody
    rolled. With Bo there too, a ghost face and a haunting face beat two ghosts, one each way."""
    state = hunter(new_game(haunting_face_beats_ghost=True), "Ada", at="C")
    alone = play(state, "roll", "die:6", "done-moving", "fight", "fight-dice:haunting")
    assert _why(alone, "One ghost beaten in room C: take it off the board.") == {
        "rule": "Fighting Ghosts and Hauntings", "from": ["C", 1],
        "text": "With your house rules a haunting face that beats no haunting beats a ghost: 1 in room C."}
    assert _why(alone, "One ghost beaten in room C: take it off the board.", "it")["text"] == (
        "Con le vostre regole della casa una faccia infestazione che non sconfigge nessuna infestazione sconfigge un "
        "fantasma: 1 nella stanza C.")
    two = hunter(board(state, ghosts={"C": 2}), "Bo", at="C")  # another hunter: two fight dice
    both = play(two, "roll", "die:6", "done-moving", "fight", "fight-dice:ghost+haunting")
    assert _why(both, "Two ghosts beaten in room C: take them off the board.")["text"] == (
        "A ghost face on a fight die beats one ghost in room C; with your house rules a haunting face that beats no "
        "haunting beats a ghost too: 1 of them.")
    plain = play(board(state, ghosts={"C": 1}), "roll", "die:6", "done-moving", "fight", "fight-dice:ghost")
    assert _why(plain, "One ghost beaten in room C: take it off the board.")["text"] == (
        "A ghost face on a fight die beats one ghost in room C.")


def test_the_ghost_card_whys_say_what_each_card_does():
    """Found by the trial helper: a Shuffle card "changes the Ghost deck, not the board", then
    the next line unlocks the doors (it does change the board); a Rogue Ghost card "sends you
    to the Ghost King deck" though it moves the King, not you, and only by your house rules
    (the booklet gives it no rule, option ``rogue_ghost``)."""
    from companion.games.creepy_cellar import why
    from companion.i18n import msg

    line = msg("Drawn.")
    texts = [w["text"] for w in why_message([why.drawn(line, card) for card in
                                             ("shuffle", "draw-2-shuffle", "rogue-ghost", "trap-door")], "en")]
    assert texts == [
        "A Shuffle or Draw + Shuffle card puts no ghost on the board itself: it changes the Ghost deck.",
        "A Shuffle or Draw + Shuffle card puts no ghost on the board itself: it changes the Ghost deck.",
        "With your house rules a Rogue Ghost card works as the Ghost King card: the top Ghost King card names the "
        "room the King goes to.",
        "A Trap Door card sends you to the Ghost King deck: its top card names the room your hunter drops into."]
    italian = [w["text"] for w in why_message([why.drawn(line, "shuffle"), why.drawn(line, "rogue-ghost")], "it")]
    assert italian == [
        "Una carta Mescola o Pesca + Mescola non mette da sola fantasmi sul tabellone: cambia il mazzo Fantasma.",
        "Con le vostre regole della casa una carta Fantasma Ribelle vale come la carta Re dei Fantasmi: la prima carta "
        "Re dei Fantasmi indica la stanza in cui va il Re."]
