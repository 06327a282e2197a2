"""Issue 27 item 3: a news line is a record (:class:`companion.i18n.NewsLine`), not a ``str``
carrying attributes: what travels with a sentence (an instruction's kind, its words for a
table without a dice button, its why, what a set-up step is for) can no longer be dropped
silently by a string operation, a rebuilt sentence or a pickle."""

from __future__ import annotations

import pickle

import pytest

from companion.engine.codec import plain, tuples
from companion.engine.lessons import purpose_of, what_for
from companion.engine.why import Why, because, why_of
from companion.i18n import Msg, NewsLine, msg, press_or_touch, render, todo, todo_lines

RULE, TEXT = msg("Ghost Cards"), msg("The card named room {room}, so a ghost goes there.", room="E")


def _carrying_everything() -> NewsLine:
    line = what_for(todo("setup", "Place a ghost in room {room}.", room="E"), msg("Ghosts start somewhere."))
    return because(line, RULE, TEXT, "E")


def test_a_msg_is_a_sentence_only():
    sentence = msg("Place a ghost in room {room}.", room="E")
    assert not any(hasattr(sentence, name) for name in ("todo", "touch", "why", "purpose"))
    assert (sentence.msgid, sentence.params, sentence.plural, sentence.count) == (
        "Place a ghost in room {room}.", {"room": "E"}, None, None)


def test_what_a_line_carries_survives_being_explained_and_given_a_purpose_in_either_order():
    for line in (_carrying_everything(),
                 what_for(because(todo("setup", "Place a ghost in room {room}.", room="E"), RULE, TEXT, "E"),
                          msg("Ghosts start somewhere."))):
        assert (line.todo, purpose_of(line)) == ("setup", "Ghosts start somewhere.")
        assert why_of(line) == Why(RULE, TEXT, ("E",))
        assert todo_lines([msg("Turn ended."), line]) == (line,)


def test_a_string_operation_on_a_line_fails_instead_of_dropping_what_it_carries():
    line = _carrying_everything()
    with pytest.raises(TypeError):
        line + "!"  # noqa: B018 (the operation is the test)
    with pytest.raises(AttributeError):
        line.lower()  # type: ignore[attr-defined]
    assert str(line) == "Place a ghost in room E." and not isinstance(line, str)


def test_a_line_compares_by_its_english_text_as_a_sentence_does():
    line = _carrying_everything()
    assert line == "Place a ghost in room E." == msg("Place a ghost in room {room}.", room="E")
    assert line in ("Place a ghost in room E.",) and hash(line) == hash("Place a ghost in room E.")
    assert line != "Place a ghost in room F."


def test_a_pickled_line_keeps_everything_it_carries():
    line = _carrying_everything()
    back = pickle.loads(pickle.dumps(line))
    assert (back.todo, back.why, back.purpose, back.text.msgid) == (line.todo, line.why, line.purpose, line.text.msgid)
    assert isinstance(back.text, Msg) and render(back, "it") == render(line, "it")


def test_the_snapshot_codec_writes_a_line_as_the_sentence_did():
    asked = press_or_touch(msg("{player}: press the dice button", player="Ada"),
                           msg("{player}: touch “{button}”", player="Ada", button=msg("Roll the die")))
    assert plain(_carrying_everything()) == {"msgid": "Place a ghost in room {room}.", "params": {"room": "E"},
                                             "todo": "setup"}
    assert plain(asked) == {"msgid": "{player}: press the dice button", "params": {"player": "Ada"},
                            "touch": {"msgid": "{player}: touch “{button}”",
                                      "params": {"player": "Ada", "button": {"msgid": "Roll the die", "params": {}}}}}
    back = tuples(plain(asked))
    assert isinstance(back, NewsLine) and render(back, "it", touch=True) == "Ada: tocca «Tira il dado»"
    explained = because(msg("Ada rolled {n}.", n=4), RULE, TEXT)
    assert isinstance(tuples(plain(explained)), Msg) and tuples(plain(explained)) == explained  # its why: in memory


def test_a_line_inside_a_sentence_keeps_its_touch_form():
    asked = press_or_touch(msg("{player}: press the dice button", player="Ada"),
                           msg("{player}: touch “{button}”", player="Ada", button=msg("Roll the die")))
    refusal = msg("Not now. {prompt}", prompt=asked)
    assert refusal == "Not now. Ada: press the dice button"
    assert render(refusal, "en", touch=True) == "Not now. Ada: touch “Roll the die”"
