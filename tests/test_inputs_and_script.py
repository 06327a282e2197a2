"""Table-script parsing: the format of the demo, the tests and bug reports (issue 2)."""

from __future__ import annotations

import json

import pytest

from companion import inputs, script
from companion.cli import main
from companion.errors import ScriptError
from companion.inputs import Press, Remove, Tap, Touch

HEADER = {"script": 1, "game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7}


def _text(*lines) -> str:
    return "\n".join(json.dumps(line) if not isinstance(line, str) else line for line in lines)


def test_every_input_kind_parses():
    parsed = script.parse(_text(
        HEADER,
        {"at": 0.5, "tap": "04:11:22:33:44:55:66", "reader": "table"},
        {"at": 1, "remove": "table"},
        {"at": 2, "button": "dice"},
        {"at": 3, "button": "dice", "hold": 2.0},
        {"at": 4, "touch": "end-turn"},
        {"at": 5, "touch": "undo"},
    ))
    assert parsed.header.players == ("Ada", "Bo")
    assert [line.input for line in parsed.lines] == [
        Tap("04112233445566", "table"), Remove("table"), Press("dice"), Press("dice", 2.0),
        Touch("end-turn"), Touch("undo"),
    ]
    assert [line.number for line in parsed.lines] == [2, 3, 4, 5, 6, 7]


def test_dump_round_trips():
    parsed = script.parse(_text(HEADER, {"at": 1.5, "button": "dice", "hold": 2.0}, {"at": 2, "touch": "end-turn"}))
    again = script.parse(script.dump(parsed.header, [(line.at, line.input) for line in parsed.lines]))
    assert again == parsed


@pytest.mark.parametrize("bad, line, words", [
    ('{"script": 1, "game": "chess", "players": ["A"]}', 1, "unknown game 'chess'"),
    ('{"game": "creepy_cellar", "players": ["A"]}', 1, '"script": 1'),
    ('{"script": 1, "game": "creepy_cellar", "players": ["A","B","C","D","E"]}', 1, "1–4 players"),
    ('{"script": 1, "game": "creepy_cellar", "players": ["A"], "options": {"ghost_deck": "paper"}}', 1, "ghost_deck"),
])
def test_bad_header_names_line_1(bad, line, words):
    with pytest.raises(ScriptError) as caught:
        script.parse(bad)
    assert caught.value.line == line
    assert words in str(caught.value)


@pytest.mark.parametrize("bad, words", [
    ('{"at": 1, "tap": "zz"}', "UID"),
    ('{"at": 1}', "one of 'tap', 'remove', 'button' or 'touch'"),
    ('{"tap": "04112233"}', '"at"'),
    ('{"at": -1, "touch": "x"}', '"at"'),
    ('{"at": 1, "button": "dice", "hold": "long"}', "hold"),
    ('{"at": 1, "touch": ', "not valid JSON"),
    ('[1, 2]', "JSON object"),
])
def test_bad_input_line_is_named(bad, words):
    with pytest.raises(ScriptError) as caught:
        script.parse(_text(HEADER, {"at": 0, "button": "dice"}, bad))
    assert caught.value.line == 3
    assert words in str(caught.value)


def test_time_going_backwards_is_refused():
    with pytest.raises(ScriptError, match="line 3: .*goes back in time"):
        script.parse(_text(HEADER, {"at": 5, "button": "dice"}, {"at": 4, "touch": "end-turn"}))


def test_cli_exits_2_naming_the_line(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(_text(HEADER, {"at": 0, "button": "dice"}, '{"at": 1, "touch": '))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 3" in err and "not valid JSON" in err


def test_uid_normalisation():
    assert inputs.normalise_uid("de:ad:be:ef") == "DEADBEEF"
    with pytest.raises(inputs.InputError):
        inputs.normalise_uid("DEAD")


@pytest.mark.parametrize("bad, words", [
    ('{"at": ' + "9" * 400 + ', "touch": "x"}', '"at"'),
    ('{"at": ' + "9" * 5000 + ', "touch": "x"}', "not a usable JSON line"),
    ('{"at": NaN, "touch": "x"}', "NaN is not a number"),
    ('{"at": Infinity, "touch": "x"}', "Infinity is not a number"),
    ('{"at": 1e308, "touch": "x"}', '"at"'),
    ('{"at": 1, "button": "dice", "hold": 1e308}', "hold"),
    ('{"at": 1, "button": "dice", "touch": "end-turn"}', "exactly one of"),
    ('{"at": 1, "touch": "end-turn", "typo": 1}', "has no key 'typo'"),
    ('{"at": 1, "tap": "0411223344"}', "UID"),
    ('{"at": 1, "tap": 12345678}', "UID"),
    ('{"at": 1, "touch": ' + "[" * 5000 + "]" * 5000 + '}', "not a usable JSON line"),
])
def test_hostile_input_lines_are_named_not_crashes(bad, words):
    """Found by a newcomer's break-it pass: each of these raised a Python error before."""
    with pytest.raises(ScriptError) as caught:
        script.parse(_text(HEADER, bad))
    assert caught.value.line == 2
    assert words in str(caught.value)


@pytest.mark.parametrize("header, words", [
    ({**HEADER, "game": ["x"]}, "'game' is a game id"),
    ({**HEADER, "tags": [1]}, "'tags' is a JSON object"),
    ({**HEADER, "tags": {"04112233": "creepy_cellar:ghost:room-Z"}}, "no component 'creepy_cellar:ghost:room-Z'"),
    ({**HEADER, "stack": {"movment_die": [6]}}, "'stack' has no source 'movment_die'"),
    ({**HEADER, "stack": {"movement_die": [[1]]}}, "list of outcomes"),
    ({**HEADER, "players": ["Ada", "ada"]}, "different name"),
    ({**HEADER, "players": ["   ", "Bo"]}, "a player name is some text"),
    ({**HEADER, "players": ["\ud800", "Bo"]}, "cannot be shown"),
    ({**HEADER, "players": ["A" * 25]}, "longer than 24"),
    ({**HEADER, "seeed": 1}, "unknown header key 'seeed'"),
    ({**HEADER, "script": True}, '"script": 1'),
])
def test_hostile_headers_are_named_not_crashes(header, words):
    with pytest.raises(ScriptError) as caught:
        script.parse(json.dumps(header))
    assert caught.value.line == 1
    assert words in str(caught.value)


def test_a_byte_order_mark_is_fine(tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_text("\ufeff" + _text(HEADER, {"at": 0, "button": "dice"}), encoding="utf-8")
    assert script.load(path).lines[0].input == Press("dice")


def test_same_tag_twice_and_same_name_twice_are_refused():
    with pytest.raises(ScriptError, match="listed twice"):
        script.parse(json.dumps({**HEADER, "tags": {"04112233": "creepy_cellar:ghost:room-H",
                                                    "04:11:22:33": "creepy_cellar:ghost:room-A"}}))
    with pytest.raises(ScriptError, match="different name"):
        script.parse(json.dumps({**HEADER, "players": ["Zo\u00eb", "Zoe\u0308"]}))


def test_an_unreadable_file_names_the_file_not_line_0(tmp_path):
    with pytest.raises(ScriptError) as caught:
        script.load(tmp_path / "missing.jsonl")
    assert str(caught.value) == f"there is no file at {tmp_path / 'missing.jsonl'}"  # not "[Errno 2] …" (cli15)


@pytest.mark.parametrize("record, reason", [
    ({"tap": "DEADBEEF", "ndef": "creepy_cellar:ghost:room-H"}, "need a 7-byte UID (an NTAG), not DEADBEEF"),
    ({"tap": "04112233445566", "ndef": "\ud800"}, "printable text of 1 to 200 UTF-8 bytes"),
    ({"tap": "04112233445566", "ndef": "a\nb"}, "printable text"),
    ({"tap": "04112233445566", "ndef": "é" * 101}, "printable text of 1 to 200 UTF-8 bytes"),
    ({"tap": "04112233445566", "ndef": "a:b:c", "ndef_problem": "cut"}, "not both"),
])
def test_tag_text_in_a_tap_is_checked(record, reason):
    """Found by a newcomer: a lone surrogate crashed replay; ndef on a 4-byte UID was dropped."""
    with pytest.raises(inputs.InputError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        inputs.from_json(record)


def test_what_a_reader_read_is_cleaned_into_something_a_tap_accepts():
    for raw in ("a\x1b[2Jb", "é" * 150, "\ud800x", "", None):
        cleaned = inputs.clean_text(raw)
        if cleaned is not None:
            assert inputs.from_json({"tap": "04112233445566", "ndef": cleaned}).ndef == cleaned
    assert inputs.clean_text("a\x1b[2Jb") == "a\ufffd[2Jb"
    assert len(inputs.clean_text("é" * 150).encode()) == 200


def test_a_header_tag_must_name_a_component_of_some_game():
    """Found by a newcomer: "house_of_spirits:nope:nope" in a Creepy Cellar header replayed."""
    from companion.header import GameHeader, HeaderError

    base = {"game": "creepy_cellar", "players": ["Ada"], "seed": 1}
    with pytest.raises(HeaderError, match="tag 04112233445566: no game has a component 'house_of_spirits:nope:nope'"):
        GameHeader.from_json({**base, "tags": {"04112233445566": "house_of_spirits:nope:nope"}})
    ok = GameHeader.from_json({**base, "tags": {"04112233445566": "clue_it:kid:mike-hanlon"}})
    assert ok.tags == {"04112233445566": "clue_it:kid:mike-hanlon"}


def test_a_virtual_readers_tap_is_described_by_its_role_in_words():
    """Issue 26: laptop play's virtual readers are named after their roles; the log said
    "tag 04A1B2C3 appoggiato sul lettore cards"."""
    from companion.i18n import render
    from companion.inputs import Remove, Tap, describe

    tap = describe(Tap("04A1B2C3", reader="cards"))
    assert (tap, render(tap, "it")) == ("tap of 04A1B2C3 on the cards reader",
                                        "tag 04A1B2C3 appoggiato sul lettore delle carte")
    assert render(describe(Remove(reader="virtual-tiles")), "it") == "tag tolto dal lettore delle tessere"
    assert describe(Tap("04A1B2C3", reader="table")) == "tap of 04A1B2C3 on table"  # the owner's name


def test_a_virtual_readers_status_names_its_role_in_words():
    from companion.daemon.reader_news import reader_status
    from companion.i18n import render

    assert render(reader_status("cards", "cards", True, ""), "it") == "Il lettore delle carte funziona."
    assert reader_status("left", "cards", True, "") == "Reader left is working."
