"""Engine speed (issue 35, speed18c): what every engine makes several times an action (frozen
dataclasses, sentences, copies of a state, the legality check) is made with less work, and
makes the same objects. Work counts (Python lines run, calls made), never times."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import sys

import pytest

from companion.engine import legality
from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.engine.frozen import replace
from companion.engine.game import GameSpec
from companion.engine.news import cleared, say
from companion.engine.pending import Frame
from companion.engine.why import Why, because
from companion.i18n import Msg, NewsLine, msg, nmsg, quick_init, render, todo


def lines_run(make) -> int:
    """How many lines of Python ``make()`` runs (its own call not counted)."""
    count = 0

    def trace(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        make()
    finally:
        sys.settrace(None)
    return count - 1  # the line that calls make


HI, RULE = msg("Hi"), msg("Rule")


@pytest.mark.parametrize("make", [
    lambda: Choice("end-turn", "End turn"),
    lambda: Prompt("Roll", "Ada", ()),
    lambda: NewsLine(HI),
    lambda: Why(RULE, HI),
    lambda: Frame("draw", 0),
])
def test_a_frozen_engine_object_is_made_in_one_line(make):
    # the generated __init__ of a frozen dataclass runs one object.__setattr__ line per field
    # (10 for a Choice); quick_init fills them in one go
    assert lines_run(make) <= 2


def test_quick_init_makes_what_the_generated_init_makes():
    @dataclasses.dataclass(frozen=True)
    class Plain:
        key: str
        label: str = "x"
        main: bool = False

    Quick = quick_init(dataclasses.dataclass(frozen=True)(type("Quick", (), {
        "__annotations__": {"key": "str", "label": "str", "main": "bool"}, "label": "x", "main": False})))
    for args, kwargs in [(("k",), {}), (("k", "l"), {"main": True}), ((), {"key": "k", "label": "l"})]:
        assert vars(Quick(*args, **kwargs)) == vars(Plain(*args, **kwargs))
    assert [(p.name, p.default, p.kind) for p in inspect.signature(Quick).parameters.values()] == [
        (p.name, p.default, p.kind) for p in inspect.signature(Plain).parameters.values()]
    with pytest.raises(TypeError):
        Quick()  # its key is required
    with pytest.raises(dataclasses.FrozenInstanceError):
        Quick("k").key = "other"  # type: ignore[misc]
    choice = Choice("go", "Go", main=True)
    assert choice == Choice("go", "Go", main=True) and hash(choice) == hash(Choice("go", "Go", main=True))
    assert pickle.loads(pickle.dumps(choice)) == choice
    assert dataclasses.replace(choice, label="Stop").label == "Stop"
    assert list(vars(Outcome("3", "die:3"))) == [f.name for f in dataclasses.fields(Outcome)]


def test_quick_init_refuses_a_class_it_cannot_fill():
    @dataclasses.dataclass(frozen=True)
    class Counted:
        items: list = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True)
    class Checked:
        n: int

        def __post_init__(self):
            pass

    for cls in (Counted, Checked):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_a_sentence_is_the_same_message_made_with_less_work():
    made = msg("{player} takes {card}.", player="Ada", card=msg("Cat"))
    assert (str(made), made.msgid, made.params, made.plural, made.count) == (
        "Ada takes Cat.", "{player} takes {card}.", {"player": "Ada", "card": "Cat"}, None, None)
    assert vars(made) == vars(Msg("{player} takes {card}.", {"player": "Ada", "card": msg("Cat")}))
    assert str(msg("{player} takes", who="Ada")) == "{player} takes (who=Ada)"  # a broken pattern, as before
    assert str(nmsg("{n} ghost", "{n} ghosts", "n", n=3)) == "3 ghosts"
    assert render(todo("place", "Place a ghost in room {room}", room="E"), "en") == "Place a ghost in room E"
    assert pickle.loads(pickle.dumps(made)).params == made.params
    # a sentence without parameters (a button's label) is made once
    assert msg("End turn") is msg("End turn")
    assert lines_run(lambda: msg("End turn")) <= 4


@dataclasses.dataclass(frozen=True)
class Step:
    news: tuple = ()
    count: int = 0


def test_cleared_gives_a_state_without_news_as_it_is():
    quiet = Step()
    assert cleared(quiet) is quiet
    loud = say(quiet, msg("Boo."))
    assert cleared(loud) == quiet and cleared(loud) is not loud


def test_replace_still_refuses_a_change_that_names_no_field():
    step = replace(Step(), count=1)  # a copy holding fields only (no derived fact): the quick path
    with pytest.raises(TypeError, match="no field 'cnt'"):
        replace(step, cnt=2)
    assert vars(replace(step, count=2)) == {"news": (), "count": 2}


def test_a_choice_of_the_prompt_is_applied_without_the_full_check(monkeypatch):
    checks = []
    monkeypatch.setattr(legality, "check_action", lambda *a: checks.append(a))
    prompt = Prompt("Go", "Ada", (Choice("a", "A"), Choice("b", "B")),
                    out_of_turn=(Choice("c", "C", player="Bo"),))
    game = GameSpec(setup=lambda players, options: 0, prompt=lambda state: prompt,
                    apply=lambda state, key: state + 1, view=lambda state: {})
    assert game.apply(0, "b") == 1 and checks == []
    assert game.apply(0, "c") == 1 and len(checks) == 1  # anything else: the whole check, as before
    chance = Prompt("Roll", chance=Chance("die", (Outcome("1", "die:1"), Outcome("2", "die:2"))))
    game = GameSpec(setup=lambda players, options: 0, prompt=lambda state: chance,
                    apply=lambda state, key: state + 1, view=lambda state: {})
    assert game.apply(0, "die:2") == 1 and len(checks) == 1


def test_a_key_that_is_not_offered_is_still_refused():
    prompt = Prompt("Go", "Ada", (Choice("a", "A"),))
    game = GameSpec(setup=lambda players, options: 0, prompt=lambda state: prompt,
                    apply=lambda state, key: state + 1, view=lambda state: {})
    with pytest.raises(Exception, match="Not now"):
        game.apply(0, "z")
    over = Prompt("The end", over=True, choices=(Choice("a", "A"),))
    game = GameSpec(setup=lambda players, options: 0, prompt=lambda state: over,
                    apply=lambda state, key: state + 1, view=lambda state: {})
    with pytest.raises(Exception, match="over"):
        game.apply(0, "a")
    assert because(msg("Boo."), msg("Rule"), msg("Why")).why == Why(msg("Rule"), msg("Why"))
