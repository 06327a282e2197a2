"""The shared state codec (companion/engine/codec.py): every field back as it was."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum

import pytest

from companion.engine.codec import DICT, enum, optional, record, records, state_codec


class Step(StrEnum):
    ROLL = "roll"
    MOVE = "move"


@dataclass(frozen=True)
class Ghost:
    room: str
    enraged: bool
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    step: Step
    options: dict
    ghosts: tuple[Ghost, ...]
    king: Ghost | None
    grid: tuple[tuple[str | None, ...], ...]


ENCODE, DECODE = state_codec(State, 2, "Test", {"step": enum(Step), "options": DICT, "ghosts": records(Ghost),
                                                "king": optional(record(Ghost))})


def _state(king=None):
    return State(("Ada", "Bo"), Step.MOVE, {"mode": "basic", "n": 3}, (Ghost("A", False), Ghost("B", True, ("B", "C"))),
                 king, (("x", None), (None, "y")))


@pytest.mark.parametrize("king", [None, Ghost("N", True)])
def test_a_state_survives_json_exactly(king):
    state = _state(king)
    body = json.loads(json.dumps(ENCODE(state)))
    assert body["version"] == 2 and body["step"] == "move"
    assert body["ghosts"][1] == {"room": "B", "enraged": True, "path": ["B", "C"]}
    assert DECODE(body) == state


def test_another_version_or_other_fields_are_refused():
    body = ENCODE(_state())
    with pytest.raises(ValueError, match="Test state version 1 is not 2"):
        DECODE({**body, "version": 1})
    with pytest.raises(ValueError, match=r"fields differ: \['extra'\]"):
        DECODE({**body, "extra": 1})
    del body["king"]
    with pytest.raises(ValueError, match=r"fields differ: \['king'\]"):
        DECODE(body)
    with pytest.raises(ValueError, match="has no field 'kings'"):
        state_codec(State, 1, "Test", {"kings": DICT})


def test_news_stays_translatable_through_json():
    from companion.i18n import msg, nmsg, render

    @dataclass(frozen=True)
    class Said:
        news: tuple[str, ...]

    encode, decode = state_codec(Said, 1, "Test")
    said = Said((msg("{player} moves to room {room}.", player="Ada", room="C"),
                 nmsg("{n} ghost", "{n} ghosts", "n", n=2), "plain text"))
    back = decode(json.loads(json.dumps(encode(said))))
    assert back == said
    assert [type(n).__name__ for n in back.news] == ["Msg", "Msg", "str"]
    assert render(back.news[0], "it") == render(said.news[0], "it") != str(said.news[0])
