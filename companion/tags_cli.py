"""``companion tags inspect FILE [--json]``: show what a tag dump holds (issue 3)."""

from __future__ import annotations

import json
import sys

from hardware.nfc.dumps import DumpError, TagDump, load_dump
from hardware.nfc.ndef_tlv import NdefRecordInfo


def inspect_command(path: str, as_json: bool) -> int:
    """Print a dump's tag type, UID check, ATQA/SAK and NDEF records.

    Returns:
        0 when the file was read; 2 (with "file, line: what is wrong" on stderr) when it cannot be used.
    """
    try:
        dump = load_dump(path)
    except DumpError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(dump_summary(dump), ensure_ascii=False))
    else:
        print("\n".join(_lines(dump)))
    return 0


def _hex(data: bytes | None) -> str | None:
    return None if data is None else data.hex(" ").upper()


def _record(record: NdefRecordInfo) -> dict:
    return {"kind": record.kind, "type": record.type, "value": record.value,
            "language": record.language, "id": record.name}


def dump_summary(dump: TagDump) -> dict:
    """A JSON-ready description of ``dump`` (hex strings are upper case, space separated)."""
    check = dump.uid_check
    known = sum(page is not None for page in dump.pages)
    return {
        "file": str(dump.source), "format": dump.format, "type": dump.tag_type, "family": dump.family,
        "uid": _hex(dump.uid),
        "uid_check": {"header": _hex(check.header), "memory": _hex(check.memory), "bcc_ok": check.bcc_ok,
                      "agree": check.agree, "trusted": check.trusted},
        "atqa": _hex(dump.atqa), "sak": None if dump.sak is None else f"{dump.sak:02X}",
        "memory": {"unit_size": dump.unit_size, "units": len(dump.pages), "known": known,
                   "partial": len(dump.partial)},
        "ndef": {"status": dump.ndef.status, "reason": dump.ndef.reason,
                 "records": [_record(r) for r in dump.ndef.records], "notes": list(dump.ndef.notes)},
        "notes": list(dump.notes),
    }


def _uid_line(dump: TagDump) -> str:
    check = dump.uid_check
    if check.agree is None:
        where = "header only" if check.memory is None else "pages only"
        return f"UID:    {_hex(dump.uid)} ({where}; trusted: {check.trusted})"
    verdict = "header and pages agree" if check.agree else f"header {_hex(check.header)} != pages {_hex(check.memory)}"
    return f"UID:    {_hex(dump.uid)} ({verdict}; trusted: {check.trusted})"


def _record_line(number: int, record: NdefRecordInfo) -> str:
    if record.kind == "empty":
        return f"  {number}. empty record (TNF 0)"
    if record.kind == "text":
        label = f"text [{_shown(record.language or '')}]"
    else:
        label = _shown(record.type) if record.kind == "other" else record.kind
    return f"  {number}. {label}: {_shown(record.value)}"


def _shown(text: str) -> str:
    """Tag content for a terminal: control characters escaped, so a record cannot clear the
    screen or fake a line of output (``--json`` keeps the exact text)."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def _lines(dump: TagDump) -> list[str]:
    unit = {4: "pages", 16: "blocks"}.get(dump.unit_size)
    lines = [f"file:   {dump.source} ({dump.format})", f"type:   {dump.tag_type}", _uid_line(dump),
             f"ATQA:   {_hex(dump.atqa) or '-'}   SAK: {'-' if dump.sak is None else f'{dump.sak:02X}'}"]
    if unit:
        known = sum(page is not None for page in dump.pages)
        lines.append(f"memory: {known} of {len(dump.pages)} {unit} known")
    if dump.ndef.records:
        lines.append(f"NDEF:   {len(dump.ndef.records)} record(s)")
        lines += [_record_line(i, r) for i, r in enumerate(dump.ndef.records, 1)]
    else:
        lines.append(f"NDEF:   {dump.ndef.status}: {dump.ndef.reason}")
    lines += [f"note:   {note}" for note in (*dump.ndef.notes, *dump.notes)]
    return lines
