"""``companion content``: the printed card data the owner entered, from a terminal (issues 5,
10, 12). The touchscreen's Card data screen does the same; both go through the daemon, which
owns the store (:mod:`companion.table_content`).

``companion content GAME`` lists each component with a form and its values (``?``: not known);
``companion content PIECE`` shows one card's fields with what each accepts;
``companion content PIECE --set FIELD=VALUE ...`` records an entry (flags: comma-separated,
``doors=left,right``; an empty flags value: ``doors=``); ``companion content PIECE --reset``
forgets it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from companion.client import Client


def list_command(game: str, socket: Path) -> int:
    """Print the forms of ``game``: one line per component, ``*`` before placeholders.

    Returns:
        0, or 2 when the daemon refuses (an unknown game).
    """
    if ":" in game:  # a card's id: show that card's fields
        return _show_piece(game, socket)
    form, ack = _form(socket, game)
    if form is None:
        print(f"companion: {ack['text']}", file=sys.stderr)
        return 2
    if not form["components"]:
        print(f"Nothing printed on {form['title']}'s cards needs entering.")
        return 0
    for component in form["components"]:
        mark = "*" if component["placeholder"] else ("+" if component["entered"] else " ")
        values = ", ".join(f"{f['name']}={_show(f['value'])}" for f in component["fields"])
        print(f"{mark} {component['component']}\t{values}")
    print("* placeholder: please enter what your copy shows   + entered at this table", file=sys.stderr)
    if form["problem"]:
        print(f"Before a game can start: {form['problem']}", file=sys.stderr)
    return 0


def set_command(piece: str, assignments: list[str], socket: Path) -> int:
    """Record ``FIELD=VALUE`` entries for ``piece`` (``None`` assignments: forget it).

    Returns:
        0 when recorded; 2 with the reason on stderr when refused.
    """
    with Client(socket).connect(timeout=3.0) as client:
        if assignments is None:
            ack = client.request({"cmd": "content_set", "component": piece, "fields": None})
        else:
            form, ack = _form(socket, piece.split(":", 1)[0])
            fields = _fields_of(form, piece) if form is not None else None
            if fields is None:
                print(f"companion: {ack['text'] if form is None else _no_form(form, piece)}", file=sys.stderr)
                return 2
            try:
                entry = _entry(assignments, fields)
            except ValueError as exc:
                print(f"companion: {exc}", file=sys.stderr)
                return 2
            ack = client.request({"cmd": "content_set", "component": piece, "fields": entry})
    if not ack["ok"]:
        print(f"companion: {ack['text']}", file=sys.stderr)
        return 2
    print(ack["text"])
    return 0


def _form(socket: Path, game: str) -> tuple[dict | None, dict]:
    replies: list[dict] = []
    with Client(socket, on_message=replies.append).connect(timeout=3.0) as client:
        ack = client.request({"cmd": "content", "game": game})
    form = next((m for m in replies if m.get("type") == "content"), None)
    return (form if ack["ok"] else None), ack


def _show_piece(piece: str, socket: Path) -> int:
    form, ack = _form(socket, piece.split(":", 1)[0])
    fields = _fields_of(form, piece) if form is not None else None
    if fields is None:
        print(f"companion: {ack['text'] if form is None else _no_form(form, piece)}", file=sys.stderr)
        return 2
    for field in fields.values():
        allowed = (f"{field['low']}-{field['high']}" if field["kind"] == "int" else
                   ",".join(map(str, field["values"])) if field["values"] else "text")
        print(f"{field['name']}={_show(field['value'])}\t({field['kind']}: {allowed}) {field['label']}")
    print(f"Change it: companion content {piece} --set FIELD=VALUE ...", file=sys.stderr)
    return 0


def _no_form(form: dict, piece: str) -> str:
    """Why ``piece`` has no form, naming the ids that do when it is entered per copy."""
    base = piece.partition("#")[0]
    copies = [c["component"] for c in form["components"] if c["component"].partition("#")[0] == base]
    if copies and copies != [base]:
        return (f"{piece}: {base} is entered per copy: {copies[0]} to {copies[-1]} "
                f"(the copy number is the enrollment walk's order)")
    return f"{piece}: nothing to enter for it (companion content {form['game']} lists what can be)"


def _entry(assignments: list[str], fields: dict[str, dict]) -> dict[str, Any]:
    """``FIELD=VALUE`` words as an entry, each field at most once.

    Raises:
        ValueError: a field named twice, or a value :func:`_parse` refuses.
    """
    entry: dict[str, Any] = {}
    for assignment in assignments:
        name, value = _parse(assignment, fields)
        if name in entry:
            raise ValueError(f"{name} is given twice")
        entry[name] = value
    return entry


def _fields_of(form: dict, piece: str) -> dict[str, dict] | None:
    component = next((c for c in form["components"] if c["component"] == piece), None)
    return None if component is None else {f["name"]: f for f in component["fields"]}


def _parse(assignment: str, fields: dict[str, dict]) -> tuple[str, Any]:
    """``"bulbs=3"`` -> ``("bulbs", 3)`` typed by the field's kind.

    Raises:
        ValueError: not NAME=VALUE, an unknown field, or a number that is not one.
    """
    name, sep, value = assignment.partition("=")
    if not sep:
        raise ValueError(f"{assignment!r}: write FIELD=VALUE (fields: {', '.join(fields)})")
    field = fields.get(name)
    if field is None:
        raise ValueError(f"no field {name!r}; fields: {', '.join(fields)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{name}: the value is not UTF-8 text (check the terminal's encoding)") from None
    if field["kind"] == "int":
        if not re.fullmatch(r"-?[0-9]+", value):
            raise ValueError(f"{name} is a whole number written with the digits 0-9, not {value!r}")
        return name, int(value)
    if field["kind"] == "flags":
        return name, [v for v in value.split(",") if v]
    if field["kind"] == "choice" and all(isinstance(v, bool) for v in field["values"]):
        if value.lower() not in ("true", "yes", "1", "false", "no", "0"):
            raise ValueError(f"{name} is true or false, not {value!r}")
        return name, value.lower() in ("true", "yes", "1")
    if field["kind"] == "choice" and all(isinstance(v, int) for v in field["values"]) and value.lstrip("-").isdigit():
        return name, int(value)
    return name, value


def _show(value: Any) -> str:
    """A value as the listing shows it: ``?`` while nothing is known (an unknown count)."""
    if value is None:
        return "?"
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)
