"""The typed protocol (companion/messages.py) says exactly what the messages carry: a key
added to a message without its type, or a typed key the message lacks, fails here."""

from __future__ import annotations

import itertools
import random
import typing

import pytest

from companion import messages, protocol, script
from companion.daemon.settings import DaemonSettings
from companion.engine import all_games, get_game
from companion.header import GameHeader
from companion.session import Session
from tests.checkout import ROOT

DAEMON_KEYS = {"language", "readers", "revision", "storage_warning", "enrollment", "physical", "phones",
               "hardware", "tap_components", "finished_game", "table_game", "staff", "venue", "voice", "screen"}
GAMES = list(all_games())


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

    roles = DaemonSettings(reader_roles={"cards": "cards"})
    daemon = Daemon(EventStore(":memory:"), "/nonexistent/companion.sock", roles)
    daemon.taps.readers["cards"] = type("Reader", (), {"name": "cards", "role": "cards"})()
    daemon.game.session = _session("creepy_cellar")
    hardware = daemon.publisher.state()["hardware"]  # the readers' part and the venue's broker (issue 32)
    assert set(hardware) == _keys(messages.HardwareMessage)
    assert [set(r) for r in hardware["readers"]] == [_keys(messages.HardwareReader)]
    assert daemon.taps.tap_components() == []  # the first prompt is the die: no card
    assert set(daemon.publisher.state()) == _keys(messages.StateMessage)


# --------------------------------------------------------------------------- each game's view

SCRIPTS = ROOT / "tests" / "scripts"


def _view_type(game: str):
    kind = get_game(game).view_type
    assert kind is not None, f"{game} names no view_type (docs/new-game.md)"
    return kind


def _typed_parts(hint):
    """The TypedDicts inside a field's type, with how to reach them: ("", TD) for the value
    itself, ("values", TD) for a dict's values, ("items", TD) for a list's items."""
    if typing.is_typeddict(hint):
        return [("", hint)]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is dict:
        return [("values", td) for where, td in _typed_parts(args[1]) if where == ""]
    if origin is list:
        return [("items", td) for where, td in _typed_parts(args[0]) if where == ""]
    return [part for arg in args for part in _typed_parts(arg)]  # X | None, X | bool


def _parts(inner, how: str) -> list:
    if how == "values":
        return list((inner or {}).values())
    return list(inner or []) if how == "items" else [inner]


def assert_typed(kind, value, where: str) -> None:
    """``value`` has exactly ``kind``'s keys (its optional ones may be missing), and so has
    every value typed as a TypedDict inside it."""
    keys = set(value)
    assert kind.__required_keys__ <= keys <= kind.__required_keys__ | kind.__optional_keys__, (
        where, sorted(keys ^ kind.__required_keys__))
    for key, hint in typing.get_type_hints(kind).items():
        inner = value.get(key)
        for how, td in _typed_parts(hint):
            for part in _parts(inner, how):
                if isinstance(part, dict):
                    assert_typed(td, part, f"{where}.{key}")


def _script_views(game: str):
    """The view after every line of every bundled table script of ``game``, fed to a Session."""
    for path in sorted((SCRIPTS / game).glob("*.jsonl")):
        table = script.load(path)
        session = Session.start(table.header)
        yield path.name, session.spec.view(session.state)
        for line in table.lines:
            session.handle(line.input, line.number)
            yield f"{path.name}:{line.number}", session.spec.view(session.state)


def _playout_views(game: str, seeds: int = 6):
    """The view at every step of a few random games with random house rules."""
    from test_playout import pick_action, random_setup  # tests/games (pytest's pythonpath)

    spec = get_game(game)
    for seed in range(seeds):
        rng = random.Random(f"views:{game}:{seed}")
        state = spec.setup(*random_setup(spec, rng))
        for step in range(300):
            yield f"seed {seed} step {step}", spec.view(state)
            prompt = spec.prompt(state)
            if prompt.over:
                break
            state = spec.apply(state, pick_action(spec, state, prompt, rng, 4.0))


@pytest.mark.parametrize("game", GAMES)
def test_each_games_view_has_exactly_its_typed_keys(game):
    """Every view a game's table scripts and random games produce has exactly the keys of
    the game's view TypedDict (and its rooms, players, hunters... those of theirs)."""
    kind = _view_type(game)
    views = 0
    for where, view in itertools.chain(_script_views(game), _playout_views(game)):
        assert_typed(kind, view, f"{game} {where}")
        views += 1
    assert views > 100
