"""Ghost at Home state <-> plain JSON, for the event store's snapshots. ``decode(encode(s)) == s``.

Nothing hidden is held (hands are counts), but this is still for the store, not a screen.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from companion.games.ghost_at_home.state import Floor, State, Step

#: Format version of :func:`encode`'s dict (2: ``paid_pieces`` and ``printed_bulbs``, the
#: table's card data; a version-1 dict reads with neither).
VERSION = 2

#: Fields version 1 did not have, with their value then.
ADDED_IN_2 = {"paid_pieces": [], "printed_bulbs": []}


def encode(state: State) -> dict[str, Any]:
    """Every field of ``state`` as JSON values: tuples become lists, floors dicts."""
    body: dict[str, Any] = {"version": VERSION}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "houses":
            value = [[{k: _plain(v) for k, v in asdict(floor).items()} for floor in house] for house in value]
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
    if body.get("version") == 1:
        body = {**ADDED_IN_2, **body, "version": VERSION}
    if body.get("version") != VERSION:
        raise ValueError(f"Ghost at Home state version {body.get('version')!r} is not {VERSION}")
    names = {f.name for f in fields(State)}
    given = set(body) - {"version"}
    if given != names:
        raise ValueError(f"Ghost at Home state fields differ: {sorted(given ^ names)}")
    values: dict[str, Any] = {}
    for name in names:
        value = body[name]
        if name == "houses":
            value = tuple(tuple(Floor(**{k: _tuples(v) for k, v in floor.items()}) for floor in house)
                          for house in value)
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
