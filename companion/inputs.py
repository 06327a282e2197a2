"""What the table does, before the rules see it: taps, removals, button presses, touches.

These are the lines of a table script and the records of the event store. ``to_json`` and
``from_json`` give the exact script shape: ``{"tap": "04A1B2C3", "reader": "table"}``,
``{"remove": "table"}``, ``{"button": "dice", "hold": 2.0}``, ``{"touch": "end-turn"}``.

An input fed from a table script carries the script's line number (``line``, keyword only;
a replay sets it with :func:`dataclasses.replace`): the session records it for resuming the
script. It is not part of the input's identity (equality, ``repr``, ``to_json``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from companion import readers
from companion.errors import CompanionError
from companion.i18n import msg


class InputError(CompanionError, ValueError):
    """An input record of the wrong shape; the message says what is wrong."""


@dataclass(frozen=True)
class Tap:
    """A tag presented to a reader.

    Attributes:
        uid: upper-case hex without separators.
        reader: the reader's name.
        ndef: the text of the tag's NDEF text record (a programmed card carries its
            component id there), or None.
        ndef_problem: why the tag's NDEF message was unusable, as the reader reported it, or None.
    """

    uid: str
    reader: str = "table"
    ndef: str | None = None
    ndef_problem: str | None = None
    line: int | None = field(default=None, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Remove:
    """The tag left the reader's field."""

    reader: str = "table"
    line: int | None = field(default=None, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Press:
    """A physical button press; ``hold`` is how long it was held down, in seconds."""

    button: str = "dice"
    hold: float = 0.0
    line: int | None = field(default=None, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Touch:
    """A touch on the screen: a choice key, or ``"undo"``."""

    key: str
    line: int | None = field(default=None, compare=False, repr=False, kw_only=True)


Input = Union[Tap, Remove, Press, Touch]

#: The key that names each kind of input, and the other keys each kind may carry.
KINDS = {"tap": {"reader", "ndef", "ndef_problem"}, "remove": set(), "button": {"hold"}, "touch": set()}

#: Longest NDEF text or problem kept from a tag, in UTF-8 bytes.
MAX_NDEF_TEXT = 200

#: Longest hold of a button, in seconds; anything longer is a stuck button or a typo.
MAX_HOLD = 60.0


def normalise_uid(uid: str) -> str:
    """``"04:a1 b2-c3"`` -> ``"04A1B2C3"``.

    Raises:
        InputError: not an even number of hex digits, or fewer than 4 bytes.
    """
    if not isinstance(uid, str):
        raise InputError(msg("a UID is a hex string, not {value}", value=repr(uid)[:60]))
    cleaned = "".join(ch for ch in uid if ch not in ": -").upper()
    if len(cleaned) not in (8, 14, 20) or any(ch not in "0123456789ABCDEF" for ch in cleaned):
        raise InputError(msg("a UID is 4, 7 or 10 bytes of hex, not {value}", value=repr(uid)[:60]))
    return cleaned


def from_json(record: dict[str, Any], extra: frozenset[str] = frozenset()) -> Input:
    """Build an input from its script/store record.

    Args:
        record: ``{"tap": ...}``, ``{"remove": ...}``, ``{"button": ...}`` or ``{"touch": ...}``
            with that kind's optional keys.
        extra: further keys to allow and ignore (a script line's ``"at"``).

    Raises:
        InputError: not exactly one input kind, an unknown key, or a bad value.
    """
    if not isinstance(record, dict):
        raise InputError("an input is a JSON object")
    kinds = [k for k in KINDS if k in record]
    if len(kinds) != 1:
        raise InputError("an input needs exactly one of 'tap', 'remove', 'button' or 'touch'")
    kind = kinds[0]
    unknown = sorted(set(record) - {kind} - KINDS[kind] - extra)
    if unknown:
        raise InputError(f"a {kind!r} input has no key {unknown[0]!r}")
    if kind == "tap":
        uid = normalise_uid(record["tap"])
        ndef, problem = _text(record.get("ndef"), "ndef"), _text(record.get("ndef_problem"), "ndef_problem")
        if ndef is not None and problem is not None:
            raise InputError("a tap carries 'ndef' (the tag's text) or 'ndef_problem' (why it has none), not both")
        if (ndef is not None or problem is not None) and len(uid) != 14:
            raise InputError(f"'ndef' and 'ndef_problem' need a 7-byte UID (an NTAG), not {uid}")
        return Tap(uid, _name(record.get("reader", "table"), "reader"), ndef, problem)
    if kind == "remove":
        return Remove(_name(record["remove"], "remove"))
    if kind == "button":
        return Press(_name(record["button"], "button"), _hold(record.get("hold", 0.0)))
    return Touch(_name(record["touch"], "touch"))


def _text(value: Any, field: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value or not value.isprintable() or len(_utf8(value)) > MAX_NDEF_TEXT:
        raise InputError(f"{field!r} is printable text of 1 to {MAX_NDEF_TEXT} UTF-8 bytes, not {value!r}")
    return value


def _utf8(value: str) -> bytes:
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return b"\xff" * (MAX_NDEF_TEXT + 1)


def clean_text(text: str | None) -> str | None:
    """What a reader read (a tag's text, a problem) as a tap may carry it: printable, at most
    :data:`MAX_NDEF_TEXT` UTF-8 bytes (cut at a character), None when nothing is left."""
    if not text:
        return None
    printable = "".join(ch if ch.isprintable() else "\ufffd" for ch in text)
    data = printable.encode("utf-8", errors="replace")[:MAX_NDEF_TEXT]
    return data.decode("utf-8", errors="ignore") or None


def _hold(hold: Any) -> float:
    if not isinstance(hold, (int, float)) or isinstance(hold, bool) or not 0 <= hold <= MAX_HOLD:
        raise InputError(f"'hold' is a number of seconds from 0 to {MAX_HOLD:g}, not {hold!r}")
    return float(hold)


def to_json(inp: Input) -> dict[str, Any]:
    """The script/store record of ``inp`` (the inverse of :func:`from_json`)."""
    if isinstance(inp, Tap):
        record = {"tap": inp.uid, "reader": inp.reader}
        if inp.ndef is not None:
            record["ndef"] = inp.ndef
        if inp.ndef_problem is not None:
            record["ndef_problem"] = inp.ndef_problem
        return record
    if isinstance(inp, Remove):
        return {"remove": inp.reader}
    if isinstance(inp, Press):
        return {"button": inp.button, "hold": inp.hold} if inp.hold else {"button": inp.button}
    return {"touch": inp.key}


def spoken(inp: Input) -> str:
    """:func:`describe` for the shared screen, without a tag's UID: "a tap on the cards
    reader". A UID names its card (a virtual tag's is the same in every game), so an undone
    face-down tap must not show it; nor is it a word for the table."""
    if isinstance(inp, Tap):
        role = readers.named_role(inp.reader)
        if role is not None:
            return msg("a tap on the {reader}", reader=readers.role_words(role))
        return msg("a tap on reader {reader}", reader=readers.shown_name(inp.reader))
    return describe(inp)


def describe(inp: Input) -> str:
    """A short phrase for logs and notices: "tap of 04A1B2C3 on table"."""
    role = readers.named_role(inp.reader) if isinstance(inp, (Tap, Remove)) else None
    if role is not None:  # a virtual reader (issue 26: "sul lettore cards"): its role in words
        if isinstance(inp, Tap):
            return msg("tap of {uid} on the {reader}", uid=inp.uid, reader=readers.role_words(role))
        return msg("tag removed from the {reader}", reader=readers.role_words(role))
    if isinstance(inp, Tap):
        return msg("tap of {uid} on {reader}", uid=inp.uid, reader=readers.shown_name(inp.reader))
    if isinstance(inp, Remove):
        return msg("tag removed from {reader}", reader=readers.shown_name(inp.reader))
    if isinstance(inp, Press):
        if inp.button == "dice":  # the dice button in the table's words, not its config name
            if inp.hold:
                return msg("dice button held {seconds} s", seconds=format(inp.hold, ".2f"))
            return msg("dice button")
        if inp.hold:
            return msg("{button} button held {seconds} s", button=inp.button, seconds=format(inp.hold, ".2f"))
        return msg("{button} button", button=inp.button)
    return msg("touch {key}", key=repr(inp.key))


def _name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value:
        raise InputError(f"{field!r} is a non-empty string, not {value!r}")
    return value
