"""JSON snapshots of a Creepy Cellar state for the event store (``GameSpec.encode/decode``).

Everything is included (this is never shown on a screen); ``decode(encode(s)) == s``. News
sentences stay translatable messages: each :class:`~companion.i18n.Msg` is stored as
``{"msgid", "params"[, "plural", "count"]}`` (a plain string stays a string).
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from companion.games.creepy_cellar.state import Hunter, State, Step
from companion.i18n import Msg

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
        elif f.name == "news":
            value = [_encode_text(text) for text in value]
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
        if f.name not in data and f.default is not MISSING:
            continue  # a field added later (``held``): snapshots made before it still load
        value = data[f.name]
        if f.name == "hunters":
            value = tuple(Hunter(h["at"], h["treasure"], h["jinxed"]) for h in value)
        elif f.name == "options":
            value = dict(value)
        elif f.name == "step":
            value = Step(value)
        elif f.name == "fight":
            value = tuple(value) if value is not None else None
        elif f.name == "news":
            value = tuple(_decode_text(text) for text in value)
        elif f.name in _TUPLES:
            value = tuple(value)
        values[f.name] = value
    return State(**values)


def _encode_text(value: Any) -> Any:
    """A message (or a message parameter) as JSON: a :class:`Msg` becomes a dict, its
    parameters encoded the same way; strings and numbers stay as they are."""
    if not isinstance(value, Msg):
        return value
    out: dict[str, Any] = {"msgid": value.msgid,
                           "params": {k: _encode_text(v) for k, v in value.params.items()}}
    if value.plural is not None:
        out["plural"], out["count"] = value.plural, value.count
    return out


def _decode_text(value: Any) -> Any:
    """What :func:`_encode_text` made, back as a :class:`Msg` (or the plain value)."""
    if not isinstance(value, dict):
        return value
    params = {k: _decode_text(v) for k, v in value["params"].items()}
    return Msg(value["msgid"], params, value.get("plural"), value.get("count"))
