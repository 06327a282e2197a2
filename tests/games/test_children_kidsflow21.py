"""Children, kidsflow21: going on playing answers "no" to the questions the companion asks
because it cannot know the answer (kidsleak20, kidsleak21: it keeps no record of the cards in a
hand): the Dental Tools question when a trap springs, the Crickets' Cricket Cage question, the
Catnip when Kitty Kitty meets you, Irwin Biddle's question. At a real table the player who has
no Dental Tools just plays on; the next input is their "no" (companion/engine/legality.py,
``going_on``; the game's answers: ``prompts.going_on``). Sections are those of
``shared/rulebooks/children.txt``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from children_checks import RULEBOOK_ROOMS, SPEC, arrange, check, started

from companion import script
from companion.engine.legality import refusal
from companion.errors import RuleViolation
from companion.games.children.state import Frame, Ghost, Step
from companion.i18n import render
from companion.inputs import Tap, Touch
from companion.session import Session
from companion.session.actions import InputActions
from companion.session.records import Entry, Rejected
from companion.session.told import undo_reply

ADA, BO, CY = 0, 1, 2
SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "children" / "players_win.jsonl"
#: the line kidsleak21 inserted (Ada's answer to the Dental Tools question) and where
SPRING, SPRING_LINE = '{"at": 176.75, "touch": "spring"}', 355


def _written_before_kidsleak21() -> str:
    """players_win.jsonl as it was before kidsleak21 (e35f3c5c): the current one without the
    Dental Tools answer it inserted."""
    lines = SCRIPT.read_text().splitlines(keepends=True)
    assert lines[SPRING_LINE - 1].strip() == SPRING
    return "".join(lines[: SPRING_LINE - 1] + lines[SPRING_LINE:])


def _played(text: str) -> tuple[Session, dict[int, list]]:
    """The script's inputs into a session, each accepted; the news of each line."""
    table = script.parse(text)
    session, news = Session.start(table.header), {}
    for line in table.lines:
        reply = session.handle(line.input, line.number)
        assert reply.accepted or reply.ignored, (line.number, str(reply.text))
        news[line.number] = list(reply.news)
    return session, news


def test_the_players_win_script_written_before_kidsleak21_plays_the_same_game():
    """The Voodoo Doll Ada picked up is about to spring and she may hold a Dental Tools, so she
    is asked (kidsleak21). The script written before it goes on with the tap of the Teddy Bear:
    that is her "let it spring", and the tap traps Rosie, whom the doll drew to her, as one input.
    Before kidsleak21's inserted line, the tap was refused and the script stopped there."""
    now, _ = _played(SCRIPT.read_text())
    before, news = _played(_written_before_kidsleak21())
    assert before.state == now.state and before.prompt.over
    assert len(before.history) == len(now.history) - 1  # one input, one event: the spring and the tap
    said = news[SPRING_LINE]  # the tap's line (numbered as it was, before the insertion)
    assert [str(line) for line in said[:4]] == [
        "Ada lets the Voodoo Doll trap spring.", "The Voodoo Doll trap springs on Ada!",
        "Rosie is drawn to the Tablet 1-5.",
        "Ada traps Rosie with the Teddy Bear: both cards go to their scoring pile."]
    assert render(said[0], "it") == "Ada lascia scattare la trappola Bambola voodoo."
    check(before.state)


def test_undo_takes_back_the_spring_and_the_tap_together():
    table = script.parse(_written_before_kidsleak21())
    session = Session.start(table.header)
    lines = [line for line in table.lines if line.number <= SPRING_LINE]
    for line in lines[:-1]:
        session.handle(line.input, line.number)
    asked, prompt = session.state, session.prompt
    assert str(prompt.text) == "Ada: the Voodoo Doll trap is about to spring"
    tap = lines[-1].input
    assert session.handle(tap, SPRING_LINE).accepted
    played = session.state
    assert session.history[-1].action == "catch:rosie"  # the tap's own key; the spring is implied by it
    undone = session.handle(Touch("undo"))
    assert session.state == asked and session.prompt == prompt
    assert [str(line) for line in undone.news] == [  # the tap's step back, then the spring's
        "Undone: Trap Rosie with the Teddy Bear (a tap on reader table).",
        "Ada: take Rosie and the Teddy Bear back off your scoring pile: Rosie goes back in the Tablet 1-5, sepia "
        "side up, and the Teddy Bear into your hand.",
        "Move Rosie back to the Spire."]
    again = session.handle(tap, SPRING_LINE)  # and played again, the same
    assert str(again.news[0]) == "Ada lets the Voodoo Doll trap spring."
    assert session.state == played


