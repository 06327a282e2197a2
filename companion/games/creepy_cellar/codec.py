"""JSON snapshots of a Creepy Cellar state for the event store (``GameSpec.encode/decode``).

Everything is included (this is never shown on a screen); ``decode(encode(s)) == s``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from companion.games.creepy_cellar.state import Hunter, State, Step

#: State fields that are tuples of strings or ints (stored as JSON lists).
_TUPLES = frozenset({
    "players", "laid", "ghost_deck", "king_deck", "ghosts", "hauntings", "treasures", "taken", "cellar",
    "cellar_deck", "cellar_discard", "jinxed_pile", "jinxed_dropped", "passages",
    "ghost_discard", "king_discard", "news",
})


def encode(state: State) -> dict[str, Any]:
    """``state`` as plain JSON values (lists, dicts, strings, numbers, booleans, None)."""
    out: dict[str, Any] = {}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "hunters":
            value = [{"at": h.at, "treasure": h.treasure, "jinxed": h.jinxed} for h in value]
        elif f.name == "options":
            value = dict(value)
        elif f.name == "step":
            value = str(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def decode(data: dict[str, Any]) -> State:
    """The state :func:`encode` made.

    Raises:
        KeyError, TypeError, ValueError: ``data`` is not an encoded Creepy Cellar state.
    """
    values: dict[str, Any] = {}
    for f in fields(State):
        value = data[f.name]
        if f.name == "hunters":
            value = tuple(Hunter(h["at"], h["treasure"], h["jinxed"]) for h in value)
        elif f.name == "options":
            value = dict(value)
        elif f.name == "step":
            value = Step(value)
        elif f.name == "fight":
            value = tuple(value) if value is not None else None
        elif f.name in _TUPLES:
            value = tuple(value)
        values[f.name] = value
    return State(**values)
