"""Issue 27 item 6: one schema for the socket protocol (companion/schema.py), checked on both
ends. Pure Python: the daemon's and the client's sides run over real sockets in
tests/test_hostile_commands.py, tests/test_daemon.py and tests/test_client_version.py."""

from __future__ import annotations

import msgspec
import pytest

from companion import protocol, schema
from companion.daemon.commands import COMMANDS


def test_every_command_the_daemon_answers_has_a_shape():
    assert set(schema.COMMANDS) == set(COMMANDS)


@pytest.mark.parametrize("message,said", [
    ({"cmd": "new_game", "game": "creepy_cellar", "players": ["Ada", 7]}, "players[1] is text, not 7"),
    ({"cmd": "new_game", "players": ["Ada"]}, "new_game needs game"),
    ({"cmd": "new_game", "game": "creepy_cellar", "players": "Ada,Bo"}, "players is a list, not 'Ada,Bo'"),
    ({"cmd": "new_game", "game": "creepy_cellar", "players": ["Ada"], "abandon": "yes"},
     "abandon is true or false, not 'yes'"),
    ({"cmd": "choose", "key": ""}, "choose needs a choice key (text)"),
    ({"cmd": "choose"}, "choose needs a choice key (text)"),
    ({"cmd": "undo", "revision": True}, "revision is the number of the state the touch was made on, not True"),
    ({"cmd": "tap", "component": "x", "hold": 121}, "hold is 0 to 120 seconds, not 121"),
    ({"cmd": "write_tag", "component": "x", "wait": 0.5}, "wait is 1 to 120 seconds, not 0.5"),
    ({"cmd": "delete_game", "game_id": 0}, "a game id is a whole number from 1, not 0"),
    ({"cmd": "content_set", "component": "x", "fields": [1]}, "fields is an object or null, not [1]"),
    ({"cmd": "voice_settings", "voice": None}, "voice is an object, not None"),
    ({"cmd": "new_game", "game": "g", "players": ["Ada"], "colours": {"Ada": 5}},
     "each value of colours is text, not {'Ada': 5}"),
])
def test_a_command_of_the_wrong_shape_is_refused_naming_its_key(message, said):
    with pytest.raises(protocol.ProtocolError) as refused:
        schema.command(message)
    assert str(refused.value) == said


def test_a_command_keeps_its_defaults_and_ignores_keys_it_does_not_list():
    tap = schema.command({"cmd": "tap", "uid": "04112233", "id": 9})
    assert (tap.uid, tap.component, tap.hold) == ("04112233", None, schema.DEFAULT_HOLD)
    assert schema.command({"cmd": "write_tag", "component": "c", "wait": 3}).wait == 3.0


def test_each_handler_is_given_the_struct_the_schema_checks():
    """Issue 27: a handler reads its command's keys from the checked struct, never the raw
    dict; a handler that names its command's type names that command's shape. It is given
    the daemon's :class:`~companion.daemon.api.Commands` record, never the Daemon."""
    for name, handler in COMMANDS.items():
        named = handler.__annotations__.get("command")
        assert named in (None, f"schema.{schema.COMMANDS[name].__name__}"), (name, named)
        assert handler.__annotations__.get("ctx") == "Commands", name
    assert list(handler.__code__.co_varnames[:3] for handler in COMMANDS.values()) == \
        [("ctx", "command", "writer")] * len(COMMANDS)


def test_a_new_games_unknown_keys_are_given_to_its_handler_never_read_from_the_message():
    checked = schema.command({"cmd": "new_game", "game": "g", "players": ["Ada"], "id": 4, "stack": {},
                              "unknown": 5})
    assert isinstance(checked, schema.NewGame) and (checked.game, checked.players) == ("g", ["Ada"])
    assert checked.unknown == ("stack", "unknown") and checked.abandon is False


