"""Card data files: a game's entered printed data as TOML or CSV, to keep or to share
(issue 34). Pure: text in, text or entries out; the daemon reads and writes the store.

TOML (``companion content export children``)::

    game = "children"

    ["children:tablet:wash-room"]
    name = "Wash Room"
    doors = ["left"]

CSV: a header line ``component,<every field of the game>``, then one row per card; an
empty cell is a field not entered, ``-`` an empty set of flags, flags ``left,right``.

An import is checked as a whole before anything is saved (:func:`check_import`): each
card and value field by field, then the whole table with the file's cards over the
table's entries; every problem is named with its line, and a file with any is refused.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine import Game, get_game
from companion.engine.content import ContentError, ContentField, check_entry, check_table
from companion.engine.registry import UnknownGame, copies
from companion.errors import CompanionError
from companion.i18n import Msg, echoed, msg, nmsg

#: Largest card data file read, in bytes (House of Spirits' 72 cards take about 12 KB).
MAX_BYTES = 256 * 1024

#: Problems named in one answer (a file of the wrong kind would list hundreds).
MAX_PROBLEMS = 20

FORMATS = ("toml", "csv")

#: A CSV cell for a set of flags with none of them.
NO_FLAGS = "-"


class ImportRefused(CompanionError):
    """A card data file that cannot be imported; :attr:`problems` names each problem (with
    its line where it has one). Nothing was saved."""

    def __init__(self, problems: list[Msg]):
        more = len(problems) - MAX_PROBLEMS
        self.problems: list[Msg] = problems[:MAX_PROBLEMS] + (
            [nmsg("... and {n} more problem", "... and {n} more problems", "n", n=more)] if more > 0 else [])
        super().__init__("; ".join(self.problems))


@dataclass
class CardFile:
    """A card data file as read: its game (None: not said), ``entries`` ``{component:
    {field: value}}`` and where each card and value was (line numbers, 1-based)."""

    game: str | None = None
    game_line: int = 0
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    card_lines: dict[str, int] = field(default_factory=dict)
    field_lines: dict[tuple[str, str], int] = field(default_factory=dict)
    problems: list[Msg] = field(default_factory=list)

    def line_of(self, component: str, name: str | None = None) -> int:
        return self.field_lines.get((component, name), 0) if name else self.card_lines.get(component, 0)


# ---------------------------------------------------------------------- export

def export(spec: Game, entered: Mapping[str, Mapping[str, Any]], fmt: str = "toml") -> str:
    """The table's entries for ``spec`` (``{component: {field: value}}``) as a file."""
    if fmt not in FORMATS:
        raise ContentError(f"the format is toml or csv, not {fmt!r}")
    return _csv(spec, entered) if fmt == "csv" else _toml(spec, entered)