def _mansion(frames=(), **kw):
    return replace(arrange(started(**kw.pop("options", {})), RULEBOOK_ROOMS, **kw), frames=frames)


def _trap_asked():
    """Ada (step 2, an action left, 3 cards) picked up the Voodoo Doll in the Wash Room; Rosie
    haunts the Dormitory next door, the nearest ghost."""
    return _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(3, 2, 5),
                    ghosts=(Ghost("rosie", "dormitory"),), frames=(Frame("trap", ADA, ("voodoo-doll",)),))


def _without_going_on(monkeypatch):
    monkeypatch.setattr(SPEC, "going_on", lambda state: None)


def test_an_answer_works_as_before_and_an_input_legal_after_neither_is_refused_with_the_same_words(monkeypatch):
    state = _trap_asked()
    assert [c.key for c in SPEC.prompt(state).choices] == ["spring", "defuse"]
    defused = SPEC.apply(state, "defuse")
    assert "voodoo-doll" in defused.discard and defused.hands == (1, 2, 5)
    assert not any("lets" in str(line) for line in defused.news)
    for key in ("move:kitchen", "catch:penny", "draw:hatpin"):  # nothing the spring opens either
        with pytest.raises(RuleViolation) as now:
            SPEC.apply(state, key)
        with monkeypatch.context() as m:
            _without_going_on(m)
            with pytest.raises(RuleViolation) as before:
                SPEC.apply(state, key)
        assert str(now.value) == str(before.value) == refusal(SPEC, state, SPEC.prompt(state), key)


def test_a_touch_legal_once_the_trap_sprang_is_the_spring_then_the_touch(monkeypatch):
    """"Voodoo Doll … the nearest ghost in the Thornhill Mansion immediately comes to your
    room": Rosie comes; Ada touches Run (she has no Teddy Bear either)."""
    state = _trap_asked()
    ran = SPEC.apply(state, "run")
    spring_then_run = SPEC.apply(SPEC.apply(state, "spring"), "run")
    assert replace(ran, news=()) == replace(spring_then_run, news=())
    assert ran.news == (SPEC.going_on(state).line, *SPEC.apply(state, "spring").news, *spring_then_run.news)
    _without_going_on(monkeypatch)
    with pytest.raises(RuleViolation):
        SPEC.apply(state, "run")


def test_the_dental_tools_then_the_cricket_cage_question_one_after_the_other():
    """"Crickets … if you have the Cricket Cage Device Card in your hand, show it": Ada does not;
    her next touch (a move of step 2) answers it, the trap's Dental Tools question before it."""
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(3, 2, 4),
                     ghosts=(Ghost("rosie", "spire"),), frames=(Frame("trap", ADA, ("crickets",)),))
    assert str(SPEC.prompt(SPEC.apply(state, "spring")).text) == "Ada: show the Cricket Cage if you have it"
    moved = SPEC.apply(state, "move:master-bedroom")
    said = [str(line) for line in moved.news]
    assert said[:4] == ["Ada lets the Crickets trap spring.", "The Crickets trap springs on Ada!",
                        "Ada does not show the Cricket Cage.",
                        "The crickets enrage Rosie in the Spire: turn the card blue side up."]
    assert moved.where[ADA] == "master-bedroom" and "crickets" in moved.discard
    answered = SPEC.apply(SPEC.apply(SPEC.apply(state, "spring"), "no-cage"), "move:master-bedroom")
    assert replace(moved, news=()) == replace(answered, news=())


