"""Tag registry files: the enrolled tags as TOML or CSV, so a set of prepared NTAG stickers
can be shared with its file (issue 34). Pure, like :mod:`companion.content_io`.

TOML::

    [tags]
    "04434800000000" = "children:device:catnip"

CSV: ``uid,component`` then one line per tag. An import is checked as a whole (every UID's
shape, every component known, no UID twice) and refused with each problem's line.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tomllib
from collections.abc import Mapping

from companion.content_io import MAX_BYTES, ImportRefused, _toml_error, at, said, too_big
from companion.i18n import msg, nmsg
from companion.inputs import InputError


def export(tags: Mapping[str, str], fmt: str = "toml") -> str:
    """The registry ``{uid: component}`` as a file."""
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["uid", "component"])
        writer.writerows(sorted(tags.items()))
        return out.getvalue()
    lines = ["# Enrolled NFC tags: Haunt Companion tag registry.",
             "# Import it with: companion tags import FILE", "", "[tags]"]
    lines += [f"{json.dumps(uid)} = {json.dumps(component)}" for uid, component in sorted(tags.items())]
    return "\n".join(lines) + "\n"


def read_tags(data: bytes | str, name: str = "") -> dict[str, str]:
    """The tags of a file, checked: ``{uid: component}``.

    Raises:
        ImportRefused: every problem, each with its line; nothing is to be saved then.
    """
    if len(data) > MAX_BYTES:
        raise ImportRefused([too_big(len(data))])
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportRefused([msg("the file is not UTF-8 text")]) from None
    data = data.removeprefix("\ufeff")  # a byte-order mark (Excel, Notepad), also in decoded text
    rows = _csv_rows(data) if name.lower().endswith(".csv") or data.lstrip().startswith("uid,") else _toml_rows(data)
    return _checked(rows)


def _toml_rows(text: str) -> list[tuple[int, str, object]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ImportRefused([_toml_error(str(exc))]) from None
    tags = data.get("tags")
    if not isinstance(tags, dict) or set(data) != {"tags"}:
        raise ImportRefused([msg("a tags file holds one table, [tags], with lines \"UID\" = \"component\"")])
    lines = {}
    for number, line in enumerate(text.splitlines(), 1):
        match = re.match(r'\s*"?([^"=\s]+)"?\s*=', line)
        if match:
            lines.setdefault(match.group(1), number)
    return [(lines.get(uid, 0), uid, component) for uid, component in tags.items()]


def _csv_rows(text: str) -> list[tuple[int, str, object]]:
    reader = csv.reader(io.StringIO(text))
    rows, header = [], None
    try:
        for row in reader:
            if not row or not "".join(row).strip():
                continue
            if header is None:
                header = [cell.strip() for cell in row]
                if header != ["uid", "component"]:
                    raise ImportRefused([at(reader.line_num, msg("a tags CSV starts with the line uid,component"))])
                continue
            if len(row) != 2:
                raise ImportRefused([at(reader.line_num, nmsg("a line holds a UID and a component, not {n} cell",
                                                              "a line holds a UID and a component, not {n} cells",
                                                              "n", n=len(row)))])
            rows.append((reader.line_num, row[0].strip(), row[1].strip()))
    except csv.Error as exc:
        raise ImportRefused([at(reader.line_num, msg("{problem} (not valid CSV)", problem=str(exc)))]) from None
    return rows


def _checked(rows: list[tuple[int, str, object]]) -> dict[str, str]:
    from companion.engine import known_piece
    from companion.inputs import normalise_uid

    problems, tags, where = [], {}, {}
    for line, uid, component in rows:
        try:
            uid = normalise_uid(uid)
        except InputError as exc:
            problems.append(at(line, said(exc)))
            continue
        if not isinstance(component, str) or not known_piece(component):
            problems.append(at(line, msg("no game has a component {component}", component=repr(component)[:100])))
        elif uid in tags:
            problems.append(at(line, msg("tag {uid} is given twice (also on line {first})", uid=uid, first=where[uid])))
        else:
            tags[uid], where[uid] = component, line
    if not rows:
        problems.append(msg("the file holds no tag"))
    if problems:
        raise ImportRefused(problems)
    return tags
