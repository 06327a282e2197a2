"""Player colours (issue 6, "New game ... colours"): an optional header key, validated,
recorded with the game, served in every state message so every screen shows the same."""

from __future__ import annotations

import pytest

from companion.client import Client
from companion.header import GameHeader, HeaderError
from companion.palette import PALETTE, rgba
from companion.store import EventStore
from tests.daemon_fixture import running_daemon

BASE = {"game": "creepy_cellar", "players": ["Ada", "Bo", "Cy"], "seed": 3}


def test_palette_is_okabe_ito_without_black():
    assert list(PALETTE) == ["orange", "sky_blue", "bluish_green", "yellow", "blue", "vermillion",
                             "reddish_purple"]
    assert PALETTE["vermillion"] == "#D55E00"
    assert rgba("orange") == (230 / 255, 159 / 255, 0.0, 1.0)
    with pytest.raises(KeyError):
        rgba("red")


def test_colours_round_trip_through_the_header():
    header = GameHeader.from_json({**BASE, "colours": {"Ada": "orange", "Cy": "blue"}})
    assert header.colours == {"Ada": "orange", "Cy": "blue"}
    record = header.to_json()
    assert record["colours"] == {"Ada": "orange", "Cy": "blue"}
    again = GameHeader.from_json(record)
    assert again == header and again.key() == header.key()


def test_a_header_without_colours_keeps_its_old_record_and_key():
    header = GameHeader.from_json(BASE)
    assert header.colours == {}
    assert "colours" not in header.to_json()
    assert header.key() == GameHeader.from_json({**BASE, "colours": {}}).key()
    assert header.key() != GameHeader.from_json({**BASE, "colours": {"Bo": "yellow"}}).key()


def test_a_name_typed_another_way_is_the_same_player():
    header = GameHeader.from_json({**BASE, "players": ["Zoë", "Bo"], "colours": {" Zoe\u0308 ": "yellow"}})
    assert header.colours == {"Zoë": "yellow"}


@pytest.mark.parametrize("colours, words", [
    ({"Dee": "orange"}, "'colours' names 'Dee', who is not one of the players"),
    ({"Ada": "red"}, "'colours' gives 'Ada' 'red'; colours are: orange, sky_blue"),
    ({"Ada": "blue", "Bo": "blue"}, "'colours': two players cannot both be 'blue'"),
    ({"Ada": 3}, "'colours' gives 'Ada' 3"),
    (["orange"], "'colours' is a JSON object"),
])
def test_bad_colours_are_refused_with_a_sentence(colours, words):
    with pytest.raises(HeaderError) as caught:
        GameHeader.from_json({**BASE, "colours": colours})
    assert str(caught.value).startswith(words)


def test_colours_are_in_the_state_and_survive_a_resume(tmp_path):
    store = EventStore(tmp_path / "d.sqlite3")
    with running_daemon(tmp_path, store, socket="a.sock") as first, Client(first.socket_path).connect() as client:
        assert client.state["colours"] == {}  # no game yet
        # a game whose pieces print no colours: Creepy Cellar's pawns would win (Game.seat_colours)
        ack = client.request({"cmd": "new_game", "game": "children", "players": ["Ada", "Bo"],
                              "colours": {"Ada": "sky_blue", "Bo": "vermillion"}})
        assert ack["ok"] is True
        client.request({"cmd": "state"})
        assert client.state["colours"] == {"Ada": "sky_blue", "Bo": "vermillion"}
        refused = client.request({"cmd": "new_game", "game": "children", "players": ["Ada", "Bo"],
                                  "colours": {"Ada": "pink"}, "abandon": True})
        assert refused["ok"] is False and "'colours' gives 'Ada' 'pink'" in refused["text"]
    with running_daemon(tmp_path, store, socket="b.sock") as second:
        assert second.call(second.game.resume_last) is not None
        with Client(second.socket_path).connect() as client:
            assert client.state["colours"] == {"Ada": "sky_blue", "Bo": "vermillion"}
    store.close()
