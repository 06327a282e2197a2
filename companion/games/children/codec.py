"""Children state <-> plain JSON, for the event store's snapshots.

Hidden information is included (the mini-card pairing): this is never for a screen.
``decode(encode(state)) == state``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from companion.games.children.state import Frame, Ghost, State, Step

#: Format version of :func:`encode`'s dict.
VERSION = 2  # 2: ``printed``, the table's entries


def encode(state: State) -> dict[str, Any]:
    """The whole state as JSON values (lists for tuples; ghosts and frames as lists)."""
    body: dict[str, Any] = {"version": VERSION}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "ghosts":
            value = [[g.id, g.room, g.enraged] for g in value]
        elif f.name == "frames":
            value = [[fr.kind, fr.player, list(fr.args)] for fr in value]
        elif f.name == "options":
            value = dict(value)
        elif f.name == "step":
            value = str(value)
        else:
            value = _plain(value)
        body[f.name] = value
    return body


def decode(body: dict[str, Any]) -> State:
    """The state :func:`encode` wrote.

    Raises:
        ValueError: another format version, or a missing or unknown field.
    """
    if body.get("version") != VERSION:
        raise ValueError(f"Children state version {body.get('version')!r} is not {VERSION}")
    names = {f.name for f in fields(State)}
    given = set(body) - {"version"}
    if given != names:
        raise ValueError(f"Children state fields differ: {sorted(given ^ names)}")
    values: dict[str, Any] = {}
    for name in names:
        value = body[name]
        if name == "ghosts":
            value = tuple(Ghost(g, r, e) for g, r, e in value)
        elif name == "frames":
            value = tuple(Frame(k, p, tuple(a)) for k, p, a in value)
        elif name == "options":
            value = dict(value)
        elif name == "step":
            value = Step(value)
        else:
            value = _tuples(value)
        values[name] = value
    return State(**values)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
