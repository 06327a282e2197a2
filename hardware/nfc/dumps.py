"""Tag dumps read from files: the fakes at the lowest boundary (issue 3).

Formats: Flipper Zero ``.nfc`` (file versions 2, 3 and 4), Proxmark3 MIFARE Ultralight dumps
(``.json`` with ``"FileType": "mfu"``, legacy ``.eml``), and raw images (``.bin``/``.mfd``/``.dump``:
MIFARE Classic in 16-byte blocks, Ultralight/NTAG in 4-byte pages). Anything else is refused
with a :class:`DumpError` that names the file, the line (text formats) and what is wrong.

Memory is a tuple of units (4-byte pages or 16-byte blocks), each ``bytes`` when fully known
or None when missing or partly unknown (``??``); partly known units keep their known bytes in
:attr:`TagDump.partial`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from hardware.errors import HardwareError
from hardware.nfc import ndef_tlv as ndef_area

ULTRALIGHT, CLASSIC, UID_ONLY = "ultralight", "classic", "uid"
UNIT_SIZE = {ULTRALIGHT: 4, CLASSIC: 16, UID_ONLY: 0}
CLASSIC_BLOCKS = {"MINI": 20, "1K": 64, "4K": 256}
# raw image size in bytes -> tag type (Ultralight sizes are pages x 4)
RAW_SIZES = {
    64: (ULTRALIGHT, "Mifare Ultralight"), 80: (ULTRALIGHT, "Mifare Ultralight 11"),
    164: (ULTRALIGHT, "Mifare Ultralight 21"), 168: (ULTRALIGHT, "NTAG203"),
    180: (ULTRALIGHT, "NTAG213"), 192: (ULTRALIGHT, "Mifare Ultralight C"),
    540: (ULTRALIGHT, "NTAG215"), 924: (ULTRALIGHT, "NTAG216"),
    320: (CLASSIC, "Mifare Classic Mini"), 1024: (CLASSIC, "Mifare Classic 1K"),
    4096: (CLASSIC, "Mifare Classic 4K"),
}
# GET_VERSION (product type, storage size) -> tag type
VERSION_TYPES = {
    (0x04, 0x0F): "NTAG213", (0x04, 0x11): "NTAG215", (0x04, 0x13): "NTAG216",
    (0x03, 0x0B): "Mifare Ultralight 11", (0x03, 0x0E): "Mifare Ultralight 21",
}
PM3_MFU_HEADER = 56  # GET_VERSION 8, TBO 3, max page 1, signature 32, 3 x (counter 3 + tearing 1)


#: Largest file read as a dump, in bytes (a MIFARE Classic 4K image with text is far smaller).
MAX_DUMP_BYTES = 1 << 20


class DumpError(HardwareError, ValueError):
    """A dump file cannot be used; the message names the file, the line when known, and the fault."""


@dataclass(frozen=True)
class UidCheck:
    """The UID in the file header against the UID in the first pages/blocks.

    Attributes:
        header: the UID the header states, or None (raw images, no header).
        memory: the UID read from page 0-1 / block 0, or None when those bytes are unknown.
        bcc_ok: whether the BCC bytes in memory are right; None when there is no BCC to check.
        agree: whether header and memory UIDs are equal; None when one is missing.
        trusted: ``"pages"`` (memory with right BCCs) or ``"header"``.
    """

    header: bytes | None
    memory: bytes | None
    bcc_ok: bool | None
    agree: bool | None
    trusted: str

    @property
    def uid(self) -> bytes:
        """The trusted UID (:func:`check_uid` makes a check only when the one it trusts is there)."""
        uid = self.memory if self.trusted == "pages" else self.header
        if uid is None:
            raise DumpError(f"no {self.trusted} UID to trust")
        return uid


@dataclass(frozen=True)
class TagDump:
    """One tag as a dump file describes it.

    Attributes:
        tag_type: ``"NTAG215"``, ``"Mifare Ultralight"``, ``"Mifare Classic 1K"``, ``"UID"``...
        family: ``"ultralight"`` (4-byte pages), ``"classic"`` (16-byte blocks) or ``"uid"`` (no memory).
        uid: the trusted UID (4 or 7 bytes), see ``uid_check``.
        atqa: ATQA, most significant byte first (``00 44`` for NTAG), or None if the file has none.
        sak: SAK, or None if the file has none.
        pages: the memory units from 0: bytes when known, None when missing or partly unknown.
        source: the file read.
        format: ``"flipper v4"``, ``"pm3 json"``, ``"pm3 eml"``, ``"raw"``.
        uid_check: header against memory UID.
        ndef: the NDEF content (see :mod:`hardware.nfc.ndef_tlv`).
        partial: (unit number, bytes with None for ``??``) for units partly known.
        notes: warnings that did not stop parsing.
    """

    tag_type: str
    family: str
    uid: bytes
    atqa: bytes | None
    sak: int | None
    pages: tuple[bytes | None, ...]
    source: Path
    format: str
    uid_check: UidCheck
    ndef: ndef_area.NdefResult
    partial: tuple[tuple[int, tuple[int | None, ...]], ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def unit_size(self) -> int:
        """Bytes per unit of :attr:`pages`: 4 (pages), 16 (blocks) or 0 (no memory)."""
        return UNIT_SIZE[self.family]


@dataclass
class _Raw:
    """What a format parser found, before the UID check and NDEF walk."""

    tag_type: str
    family: str
    format: str
    header_uid: bytes | None = None
    atqa: bytes | None = None
    sak: int | None = None
    units: list[list[int | None] | None] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def load_dump(path: str | Path) -> TagDump:
    """Read and check one dump file; the format is chosen by extension (or a Flipper header).

    Raises:
        DumpError: the file cannot be read, its format is unknown, or its content is malformed.
    """
    path = Path(path)
    try:
        if not path.exists():
            raise DumpError(f"{path}: no such file")
        if not path.is_file():
            raise DumpError(f"{path}: cannot read: not a regular file")
        with path.open("rb") as file:
            data = file.read(MAX_DUMP_BYTES + 1)
        if len(data) > MAX_DUMP_BYTES:
            raise DumpError(f"{path}: larger than {MAX_DUMP_BYTES} bytes: not a tag dump")
    except OSError as exc:
        raise DumpError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    suffix = path.suffix.lower()
    if suffix in (".bin", ".mfd", ".dump"):
        raw = parse_raw(path, data)
    else:
        text = _text(path, data)
        if suffix == ".nfc" or text.startswith("Filetype: Flipper NFC device"):
            raw = parse_flipper(path, text)
        elif suffix == ".json":
            raw = parse_pm3_json(path, text)
        elif suffix == ".eml":
            raw = parse_eml(path, text)
        else:
            raise DumpError(f"{path}: unknown dump format {suffix or '(no extension)'!r}: "
                            "expected .nfc, .json, .eml, .bin, .mfd or .dump")
    return finish(path, raw)


def _text(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise DumpError(f"{path}, line {line}: not UTF-8 text (byte 0x{data[exc.start]:02X})") from exc


def _hex_bytes(where: str, text: str, count: int | None, unknown: bool = False) -> list[int | None]:
    """Space-separated hex bytes (any case); ``??`` is None when ``unknown`` is allowed.

    Raises:
        DumpError: a token is not a hex byte, or there are not ``count`` of them.
    """
    tokens = text.split()
    if count is not None and len(tokens) != count:
        raise DumpError(f"{where}: expected {count} bytes, found {len(tokens)}")
    values: list[int | None] = []
    for token in tokens:
        if unknown and token == "??":
            values.append(None)
        elif re.fullmatch(r"[0-9A-Fa-f]{2}", token):
            values.append(int(token, 16))
        else:
            raise DumpError(f"{where}: {token!r} is not a hex byte" + (" or ??" if unknown else ""))
    return values


def _known(values: list[int | None]) -> bytes:
    """Bytes from values parsed without ``??`` (so none is None)."""
    known = _all_known(values)
    if known is None:
        raise DumpError("?? where every byte must be known")
    return bytes(known)


# -- Flipper Zero .nfc -------------------------------------------------------------------------

FLIPPER_VERSIONS = (2, 3, 4)
_UNIT_LINE = re.compile(r"(Page|Block) (\d+)")


def parse_flipper(path: Path, text: str) -> _Raw:
    """Parse a Flipper ``.nfc`` file (versions 2-4). Version 2 stores ATQA least significant byte first.

    Raises:
        DumpError: a missing or bad header field, a malformed line, an unsupported device type.
    """
    fields: dict[str, tuple[int, str]] = {}
    units: dict[int, tuple[int, list[int | None]]] = {}
    unit_kind = None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise DumpError(f"{path}, line {number}: expected 'Key: value', got {line[:40]!r}")
        key, value = key.strip(), value.strip()
        match = _UNIT_LINE.fullmatch(key)
        if match:
            unit_kind = unit_kind or match[1]
            if match[1] != unit_kind:
                raise DumpError(f"{path}, line {number}: {match[1]} line in a dump of {unit_kind}s")
            index = int(match[2])
            if index in units:
                raise DumpError(f"{path}, line {number}: {key} appears twice (first on line {units[index][0]})")
            size = 4 if unit_kind == "Page" else 16
            units[index] = (number, _hex_bytes(f"{path}, line {number}", value, size, unknown=True))
        elif key in fields:
            raise DumpError(f"{path}, line {number}: {key!r} appears twice (first on line {fields[key][0]})")
        else:
            fields[key] = (number, value)
    return _flipper_raw(path, fields, units, unit_kind)


def _field(path: Path, fields: dict[str, tuple[int, str]], key: str) -> tuple[str, str]:
    """(where, value) of a required field."""
    if key not in fields:
        raise DumpError(f"{path}: missing the {key!r} line")
    number, value = fields[key]
    return f"{path}, line {number}", value


def _flipper_raw(path: Path, fields: dict, units: dict, unit_kind: str | None) -> _Raw:
    """Check the header fields and build the result; ATQA is stored most significant byte first."""
    where, filetype = _field(path, fields, "Filetype")
    if filetype != "Flipper NFC device":
        raise DumpError(f"{where}: Filetype is {filetype!r}, expected 'Flipper NFC device'")
    where, version = _field(path, fields, "Version")
    if not version.isdigit() or int(version) not in FLIPPER_VERSIONS:
        raise DumpError(f"{where}: file version {version!r} is not supported (supported: 2, 3, 4)")
    raw = _flipper_type(path, fields)
    raw.format = f"flipper v{version}"
    where, uid = _field(path, fields, "UID")
    raw.header_uid = _known(_hex_bytes(where, uid, None))
    if len(raw.header_uid) not in (4, 7, 10):
        raise DumpError(f"{where}: a UID is 4, 7 or 10 bytes, found {len(raw.header_uid)}")
    if "ATQA" in fields:
        where, atqa = _field(path, fields, "ATQA")
        raw.atqa = _known(_hex_bytes(where, atqa, 2))
        raw.atqa = raw.atqa[::-1] if version == "2" else raw.atqa
        if raw.atqa[1] & 0x1F == 0 and raw.atqa[0] & 0x1F:  # the anticollision bits live in the low byte
            raw.notes.append(f"ATQA {atqa} looks byte-swapped for a version {version} file")
    if "SAK" in fields:
        where, sak = _field(path, fields, "SAK")
        raw.sak = _hex_bytes(where, sak, 1)[0]
    raw.units = _flipper_units(path, fields, units, unit_kind, raw)
    return raw


def _flipper_type(path: Path, fields: dict) -> _Raw:
    """Map 'Device type' (and the v4 sub-type lines) to a tag type and family."""
    where, device = _field(path, fields, "Device type")
    if device in ("UID", "ISO14443-3A"):
        return _Raw("UID", UID_ONLY, "")
    if device == "NTAG/Ultralight":
        return _Raw(_field(path, fields, "NTAG/Ultralight type")[1], ULTRALIGHT, "")
    if device.startswith(("NTAG", "Mifare Ultralight")):
        return _Raw(device, ULTRALIGHT, "")
    if device == "Mifare Classic":
        where, size = _field(path, fields, "Mifare Classic type")
        if size.upper() not in CLASSIC_BLOCKS:
            raise DumpError(f"{where}: Mifare Classic type {size!r} is not one of 1K, 4K, MINI")
        return _Raw(f"Mifare Classic {size.upper() if size.upper() != 'MINI' else 'Mini'}", CLASSIC, "")
    raise DumpError(f"{where}: device type {device!r} is not supported "
                    "(supported: UID/ISO14443-3A, NTAG/Ultralight, Mifare Classic)")


def _flipper_units(path: Path, fields: dict, units: dict, unit_kind: str | None, raw: _Raw) -> list:
    """Memory units in order, None where a unit is absent; checks the line kind and count."""
    if raw.family == UID_ONLY:
        if units:
            raise DumpError(f"{path}, line {min(n for n, _ in units.values())}: memory lines in a UID-only dump")
        return []
    expected = "Page" if raw.family == ULTRALIGHT else "Block"
    if units and unit_kind != expected:
        raise DumpError(f"{path}, line {min(n for n, _ in units.values())}: {unit_kind} lines in a {raw.tag_type} dump")
    if raw.family == CLASSIC:
        total = CLASSIC_BLOCKS[raw.tag_type.split()[-1].upper()]
    elif "Pages total" in fields:
        where, value = _field(path, fields, "Pages total")
        if not value.isdigit():
            raise DumpError(f"{where}: 'Pages total' is {value!r}, not a number")
        total = int(value)
    else:
        total = max(units, default=-1) + 1
    beyond = [i for i in units if i >= total]
    if beyond:
        raise DumpError(f"{path}, line {units[beyond[0]][0]}: {expected} {beyond[0]} is beyond "
                        f"the {total} {expected.lower()}s of this {raw.tag_type}")
    read = _pages_read(path, fields, total)
    if read < total:
        raw.notes.append(f"only {read} of {total} pages were read; pages {read}-{total - 1} count as unknown")
        units = {i: unit for i, unit in units.items() if i < read}
    missing = total - len(units)
    if missing and read == total:
        raw.notes.append(f"{missing} of {total} {expected.lower()}s are not in the file")
    return [units[i][1] if i in units else None for i in range(total)]


def _pages_read(path: Path, fields: dict, total: int) -> int:
    """'Pages read' (Flipper stores unread pages as zeros), or ``total`` when absent."""
    if "Pages read" not in fields:
        return total
    where, value = _field(path, fields, "Pages read")
    if not value.isdigit() or int(value) > total:
        raise DumpError(f"{where}: 'Pages read' is {value!r}, not a number up to {total}")
    return int(value)


# -- Proxmark3 ---------------------------------------------------------------------------------

def parse_pm3_json(path: Path, text: str) -> _Raw:
    """Parse a Proxmark3 JSON dump of an Ultralight/NTAG (``"FileType": "mfu"``).

    Raises:
        DumpError: bad JSON, another FileType, or a missing or malformed key.
    """
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DumpError(f"{path}, line {exc.lineno}: not valid JSON: {exc.msg}") from exc
    except RecursionError as exc:  # "[[[[..." a hundred thousand deep
        raise DumpError(f"{path}: not a tag dump: JSON nested too deeply") from exc
    if not isinstance(doc, dict) or doc.get("FileType") != "mfu":
        kind = doc.get("FileType") if isinstance(doc, dict) else None
        raise DumpError(f"{path}: Proxmark3 JSON FileType {kind!r} is not supported (only 'mfu')")
    card, blocks = doc.get("Card"), doc.get("blocks")
    if not isinstance(card, dict) or not isinstance(blocks, dict):
        raise DumpError(f"{path}: a Proxmark3 'mfu' dump needs 'Card' and 'blocks' objects")
    raw = _Raw("NTAG/Ultralight", ULTRALIGHT, "pm3 json")
    raw.header_uid = _pm3_hex(path, "Card.UID", card.get("UID"), None)
    if isinstance(card.get("Version"), str):
        raw.tag_type = _type_from_version(_pm3_hex(path, "Card.Version", card["Version"], 8), raw.tag_type)
    pages: dict[int, list[int | None]] = {}
    for key, value in blocks.items():
        if not key.isdigit():
            raise DumpError(f"{path}: blocks key {key!r} is not a page number")
        pages[int(key)] = list(_pm3_hex(path, f"blocks.{key}", value, 4))
    raw.units = [pages.get(i) for i in range(max(pages, default=-1) + 1)]
    if None in raw.units:
        raw.notes.append(f"{raw.units.count(None)} pages are missing from 'blocks'")
    return raw


def _pm3_hex(path: Path, key: str, value, count: int | None) -> bytes:
    if not isinstance(value, str) or not re.fullmatch(r"(?:[0-9A-Fa-f]{2})+", value):
        raise DumpError(f"{path}: {key} is {value!r}, not a hex string")
    data = bytes.fromhex(value)
    if count is not None and len(data) != count:
        raise DumpError(f"{path}: {key} holds {len(data)} bytes, expected {count}")
    return data


def _type_from_version(version: bytes, default: str) -> str:
    """Tag type from GET_VERSION bytes (vendor, product type at 2, storage size at 6)."""
    return VERSION_TYPES.get((version[2], version[6]), default) if any(version) else default


def parse_eml(path: Path, text: str) -> _Raw:
    """Parse a Proxmark3 ``.eml``: one hex line per unit; 8 hex digits = Ultralight page
    (the legacy MFU layout starts with a 14-line, 56-byte header), 32 = Classic block.

    Raises:
        DumpError: a line that is not 8 or 32 hex digits, mixed line lengths, or an unknown size.
    """
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    width = len(lines[0][1]) if lines else 0
    for number, line in lines:
        if len(line) != width or width not in (8, 32) or not re.fullmatch(r"[0-9A-Fa-f]+", line):
            raise DumpError(f"{path}, line {number}: expected {width if width in (8, 32) else '8 or 32'} "
                            f"hex digits, got {line[:40]!r}")
    if not lines:
        raise DumpError(f"{path}: the file is empty")
    return _from_image(path, b"".join(bytes.fromhex(line) for _, line in lines), "pm3 eml",
                       CLASSIC if width == 32 else ULTRALIGHT)


def parse_raw(path: Path, data: bytes) -> _Raw:
    """Parse a raw binary image (``.bin``, ``.mfd``, ``.dump``) chosen by its size.

    Raises:
        DumpError: the size matches no known tag image.
    """
    return _from_image(path, data, "raw", None)


def _has_pm3_mfu_header(data: bytes) -> bool:
    """Whether ``data`` starts with a 56-byte Proxmark MFU header whose max page (byte 11) fits the rest."""
    body = len(data) - PM3_MFU_HEADER
    return body > 0 and body % 4 == 0 and body // 4 == data[11] + 1


def _from_image(path: Path, data: bytes, fmt: str, family: str | None) -> _Raw:
    """Split an image into units; a Proxmark MFU header (56 bytes) is recognised and used."""
    notes: list[str] = []
    if len(data) in RAW_SIZES and (family is None or RAW_SIZES[len(data)][0] == family):
        family, tag_type = RAW_SIZES[len(data)]
    elif family != CLASSIC and _has_pm3_mfu_header(data):
        header, data = data[:PM3_MFU_HEADER], data[PM3_MFU_HEADER:]
        family, tag_type = ULTRALIGHT, _type_from_version(header[:8], "NTAG/Ultralight")
        notes.append("Proxmark3 MFU header (56 bytes) read before page 0")
    else:
        sizes = ", ".join(str(size) for size in sorted(RAW_SIZES))
        raise DumpError(f"{path}: {len(data)} bytes matches no known tag image (known sizes: {sizes})")
    if tag_type == "Mifare Classic 4K" and not any(data[1024:]):
        tag_type, data = "Mifare Classic 1K", data[:1024]
        notes.append("4096-byte image whose bytes 1024-4095 are all zero: read as a 1K card in a 4K buffer")
    size = UNIT_SIZE[family]
    units: list[list[int | None] | None] = [list(data[i:i + size]) for i in range(0, len(data), size)]
    return _Raw(tag_type, family, fmt, units=units, notes=notes)


# -- UID check and result ----------------------------------------------------------------------

def _all_known(unit: list[int | None] | None) -> list[int] | None:
    """``unit``'s bytes when every one of them is known, else None."""
    if unit is None or None in unit:
        return None
    return [b for b in unit if b is not None]