def test_a_state_the_daemon_builds_fits_the_messages_types():
    state = protocol.state_message(None, ["Game 3 was set aside."])
    assert schema.problem(state) is None
    assert schema.problem(protocol.notice("Not now.", rule="Turn order")) is None


def test_a_state_or_notice_of_the_wrong_shape_is_named_by_its_path():
    state = protocol.state_message(None, [])
    state["prompt"]["choices"] = [{"key": 1, "label": "Roll", "main": True}]
    assert schema.problem(state) == "Expected `str`, got `int` - at `$.prompt.choices[0].key`"
    assert schema.problem({"type": "notice", "level": "loud", "text": "x", "rule": None}) == \
        "Invalid enum value 'loud' - at `$.level`"
    assert schema.problem({"type": "ack", "whatever": 1}) is None  # not checked


@pytest.mark.parametrize("data,choice", [
    ('{"choose": "take", "revision": 4}', ("take", 4)),
    ('{"choose": "take", "x": 1}', ("take", None)),
    ('{"choose": ""}', (None, None)),
    ('{"choose": "' + "k" * 201 + '"}', (None, None)),
    ('{"choose": "take", "revision": true}', (None, None)),
    ('["take"]', (None, None)),
    ("not json", (None, None)),
])
def test_the_phone_server_reads_a_page_choice_through_the_schema(data, choice):
    from companion.phones.server import _choice

    assert _choice(data) == choice


@pytest.mark.parametrize("line,said", [
    (b'{"type":"notice","a":NaN}\n', "not JSON: JSON is malformed"),
    (b"[1, 2]\n", "a message is a JSON object"),
    (b"\xff\n", "not JSON: JSON is malformed"),
])
def test_the_client_decoder_refuses_what_protocol_decode_refuses(line, said):
    with pytest.raises(protocol.ProtocolError, match=said):
        schema.decode(line)
    with pytest.raises(protocol.ProtocolError):
        protocol.decode(line)


def test_the_client_decoder_reads_what_the_daemon_writes():
    state = protocol.state_message(None, ["Ada’s turn: “roll” ✓"])
    assert schema.decode(protocol.encode(state)) == protocol.decode(protocol.encode(state)) == state


def test_each_games_state_private_check_and_rules_fit_the_messages_types():
    """The daemon's messages of every registered game, a few touches in: what the client checks."""
    from companion.engine import all_games
    from companion.header import GameHeader
    from companion.inputs import Touch
    from companion.session import Session

    for game, spec in all_games().items():
        players = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"][:max(spec.min_players, 2)]
        session = Session.start(GameHeader.from_json({"game": game, "players": players, "seed": 5}))
        for _ in range(4):
            for message in (protocol.state_message(session, ["Game 3 was set aside."], lang="it"),
                            protocol.private_message(session, players[0]),
                            protocol.check_message(session, 1), protocol.rules_message(session)):
                assert schema.problem(message) is None, (game, message["type"])
            choices = [c for c in session.prompt.choices if not c.tap_only]
            if not choices:
                break
            assert session.handle(Touch(choices[0].key)).accepted, (game, choices[0].key)


