"""The table's printed card data: forms, entries, the store and new games (issues 5, 10, 12)."""

from __future__ import annotations

import sys

import pytest

from companion import enrollment
from companion.client import Client
from companion.engine import ContentError, ContentField, registry
from companion.engine.content import check_entry, check_table
from companion.header import GameHeader, HeaderError
from companion.inputs import Tap, Touch
from companion.session import Session
from companion.store import EventStore
from tests import content_game as lamps
from tests.daemon_fixture import running_daemon


@pytest.fixture
def lamps_registered(monkeypatch):
    monkeypatch.setitem(sys.modules, "tests_content_game", lamps)
    monkeypatch.setitem(registry.GAMES, lamps.GAME, "tests_content_game")
    return lamps


def test_each_field_kind_checks_its_values():
    assert ContentField("n", "N", "int", low=0, high=5).check(5) == 5
    assert ContentField("t", "T", "text").check("  Wash Room ") == "Wash Room"
    assert ContentField("c", "C", "choice", values=("up", "down")).check("down") == "down"
    assert ContentField("f", "F", "flags", values=("left", "right", "up")).check(["up", "left"]) == ["left", "up"]
    for field, bad in [(ContentField("n", "N", "int", low=0, high=5), 6),
                       (ContentField("n", "N", "int"), True),
                       (ContentField("n", "N", "int"), "3"),
                       (ContentField("t", "T", "text"), "   "),
                       (ContentField("t", "T", "text"), "x" * 41),
                       (ContentField("t", "T", "text"), "bell\x07"),
                       (ContentField("c", "C", "choice", values=("up",)), "down"),
                       (ContentField("f", "F", "flags", values=("left",)), ["left", "left"]),
                       (ContentField("f", "F", "flags", values=("left",)), "left")]:
        with pytest.raises(ContentError):
            field.check(bad)


def test_an_entry_names_known_fields_of_a_component_with_a_form():
    assert check_entry(lamps.CONTENT, "lamps:lamp:a", {"bulbs": 3}) == {"bulbs": 3}
    with pytest.raises(ContentError, match="no field 'bulb'"):
        check_entry(lamps.CONTENT, "lamps:lamp:a", {"bulb": 3})
    with pytest.raises(ContentError, match="nothing can be entered"):
        check_entry(lamps.CONTENT, lamps.GHOST, {"bulbs": 3})


def test_the_whole_table_obeys_the_games_rules():
    table = {c: {"bulbs": 5} for c in lamps.LAMPS}  # 15 bulbs > 12
    with pytest.raises(ContentError, match="at most 12"):
        check_table(lamps.CONTENT, lamps.SPEC.components, table)
    with pytest.raises(ContentError, match="not a component"):
        check_table(lamps.CONTENT, lamps.SPEC.components, {"lamps:lamp:z": {"bulbs": 1}})
    assert check_table(lamps.CONTENT, lamps.SPEC.components, {"lamps:lamp:b": {"bulbs": 4}}) == {
        "lamps:lamp:b": {"bulbs": 4}}


def test_a_header_carries_the_content_to_the_engine(lamps_registered):
    header = GameHeader.from_json({"game": "lamps", "players": ["Ada"], "content": {"lamps:lamp:b": {"bulbs": 4}}})
    assert header.to_json()["content"] == {"lamps:lamp:b": {"bulbs": 4}}
    assert Session.start(header).state.bulbs == (("lamps:lamp:a", 1), ("lamps:lamp:b", 4), ("lamps:lamp:c", 1))
    with pytest.raises(HeaderError, match="'content': bulbs is a whole number from 0 to 5"):
        GameHeader.from_json({"game": "lamps", "players": ["Ada"], "content": {"lamps:lamp:b": {"bulbs": 9}}})


def test_a_game_without_content_refuses_it_and_keeps_its_header_key():
    with pytest.raises(HeaderError, match="takes no 'content'"):
        GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada"], "content": {"x": {}}})
    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada"], "seed": 1})
    assert "content" not in header.to_json()  # keys of games stored before content existed stay the same


def test_the_store_keeps_entries_per_game(tmp_path):
    store = EventStore(tmp_path / "s.sqlite3")
    assert store.set_content("lamps:lamp:a", {"bulbs": 2}, now=1.0) is None
    assert store.set_content("lamps:lamp:a", {"bulbs": 3}, now=2.0) == {"bulbs": 2}
    store.set_content("other:lamp:a", {"bulbs": 1}, now=2.0)
    assert store.content("lamps") == {"lamps:lamp:a": {"bulbs": 3}}
    assert store.set_content("lamps:lamp:a", None, now=3.0) == {"bulbs": 3}
    assert store.content("lamps") == {}
    store.close()


