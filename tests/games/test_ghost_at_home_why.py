"""Issue 33 item 1: Ghost at Home's news lines explain themselves (``why``), with the
numbers of the Italian rulebook (``haunted-house-escape.it.txt``) and the inputs behind each
decision: the floor, the bulbs counted, the cards held. Hands and face-down discards are
hidden: a ``why`` gives their counts, never a card."""

from __future__ import annotations

from dataclasses import replace

from test_ghost_at_home import SPEC, _escaping, _pay, new, play, rooms, with_house

from companion.engine.why import why_message
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.state import Floor


def _why(state, english: str, lang: str = "en") -> dict:
    lines = [line for line in SPEC.news(state) if str(line) == english]
    assert lines, (english, [str(x) for x in SPEC.news(state)])
    return why_message(lines, lang)[0]


def test_three_plus_two_bulbs_light_the_first_floor():
    """"Accendi la luce": 2 cards with at least 5 bulbs in all (3 + 2); the first floor can
    always be lit. Then the hand refills to 3: 1 card was held, 2 are drawn."""
    state = _pay(play(new(light_check="count"), "light:1"), (gc.FIRST, 3), (gc.GHOST, 2))
    state = play(state, "pay-done")
    assert _why(state, "Ada turns on the light of the first floor.") == {
        "rule": "Turn on the light (Accendi la luce)", "from": [1, 5, 5],
        "text": "The cards paid show 5 bulbs, at least 5, and the first floor can always be lit."}
    assert _why(state, "Ada turns on the light of the first floor.", "it")["text"] == (
        "Le carte pagate mostrano 5 lampadine, almeno 5, e il primo piano si può sempre illuminare.")
    assert _why(state, "Ada: draw 2 cards.") == {
        "rule": "End of the turn (Fine del turno)", "from": [1, 2],
        "text": "The house is not complete, so the hand refills to 3 cards at the end of the turn; 1 card was held."}


def test_four_bulbs_are_not_enough():
    """3 + 1 = 4 bulbs: the table says no (confirm mode counts nothing), or the count shows 4."""
    state = play(new(), "light:1", "pay:first-floor", "pay:cat", "pay-done", "light-no")
    line = "Not enough bulbs: Ada takes the cards back."
    assert _why(state, line) == {
        "rule": "Turn on the light (Accendi la luce)", "from": [],
        "text": "A light needs cards showing at least 5 bulbs, and the table counted fewer."}
    assert _why(state, line, "it")["rule"] == "Accendi la luce"


def test_a_ghost_on_a_dark_floor_clears_it():
    """"Se la luce di quel piano è spenta, il fantasma e tutte le carte stanza … scartate":
    Bo's highest floor with a room is the second floor."""
    state = with_house(new(), 1, Floor(rooms(1)), Floor((gc.SECOND,)))
    state = play(state, "ghost", "target:Bo")  # Bo may defend with a cat: not yet
    assert _why(state, "Ada plays a ghost on Bo's house, on the second floor.") == {
        "rule": "Play a ghost card (Gioca una carta fantasma)", "from": ["Bo", 2],
        "text": "A ghost always goes on the highest floor where Bo has a room: the second floor."}
    state = play(state, "let-in")
    assert _why(state, "Discard the rooms and ghosts of the second floor of Bo's house; its light is off.") == {
        "rule": "Play a ghost card (Gioca una carta fantasma)", "from": [1],
        "text": "The light of that floor is off: one ghost is enough to clear its rooms."}


def test_a_lit_floor_takes_two_ghosts():
    """"Se la luce di quel piano è accesa, il fantasma rimane a meno che non ci siano 2
    fantasmi": the first stays, the second clears the floor and the light goes out."""
    state = with_house(new(), 1, Floor(rooms(1), lit=True))
    state = play(state, "ghost", "target:Bo", "let-in")
    assert _why(state, "The light is on: the ghost stays on the first floor of Bo's house.")["from"] == [1]
    state = play(replace(state, active=0), "ghost", "target:Bo", "let-in")
    assert _why(state, "Discard the rooms and ghosts of the first floor of Bo's house; its light is off.") == {
        "rule": "Play a ghost card (Gioca una carta fantasma)", "from": [2],
        "text": "The light was on, so the floor held one ghost; the second one clears it and the light goes out."}


def test_two_players_may_stop_an_escape_with_two_ghosts():
    """"In una partita a 2 giocatori, l'avversario può giocare fino a 2 fantasmi"."""
    state = play(_escaping(("Ada", "Bo")), "stop")
    line = "Bo plays a ghost on the third floor of Ada's house to stop the escape."
    assert _why(state, line) == {
        "rule": "End of the turn (Fine del turno)", "from": ["Ada", 3, 2],
        "text": "A complete house is escaping: each other player may play up to 2 ghosts on its top floor, the third "
                "floor, to stop Ada."}
    assert _why(state, line, "it")["text"] == (
        "Una casa completa sta fuggendo: ogni altro giocatore può giocare fino a 2 fantasmi sul suo piano più alto, "
        "il terzo piano, per fermare Ada.")
    three = play(_escaping(), "stop")  # 3 players: one ghost each
    assert _why(three, line)["from"] == ["Ada", 3, 1]


def test_an_unstopped_escape_wins():
    state = play(_escaping(), "pass", "pass")
    assert _why(state, "Nobody stopped the escape: Ada escapes from the haunted house and wins!") == {
        "rule": "Summary (Riepilogo)", "from": [],
        "text": "The first player to escape with every floor full wins."}


def test_a_secret_discard_names_no_card():
    """"L'identità delle carte scartate è segreta": the why gives the count only."""
    state = play(replace(new(), deck=1, secret=46), "discard", "discard-n:2")
    said = why_message(SPEC.news(state), "en") + why_message(SPEC.news(state), "it")
    assert _why(state, "Ada discards 2 cards face down.")["from"] == [2]
    assert not any(str(gc.card_name(c)) in str(said) for c in gc.DECK)