def _toml(spec: Game, entered: Mapping[str, Mapping[str, Any]]) -> str:
    lines = [f"# What is printed on this table's copy of {spec.title}: Haunt Companion card data.",
             "# Import it with: companion content import FILE (or on the owner's desk).",
             f"game = {_toml_value(spec.id)}"]
    for component in sorted(entered, key=_card_order(spec)):
        lines += ["", f"[{_toml_value(component)}]"]
        lines += [f"{name} = {_toml_value(value)}" for name, value in _in_form_order(spec, component, entered)]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    """A TOML value of the kinds card data holds (JSON's quoting is TOML's for these)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def _csv(spec: Game, entered: Mapping[str, Mapping[str, Any]]) -> str:
    columns = game_fields(spec)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["component", *columns])
    for component in sorted(entered, key=_card_order(spec)):
        values = dict(_in_form_order(spec, component, entered))
        writer.writerow([component, *(_cell(values[c]) if c in values else "" for c in columns)])
    return out.getvalue()


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(map(str, value)) or NO_FLAGS
    return str(value)


def game_fields(spec: Game) -> list[str]:
    """Every field name of ``spec``'s forms, in form order (the CSV's columns)."""
    names: dict[str, None] = {}
    for component in _components(spec):
        names.update(dict.fromkeys(f.name for f in spec.content.fields(component)))
    return list(names)


def _components(spec: Game) -> list[str]:
    from companion.table_content import _order

    return [c for c in _order(spec) if spec.content.fields(c)] if spec.content is not None else []


def _card_order(spec: Game):
    order = {c: n for n, c in enumerate(_components(spec))}

    def key(piece: str) -> tuple:
        base, _, copy = piece.partition("#")
        return order.get(base, len(order)), int(copy) if copy.isdigit() else 0, piece
    return key


def _in_form_order(spec: Game, component: str, entered) -> list[tuple[str, Any]]:
    names = [f.name for f in spec.content.fields(component.partition("#")[0])]
    entry = entered[component]
    return [(n, entry[n]) for n in names if n in entry] + [(n, v) for n, v in entry.items() if n not in names]


# ---------------------------------------------------------------------- reading

def read(data: bytes | str, name: str = "") -> CardFile:
    """A card data file's cards as written (not yet checked); TOML or CSV by ``name``'s
    ending, else by its first line.

    Raises:
        ImportRefused: too big, not UTF-8 text, or not a TOML/CSV file of card data.
    """
    if len(data) > MAX_BYTES:
        raise ImportRefused([too_big(len(data))])
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[:exc.start].count(b"\n") + 1
            raise ImportRefused([at(line, msg("the file is not UTF-8 text"))]) from None
    data = data.removeprefix("\ufeff")  # Excel's "CSV UTF-8", Notepad: the CLI and the desk send it decoded
    return _read_csv(data) if _is_csv(data, name) else _read_toml(data)


def too_big(size: int) -> Msg:
    return msg("the file is {size}; a card data file is at most {most} (is it the right file?)", size=_size(size),
               most=_size(MAX_BYTES))


def at(line: int, problem: Msg | str) -> Msg:
    """``problem`` with its line of the file ("line 7: …")."""
    return msg("line {line}: {problem}", line=line, problem=problem)


def said(exc: Exception) -> Msg | str:
    """What ``exc`` says: its sentence when it was raised with one (a content field's
    refusal), else its English text (a library's)."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Msg) else str(exc)


def _size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{size // 1024} KB"


def _is_csv(text: str, name: str) -> bool:
    lowered = name.lower()
    if lowered.endswith((".csv", ".toml")):
        return lowered.endswith(".csv")
    first = next((line for line in text.splitlines() if line.strip() and not line.startswith("#")), "")
    return first.replace('"', "").startswith("component,")


_TABLE = re.compile(r'\s*\[\s*"([^"]*)"\s*\]\s*(#.*)?')
_BARE_TABLE = re.compile(r"\s*\[\s*([^\]\"]*)\s*\]\s*(#.*)?")
_KEY = re.compile(r'\s*"?([A-Za-z0-9_-]+)"?\s*=')


def _read_toml(text: str) -> CardFile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ImportRefused([_toml_error(str(exc))]) from None
    except RecursionError:
        raise ImportRefused([msg("the file nests too deeply to be card data")]) from None
    found = CardFile()
    _toml_lines(text, found)
    for key, value in data.items():
        if key == "game":
            found.game = value if isinstance(value, str) else None
            if not isinstance(value, str):
                found.problems.append(at(found.game_line, msg("game is a game id in quotes, such as \"children\"")))
        elif isinstance(value, dict):
            found.entries[key] = value
        else:
            found.problems.append(at(found.field_lines.get(("", key), 0), msg(
                "{key} is not a card: a card's data is a table such as [\"children:toy:toy-03\"]", key=key[:100])))
    return found


def _toml_error(message: str) -> Msg:
    """tomllib's "Invalid value (at line 7, column 9)" as "line 7: the file is not valid TOML:
    a value is not valid", in the table's language (newcomer19 10e: "riga 1: expected '='
    after a key… (il file non è un TOML valido)" mixed tomllib's English into an Italian
    line); a message of the reader the companion does not know is quoted as the reader's."""
    match = re.search(r"\(at line (\d+), column \d+\)", message)
    text = re.sub(r"\s*\(at line \d+, column \d+\)", "", message) or "not TOML"
    known = _TOML_WORDS.get(text)
    if known is not None:
        words = msg("the file is not valid TOML: {problem}", problem=known)
    else:
        words = msg("the file is not valid TOML (the TOML reader says, in English: «{problem}»)",
                    problem=text[0].lower() + text[1:])
    return at(int(match.group(1)), words) if match else words


#: tomllib's messages (Python 3.11 to 3.13) in words the table's language has.
_TOML_WORDS = {
    "Expected '=' after a key in a key/value pair": msg("a key is not followed by '='"),
    "Invalid value": msg("a value is not valid (text goes in quotes)"),
    "Invalid statement": msg("a line is neither a key = value nor a [table]"),
    "Invalid initial character for a key part": msg("a key starts with a character a key cannot have"),
    "Expected ']' at the end of a table declaration": msg("a [table] is not closed with ']'"),
    "Expected ']]' at the end of an array declaration": msg("a [[table]] is not closed with ']]'"),
    "Cannot overwrite a value": msg("a key is given twice"),
    "Unclosed array": msg("a list is not closed with ']'"),
    "Unclosed inline table": msg("an inline table is not closed"),
    "Unterminated string": msg("a text in quotes is not closed"),
    "Invalid date or datetime": msg("a date is not valid"),
    "Invalid hex value": msg("a hexadecimal number is not valid"),
    "Escaped character is not a Unicode scalar value": msg("an escaped character is not valid"),
}


def _toml_lines(text: str, found: CardFile) -> None:
    """Where each table and key is (tomllib does not say)."""
    table = ""
    for number, line in enumerate(text.splitlines(), 1):
        match = _TABLE.fullmatch(line) or _BARE_TABLE.fullmatch(line)
        if match:
            table = match.group(1).strip()
            found.card_lines.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key:
            if not table and key.group(1) == "game":
                found.game_line = number
            found.field_lines.setdefault((table, key.group(1)), number)


def _read_csv(text: str) -> CardFile:
    rows = csv.reader(io.StringIO(text))
    found = CardFile()
    header: list[str] | None = None
    try:
        for row in rows:
            if not row or (len(row) == 1 and not row[0].strip()) or row[0].startswith("#"):
                continue
            if header is None:
                header = [cell.strip() for cell in row]
                found.card_lines[""] = rows.line_num
                continue
            _csv_row(found, header, row, rows.line_num)
    except csv.Error as exc:
        problem = msg("{problem} (the file is not valid CSV)", problem=str(exc))
        raise ImportRefused([at(rows.line_num, problem)]) from None
    if header is None or header[:1] != ["component"]:
        raise ImportRefused([at(1, msg("a card data CSV starts with a line naming its columns: component, then the "
                                       "fields (companion content export GAME --format csv writes one)"))])
    found.game = _csv_game(found)
    found.problems[:0] = [at(found.card_lines[""], p) for p in _csv_columns(found.game, header)]
    return found


def _csv_row(found: CardFile, header: list[str], row: list[str], line: int) -> None:
    component = row[0].strip()
    if len(row) > len(header):
        found.problems.append(at(line, msg("{cells} cells, but the first line names {columns} columns", cells=len(row),
                                           columns=len(header))))
        return
    if component in found.entries:
        found.problems.append(at(line, msg("{component} is given twice (also on line {first})",
                                           component=component[:100], first=found.card_lines[component])))
        return
    found.card_lines[component] = line
    found.entries[component] = {}
    for name, cell in zip(header[1:], row[1:], strict=False):
        if cell.strip():
            found.entries[component][name] = cell.strip()
            found.field_lines[(component, name)] = line


def _csv_game(found: CardFile) -> str | None:
    """The game of the first card (a card of another game is named as one)."""
    return next((c.split(":", 1)[0] for c in found.entries if ":" in c), None)


def _csv_columns(game: str | None, header: list[str]) -> list[Msg]:
    """The header's problems: a column missing, unknown or given twice."""
    try:
        spec = get_game(game) if game else None
    except UnknownGame:
        return []
    if spec is None or spec.content is None:
        return []
    expected = game_fields(spec)
    problems = [msg("the column {name} is missing (a CSV of {game}'s card data has the columns component, "
                    "{columns})", name=echoed(name, 100), game=spec.title, columns=", ".join(expected))
                for name in expected if name not in header]
    problems += [msg("no field is called {name} on {game}'s cards", name=echoed(name, 100), game=spec.title)
                 for name in header[1:] if name not in expected]
    problems += [msg("the column {name} is there twice", name=echoed(name, 100))
                 for name in dict.fromkeys(header) if header.count(name) > 1]
    return problems


# ---------------------------------------------------------------------- checking

def check_import(found: CardFile, entered: Mapping[str, Mapping[str, Any]],
                 expect: str | None = None) -> tuple[Game, dict[str, dict[str, Any]]]:
    """The file's cards, checked: ``(game, {component: entry as stored})``.

    Each card of the file replaces the table's entry for that card; the table's other
    entries stay. The whole table (``entered`` with the file's cards over it) must keep the
    game's rules: an import never leaves a table that cannot start a game.

    Args:
        found: :func:`read`'s answer.
        entered: the table's entries for the file's game now.
        expect: the game the file must be for (the desk's page of that game), or None.

    Raises:
        ImportRefused: every problem, each with its line.
    """
    spec = _game_of(found, expect)
    problems = list(found.problems)
    checked: dict[str, dict[str, Any]] = {}
    for component, entry in found.entries.items():
        line = found.line_of(component)
        problem = _card_problem(spec, component)
        if problem:
            problems.append(at(line, problem))
            continue
        values = _typed(spec, component, entry, found, problems)
        if not values:
            if not problems:
                problems.append(at(line, msg("{component} has no field filled in", component=component)))
            continue
        checked[component] = values
    if not found.entries and not problems:  # an export made before any card was entered: a no-op
        return spec, {}
    if not problems:
        try:
            check_table(spec.content, spec.components, {**entered, **checked}, lambda c: copies(spec, c))
        except ContentError as exc:
            problems.append(msg("with this file, {game}'s cards would break a rule of the game: {problem}",
                                game=spec.title, problem=said(exc)))
    if problems:
        raise ImportRefused(problems)
    return spec, checked


def _game_of(found: CardFile, expect: str | None) -> Game:
    game = found.game or (expect if not found.entries else None)  # a CSV of no card names no game
    if game is None:
        raise ImportRefused([at(found.game_line or 1, msg(
            "the file does not say which game it is for (game = \"children\" in TOML; component ids such as "
            "children:toy:toy-03 in CSV)"))])
    try:
        spec = get_game(game)
    except UnknownGame:
        raise ImportRefused([at(found.game_line or 1, msg("no game is called {game}", game=echoed(game, 100)))]) \
            from None
    if expect is not None and game != expect:
        raise ImportRefused([msg("this file holds card data of {game}, not of {expected}", game=spec.title,
                                 expected=get_game(expect).title)])
    if spec.content is None:
        raise ImportRefused([msg("{game} has no printed card data to enter", game=spec.title)])
    return spec


def _card_problem(spec: Game, component: str) -> Msg | None:
    from companion.engine import known_piece

    if component.split(":", 1)[0] != spec.id:
        return msg("{component} is not a card of {game}", component=component[:150], game=spec.title)
    base = component.partition("#")[0]
    if not known_piece(component) or not spec.content.fields(base):
        return msg("{game} has no card {component} with printed data to enter", game=spec.title,
                   component=component[:150])
    if spec.content.per_copy(base) and component == base and copies(spec, base) > 1:
        return msg("the copies of {card} differ: say which one ({card}#1 to {card}#{n})", card=base,
                   n=copies(spec, base))
    return None


def _typed(spec: Game, component: str, entry: Any, found: CardFile, problems: list[Msg]) -> dict[str, Any]:
    """The entry's values checked field by field (CSV cells typed first); problems added."""
    fields = {f.name: f for f in spec.content.fields(component.partition("#")[0])}
    values: dict[str, Any] = {}
    for name, raw in entry.items():
        line = found.line_of(component, name) or found.line_of(component)
        if name not in fields:
            problems.append(at(line, msg("{component} has no field {name} (its fields: {fields})", component=component,
                                         name=echoed(name, 100), fields=", ".join(fields))))
            continue
        try:
            value = _from_cell(fields[name], raw) if isinstance(raw, str) and fields[name].kind != "text" else raw
            values.update(check_entry(spec.content, component, {name: value}))
        except ContentError as exc:
            problems.append(at(line, msg("{component}: {problem}", component=component, problem=said(exc))))
    return values


def _from_cell(field: ContentField, cell: str) -> Any:
    """A CSV cell (or a TOML string) as the field's kind: a number, a flag list, true/false."""
    if field.kind == "int":
        if not re.fullmatch(r"-?[0-9]+", cell):
            raise ContentError(msg("{field} is a whole number from {low} to {high}, not {value}", field=field.name,
                                   low=field.low, high=field.high, value=echoed(cell, 100)))
        return int(cell)
    if field.kind == "flags":
        return [] if cell == NO_FLAGS else [v.strip() for v in re.split(r"[,\s]+", cell) if v.strip()]
    if field.values and all(isinstance(v, bool) for v in field.values):
        return {"true": True, "false": False}.get(cell.lower(), cell)
    if field.values and all(isinstance(v, int) for v in field.values) and re.fullmatch(r"-?[0-9]+", cell):
        return int(cell)
    return cell
