"""A game state (a frozen dataclass) <-> plain JSON, for the event store's snapshots.

Every game's state is a frozen dataclass of tuples, dicts, enums and small nested
dataclasses. :func:`state_codec` builds the ``encode``/``decode`` pair of a
:class:`~companion.engine.game.Game` from the state class, a format version and the few
fields that need more than "tuples become lists" (:class:`FieldCodec`). Hidden information
is encoded too: snapshots are for the store, never for a screen.
``decode(encode(state)) == state``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from companion.i18n import Msg, Name, NewsLine, StandIn


def plain(value: Any) -> Any:
    """``value`` as JSON values: tuples (nested too) become lists, enums their value, and a
    translatable :class:`~companion.i18n.Msg` (news kept in a state) a dict ``{"msgid",
    "params"[, "plural", "count"][, "articles"][, "stand_in"]}`` (``articles``: a :class:`~companion.i18n.Name`'s;
    ``stand_in``: a :class:`~companion.i18n.StandIn`'s number),
    so it is still translatable when read back; a
    :class:`~companion.i18n.NewsLine` its sentence's dict plus ``"todo"``, ``"touch"`` and
    ``"spoken"`` when it has them (its ``why`` and ``purpose`` are not stored: the engine makes them again)."""
    if isinstance(value, NewsLine):
        out = plain(value.text)
        if value.todo is not None:
            out["todo"] = value.todo
        if value.touch is not None:  # its words for a table without a dice button
            out["touch"] = plain(value.touch)
        if value.spoken is not None:  # its words for the voice
            out["spoken"] = plain(value.spoken)
        return out
    if isinstance(value, Msg):
        out = {"msgid": value.msgid, "params": {k: plain(v) for k, v in value.params.items()}}
        if value.plural is not None:
            out["plural"], out["count"] = value.plural, value.count
        if isinstance(value, Name):  # a name with its articles (a room in a stored news line)
            out["articles"] = dict(value.articles)
        if isinstance(value, StandIn):  # a stand-in's name keeps its number (the state's ``stand_ins``)
            out["stand_in"] = value.number
        return out
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def tuples(value: Any) -> Any:
    """The inverse of :func:`plain`: lists (nested too) become tuples, message dicts
    :class:`~companion.i18n.Msg` again (a :class:`~companion.i18n.NewsLine` when they hold a
    ``todo``, a ``touch`` or a ``spoken``)."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    if isinstance(value, dict) and "msgid" in value:
        params = {k: tuples(v) for k, v in value["params"].items()}
        text = Msg(value["msgid"], params, value.get("plural"), value.get("count"))
        if "stand_in" in value:
            text = StandIn(text, dict(value.get("articles") or {}), str(value["stand_in"]))
        elif "articles" in value:
            text = Name(text, dict(value["articles"]))
        if "todo" not in value and "touch" not in value and "spoken" not in value:
            return text
        touch = tuples(value["touch"]) if "touch" in value else None
        spoken = tuples(value["spoken"]) if "spoken" in value else None
        return NewsLine(text, value.get("todo"), touch, spoken=spoken)
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


def each(inner: FieldCodec) -> FieldCodec:
    """A field holding a tuple whose items are each coded by ``inner``."""
    return FieldCodec(lambda items: [inner.encode(i) for i in items],
                      lambda items: tuple(inner.decode(i) for i in items))


def records(kind: type) -> FieldCodec:
    """A field holding a tuple of ``kind`` dataclasses (each written as a dict of plain values)."""
    return each(record(kind))


def record(kind: type) -> FieldCodec:
    """A field holding one ``kind`` dataclass (written as a dict of plain values)."""
    return FieldCodec(lambda item: {f.name: plain(getattr(item, f.name)) for f in fields(kind)},
                      lambda data: kind(**{k: tuples(v) for k, v in data.items()}))


def state_codec(kind: type, version: int, title: str, special: Mapping[str, FieldCodec] | None = None,
                derived: tuple[str, ...] = ()) -> tuple[Callable[[Any], dict], Callable[[dict], Any]]:
    """``(encode, decode)`` for the state dataclass ``kind``.

    Args:
        kind: the state class.
        version: the format version written as ``"version"``; decode refuses another.
        title: the game's name, for error messages.
        special: field name -> its :class:`FieldCodec`; other fields are :data:`PLAIN`.
        derived: fields the class rebuilds itself from the others (a cache filled in
            ``__post_init__``): not stored. Fields declared ``init=False`` are not stored either.

    Returns:
        ``encode(state) -> dict`` and ``decode(dict) -> state``; decode raises ValueError
        for another version or a missing or unknown field.
    """
    special = dict(special or {})
    names = [f.name for f in fields(kind) if f.init and f.name not in derived]
    unknown = sorted((set(special) | set(derived)) - {f.name for f in fields(kind)})
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
