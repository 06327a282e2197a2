"""Reading and programming the NDEF text record of an NTAG through a reader (issue 3).

A programmed card carries its component id (``creepy_cellar:ghost:room-H``) in an NDEF text
record, so any companion reads it without a registry entry. The layout is the NFC Forum
Type 2 Tag one (T2T spec 2.0 / NTAG21x datasheet 8.5): capability container on page 3
(``E1 10 <data area / 8> <access>``), data area from page 4 holding TLVs, the NDEF message
TLV (0x03) and a terminator TLV (0xFE). The NDEF message itself is built and decoded by
ndeflib.

Both functions work on any :class:`~hardware.nfc.base.Reader` whose ``reads_memory`` is
true, through its ``read_pages`` (four pages per READ) and ``write_page``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.errors import TagMemoryError
from hardware.nfc import ndef_tlv
from hardware.nfc.base import Reader

#: Most data-area bytes read looking for the NDEF message (a component id needs ~40; an
#: NTAG216's whole data area is 888).
MAX_READ_BYTES = 1024

#: Language code written into text records.
LANGUAGE = "en"


@dataclass(frozen=True)
class TagText:
    """What a tag's NDEF area says, for the table.

    Attributes:
        text: the first NDEF text record's text, or None.
        problem: why the NDEF message could not be used (refused, unreadable), or None.
            A tag without NDEF (or a blank one) has neither.
        unread: the tag's memory could not be read (no answer to the first READ, or it
            stopped answering half way): worth reading again while the card still rests.
    """

    text: str | None = None
    problem: str | None = None
    unread: bool = False


def read_text(reader: Reader) -> TagText:
    """Read the capability container and the data area until the NDEF TLV is complete.

    Reads four pages at a time from page 0 (the UID pages and the CC) and stops as soon as
    the NDEF message TLV, a terminator or the declared data-area size is reached, at most
    :data:`MAX_READ_BYTES` bytes: two or three READ commands for a component id.

    Returns:
        The first text record's text, or the reason the message is unusable; an empty
        :class:`TagText` for a tag that does not answer READ at all (MIFARE Classic) or has
        no NDEF. Never raises for bad tag content.

    Raises:
        TagMemoryUnsupported: the reader reads UIDs only.
        ReaderUnavailable: the reader stopped answering.
    """
    first = reader.read_pages(0)
    if first is None:  # not a Type 2 tag (a MIFARE Classic or DESFire does not answer READ), or a brief contact
        return TagText(unread=True)
    pages = [first[i:i + 4] for i in range(0, 16, 4)]
    cc = pages[3]
    if cc[0] != ndef_tlv.CC_MAGIC:
        return TagText()  # not NDEF-formatted (a MIFARE Classic answers differently anyway)
    size = min(cc[2] * 8, MAX_READ_BYTES)
    while not _complete(b"".join(pages[ndef_tlv.DATA_START_PAGE:]), size):
        block = reader.read_pages(len(pages))
        if block is None:
            return TagText(problem=f"the tag stopped answering at page {len(pages)} (moved away?)", unread=True)
        pages += [block[i:i + 4] for i in range(0, 16, 4)]
    result = ndef_tlv.read_type2(pages)
    if result.status == ndef_tlv.DECODED:
        texts = [r.value for r in result.records if r.kind == "text"]
        return TagText(text=texts[0] if texts else None)
    if result.status == ndef_tlv.REFUSED:
        return TagText(problem=result.reason)
    return TagText()


def _complete(area: bytes, size: int) -> bool:
    """True once ``area`` holds the whole NDEF TLV (or a terminator, or ``size`` bytes)."""
    if len(area) >= size:
        return True
    pos = 0
    while pos < len(area):
        tag = area[pos]
        if tag == ndef_tlv.TLV_NULL:
            pos += 1
            continue
        if tag == ndef_tlv.TLV_TERMINATOR:
            return True
        length, start = ndef_tlv.tlv_length(area, pos)
        if length is None:
            return False
        if tag == ndef_tlv.TLV_NDEF:
            return start + length <= len(area)
        pos = start + length
    return False


def encode_text(text: str) -> bytes:
    """The data-area bytes for one NDEF text record: NDEF TLV, the message, terminator TLV.

    Padded with zeros to whole pages.
    """
    import ndef  # only to write a tag: the daemon's virtual readers import this module at start

    # ndeflib has no annotations: pyright infers the generator's yield type from its code
    # (which also sends ints and None into it); given records, it yields bytes.
    message = b"".join(ndef.message_encoder([ndef.TextRecord(text, LANGUAGE)]))  # pyright: ignore[reportArgumentType]
    length = bytes((len(message),)) if len(message) < 0xFF else b"\xFF" + len(message).to_bytes(2, "big")
    area = bytes((ndef_tlv.TLV_NDEF,)) + length + message + bytes((ndef_tlv.TLV_TERMINATOR,))
    return area + bytes(-len(area) % ndef_tlv.PAGE_SIZE)


def write_text(reader: Reader, uid: bytes, text: str) -> int:
    """Program ``text`` as the tag's only NDEF record and verify it by reading it back.

    Args:
        reader: a reader with ``reads_memory``.
        uid: the UID of the tag to program; the tag in the field must still have it
            (checked against pages 0-1 before writing and after).
        text: the text, e.g. a component id.

    The NDEF TLV is first written empty and given its length last (the NFC Forum's
    NDEF write procedure), so a tag taken away half-way reads as blank.

    Returns:
        The number of data-area pages the message takes.

    Raises:
        TagMemoryError: no tag or another tag in the field, no NDEF capability container,
            a write-protected or too small tag, a page not acknowledged, or a read-back
            that differs (the message says which).
        TagMemoryUnsupported: the reader reads UIDs only.
        ReaderUnavailable: the reader stopped answering.
    """
    head = _read(reader, 0, "the tag did not answer (is it on the reader?)")
    _check_uid(head, uid)
    cc = head[12:16]
    if cc[0] != ndef_tlv.CC_MAGIC:
        raise TagMemoryError(f"page 3 is {cc.hex(' ').upper()}, not an NDEF capability container: "
                             f"use an NTAG213/215/216 (they come formatted)")
    if cc[3] & 0x0F:
        raise TagMemoryError(f"the capability container says the tag is write-protected (access byte {cc[3]:#04x})")
    area = encode_text(text)
    if len(area) > cc[2] * 8:
        raise TagMemoryError(f"{len(area)} bytes do not fit in the tag's {cc[2] * 8}-byte data area")
    pages = [area[i:i + 4] for i in range(0, len(area), 4)]
    # NFC Forum T2T NDEF write: first an empty NDEF TLV, then the message, and the real
    # length last, so a tag lifted half-way reads as blank, never as another component.
    order = [(0, bytes((ndef_tlv.TLV_NDEF, 0, ndef_tlv.TLV_TERMINATOR, 0)))]
    order += [(offset, data) for offset, data in enumerate(pages) if offset > 0]
    order += [(0, pages[0])]
    for step, (offset, data) in enumerate(order):
        page = ndef_tlv.DATA_START_PAGE + offset
        if not reader.write_page(page, data):
            state = "left unchanged" if step == 0 else "now blank"
            raise TagMemoryError(f"the tag did not acknowledge the write of page {page} (moved away, or "
                                 f"locked?); it is {state}: put it back and write it again")
    for first in range(0, len(pages), 4):
        page = ndef_tlv.DATA_START_PAGE + first
        back = _read(reader, page, f"the tag did not answer the read-back of page {page}")
        expected = b"".join(pages[first:first + 4])
        if back[:len(expected)] != expected:
            raise TagMemoryError(f"read-back of pages {page}-{page + 3} differs from what was written")
    _check_uid(_read(reader, 0, "the tag did not answer the final check"), uid)
    return len(pages)


def _read(reader: Reader, page: int, problem: str) -> bytes:
    block = reader.read_pages(page)
    if block is None:
        raise TagMemoryError(problem)
    return block


def _check_uid(head: bytes, uid: bytes) -> None:
    """Pages 0-1 of a 7-byte-UID NTAG hold ``uid0 uid1 uid2 BCC0 uid3 uid4 uid5 uid6``."""
    if len(uid) != 7:
        raise TagMemoryError(f"tag {uid.hex().upper()} has a {len(uid)}-byte UID: only NTAGs (7 bytes) are programmed")
    if head[0:3] + head[4:8] != uid:
        raise TagMemoryError(f"another tag is on the reader now ({(head[0:3] + head[4:8]).hex().upper()}, "
                             f"expected {uid.hex().upper()})")


def ntag215_image(uid: bytes, text: str | None = None) -> bytes:
    """The 135 pages (540 bytes) of an NTAG215 as it leaves the factory, or programmed.

    Pages 0-2 hold the 7-byte UID with its check bytes (BCC0 = 0x88 ^ uid0 ^ uid1 ^ uid2,
    BCC1 = uid3 ^ uid4 ^ uid5 ^ uid6), page 3 the capability container ``E1 10 3E 00``
    (496-byte data area, read/write), page 4 an empty NDEF TLV and a terminator (a blank
    tag), or the text record of ``text``. For fakes, simulators and tests.

    Raises:
        ValueError: ``uid`` is not 7 bytes.
    """
    if len(uid) != 7:
        raise ValueError("an NTAG has a 7-byte UID")
    image = bytearray(135 * 4)
    image[0:9] = bytes((*uid[:3], 0x88 ^ uid[0] ^ uid[1] ^ uid[2], *uid[3:], uid[3] ^ uid[4] ^ uid[5] ^ uid[6]))
    image[12:16] = bytes.fromhex("E1103E00")
    area = encode_text(text) if text is not None else bytes((ndef_tlv.TLV_NDEF, 0, ndef_tlv.TLV_TERMINATOR, 0))
    image[16:16 + len(area)] = area
    return bytes(image)


@dataclass(frozen=True)
class Programmed:
    """A tag programmed by :func:`program`.

    Attributes:
        uid: the tag's UID.
        pages: pages written.
        previous: the text record the tag carried before, or None.
    """

    uid: bytes
    pages: int
    previous: str | None


def program(reader: Reader, text: str, wait: float, force: bool = False,
            clock=None, sleep=None, poll_interval: float = 0.05,
            cancelled=lambda: False) -> Programmed:
    """Wait up to ``wait`` seconds for a tag on ``reader``, then write ``text`` into it.

    ``cancelled()`` is asked while waiting (the client that asked went away): then no tag
    is written.

    A tag already carrying another text record is left alone unless ``force``; one carrying
    ``text`` already is rewritten (and verified) all the same.

    Raises:
        TagMemoryError: no tag came within ``wait`` seconds, the tag is not a programmable
            NTAG, it carries another text and ``force`` is False, or the write failed
            (see :func:`write_text`).
        ReaderUnavailable: the reader stopped answering.
    """
    import time

    clock = clock or time.monotonic
    sleep = sleep or time.sleep
    deadline = clock() + wait
    uid = reader.poll()
    while not isinstance(uid, bytes):  # None (no tag) or UNANSWERED
        if cancelled():
            raise TagMemoryError("cancelled before a tag came")
        if clock() >= deadline:
            raise TagMemoryError(f"no tag came to reader {reader.name} within {wait:g} s")
        sleep(poll_interval)
        uid = reader.poll()
    if cancelled():
        raise TagMemoryError("cancelled before writing")
    if len(uid) != 7:
        raise TagMemoryError(f"tag {uid.hex().upper()} has a {len(uid)}-byte UID: it is not an NTAG "
                             f"(a MIFARE Classic cannot carry a component id); use an NTAG213/215/216")
    current = read_text(reader)
    if current.text not in (None, text) and not force:
        raise TagMemoryError(f"tag {uid.hex().upper()} already carries {current.text!r}; "
                             f"overwrite it with --force, or use a blank tag")
    pages = write_text(reader, uid, text)
    return Programmed(uid, pages, current.text)
