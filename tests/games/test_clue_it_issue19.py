"""CLUE: IT: issue 19 (item 14 privacy, refusals that name the rule, prompts and words).

Sources: clue-kids-of-derry.txt (sections in quotes), notes.md 3.C.
"""

from __future__ import annotations

from companion.engine import get_game
from companion.games.clue_it import components as ci
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Press, Tap, Touch
from companion.session import Session

SPEC = get_game("clue_it")
KEEPER_2 = "04C10000000002"


def started(options=None, stack=None) -> Session:
    """Ada and Bo, the table seals the envelope; Ada goes first."""
    header = GameHeader.from_json({
        "game": "clue_it", "players": ["Ada", "Bo"], "seed": 5, "options": options or {},
        "stack": stack or {"dice": ["5", "3"]},
        "tags": {KEEPER_2: ci.intrigue_component("keeper-2")}})
    session = Session.start(header)
    for key in ("kid:mike-hanlon", "kid:bill-denbrough", "sealed", "dealt"):
        assert session.handle(Touch(key)).accepted, key
    assert session.handle(Press("dice")).accepted
    return session


def test_a_kept_intrigue_card_tapped_at_the_wrong_moment_is_not_named():
    """Issue 19 item 14: a refusal goes to the whole table; "Intrigue card Keeper 2" may be a
    card a player keeps ("If you draw any other card, you get to keep it"): "a hidden card"
    and whose turn it is."""
    session = started()
    assert session.prompt.player == "Ada"
    reply = session.handle(Tap(KEEPER_2))
    assert not reply.accepted
    assert "Keeper" not in reply.text and "Da tenere" not in render(reply.text, "it")
    assert reply.text.startswith("A hidden card was tapped: no Intrigue card is drawn or played now. "
                                 "It is Ada's turn.")
    assert "no such card is due now" not in reply.text
