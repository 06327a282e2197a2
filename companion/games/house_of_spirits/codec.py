"""House of Spirits state <-> plain JSON, for the event store's snapshots.

Hidden information is included (hands, secret victory cards, the known bottom of the
decks): this is never for a screen. ``decode(encode(state)) == state``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from companion.games.house_of_spirits.state import Deck, Pending, State, Step

#: Format version of :func:`encode`'s dict (2: the table's entered card data, ``content``).
VERSION = 2

#: Fields derived from others, never stored (the card data comes from ``content``).
_DERIVED = ("cards",)

_DECKS = ("room_deck", "monster_deck", "plot_deck")


def encode(state: State) -> dict[str, Any]:
    """The whole state as JSON values (lists for tuples, dicts for decks and the pending action)."""
    body: dict[str, Any] = {"version": VERSION}
    for f in fields(State):
        if f.name in _DERIVED:
            continue
        value = getattr(state, f.name)
        if f.name in _DECKS:
            value = {"top": list(value.top), "shuffled": list(value.shuffled), "bottom": list(value.bottom)}
        elif f.name == "pending":
            value = None if value is None else {g.name: _plain(getattr(value, g.name)) for g in fields(Pending)}
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

    A version 1 dict (written before card data could be entered) decodes with no entries.

    Raises:
        ValueError: another format version, or a missing or unknown field.
    """
    if body.get("version") == 1 and "content" not in body:
        body = {**body, "version": VERSION, "content": []}
    if body.get("version") != VERSION:
        raise ValueError(f"House of Spirits state version {body.get('version')!r} is not {VERSION}")
    names = {f.name for f in fields(State)} - set(_DERIVED)
    given = set(body) - {"version"}
    if given != names:
        raise ValueError(f"House of Spirits state fields differ: {sorted(given ^ names)}")
    values: dict[str, Any] = {}
    for name in names:
        value = body[name]
        if name in _DECKS:
            value = Deck(tuple(value["top"]), tuple(value["shuffled"]), tuple(value["bottom"]))
        elif name == "pending":
            value = None if value is None else Pending(**{k: _tuples(v) for k, v in value.items()})
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
