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


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), [1.5, float("nan")],
                                   {"deep": [{"odds": float("-inf")}]}])
def test_nan_and_infinity_are_refused_not_written_as_null(value):
    """words15: msgspec wrote NaN and Infinity as null (json.dumps as NaN, which is no JSON):
    a message carrying one is refused, naming where, and nothing is written."""
    with pytest.raises(protocol.ProtocolError, match=r"NaN or Infinity .*\$\.view\.value"):
        protocol.encode({"type": "later", "view": {"value": value}})
    with pytest.raises(protocol.ProtocolError, match="NaN or Infinity"):
        protocol.json_line({"type": "later", "view": {"value": value}})


def test_a_float_next_to_odd_bytes_is_still_written():
    """The check of every float costs no false refusal: large numbers, bytes that look like
    a float's in text, a lone surrogate (the json path)."""
    for message in ({"n": 2 ** 63 - 1, "m": -2 ** 63, "f": 1.7976931348623157e308, "t": "\u02ff\x7f"},
                    {"s": "\ud800", "f": 0.5}):
        assert protocol.encode(message) == protocol.json_line(message)


def test_a_message_without_a_float_is_not_looked_over_for_one(monkeypatch):
    """A state without a float (budgets.py's taps, most messages): msgspec's text is json's,
    so the look for a float written otherwise (``_may_differ``, a copy of the line with its
    digits as ``0``) is skipped (issue 35 item 3: was once per message). With a float, it is
    still made, and the bytes are json's either way, a look-alike in a string included."""
    import json

    looks = []
    original = protocol._may_differ
    monkeypatch.setattr(protocol, "_may_differ", lambda line: looks.append(line) or original(line))
    for message in ({"type": "state", "text": "Room 10e, 0.00001", "n": 10**20, "ok": True},
                    {"type": "later", "odds": 0.125}, {"type": "later", "odds": 1e-05},
                    {"type": "later", "odds": 1e16}):
        assert protocol.encode(message) == (json.dumps(message, ensure_ascii=False, separators=(",", ":"))
                                            + "\n").encode()
    assert len(looks) == 3  # the three with a float (was 4)