def test_the_daemon_serves_forms_records_entries_and_starts_games_with_them(tmp_path, lamps_registered):
    store = EventStore(tmp_path / "d.sqlite3")
    answers = []
    with running_daemon(tmp_path, store) as daemon, \
            Client(daemon.socket_path, on_message=answers.append).connect() as client:
        assert client.request({"cmd": "content", "game": "lamps"})["ok"]
        form = next(m for m in answers if m["type"] == "content")
        assert [c["component"] for c in form["components"]] == list(lamps.LAMPS) + [
            "lamps:bulb:card#1", "lamps:bulb:card#2", "lamps:bulb:card#3"]  # the ghost has no form
        assert form["components"][4]["label"] == "lamps:bulb:card, copy 2 of 3"
        first = form["components"][0]
        assert first["placeholder"] is True and first["entered"] is False
        assert [(f["name"], f["kind"], f["value"]) for f in first["fields"]] == [
            ("bulbs", "int", 1), ("colour", "choice", "red"), ("name", "text", "a")]

        ack = client.request({"cmd": "content_set", "component": "lamps:lamp:b", "fields": {"bulbs": 4}})
        assert ack["ok"] and "counts from the next new game" in ack["text"]
        ack = client.request({"cmd": "content_set", "component": "lamps:lamp:b", "fields": {"bulbs": 6}})
        assert not ack["ok"] and "from 0 to 5" in ack["text"]
        ack = client.request({"cmd": "content_set", "component": "lamps:lamp:b", "fields": {"colour": "blue"}})
        assert ack["ok"]
        assert store.content("lamps") == {"lamps:lamp:b": {"bulbs": 4, "colour": "blue"}}  # merged, 6 refused

        ack = client.request({"cmd": "new_game", "game": "lamps", "players": ["Ada"]})
        assert ack["ok"], ack
        assert client.state["view"]["bulbs"]["lamps:lamp:b"] == 4
        stored = store.last_unfinished().header
        assert stored["content"] == {"lamps:lamp:b": {"bulbs": 4, "colour": "blue"}}

        # an entry made now does not change the game on the table
        client.request({"cmd": "content_set", "component": "lamps:lamp:a", "fields": {"bulbs": 5}})
        client.request({"cmd": "content_set", "component": "lamps:lamp:c", "fields": {"bulbs": 5}})
        ack = client.request({"cmd": "content_set", "component": "lamps:lamp:b", "fields": {"bulbs": 5}})
        assert ack["ok"] and "Before a game can start: the three lamps show at most 12 bulbs" in ack["text"]
        assert client.state["view"]["bulbs"]["lamps:lamp:a"] == 1
        ack = client.request({"cmd": "new_game", "game": "lamps", "players": ["Ada"], "abandon": True})
        assert not ack["ok"] and "at most 12" in ack["text"]

        ack = client.request({"cmd": "content_set", "component": "lamps:lamp:c", "fields": None})
        assert ack["ok"] and "back to the printed data" in ack["text"]
        for bad in ({"component": "lamps:ghost:ghost", "fields": {"bulbs": 1}},
                    {"component": "nope", "fields": {"bulbs": 1}},
                    {"component": "creepy_cellar:ghost:room-H", "fields": {"bulbs": 1}},
                    {"component": "lamps:lamp:a", "fields": [1]}):
            ack = client.request({"cmd": "content_set", **bad})
            assert not ack["ok"] and ack["text"], bad
    store.close()


def test_copies_that_differ_in_print_are_entered_and_enrolled_one_by_one(lamps_registered):
    table = {"lamps:bulb:card#2": {"bulbs": 3}}
    assert check_table(lamps.CONTENT, lamps.SPEC.components, table, lambda c: 3) == table
    for wrong in ("lamps:bulb:card", "lamps:bulb:card#4", "lamps:bulb:card#0", "lamps:lamp:a#1"):
        with pytest.raises(ContentError, match="not a component"):
            check_table(lamps.CONTENT, lamps.SPEC.components, {wrong: {"bulbs": 1}}, lambda c: 3)
    walk = enrollment.start(lamps.SPEC)
    assert walk.pieces[-3:] == ("lamps:bulb:card#1", "lamps:bulb:card#2", "lamps:bulb:card#3")
    for _ in range(5):
        walk = enrollment.skip(walk)
    walk, change = enrollment.tap(walk, "04AA0001", {}, carried="lamps:bulb:card")  # its NDEF names the component
    assert change == enrollment.Change("04AA0001", "lamps:bulb:card#2")


