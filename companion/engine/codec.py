"""A game state (a frozen dataclass) <-> plain JSON, for the event store's snapshots.

Every game's state is a frozen dataclass of tuples, dicts, enums and small nested
dataclasses. :func:`state_codec` builds the ``encode``/``decode`` pair of a
:class:`~companion.engine.core.GameSpec` from the state class, a format version and the few
fields that need more than "tuples become lists" (:class:`FieldCodec`). Hidden information
is encoded too: snapshots are for the store, never for a screen.
``decode(encode(state)) == state``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any


def plain(value: Any) -> Any:
    """``value`` as JSON values: tuples (nested too) become lists, mappings dicts."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


def tuples(value: Any) -> Any:
    """The inverse of :func:`plain` for lists: lists (nested too) become tuples."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    return value


@dataclass(frozen=True)
class FieldCodec:
    """How one field is written and read back.

    Attributes:
        encode: field value -> JSON values.
        decode: JSON values -> field value.
    """

    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


#: A field of tuples, numbers and text (the default).
PLAIN = FieldCodec(plain, tuples)

#: A dict field (options): kept a dict, its values as they are.
DICT = FieldCodec(dict, dict)


def enum(kind: type[Enum]) -> FieldCodec:
    """A field holding a member of the enum ``kind`` (written as its value)."""
    return FieldCodec(lambda member: member.value, kind)


def optional(inner: FieldCodec) -> FieldCodec:
    """A field that may be None, else coded by ``inner``."""
    return FieldCodec(lambda v: None if v is None else inner.encode(v),
                      lambda v: None if v is None else inner.decode(v))


def records(kind: type) -> FieldCodec:
    """A field holding a tuple of ``kind`` dataclasses (each written as a dict of plain values)."""
    return FieldCodec(lambda items: [record(kind).encode(i) for i in items],
                      lambda items: tuple(record(kind).decode(i) for i in items))


def record(kind: type) -> FieldCodec:
    """A field holding one ``kind`` dataclass (written as a dict of plain values)."""
    return FieldCodec(lambda item: {f.name: plain(getattr(item, f.name)) for f in fields(kind)},
                      lambda data: kind(**{k: tuples(v) for k, v in data.items()}))


def state_codec(kind: type, version: int, title: str,
                special: Mapping[str, FieldCodec] | None = None) -> tuple[Callable[[Any], dict], Callable[[dict], Any]]:
    """``(encode, decode)`` for the state dataclass ``kind``.

    Args:
        kind: the state class.
        version: the format version written as ``"version"``; decode refuses another.
        title: the game's name, for error messages.
        special: field name -> its :class:`FieldCodec`; other fields are :data:`PLAIN`.

    Returns:
        ``encode(state) -> dict`` and ``decode(dict) -> state``; decode raises ValueError
        for another version or a missing or unknown field.
    """
    special = dict(special or {})
    names = [f.name for f in fields(kind)]
    unknown = sorted(set(special) - set(names))
    if unknown:
        raise ValueError(f"{kind.__name__} has no field {unknown[0]!r}")
    codecs = {name: special.get(name, PLAIN) for name in names}

    def encode(state: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"version": version}
        for name, codec in codecs.items():
            body[name] = codec.encode(getattr(state, name))
        return body

    def decode(body: dict[str, Any]) -> Any:
        if body.get("version") != version:
            raise ValueError(f"{title} state version {body.get('version')!r} is not {version}")
        given = set(body) - {"version"}
        if given != set(codecs):
            raise ValueError(f"{title} state fields differ: {sorted(given ^ set(codecs))}")
        return kind(**{name: codec.decode(body[name]) for name, codec in codecs.items()})

    return encode, decode