def test_the_catnip_when_kitty_kitty_meets_you():
    """"If, however, you have the Catnip device in your hand and a skull token …": Bo meets
    Kitty Kitty out of his turn, with a skull token; Ada, who holds her card, touches where to
    send him: Bo did not use the Catnip."""
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(5, 5, 2), skulls=(0, 1, 0),
                     skull_pool=5, kitty="kitchen", kitty_card=ADA, frames=(Frame("kittymeet", BO, ("",)),))
    assert [c.key for c in SPEC.prompt(state).choices] == ["use:catnip", "no-catnip"]
    sent = SPEC.apply(state, "send:parlor")
    assert [str(line) for line in sent.news][:2] == ["Bo does not use the Catnip.",
                                                    "Kitty Kitty chases Bo to the Parlor."]
    assert sent.where[BO] == "parlor" and sent.skulls == (0, 1, 0)


def test_the_catnip_shown_to_the_mouse():
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(5, 5, 2), kitty="kitchen",
                     kitty_card=ADA, options={"mouse_immunity": "catnip"},
                     frames=(Frame("kittymeet", BO, ("mouse",)),))
    assert [c.key for c in SPEC.prompt(state).choices] == ["show-catnip", "no-catnip"]
    stayed = SPEC.apply(state, "stay")
    assert [str(line) for line in stayed.news] == ["Bo does not show the Catnip.", "Kitty Kitty lets Bo be."]
    assert render(stayed.news[0], "it") == "Bo non mostra l’Erba gatta."


def _biddle():
    """Ada drew Irwin Biddle (step 2): Bo then Cy are asked for a toy, then Ada draws again."""
    return _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(4, 5, 5),
                    frames=(Frame("draw", ADA, ("replace", "")), Frame("biddle", CY), Frame("biddle", BO)))


def test_irwin_biddle_the_draw_goes_on_past_every_player_with_no_toy_and_stays_private():
    """"Irwin Biddle … all players (if they have one) must remove 1 Toy Card": Bo and Cy give
    none; Ada taps the Hatpin she draws next. The tap is a private draw: the log and the undo do
    not name it (the daemon asks ``choice_made`` whether an input's choice is private)."""
    state = _biddle()
    assert SPEC.prompt(state).player == "Bo"
    drew = SPEC.apply(state, "draw:hatpin")
    assert [str(line) for line in drew.news] == ["Bo has no toy.", "Cy has no toy.",
                                                "Ada takes a card into their hand."]
    assert drew.hands == (5, 5, 5) and drew.frames == ()
    actions = InputActions(SPEC, {}, {}, 1.0, {})
    tap = Tap("04AA", ndef="children:device:hatpin")
    prompt = SPEC.prompt(state)
    choice = actions.choice_made(tap, prompt, state)
    assert choice is not None and choice.key == "draw:hatpin" and choice.private
    assert actions.action_for(tap, prompt, state) == "draw:hatpin"
    told = undo_reply(SPEC, prompt, state, lambda: (), Entry({"tap": "04AA"}, "draw:hatpin", ()))
    assert [str(line) for line in told.news][0] == "Undone: a private choice."
    assert not any("Hatpin" in str(line) for line in told.news)
    # a toy tapped is Bo's answer, as before: an answer of the question open
    assert actions.action_for(Tap("04AB", ndef="children:toy:teddy-bear"), prompt, state) == "biddle-toy:teddy-bear"


def test_a_tap_legal_after_neither_is_refused_as_before(monkeypatch):
    state = _trap_asked()
    actions = InputActions(SPEC, {}, {}, 1.0, {})
    tap = Tap("04AC", ndef="children:tablet:spire")
    with pytest.raises(Rejected) as now:
        actions.action_for(tap, SPEC.prompt(state), state)
    _without_going_on(monkeypatch)
    with pytest.raises(Rejected) as before:
        actions.action_for(tap, SPEC.prompt(state), state)
    assert str(now.value) == str(before.value)


def test_no_other_question_is_answered_by_going_on():
    """A ghost met, a room to run to, the draw: decisions, not a card shown or not."""
    state = _mansion(where=("wash-room", "kitchen", "wine-cellar"), hands=(4, 5, 5),
                     ghosts=(Ghost("rosie", "kitchen"),), frames=(Frame("check", BO, ("kitchen",)),))
    assert SPEC.going_on(state) is None
    assert SPEC.going_on(replace(state, frames=(), step=Step.ACTIONS)) is None
