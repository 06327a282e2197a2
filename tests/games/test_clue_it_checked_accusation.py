"""CLUE: IT: an accusation the companion checked cannot be undone (newcomer 20 finding 2).

"Then, secretly look at the cards in the envelope. … Were you Wrong? … you are out of the
game": the accuser has seen the answer. Before, Undo put a wrong accuser back at "check your
accusation against the envelope?", and they could change a card and ask again: the envelope
tested one guess at a time. A right or wrong the table says itself (its own envelope) is a
touch, and stays undoable (a mis-touch).
"""

from __future__ import annotations

from companion.games.clue_it import components as ci
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Touch
from companion.session import Session


def _at_the_check(envelope: str = "companion") -> Session:
    """Ada, Bo, Cy; Cy rolls to the centre and accuses Kid 3, Item 5, Location 6 (the envelope
    holds Kid 3, Item 5, Location 7)."""
    session = Session.start(GameHeader.from_json({
        "game": "clue_it", "players": ["Ada", "Bo", "Cy"], "seed": 3,
        "options": {"envelope": envelope, "intrigue_deck": "off"},
        "stack": {"envelope": [3, 5, 7], "dice": ["2", "2", "6", "4", "5"]}}))
    keys = [f"kid:{k}" for k in ci.KIDS[:3]]
    if envelope == "companion":
        keys += [f"seal:{c}" for pile in ci.PILES for c in ci.PILE_CARDS[pile]]
    else:
        keys.append("sealed")
    keys += ["dealt", "rolloff", "roll", "stop:centre", "accuse"]
    for key in keys:
        assert session.handle(Touch(key)).accepted, (key, session.prompt.text)
    assert session.state.player == "Cy"
    return session


def _check(session: Session, location: str) -> list[str]:
    for key in ("private-ready", "pick:kid-3", "pick:item-5", f"pick:{location}", "accuse-check"):
        reply = session.handle(Touch(key))
        assert reply.accepted, (key, reply.text)
    return [render(line, "en") for line in reply.news]


def test_a_wrong_accusation_checked_by_the_companion_cannot_be_undone_to_guess_again():
    session = _at_the_check()
    assert _check(session, "location-6")[0] == "Cy's accusation is wrong: Cy is out of the game."
    before = session.state
    reply = session.handle(Touch("undo"))
    assert not reply.accepted
    assert render(reply.text, "en") == ("Cy's accusation was checked against the envelope and cannot be undone: Cy "
                                        "has seen the answer.")
    assert session.state is before and before.eliminated == (False, False, True)
    assert session.handle(Touch("roll")).accepted  # the game goes on: Ada's turn
    assert render(reply.text, "it") == ("L'accusa di Cy è stata controllata con la busta e non si può annullare: Cy "
                                        "ha visto la risposta.")


def test_a_right_accusation_checked_by_the_companion_cannot_be_undone_either():
    session = _at_the_check()
    assert _check(session, "location-7")[0] == "Cy is right and solves the mystery!"
    assert not session.handle(Touch("undo")).accepted
    assert session.state.outcome == "Cy"


def test_the_picks_before_the_check_stay_undoable():
    session = _at_the_check()
    for key in ("private-ready", "pick:kid-3", "pick:item-5", "pick:location-6"):
        assert session.handle(Touch(key)).accepted
    assert session.handle(Touch("undo")).accepted and session.state.accusation == ("kid-3", "item-5")


def test_the_tables_own_answer_stays_undoable():
    """With the table's envelope the accuser looks and touches right or wrong: a mis-touch."""
    session = _at_the_check(envelope="table")
    assert session.handle(Touch("wrong")).accepted
    assert session.handle(Touch("undo")).accepted and session.state.eliminated == (False, False, False)