def _memory_uid(raw: _Raw) -> tuple[bytes | None, bool | None]:
    """(UID from memory, BCCs right?) — None when the bytes are unknown or there is no memory."""
    units = raw.units
    if raw.family == ULTRALIGHT and len(units) >= 3:
        p0, p1, p2 = (_all_known(u) for u in units[:3])
        if p0 is None or p1 is None or p2 is None:
            return None, None
        uid = bytes(p0[:3] + p1)
        bcc0_ok = p0[3] == 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
        bcc1_ok = p2[0] == uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
        return uid, bcc0_ok and bcc1_ok
    if raw.family == CLASSIC and units and units[0] is not None:
        block = units[0]
        if raw.header_uid is not None and len(raw.header_uid) == 7:
            seven = _all_known(block[:7])
            return (None, None) if seven is None else (bytes(seven), None)
        five = _all_known(block[:5])
        if five is None:
            return None, None
        uid = bytes(five[:4])
        return uid, five[4] == uid[0] ^ uid[1] ^ uid[2] ^ uid[3]
    return None, None


def check_uid(raw: _Raw) -> UidCheck:
    """Compare header and memory UIDs; trust memory when its BCCs are right and it is not all zero."""
    memory, bcc_ok = _memory_uid(raw)
    header = raw.header_uid
    agree = None if memory is None or header is None else memory == header
    if header is None and memory is not None and not bcc_ok:
        raise DumpError("no header UID, and the UID check bytes (BCC) in the first pages/blocks"
                        " are wrong: this is not a tag image")
    trusted = "pages" if memory is not None and (bcc_ok or header is None) and any(memory) else "header"
    if header is None and trusted == "header":
        raise DumpError("no header UID and no usable UID in the first pages/blocks")
    return UidCheck(header, memory, bcc_ok, agree, trusted)


