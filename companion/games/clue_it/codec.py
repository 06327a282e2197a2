"""CLUE: IT state <-> plain JSON, for the event store's snapshots (hidden data included:
never for a screen). ``decode(encode(s)) == s``."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from companion.games.clue_it.state import State, Step

#: Fields holding a :class:`Step`.
_STEPS = ("step", "after_draw", "resume")


def encode(state: State) -> dict[str, Any]:
    """Every field of ``state`` as JSON values: tuples become lists, steps their names."""
    return {f.name: _plain(getattr(state, f.name)) for f in fields(State)}


def decode(data: dict[str, Any]) -> State:
    """The :class:`State` that :func:`encode` wrote.

    Raises:
        KeyError, ValueError: ``data`` is not an encoded state (a field or a step is missing).
    """
    values = {}
    for f in fields(State):
        value = data[f.name]
        if f.name == "options":
            values[f.name] = dict(value)
        elif f.name in _STEPS:
            values[f.name] = Step(value)
        else:
            values[f.name] = _tuples(value)
    return State(**values)


def _plain(value: Any) -> Any:
    if isinstance(value, Step):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict) or hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
