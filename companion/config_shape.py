"""msgspec's verdict on a config table, in the config's own words (issue 27 item 6).

:func:`convert` turns a parsed TOML table into a Struct with :func:`msgspec.convert` and a
:class:`msgspec.ValidationError` (``Expected `int` <= 27 - at `$.dice.pin```) into one line
that names the key as the file spells it and what it must be, from the field's type:
``dice.pin: must be 0-27, got 28``. A field's ``Meta`` may add ``extra={"unit": ...}``
(``seconds``, ``dB``), ``extra={"values": ...}`` (a Literal's values in the order to say
them: msgspec sorts them) or a ``description`` (the whole "must be" phrase); a Struct's own
check across its fields raises ``ValueError("<key>: <problem>")`` in ``__post_init__``.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, TypeVar

import msgspec
from msgspec import inspect

from companion.errors import CompanionError

T = TypeVar("T")

_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")  # one step of msgspec's path: .name or [index]
_INDEX = re.compile(r"\[\d+\]$")


class ConfigError(CompanionError, ValueError):
    """A configuration file that is missing, not TOML, or has a bad or unknown key."""


def convert(data: Any, kind: type[T], prefix: str = "", also_allowed: tuple[str, ...] = (), why: str = "") -> T:
    """``data`` as a ``kind`` (a Struct).

    Args:
        prefix: the key of ``data`` in the file (``readers[1]``), "" for the whole file.
        also_allowed: keys of the table checked elsewhere, named first among the allowed ones.
        why: words after an unknown key (`` for driver 'fake'``).
    Raises:
        ConfigError: the first problem, in one line naming its key.
    """
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as exc:
        raise ConfigError(_say(str(exc), data, kind, prefix, also_allowed, why)) from None


def key(prefix: str, name: str | int) -> str:
    """The key ``name`` inside ``prefix``: ``readers[1].driver``, ``readers[1]``, ``dice``."""
    if isinstance(name, int):
        return f"{prefix}[{name}]"
    return f"{prefix}.{name}" if prefix else name


def _say(text: str, data: Any, kind: type, prefix: str, also_allowed: tuple[str, ...], why: str) -> str:
    """The one line for msgspec's ``text`` about ``data``."""
    text, _, where = text.partition(" - at `$")
    steps: list[str | int] = [name if name else int(index) for name, index in _STEP.findall(where.rstrip("`"))]
    place, hint, value = prefix, inspect.type_info(kind), data
    for step in steps:
        place, hint, value = key(place, step), _inner(hint, step), _get(value, step)
    if text.startswith("Object contains unknown field"):
        known = [field.encode_name for field in _unwrap(hint)[0].fields]
        unknown = [key(place, name) for name in value if name not in known]
        plural = "s" if len(unknown) > 1 else ""
        return f"unknown key{plural} {', '.join(unknown)}{why} (allowed: {', '.join([*also_allowed, *known])})"
    missing = re.match(r"Object missing required field `(.+)`", text)
    if missing:
        name = missing.group(1)
        return f"{key(place, name)}: {_missing(_inner(hint, name))}"
    if text.startswith(("Expected", "Invalid enum value")):
        bare = _unwrap(hint)[0]
        if isinstance(bare, (inspect.StructType, inspect.ListType)):
            return f"{place}: must be {_table(bare, place)}"
        return f"{place}: must be {_words(hint, value)}, got {_said(value)}"
    return key(place, text)  # a Struct's own check: "<key>: <problem>"


def _said(value: Any) -> str:
    """A bad value as the file wrote it: TOML's dates and times in ISO form, else Python's repr."""
    return value.isoformat() if isinstance(value, (datetime.date, datetime.time)) else repr(value)


def _inner(hint: Any, step: str | int) -> Any:
    """The type of field or item ``step`` of ``hint``."""
    hint, _ = _unwrap(hint)
    if isinstance(step, int):
        return hint.item_type if isinstance(hint, inspect.ListType) else inspect.AnyType()
    fields = {field.encode_name: field.type for field in getattr(hint, "fields", ())}
    return fields.get(step, inspect.AnyType())


def _get(value: Any, step: str | int) -> Any:
    """Item ``step`` of ``value``, or None where it has none."""
    try:
        return value[step]
    except (KeyError, IndexError, TypeError):
        return None


def _unwrap(hint: Any) -> tuple[Any, dict[str, Any]]:
    """``hint`` without its metadata and None, and its words: ``unit``, ``description``."""
    words: dict[str, Any] = {}
    while True:
        if isinstance(hint, inspect.Metadata):
            words |= (hint.extra or {}) | (hint.extra_json_schema or {})
            hint = hint.type
        elif isinstance(hint, inspect.UnionType):
            hint = next(t for t in hint.types if not isinstance(t, inspect.NoneType))
        else:
            return hint, words


def _missing(hint: Any) -> str:
    """What a required key that is absent should have been."""
    bare, words = _unwrap(hint)
    if "description" in words:
        return f"missing ({words['description']})"
    if isinstance(bare, inspect.LiteralType):
        return f"missing (one of: {', '.join(map(str, words.get('values', bare.values)))})"
    return f"must be {_words(hint, None)}, got None"


def _words(hint: Any, value: Any) -> str:
    """What a value of ``hint`` must be, said for the bad ``value`` (a bound it broke)."""
    bare, words = _unwrap(hint)
    unit = words.get("unit", "")
    if "description" in words:
        return words["description"]
    if isinstance(bare, inspect.BoolType):
        return "true or false"
    if isinstance(bare, inspect.LiteralType):
        return f"one of {', '.join(map(str, words.get('values', bare.values)))}" + (f" ({unit})" if unit else "")
    if isinstance(bare, inspect.IntType):
        if not isinstance(value, int) or isinstance(value, bool):
            return "an integer"
        if bare.ge is not None and bare.le is not None:
            return f"{bare.ge}-{bare.le}"
        if bare.le is not None and value > bare.le:
            return f"at most {bare.le}" + (f" {unit}" if unit else "")
        return "a positive integer" + (f" ({unit})" if unit else "")
    if isinstance(bare, inspect.FloatType):
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if number and bare.le is not None and value > bare.le:
            return f"at most {bare.le:g} {unit}"
        return f"a number of {unit} > 0"
    return "a non-empty string"  # the config's only free text: a reader's name


def _table(bare: Any, place: str) -> str:
    """What the table or array of tables at ``place`` must be: ``a table ([dice])``."""
    if isinstance(bare, inspect.ListType):
        return f"an array of tables ([[{place}]])"
    array = _INDEX.sub("", place)
    return f"a table ([[{array}]])" if array != place else f"a table ([{place}])"
