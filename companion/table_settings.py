"""A table setting record (issue 27): the voice's settings (issue 28) and the table screen's
(issue 29) are each a msgspec :class:`~msgspec.Struct` whose fields say their keys, types,
ranges and defaults once; this module checks an update against one and reads it back from
the store. Shared by the daemon and the voice client: pure, no socket here.

A record says what it is called (``key``: ``"voice"``, also its name in the store's
settings and in its command) and shows an ``example`` object (both class variables). A bad
update is refused in one line naming the key (``voice.volume is a whole number from 0 to
100, not 101``), the sentence said from the field's type.
"""

from __future__ import annotations

import json
import typing
from functools import cache
from typing import Annotated, Any, Literal

import msgspec

from companion.i18n import msg


class SettingsError(ValueError):
    """A settings update that is not an object, names an unknown key, or has a bad value
    (the message names the key)."""


def defaults(record: type[msgspec.Struct]) -> dict[str, Any]:
    """The settings of a table that chose none: ``record``'s defaults."""
    return msgspec.structs.asdict(record())


def checked(update: Any, record: type[msgspec.Struct]) -> dict[str, Any]:
    """The keys of ``update`` (any subset of ``record``'s fields), checked one by one in the
    order given.

    Args:
        update: the decoded settings of a settings command (its ``record.key``).
        record: the settings' struct (every field has a default; ``key``, ``example``).

    Raises:
        SettingsError: not an object, an unknown key, or a bad value.
    """
    name = record.key  # type: ignore[attr-defined]
    if not isinstance(update, dict):
        raise SettingsError(msg("{name} is an object such as {example}", name=name,  # type: ignore[attr-defined]
                                example=record.example))
    known = record.__struct_fields__
    for key, value in update.items():
        if key not in known:
            raise SettingsError(msg("unknown {name} setting {key} (known: {known})", name=name,
                                    key=repr(key)[:40], known=", ".join(known)))
        try:
            msgspec.convert({key: value}, record, strict=True)
        except msgspec.ValidationError:
            setting = f"{name}.{key}"
            raise SettingsError(msg("{name} is {kind}, not {value}", name=setting, kind=_kinds(record)[key],
                                    value=repr(value)[:60])) from None
    return dict(update)


def from_text(text: str | None, record: type[msgspec.Struct]) -> dict[str, Any]:
    """The settings kept as JSON text in the store (None or damaged text: the defaults)."""
    try:
        kept = checked(json.loads(text), record) if text else {}
    except (ValueError, TypeError):  # SettingsError is a ValueError
        kept = {}
    return {**defaults(record), **kept}


@cache
def _kinds(record: type[msgspec.Struct]) -> dict[str, str]:
    """Each field of ``record`` -> what a value of it is, in a refusal's words."""
    return {key: _kind(hint) for key, hint in typing.get_type_hints(record, include_extras=True).items()
            if key in record.__struct_fields__}


def _kind(hint: Any) -> str:
    if hint is bool:
        return msg("true or false")
    if typing.get_origin(hint) is Literal:
        return msg("one of {values}", values=", ".join(map(str, typing.get_args(hint))))
    if typing.get_origin(hint) is Annotated and typing.get_args(hint)[0] is int:
        meta = typing.get_args(hint)[1]
        return msg("a whole number from {low} to {high}", low=meta.ge, high=meta.le)
    raise TypeError(f"a table setting of type {hint!r} needs its words here")
