"""protocol.encode writes with msgspec (issue 35 item 3) the very bytes json.dumps wrote: the
wire must not change. benchmarks/encode_equality.py checks every message of every golden
replay and of session playouts; these are the cases where the two libraries differ."""

from __future__ import annotations

import pytest

from companion import protocol
from companion.header import GameHeader
from companion.inputs import Press
from companion.session import Session


class Sentence(str):
    """A str subclass, as a rendered sentence type might be."""


@pytest.mark.parametrize("value", [
    1e16, 1.2345678901234568e17, 1e-05, 1.5e-07, 0.0001, 0.333, -0.0, 1e22, 123.0, 2 ** 70,
    "\ud800 lone", "è \u2028 \x00 \x1f \x7f \" \\", {1: "int key", 1.5: "float key"}, (1, "tuple"),
    Sentence("a sentence"),
])
def test_encode_writes_json_dumps_bytes(value):
    message = {"type": "notice", "value": value, "list": [value, {"nested": value}]}
    assert protocol.encode(message) == protocol.json_line(message)


def test_exponent_floats_take_the_json_path():
    # msgspec alone writes 1e16 and 0.00001; the wire keeps json's 1e+16 and 1e-05
    assert protocol.encode({"x": 1e16, "y": 1e-05}) == b'{"x":1e+16,"y":1e-05}\n'


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_real_state_message_is_the_same_bytes(language):
    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3})
    session = Session.start(header)
    reply = session.handle(Press("dice"))
    message = protocol.state_message(session, list(reply.news), reply.news, language, True)
    line = protocol.encode(message)
    assert line == protocol.json_line(message)
    assert not protocol._may_differ(line)  # the msgspec path itself, not the fallback
