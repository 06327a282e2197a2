"""NDEF on an NFC Forum Type 2 tag (NTAG, MIFARE Ultralight): capability container, TLVs, records.

The walker never raises on tag content: a missing, truncated or malformed NDEF message comes
back as an :class:`NdefResult` with a ``status`` other than ``"decoded"`` and a readable
``reason``. Offsets in reasons are byte offsets into the data area, which starts at page 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # ndeflib is imported at the first message decoded: the daemon starts without it
    import ndef

PAGE_SIZE = 4  # bytes per Type 2 tag page
DATA_START_PAGE = 4  # the data area follows the capability container on page 3
CC_MAGIC = 0xE1
TLV_NULL, TLV_LOCK, TLV_MEMORY, TLV_NDEF, TLV_PROPRIETARY, TLV_TERMINATOR = 0x00, 0x01, 0x02, 0x03, 0xFD, 0xFE
KNOWN_TLVS = {TLV_LOCK, TLV_MEMORY, TLV_PROPRIETARY}

DECODED, EMPTY, ABSENT, REFUSED, NOT_DECODED = "decoded", "empty", "absent", "refused", "not decoded"


@dataclass(frozen=True)
class NdefRecordInfo:
    """One decoded NDEF record, readable.

    Attributes:
        kind: ``"text"``, ``"uri"``, ``"wifi"``, ``"empty"`` (TNF 0, no type or payload) or ``"other"``.
        type: the record type as ndeflib names it (``"urn:nfc:wkt:T"``, ``"application/..."``).
        value: a readable value: the text, the URI, or the payload as UTF-8 or hex.
        language: the language code of a text record, else None.
        name: the record id (often empty).
    """

    kind: str
    type: str
    value: str
    language: str | None = None
    name: str = ""


@dataclass(frozen=True)
class NdefResult:
    """What the NDEF area of a dump holds.

    Attributes:
        status: ``"decoded"`` (one or more records), ``"empty"`` (an NDEF TLV of length 0),
            ``"absent"`` (no NDEF on this tag), ``"refused"`` (NDEF is there but truncated or
            malformed) or ``"not decoded"`` (this tag type is not walked).
        reason: why, for every status but ``"decoded"``; empty otherwise.
        records: the records, in order.
        message: the raw NDEF message bytes (empty when none was found).
        notes: things worth knowing that did not stop decoding (skipped TLVs).
    """

    status: str
    reason: str = ""
    records: tuple[NdefRecordInfo, ...] = ()
    message: bytes = b""
    notes: tuple[str, ...] = ()


def read_type2(pages: Sequence[bytes | None]) -> NdefResult:
    """Check the capability container on page 3, walk the TLVs from page 4, decode the NDEF message.

    Args:
        pages: 4-byte pages from page 0; None for a page that is missing or partly unknown.

    Returns:
        The result; never raises on bad tag content.
    """
    if len(pages) <= 3 or pages[3] is None:
        return NdefResult(ABSENT, "page 3 (capability container) is not in the dump")
    cc = pages[3]
    if cc[0] != CC_MAGIC:
        return NdefResult(ABSENT, f"page 3 is not an NDEF capability container (magic 0x{cc[0]:02X}, expected 0xE1)")
    if cc[1] >> 4 != 1:
        version = f"{cc[1] >> 4}.{cc[1] & 0xF}"
        return NdefResult(REFUSED, f"capability container mapping version {version} is not supported (need 1.x)")
    size = cc[2] * 8
    if size == 0:
        return NdefResult(REFUSED, "capability container declares a data area of 0 bytes")
    area, notes = _data_area(pages, size)
    access = _access_note(cc[3])
    return _walk(area, ([access] if access else []) + notes)


#: The capability container's access byte (NFC Forum Type 2 Tag spec 6.1: read access in the
#: high nibble, write access in the low one): 0x00 read and write, 0x0F read only.
CC_ACCESS = {0x00: None, 0x0F: "the capability container says read-only (access byte 0x0F)"}


def _access_note(access: int) -> str | None:
    """A note for a read-only or nonstandard CC access byte, None for plain read/write."""
    if access in CC_ACCESS:
        return CC_ACCESS[access]
    return (f"nonstandard capability container access byte 0x{access:02X} (0x00 = read and write, "
            f"0x0F = read only): readers may refuse to read or write it")


def _data_area(pages: Sequence[bytes | None], size: int) -> tuple[bytes, list[str]]:
    """The known bytes of the data area (pages 4.. up to ``size`` bytes) and notes on what is cut."""
    notes: list[str] = []
    area = bytearray()
    for number in range(DATA_START_PAGE, len(pages)):
        if len(area) >= size:
            break
        page = pages[number]
        if page is None:
            notes.append(f"data area stops at page {number}: the page is missing or unknown")
            break
        area += page
    if len(area) < size and not notes:
        notes.append(f"capability container declares {size} data bytes but the dump holds {len(area)}")
    return bytes(area[:size]), notes


def _walk(area: bytes, notes: list[str]) -> NdefResult:
    """Walk TLVs in ``area``; stop at the first NDEF TLV or a terminator."""
    pos = 0
    while pos < len(area):
        tag = area[pos]
        if tag == TLV_NULL:
            pos += 1
            continue
        if tag == TLV_TERMINATOR:
            return NdefResult(ABSENT, f"terminator TLV at byte {pos} before any NDEF message TLV", notes=tuple(notes))
        length, start = tlv_length(area, pos)
        if length is None:
            return NdefResult(REFUSED, f"TLV 0x{tag:02X} at byte {pos} (page {_page(pos)}) is cut before its length",
                              notes=tuple(notes))
        if start + length > len(area):
            return NdefResult(REFUSED, f"TLV 0x{tag:02X} at byte {pos} (page {_page(pos)}) declares {length} bytes "
                              f"but only {len(area) - start} remain in the data area", notes=tuple(notes))
        if tag == TLV_NDEF:
            return _decode(area[start:start + length], notes)
        if tag not in KNOWN_TLVS:
            notes.append(f"skipped reserved TLV type 0x{tag:02X} at byte {pos} ({length} bytes)")
        pos = start + length
    return NdefResult(ABSENT, "no NDEF message TLV in the data area", notes=tuple(notes))


def tlv_length(area: bytes, pos: int) -> tuple[int | None, int]:
    """(length, value offset) of the TLV at ``pos``: 1-byte length, or 0xFF then 2 bytes big-endian."""
    if pos + 1 >= len(area):
        return None, pos
    if area[pos + 1] != 0xFF:
        return area[pos + 1], pos + 2
    if pos + 3 >= len(area):
        return None, pos
    return int.from_bytes(area[pos + 2:pos + 4], "big"), pos + 4


def _page(offset: int) -> int:
    return DATA_START_PAGE + offset // PAGE_SIZE


def _decode(message: bytes, notes: list[str]) -> NdefResult:
    """Decode an NDEF message with ndeflib; a malformed message becomes a refusal."""
    import ndef

    if not message:
        return NdefResult(EMPTY, "the NDEF message TLV has length 0 (a blank tag)", notes=tuple(notes))
    try:
        records = tuple(describe(record) for record in ndef.message_decoder(message, errors="strict"))
    except (ndef.DecodeError, ValueError, TypeError, IndexError) as exc:  # ndeflib raises more than DecodeError
        return NdefResult(REFUSED, f"malformed NDEF message: {exc}", message=message, notes=tuple(notes))
    return NdefResult(DECODED, records=records, message=message, notes=tuple(notes))


def describe(record: ndef.Record) -> NdefRecordInfo:
    """A readable summary of one ndeflib record."""
    import ndef

    if record.type == "" and not record.data:  # TNF 0: the empty record of a formatted blank tag
        return NdefRecordInfo("empty", "", "", None, record.name)
    if isinstance(record, ndef.TextRecord):
        return NdefRecordInfo("text", record.type, record.text, record.language, record.name)
    if isinstance(record, ndef.UriRecord):
        return NdefRecordInfo("uri", record.type, record.iri, None, record.name)
    if isinstance(record, ndef.WifiSimpleConfigRecord):
        return NdefRecordInfo("wifi", record.type, _wifi(record), None, record.name)
    return NdefRecordInfo("other", record.type, _readable(record.data), None, record.name)


def _wifi(record: ndef.WifiSimpleConfigRecord) -> str:
    """``SSID <name>`` per credential; the network key is never shown."""
    import ndef

    names = []
    try:
        for index in range(16):
            credential = record.get_attribute("credential", index)
            if credential is None:
                break
            ssid = credential.get_attribute("ssid")
            names.append("SSID " + (_readable(bytes(ssid.value)) if ssid is not None else "(none)"))
    except IndexError:
        pass
    except (ndef.DecodeError, ValueError, TypeError):
        return "Wi-Fi configuration (credential not decodable)"
    return "; ".join(names) or "Wi-Fi configuration without credentials"


def _readable(data: bytes | bytearray) -> str:
    """UTF-8 text when the payload is printable text, else spaced upper-case hex."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None and text.isprintable():
        return text
    return data.hex(" ").upper()
