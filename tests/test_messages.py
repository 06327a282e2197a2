"""The typed protocol (companion/messages.py) says exactly what the messages carry: a key
added to a message without its type, or a typed key the message lacks, fails here."""

from __future__ import annotations

import typing

import pytest

from companion import messages, protocol
from companion.engine import get_game
from companion.header import GameHeader
from companion.session import Session

DAEMON_KEYS = {"language", "readers", "revision", "storage_warning", "enrollment", "physical", "phones",
               "hardware", "tap_components"}
GAMES = ["creepy_cellar", "children", "house_of_spirits", "clue_it", "ghost_at_home"]


def _keys(kind) -> set[str]:
    return set(typing.get_type_hints(kind))


def _session(game: str) -> Session:
    spec = get_game(game)
    players = ["Ada", "Bo", "Cy", "Di"][:max(spec.min_players, 2)]
    return Session.start(GameHeader.from_json({"game": game, "players": players, "seed": 3}))


@pytest.mark.parametrize("game", GAMES)
def test_a_state_message_has_exactly_the_typed_keys(game):
    state = protocol.state_message(_session(game), [])
    assert set(state) == _keys(messages.StateMessage) - DAEMON_KEYS
    assert set(state["prompt"]) == _keys(messages.PromptMessage)
    for choice in state["prompt"]["choices"]:
        assert set(choice) == _keys(messages.ChoiceMessage)
    for line in state["todo"]:
        assert set(line) == _keys(messages.TodoLine)


def test_no_game_state_has_the_same_keys():
    state = protocol.state_message(None, [])
    assert set(state) == _keys(messages.StateMessage) - DAEMON_KEYS
    assert set(state["prompt"]) == _keys(messages.PromptMessage)


def test_notice_and_check_messages_are_typed():
    assert set(protocol.notice("x")) == _keys(messages.NoticeMessage)
    assert set(protocol.check_message(_session("creepy_cellar"), 4)) == _keys(messages.CheckMessage)


def test_the_daemons_hardware_and_tap_components_are_typed():
    from companion.daemon import Daemon
    from companion.store import EventStore

    daemon = Daemon(EventStore(":memory:"), "/nonexistent/companion.sock", reader_roles={"cards": "cards"})
    daemon.taps.readers["cards"] = type("Reader", (), {"name": "cards", "role": "cards"})()
    daemon.session = _session("creepy_cellar")
    hardware = daemon.taps.hardware()
    assert set(hardware) == _keys(messages.HardwareMessage)
    assert [set(r) for r in hardware["readers"]] == [_keys(messages.HardwareReader)]
    assert daemon.taps.tap_components() == []  # the first prompt is the die: no card
    assert set(daemon.publisher.state()) == _keys(messages.StateMessage)
