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
        "stack": stack or {"dice": ["5", "3", "4", "3"]},
        "tags": {KEEPER_2: ci.intrigue_component("keeper-2")}})
    session = Session.start(header)
    for key in ("kid:mike-hanlon", "kid:bill-denbrough", "sealed", "dealt"):
        assert session.handle(Touch(key)).accepted, key
    assert session.handle(Press("dice")).accepted
    return session


def test_a_kept_intrigue_card_tapped_at_the_wrong_moment_is_not_named():
    """Issue 19 item 14: a refusal goes to the whole table; "Intrigue card 2 (to keep)" may be a
    card a player keeps ("If you draw any other card, you get to keep it"): "a hidden card"
    and whose turn it is."""
    session = started()
    assert session.prompt.player == "Ada"
    reply = session.handle(Tap(KEEPER_2))
    assert not reply.accepted
    assert "(to keep)" not in reply.text and "(da tenere)" not in render(reply.text, "it")
    assert reply.text.startswith("A hidden card was tapped: no Intrigue card is drawn or played now. "
                                 "Ada's turn.")
    assert "no such card is due now" not in reply.text


# --------------------------------------------------------------------------- prompts and words, todo lines


def test_setup_is_a_checklist_with_the_intrigue_deck_and_clue_sheets():
    """"Setup" 2: "Shuffle the Intrigue Cards and place them face-down beside the board"; 3:
    "Take a Clue Sheet"."""
    session = Session.start(GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo"], "seed": 1}))
    news = SPEC.news(session.state)
    assert news == ("Place all seven Kid movers and all six Item tokens in the centre of the board.",
                    "Shuffle the Intrigue cards and place them face-down beside the board.",
                    "Everyone takes a CLUE sheet and keeps it to themselves.")
    assert [line.todo for line in news] == ["setup"] * 3
    assert [t.todo for t in session.todo] == ["setup"] * 3


def test_the_roll_off_says_a_question_mark_counts_as_one():
    session = started_before_rolloff()
    assert str(session.prompt.text).endswith('press the dice button; a "?" counts as 1')
    assert [c.main for c in session.prompt.choices] == [True]


def started_before_rolloff() -> Session:
    session = Session.start(GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo"], "seed": 5}))
    for key in ("kid:mike-hanlon", "kid:bill-denbrough", "sealed", "dealt"):
        assert session.handle(Touch(key)).accepted, key
    return session


def test_the_passage_is_offered_in_words_only_where_one_exists():
    """"Use a Secret Passage": only from the 4 corner Locations."""
    session = started()
    assert session.prompt.text == "Ada: press the dice button"
    assert [c.key for c in session.prompt.choices if c.main] == ["roll"]


def test_mark_your_clue_sheet_only_after_an_answer():
    """"3. Mark your Clue Sheet: Check shown cards off": only when a card was shown."""
    session = started()
    assert session.handle(Press("dice")).accepted
    assert session.handle(Touch("stop:corridor")).accepted
    assert session.prompt.text == "Ada: End turn"
    assert [c.key for c in session.prompt.choices if c.main] == ["end-turn"]
    other = started()
    assert other.handle(Press("dice")).accepted
    for key in ("stop:the-synagogue", "ask:kid-3", "ask:jack-in-the-box", "showed"):
        assert other.handle(Touch(key)).accepted, key
    assert other.prompt.text == "Ada: mark your CLUE sheet, then End turn"
    assert SPEC.news(other.state)[0].todo is None and other.todo == ()


def test_the_question_moves_are_todo_lines():
    session = started()
    assert session.handle(Press("dice")).accepted
    reply = None
    for key in ("stop:the-synagogue", "ask:kid-3", "ask:jack-in-the-box"):
        reply = session.handle(Touch(key))
    assert str(reply.news[0]).startswith("Ada asks: Kid 3, Jack-in-the-Box, The Synagogue.")
    assert reply.news[0].todo == "move"


def test_a_companion_sealed_accusation_is_still_said_out_loud():
    """"Make an Accusation": "Say your accusation out loud ... Then, secretly look at the cards
    in the envelope" - the companion checks, but the accuser still says it aloud."""
    from dataclasses import replace

    from companion.games.clue_it.state import Step

    state = SPEC.setup(["Ada", "Bo"], {**{o.name: o.default for o in SPEC.options}, "envelope": "companion"})
    state = replace(state, step=Step.ACCUSE_PRIVATE, turn=1, kids=("mike-hanlon", "bill-denbrough"))
    assert SPEC.prompt(state).text.startswith("Ada: say your accusation out loud; then everyone else looks away")