def finish(path: Path, raw: _Raw) -> TagDump:
    """Check the UID, walk NDEF, freeze."""
    try:
        check = check_uid(raw)
    except DumpError as exc:
        raise DumpError(f"{path}: {exc}") from None
    notes = list(raw.notes)
    if check.bcc_ok is False:
        notes.append("the BCC bytes in the first pages/blocks are wrong: the header UID is trusted"
                     if check.header is not None else "the BCC bytes in the first pages/blocks are wrong")
    if check.memory is not None and not any(check.memory):
        notes.append("the UID in the first pages/blocks is all zero: not trusted")
    if check.agree is False and check.header is not None and check.memory is not None:
        notes.append(f"header UID {check.header.hex(' ').upper()} differs from memory UID "
                     f"{check.memory.hex(' ').upper()}; trusted: {check.trusted}")
    pages = tuple(None if known is None else bytes(known) for known in map(_all_known, raw.units))
    partial = tuple((i, tuple(u)) for i, u in enumerate(raw.units) if u is not None and None in u and any(
        b is not None for b in u))
    if raw.family == ULTRALIGHT:
        ndef_result = ndef_area.read_type2(pages)
    elif raw.family == CLASSIC:
        ndef_result = ndef_area.NdefResult(ndef_area.NOT_DECODED, "MIFARE Classic NDEF (MAD) is not decoded")
    else:
        ndef_result = ndef_area.NdefResult(ndef_area.ABSENT, "the dump holds no memory, only the UID")
    return TagDump(raw.tag_type, raw.family, check.uid, raw.atqa, raw.sak, pages, path, raw.format, check,
                   ndef_result, partial, tuple(notes))
