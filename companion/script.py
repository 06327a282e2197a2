"""Table scripts: JSON Lines of taps, presses and touches (the demo, the tests, bug reports).

Line 1 is the header (``{"script": 1, "game": ..., "players": [...], "seed": ...,
"options": {...}, "stack": {...}, "tags": {...}}``); every other non-blank line is one input
with ``"at"`` (seconds from the start, never decreasing). See ``docs/table-script.md``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from companion import inputs
from companion.errors import ScriptError
from companion.header import GameHeader, HeaderError

SCRIPT_VERSION = 1

#: Largest script file read, in bytes (a whole evening's game is well under a megabyte).
MAX_SCRIPT_BYTES = 64 << 20

#: The values of a line's ``expect``.
EXPECTS = ("refused",)

#: Latest ``at`` a script may use, in seconds (a week: longer is a typo).
MAX_AT = 7 * 24 * 3600.0


@dataclass(frozen=True)
class ScriptLine:
    """One input line: its 1-based line number, time (seconds) and input; ``expect``:
    ``"refused"`` when the game must refuse it (a strict replay stops otherwise)."""

    number: int
    at: float
    input: inputs.Input
    expect: str | None = None


@dataclass(frozen=True)
class TableScript:
    """A parsed table script."""

    header: GameHeader
    lines: tuple[ScriptLine, ...]


def load(path: str | Path) -> TableScript:
    """Read and parse a script file.

    Raises:
        ScriptError: naming the line and what is wrong (line 0: the file cannot be read, is
            not a regular file, is larger than :data:`MAX_SCRIPT_BYTES`, or is not UTF-8).
    """
    path = Path(path)
    try:
        if path.exists() and not path.is_file():  # a directory; a FIFO would wait for ever
            raise ScriptError(0, f"{path}: not a regular file")
        with path.open("rb") as file:
            data = file.read(MAX_SCRIPT_BYTES + 1)
    except FileNotFoundError as exc:  # words, not "[Errno 2] No such file or directory: '...'"
        raise ScriptError(0, f"there is no file at {path}" if path.parent.is_dir() else
                          f"there is no file at {path} (the folder {path.parent} does not exist)") from exc
    except OSError as exc:
        raise ScriptError(0, f"cannot read {path}: {exc.strerror or exc}") from exc
    if len(data) > MAX_SCRIPT_BYTES:
        raise ScriptError(0, f"{path}: larger than {MAX_SCRIPT_BYTES} bytes: not a table script")
    try:
        text = data.decode("utf-8-sig")  # a BOM from a Windows editor is fine
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ScriptError(0, f"{path}, line {line}: not UTF-8 text (byte 0x{data[exc.start]:02X})") from exc
    return parse(text)


def parse(text: str) -> TableScript:
    """Parse a script's text.

    Raises:
        ScriptError: naming the line and what is wrong.
    """
    text = text.removeprefix("\ufeff")
    rows = [(n, raw) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if not rows:
        raise ScriptError(1, "the script is empty; line 1 must be the header")
    header = _header(*rows[0])
    lines, last_at = [], 0.0
    for number, raw in rows[1:]:
        line = _line(number, raw, last_at)
        lines.append(line)
        last_at = line.at
    return TableScript(header, tuple(lines))


def _json(number: int, raw: str) -> dict:
    try:
        record = json.loads(raw, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ScriptError(number, f"not valid JSON ({exc.msg} at column {exc.colno})") from exc
    except (ValueError, RecursionError) as exc:
        raise ScriptError(number, f"not a usable JSON line ({str(exc)[:80]})") from exc
    if not isinstance(record, dict):
        raise ScriptError(number, "each line is a JSON object")
    return record


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a script may use")


def _header(number: int, raw: str) -> GameHeader:
    record = _json(number, raw)
    if type(record.get("script")) is not int or record["script"] != SCRIPT_VERSION:
        raise ScriptError(number, f'the header needs "script": {SCRIPT_VERSION}')
    try:
        return GameHeader.from_json({k: v for k, v in record.items() if k != "script"})
    except HeaderError as exc:
        raise ScriptError(number, str(exc)) from exc


def _line(number: int, raw: str, last_at: float) -> ScriptLine:
    record = _json(number, raw)
    at = record.get("at")
    if not isinstance(at, (int, float)) or isinstance(at, bool) or not 0 <= at <= MAX_AT:
        raise ScriptError(number, f'"at" is a number of seconds from 0 to {MAX_AT:g}, not {at!r}')
    if at < last_at:
        raise ScriptError(number, f'"at" goes back in time ({at} after {last_at})')
    expect = record.get("expect")
    if expect is not None and expect not in EXPECTS:
        raise ScriptError(number, f'"expect" is "refused" (the game must refuse this line), not {expect!r}')
    try:
        return ScriptLine(number, float(at), inputs.from_json(record, extra=frozenset({"at", "expect"})), expect)
    except inputs.InputError as exc:
        raise ScriptError(number, str(exc)) from exc


def dump(header: GameHeader, lines: list[tuple]) -> str:
    """Write a script's text (the inverse of :func:`parse`): ``lines`` are ``(at, input)`` or
    ``(at, input, expect)``."""
    rows = [json.dumps({"script": SCRIPT_VERSION, **header.to_json()})]
    rows += [json.dumps(_row(*line)) for line in lines]
    return "\n".join(rows) + "\n"


def _row(at: float, inp: inputs.Input, expect: str | None = None) -> dict:
    row = {"at": round(at, 3), **inputs.to_json(inp)}
    return {**row, "expect": expect} if expect else row
