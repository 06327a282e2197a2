"""The table's printed card data: forms, entries, the store and new games (issues 5, 10, 12)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.engine import ContentError, ContentField
from companion.engine import registry
from companion.engine.content import check_entry, check_table
from companion.header import GameHeader, HeaderError
from companion.session import Session
from companion.store import EventStore

sys.path.insert(0, str(Path(__file__).parent))
import content_game as lamps  # noqa: E402


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
    daemon = Daemon(store, tmp_path / "run" / "companion.sock")
    answers = []
    with DaemonThread(daemon), Client(daemon.socket_path, on_message=answers.append).connect() as client:
        assert client.request({"cmd": "content", "game": "lamps"})["ok"]
        form = next(m for m in answers if m["type"] == "content")
        assert [c["component"] for c in form["components"]] == list(lamps.LAMPS)  # the ghost has no form
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