def _in_order(value):
    """``value`` with every dict's keys in their order and every value's type: what ``==`` misses."""
    if isinstance(value, dict):
        return [(key, _in_order(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [_in_order(item) for item in value]
    return type(value).__name__, value


def test_the_client_reads_a_state_line_as_decode_does_checked_as_it_reads_it(daemon):
    """tap18: a state line of this version is read straight into StateMessage, which checks it
    as it reads it: the message is decode's, key for key, in order and of the same types, in
    every game and both languages, with the keys the daemon adds; nothing is checked twice."""
    from companion.engine import all_games
    from companion.header import GameHeader
    from companion.inputs import Touch
    from companion.session import Session

    made = protocol.state_message(None, [])
    daemons_keys = {key: value for key, value in daemon.call(daemon.publisher.state).items() if key not in made}
    assert "hardware" in daemons_keys and "revision" in daemons_keys
    for game, spec in all_games().items():
        players = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"][:max(spec.min_players, 2)]
        session = Session.start(GameHeader.from_json({"game": game, "players": players, "seed": 5}))
        for _ in range(4):
            for lang in ("en", "it"):
                state = {**protocol.state_message(session, ["Game 3 was set aside."], lang=lang), **daemons_keys}
                line = protocol.encode(state)
                read, fits = schema.decode_checked(line)
                assert fits and schema.problem(read) is None, game
                assert _in_order(read) == _in_order(schema.decode(line)), (game, lang)
            choices = [c for c in session.prompt.choices if not c.tap_only]
            if not choices:
                break
            assert session.handle(Touch(choices[0].key)).accepted, (game, choices[0].key)


def test_a_state_line_that_does_not_fit_or_of_another_version_is_read_as_any_line():
    state = protocol.state_message(None, [])
    state["prompt"]["choices"] = [{"key": 1, "label": "Roll", "main": True}]
    read, fits = schema.decode_checked(protocol.encode(state))
    assert not fits and schema.problem(read) == "Expected `str`, got `int` - at `$.prompt.choices[0].key`"
    newer = {**protocol.state_message(None, []), "version": protocol.PROTOCOL_VERSION + 1, "more": 1}
    read, fits = schema.decode_checked(protocol.encode(newer))
    assert not fits and read == newer  # every key kept: the client says the versions differ
    read, fits = schema.decode_checked(protocol.encode(protocol.notice("Not now.")))
    assert not fits and read["type"] == "notice"


def test_the_client_checks_a_state_it_reads_once(monkeypatch):
    """The client's reader: a state line read and checked in one pass (it was read, then
    converted again by ``problem``: ~0.2 ms of Creepy Cellar's ~0.1 ms now, tap18)."""
    from companion.client import Client

    converted: list = []
    convert = msgspec.convert
    monkeypatch.setattr(msgspec, "convert", lambda *args, **kwargs: converted.append(args) or convert(*args, **kwargs))
    heard: list = []
    client = Client("/nonexistent.sock", on_message=heard.append)
    state = protocol.state_message(None, ["Game 3 was set aside."])
    client._deliver(protocol.encode(state))
    assert converted == [] and heard == [state] and client.state == state
    client._deliver(protocol.encode(protocol.notice("Not now.")))  # other messages: checked as before
    assert len(converted) == 1 and heard[-1]["type"] == "notice"


class _Counted:
    """A decoder that counts the lines it reads whole."""

    def __init__(self, decoder):
        self.decoder, self.lines = decoder, 0

    def decode(self, line):
        self.lines += 1
        return self.decoder.decode(line)


def _tap_and_undo_states():
    """A Creepy Cellar game's state lines as budgets.py's tap run sends them (a physical Ghost
    deck): a Ghost card's tap, its undo, the tap again, its undo again (the log grows)."""
    import random

    from companion.header import GameHeader
    from companion.inputs import Tap, Touch
    from companion.session import Session

    header = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 9,
              "options": {"ghost_deck": "physical", "mode": "basic"}}
    session, rng = Session.start(GameHeader.from_json(header)), random.Random(2)
    while not any(c.component and ":ghost:" in c.component for c in session.prompt.choices):
        keys = [c.key for c in session.prompt.choices if not c.tap_only and c.key != "move:outside"]
        assert session.handle(Touch(rng.choice(keys))).accepted
    card = next(c.component for c in session.prompt.choices if c.component and ":ghost:" in c.component)
    lines, log = [], []
    for n in range(4):
        reply = session.handle(Tap("04B00000000001", ndef=card) if n % 2 == 0 else Touch("undo"))
        assert reply.accepted, reply.text
        log.extend(reply.news)
        lines.append(protocol.encode(protocol.state_message(session, log[-12:], reply.news)))
    return lines


def test_a_state_whose_view_and_prompt_a_state_before_had_reads_them_no_more(monkeypatch):
    """tap21: a state line whose view, stand-ins, articles and prompt have, byte for byte, the
    text of one of the last two states' (a tap again after its undo) takes those parts from
    it and reads only the rest: the message is the whole line's, key for key, in order."""
    lines = _tap_and_undo_states()
    assert lines[0] != lines[2] and lines[1] != lines[3]  # the log moved on: not the same lines
    monkeypatch.setattr(schema, "_kept", ())
    counted = _Counted(schema._STATE)
    monkeypatch.setattr(schema, "_STATE", counted)
    read = [schema.decode_checked(line) for line in lines]
    assert [fits for _, fits in read] == [True] * 4
    for (message, _), line in zip(read, lines):
        assert _in_order(message) == _in_order(schema.decode(line))
    assert counted.lines == 2  # the first tap's and the first undo's; the second ones from them
    assert read[2][0]["view"] is read[0][0]["view"] and read[2][0]["prompt"] is read[0][0]["prompt"]
    assert read[3][0]["view"] is read[1][0]["view"]


def test_a_state_that_differs_past_where_it_is_compared_or_is_broken_is_read_whole(monkeypatch):
    """The parts are taken only when the line has their whole text: a view that begins as the
    last one's and differs further on is read; a line whose rest breaks the types is said as
    before; a title with an escape in it is read whole."""
    lines = _tap_and_undo_states()
    monkeypatch.setattr(schema, "_kept", ())
    schema.decode_checked(lines[0])
    view = schema.decode(lines[0])["view"]
    later_key = list(view)[-1]
    changed = lines[0].replace(b'"options":{', b'"options":{"x":1,', 1)
    assert later_key == "options" and changed != lines[0]
    read, fits = schema.decode_checked(changed)
    assert fits and read["view"]["options"]["x"] == 1 and _in_order(read) == _in_order(schema.decode(changed))
    broken = lines[0].replace(b'"can_undo":true', b'"can_undo":"yes"', 1)
    assert broken != lines[0]
    read, fits = schema.decode_checked(broken)
    assert not fits and schema.problem(read) == "Expected `bool`, got `str` - at `$.can_undo`"
    escaped = lines[0].replace(b'"title":"Ghost', b'"title":"\\"Ghost', 1)
    read, fits = schema.decode_checked(escaped)
    assert fits and read["title"].startswith('"Ghost') and _in_order(read) == _in_order(schema.decode(escaped))


def test_the_client_checks_a_later_line_it_reads_once(monkeypatch):
    """tap21: a ``later`` line as the daemon writes it is read and checked in one pass (it was
    read, then converted again by ``problem``); the message is decode's, an integer figure
    staying one. A line of another shape is read as any line, and its problem said."""
    from companion.client import Client

    converted: list = []
    convert = msgspec.convert
    monkeypatch.setattr(msgspec, "convert", lambda *args, **kwargs: converted.append(args) or convert(*args, **kwargs))
    heard: list = []
    client = Client("/nonexistent.sock", on_message=heard.append)
    for figures in ({"odds_haunting": 0.425}, {"odds_haunting": None}, {"odds_haunting": 1}):
        line = protocol.encode({"type": "later", "revision": 4, "game": "creepy_cellar", "view": figures})
        read, fits = schema.decode_checked(line)
        assert fits and _in_order(read) == _in_order(schema.decode(line))
        client._deliver(line)
        assert heard[-1] == read
    assert converted == []
    for odd in ({"type": "later", "revision": 4, "game": "creepy_cellar", "view": {"odds_haunting": True}},
                {"type": "later", "revision": 4, "game": "creepy_cellar", "view": {}, "more": 1},
                {"type": "later", "revision": 4, "view": {}, "game": "creepy_cellar"}):
        read, fits = schema.decode_checked(protocol.encode(odd))
        assert not fits and read == odd
    assert schema.problem(schema.decode_checked(protocol.encode(
        {"type": "later", "revision": 4, "game": "x", "view": {"odds_haunting": True}}))[0]) is not None
