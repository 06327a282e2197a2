"""Issue 31 item 10: option ``table_dice``: a table that keeps its own dice touches the face
shown for the movement die and the fight dice, as House of Spirits' "The die shows N". The
touch is the recorded action, so a replay is exact; the dice button still lets the companion
roll."""

from __future__ import annotations

from cellar_checks import board, hunter, new_game, play

from companion.engine import get_game
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Touch
from companion.session import Session

SPEC = get_game("creepy_cellar")


def test_the_movement_die_is_the_face_the_table_touches():
    state = new_game(table_dice=True)
    prompt = SPEC.prompt(state)
    assert [c.key for c in prompt.choices] == ["roll"] + [f"die:{n}" for n in range(1, 7)]
    assert str(prompt.choice("die:4").label) == "The die shows 4"
    assert render(prompt.text, "it") == "Ada: tira il dado del movimento e tocca la faccia uscita"
    moved = play(state, "die:6")
    assert moved.die == 6 and "Ada rolled 6." in [str(n) for n in moved.news]
    assert [c.key for c in SPEC.prompt(new_game()).choices] == ["roll"]  # the companion rolls by default


def test_the_fight_dice_are_the_faces_the_table_touches():
    state = hunter(board(play(new_game(table_dice=True), "die:6"), ghosts={"A": 1}), "Ada", at="A")
    state = play(state, "done-moving")
    prompt = SPEC.prompt(state)
    assert [c.key for c in prompt.choices] == ["fight", "fight-dice:ghost", "fight-dice:haunting",
                                               "fight-dice:blank"]
    assert render(prompt.choice("fight-dice:ghost").label, "it") == "Il dado mostra fantasma"
    fought = play(state, "fight-dice:ghost")
    assert "Fight dice: ghost." in [str(n) for n in fought.news] and fought.ghosts[0] == 0


def test_a_game_with_the_tables_dice_replays_exactly(tmp_path):
    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 4,
                                   "options": {"table_dice": True}})
    session = Session.start(header)
    for key in ("die:3", "move:A"):
        assert session.handle(Touch(key)).accepted, key
    again = Session.start(header)
    for key in ("die:3", "move:A"):
        again.handle(Touch(key))
    assert again.state == session.state and session.state.die == 3
