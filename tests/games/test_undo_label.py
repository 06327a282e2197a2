"""An undone choice whose label is a bare number said only "Undone: 3." (review17: Ghost at
Home's discard and draw, spoken as "Annullato: 3."). A number means nothing out of its
question, so the undo says the input's own news line instead: "Undone: Ada discards 3 cards
face down."."""

from __future__ import annotations

from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Touch
from companion.session import Session


def _start(game: str) -> Session:
    return Session.start(GameHeader.from_json({"game": game, "players": ["Ada", "Bo"], "seed": 1,
                                               "options": {}, "stack": {}}))


def _to_discard(session: Session) -> Session:
    for _ in range(40):
        keys = [choice.key for choice in session.prompt.choices]
        if "discard-n:3" in keys:
            return session
        key = next((k for k in keys if k == "discard"), None) or next(k for k in keys if "discard" in k)
        assert session.handle(Touch(key)).accepted
    raise AssertionError("no discard and draw of 3 offered")


def test_an_undone_number_says_what_the_input_did():
    session = _to_discard(_start("ghost_at_home"))
    assert session.handle(Touch("discard-n:3")).accepted
    reply = session.handle(Touch("undo"))
    assert reply.accepted
    first = reply.news[0]
    assert (str(render(first, "en")), str(render(first, "it"))) == (
        "Undone: Ada discards 3 cards face down.",
        "Annullato: Ada scarta 3 carte coperte.")


def test_an_undone_player_name_says_what_the_input_did():
    """Newcomer 19 finding 15: after Ada chose Bo's house for a ghost, undo said "Undone: Bo.",
    a name out of its question ("on whose house does the ghost go?"). It says the input's own
    news line, as for a bare number."""
    import random

    session = Session.start(GameHeader.from_json({"game": "ghost_at_home", "players": ["Ada", "Bo", "Cy"],
                                                  "seed": 1, "options": {}, "stack": {}}))
    rng = random.Random(1)
    for _ in range(300):
        keys = [choice.key for choice in session.prompt.choices]
        if "target:Bo" in keys:
            break
        assert session.handle(Touch(rng.choice([k for k in keys if k != "cancel"] or keys))).accepted
    else:
        raise AssertionError("no ghost to put on a house")
    assert session.handle(Touch("target:Bo")).accepted
    reply = session.handle(Touch("undo"))
    assert reply.accepted
    said = [(str(render(line, "en")), str(render(line, "it"))) for line in reply.news]
    assert said[0] == ("Undone: Ada plays a ghost on Bo's house, on the second floor.",
                       "Annullato: Ada gioca un fantasma sulla casa di Bo, al secondo piano.")
    assert said[1][0] == "Take the ghost card back off the second floor of Bo's house."