def test_a_tap_of_one_copy_tells_the_engine_which_copy(lamps_registered):
    header = GameHeader.from_json({
        "game": "lamps", "players": ["Ada"], "content": table_of(2, 3),
        "tags": {"04AA0001": "lamps:bulb:card#2", "04BB0001": "lamps:bulb:card"}})
    session = Session.start(header)
    assert session.handle(Tap("04AA0001", "cards")).accepted
    assert session.handle(Tap("04BB0001", "cards")).accepted  # no copy number: the engine is not told one
    assert session.handle(Touch("pay")).accepted
    assert session.view()["paid"] == ["copy 2: 3", "unknown copy", "unknown copy"]
    assert [entry.action for entry in session.history] == ["pay#2", "pay", "pay"]
    for bad in ("lamps:bulb:card#4", "lamps:bulb:card#x", "lamps:lamp:a#1"):
        with pytest.raises(HeaderError, match="no game has a component"):
            GameHeader.from_json({"game": "lamps", "players": ["Ada"], "tags": {"04CC0001": bad}})


def table_of(copy, bulbs):
    return {f"lamps:bulb:card#{copy}": {"bulbs": bulbs}}


def test_the_terminal_lists_sets_and_resets_entries(tmp_path, lamps_registered, capsys):
    from companion.content_cli import list_command, set_command

    store = EventStore(tmp_path / "c.sqlite3")
    with running_daemon(tmp_path, store) as daemon:
        sock = daemon.socket_path
        assert set_command("lamps:bulb:card#3", ["bulbs=4"], sock) == 0
        assert set_command("lamps:lamp:a", ["colour=blue", "name=Hall lamp"], sock) == 0
        assert store.content("lamps") == {"lamps:bulb:card#3": {"bulbs": 4},
                                          "lamps:lamp:a": {"colour": "blue", "name": "Hall lamp"}}
        capsys.readouterr()
        assert list_command("lamps", sock) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[0] == "+ lamps:lamp:a\tbulbs=1, colour=blue, name=Hall lamp"
        assert out[1] == "* lamps:lamp:b\tbulbs=1, colour=red, name=b"
        assert out[5] == "+ lamps:bulb:card#3\tbulbs=4"
        assert set_command("lamps:bulb:card#3", ["bulbs=many"], sock) == 2
        assert "bulbs is a whole number written with the digits 0-9, not 'many'" in capsys.readouterr().err
        assert set_command("lamps:bulb:card#3", ["bulbs=7"], sock) == 2
        assert "from 0 to 5" in capsys.readouterr().err
        assert set_command("lamps:ghost:ghost", ["bulbs=1"], sock) == 2
        assert set_command("lamps:bulb:card#3", None, sock) == 0
        assert list_command("nope", sock) == 2
        assert "unknown game 'nope'" in capsys.readouterr().err
    assert store.content("lamps") == {"lamps:lamp:a": {"colour": "blue", "name": "Hall lamp"}}
    store.close()


def test_the_terminal_refuses_odd_values_and_names_the_copies(tmp_path, lamps_registered, capsys):
    """A newcomer's findings: odd numbers, a field given twice, bytes that are not UTF-8, a
    per-copy card named without its copy, one card's fields, unknown counts shown as ``?``."""
    from companion.content_cli import list_command, set_command

    store = EventStore(tmp_path / "c.sqlite3")
    with running_daemon(tmp_path, store) as daemon:
        sock = daemon.socket_path
        for bad, says in ((["bulbs=1_0"], "digits 0-9, not '1_0'"), (["bulbs= 3"], "not ' 3'"),
                          (["bulbs=+3"], "not '+3'"), (["bulbs=\u0663"], "digits 0-9"),
                          (["bulbs=2", "bulbs=3"], "bulbs is given twice"),
                          (["bulbs=bad\udcff"], "not UTF-8 text")):
            assert set_command("lamps:bulb:card#1", bad, sock) == 2, bad
            assert says in capsys.readouterr().err
        assert set_command("lamps:bulb:card", ["bulbs=2"], sock) == 2
        assert "lamps:bulb:card is entered per copy: lamps:bulb:card#1 to lamps:bulb:card#3" in capsys.readouterr().err
        assert list_command("lamps:lamp:a", sock) == 0
        assert capsys.readouterr().out.splitlines()[0] == "bulbs=1\t(int: 0-5) Bulbs printed on the card"
    assert store.content("lamps") == {}
    store.close()


def test_set_can_be_repeated_and_keeps_every_field(tmp_path, lamps_registered, capsys):
    """``--set a=1 --set b=2`` said "Saved" but kept only the last ``--set`` (issue 34)."""
    from companion.cli import main

    store = EventStore(tmp_path / "c.sqlite3")
    with running_daemon(tmp_path, store) as daemon:
        code = main(["content", "lamps:lamp:a", "--set", "bulbs=3", "--set", "colour=blue", "name=Hall",
                     "--socket", str(daemon.socket_path)])
        assert code == 0
    assert store.content("lamps") == {"lamps:lamp:a": {"bulbs": 3, "colour": "blue", "name": "Hall"}}
    store.close()
