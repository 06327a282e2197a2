"""Tag dump parsing, UID checks and NDEF decoding (issue 3: fakes at the lowest boundary).

Section (a) builds small dumps inline and runs on a fresh clone; section (b) reads the real
dumps in ../shared/tags (see its PROVENANCE.md) and is marked ``shared``.
"""

from __future__ import annotations

import json
from pathlib import Path

import ndef
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tags_cli import inspect_command
from hardware.errors import HardwareError
from hardware.nfc.dumps import DumpError, load_dump
from hardware.nfc.ndef_tlv import read_type2

UID = bytes.fromhex("04112233445566")
COMPONENT = "creepy_cellar:ghost:room-H"
SHARED_TAGS = Path(__file__).resolve().parents[3] / "shared" / "tags"


# -- builders ---------------------------------------------------------------------------------

def ul_head(uid: bytes = UID) -> list[bytes]:
    """Pages 0-2 of a 7-byte-UID tag with right BCCs."""
    bcc0 = 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
    bcc1 = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
    return [uid[:3] + bytes([bcc0]), uid[3:7], bytes([bcc1, 0x48, 0, 0])]


def tlv_area(message: bytes, total_pages: int = 135, cc: bytes = bytes.fromhex("E1103E00")) -> list[bytes]:
    """Pages 3.. holding ``cc`` then an NDEF TLV with ``message`` and a terminator, zero padded."""
    length = bytes([len(message)]) if len(message) < 0xFF else b"\xFF" + len(message).to_bytes(2, "big")
    data = b"\x03" + length + message + b"\xFE"
    data += bytes(-len(data) % 4)
    pages = [cc] + [data[i:i + 4] for i in range(0, len(data), 4)]
    return pages + [bytes(4)] * (total_pages - 3 - len(pages))


def text_message(text: str = COMPONENT, language: str = "en") -> bytes:
    return b"".join(ndef.message_encoder([ndef.TextRecord(text, language)]))


def flipper(pages: list[bytes], *, version: int = 4, uid: bytes = UID, atqa: str = "00 44",
            device: str = "NTAG215", total: int | None = None, lower: bool = False, extra: str = "") -> str:
    """A Flipper .nfc text for an NTAG/Ultralight (version 4 uses the NTAG/Ultralight sub-type line)."""
    head = ["Filetype: Flipper NFC device", f"Version: {version}"]
    if version == 4:
        head += ["Device type: NTAG/Ultralight", f"UID: {uid.hex(' ').upper()}", f"ATQA: {atqa}", "SAK: 00",
                 "Data format version: 2", f"NTAG/Ultralight type: {device}"]
    else:
        head += [f"Device type: {device}", f"UID: {uid.hex(' ').upper()}", f"ATQA: {atqa}", "SAK: 00"]
    head += [f"Pages total: {total or len(pages)}"] + ([extra] if extra else [])
    lines = [f"Page {i}: {page.hex(' ').upper()}" for i, page in enumerate(pages)]
    if lower:
        lines = [line.split(":")[0] + ":" + line.split(":")[1].lower() for line in lines]
    return "\n".join(head + lines) + "\n"


def ntag215(message: bytes | None = None, uid: bytes = UID) -> list[bytes]:
    return ul_head(uid) + tlv_area(text_message() if message is None else message)


def write(tmp_path: Path, text: str, name: str = "tag.nfc") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def refused(tmp_path: Path, text: str, name: str = "tag.nfc") -> str:
    path = write(tmp_path, text, name)
    with pytest.raises(DumpError) as info:
        load_dump(path)
    assert str(path) in str(info.value)
    return str(info.value)


# -- (a) Flipper .nfc -------------------------------------------------------------------------

def test_v4_ntag215_with_a_text_record(tmp_path):
    dump = load_dump(write(tmp_path, flipper(ntag215())))
    assert (dump.tag_type, dump.family, dump.format) == ("NTAG215", "ultralight", "flipper v4")
    assert dump.uid == UID and dump.atqa == b"\x00\x44" and dump.sak == 0
    assert len(dump.pages) == 135 and dump.pages[1] == UID[3:] and dump.unit_size == 4
    check = dump.uid_check
    assert (check.header, check.memory, check.bcc_ok, check.agree, check.trusted) == (UID, UID, True, True, "pages")
    assert dump.ndef.status == "decoded"
    [record] = dump.ndef.records
    assert (record.kind, record.type, record.language, record.value) == ("text", "urn:nfc:wkt:T", "en", COMPONENT)
    assert dump.notes == ()


def test_version_2_atqa_is_least_significant_byte_first(tmp_path):
    v2 = load_dump(write(tmp_path, flipper(ntag215(), version=2, atqa="44 00"), "v2.nfc"))
    v3 = load_dump(write(tmp_path, flipper(ntag215(), version=3, atqa="00 44"), "v3.nfc"))
    assert v2.atqa == v3.atqa == b"\x00\x44"
    assert (v2.tag_type, v2.format, v3.format) == ("NTAG215", "flipper v2", "flipper v3")
    swapped = load_dump(write(tmp_path, flipper(ntag215(), version=4, atqa="44 00"), "v4.nfc"))
    assert swapped.atqa == b"\x44\x00" and "ATQA 44 00 looks byte-swapped for a version 4 file" in swapped.notes


def test_lowercase_hex_comments_anywhere_and_no_final_newline(tmp_path):
    lines = flipper(ntag215(), lower=True).splitlines()
    lines.insert(2, "# a comment before the device type")
    lines.insert(20, "   # an indented comment among the pages")
    lines.insert(30, "")
    dump = load_dump(write(tmp_path, "\n".join(lines)))  # no final newline
    assert dump.uid == UID and dump.pages[4] == bytes.fromhex("0321D101")
    assert dump.ndef.records[0].value == COMPONENT


def test_url_record_and_long_tlv_length(tmp_path):
    long_text = "x" * 300
    records = [ndef.UriRecord("https://example.org/a"), ndef.TextRecord(long_text, "de")]
    message = b"".join(ndef.message_encoder(records))
    assert len(message) > 0xFF  # needs the 3-byte TLV length
    dump = load_dump(write(tmp_path, flipper(ul_head() + tlv_area(message, 231, bytes.fromhex("E1106D00")),
                                             device="NTAG216")))
    assert [(r.kind, r.value, r.language) for r in dump.ndef.records] == [
        ("uri", "https://example.org/a", None), ("text", long_text, "de")]


def test_unknown_bytes_and_missing_pages(tmp_path):
    pages = ntag215()
    text = flipper(pages, total=140).replace(f"Page 7: {pages[7].hex(' ').upper()}", "Page 7: ?? 0C 54 ??")
    dump = load_dump(write(tmp_path, text))
    assert dump.pages[7] is None and dict(dump.partial)[7] == (None, 0x0C, 0x54, None)
    assert dump.pages[135:] == (None,) * 5
    assert "5 of 140 pages are not in the file" in dump.notes
    assert dump.ndef.status == "refused" and "declares" in dump.ndef.reason  # TLV runs into unknown page 7


def test_pages_beyond_pages_read_count_as_unknown(tmp_path):
    dump = load_dump(write(tmp_path, flipper(ntag215(), extra="Pages read: 133")))
    assert dump.pages[132] == bytes(4) and dump.pages[133] is None and dump.pages[134] is None
    assert any("only 133 of 135 pages were read" in note for note in dump.notes)


def test_pages_with_a_bad_bcc_lose_to_the_header(tmp_path):
    pages = ntag215()
    pages[0] = pages[0][:3] + b"\x00"
    dump = load_dump(write(tmp_path, flipper(pages)))
    check = dump.uid_check
    assert (check.bcc_ok, check.agree, check.trusted) == (False, True, "header")
    assert dump.uid == UID


def test_pages_with_right_bccs_win_over_a_different_header(tmp_path):
    other = bytes.fromhex("04AABBCCDDEEFF")
    dump = load_dump(write(tmp_path, flipper(ntag215(uid=other))))
    assert (dump.uid_check.agree, dump.uid_check.trusted, dump.uid) == (False, "pages", other)
    assert any("differs from memory UID 04 AA BB CC DD EE FF" in note for note in dump.notes)


# -- (a) NDEF refusals stay in the result -----------------------------------------------------

def test_truncated_ndef_tlv_is_refused_with_a_reason(tmp_path):
    pages = ul_head() + [bytes.fromhex("E1100200"), bytes.fromhex("0320D101"), bytes(4), bytes(4), bytes(4)]
    dump = load_dump(write(tmp_path, flipper(pages, device="Mifare Ultralight")))
    assert dump.ndef.status == "refused"
    assert dump.ndef.reason == "TLV 0x03 at byte 0 (page 4) declares 32 bytes but only 14 remain in the data area"


def test_tlv_cut_before_its_length(tmp_path):
    pages = ul_head() + [bytes.fromhex("E1100100"), bytes(4), bytes.fromhex("00000003")]
    dump = load_dump(write(tmp_path, flipper(pages, device="Mifare Ultralight")))
    assert dump.ndef.status == "refused" and "is cut before its length" in dump.ndef.reason


def test_bad_capability_container(tmp_path):
    no_cc = ul_head() + [bytes.fromhex("00000000")] + tlv_area(text_message())[1:]
    dump = load_dump(write(tmp_path, flipper(no_cc), "no_cc.nfc"))
    assert dump.ndef.status == "absent" and "magic 0x00, expected 0xE1" in dump.ndef.reason
    v2_cc = ul_head() + [bytes.fromhex("E1203E00")] + tlv_area(text_message())[1:]
    dump = load_dump(write(tmp_path, flipper(v2_cc), "v2_cc.nfc"))
    assert dump.ndef.status == "refused" and "mapping version 2.0" in dump.ndef.reason


def test_malformed_ndef_message_is_refused(tmp_path):
    dump = load_dump(write(tmp_path, flipper(ntag215(message=bytes.fromhex("D1010F54")))))
    assert dump.ndef.status == "refused" and dump.ndef.reason.startswith("malformed NDEF message")


def test_empty_ndef_and_terminator_first(tmp_path):
    empty = load_dump(write(tmp_path, flipper(ntag215(message=b"")), "empty.nfc"))
    assert (empty.ndef.status, empty.ndef.records) == ("empty", ())
    pages = ul_head() + [bytes.fromhex("E1103E00"), bytes.fromhex("0103A00C"), bytes.fromhex("34FE0000")]
    first = load_dump(write(tmp_path, flipper(pages, total=135), "term.nfc"))
    assert first.ndef.status == "absent" and "terminator TLV at byte 5" in first.ndef.reason


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(min_size=4, max_size=4), max_size=24), st.integers(0, 255), st.binary(max_size=8))
def test_ndef_walk_never_raises(pages, size, start):
    """Whatever the pages hold, the walker returns a result (a reason, never a traceback)."""
    pages = pages[:3] + [bytes([0xE1, 0x10, size, 0])] + [start.ljust(4, b"\0")[:4]] + pages[3:]
    result = read_type2(pages)
    assert result.status in ("decoded", "empty", "absent", "refused")
    assert result.status == "decoded" or result.reason


# -- (a) Mifare Classic, raw images, Proxmark ---------------------------------------------------

def classic_nfc(block0: str, uid: str = "DE AD BE EF") -> str:
    blocks = [f"Block 0: {block0}"] + [f"Block {i}: " + " ".join(["??"] * 16) for i in range(1, 64)]
    blocks[3] = "Block 3: FF FF FF FF FF FF ?? ?? ?? ?? FF FF FF FF FF FF"
    return "\n".join(["Filetype: Flipper NFC device", "Version: 4", "Device type: Mifare Classic", f"UID: {uid}",
                      "ATQA: 00 04", "SAK: 08", "Mifare Classic type: 1K", "Data format version: 2", *blocks])


def test_classic_nfc_with_unknown_blocks(tmp_path):
    dump = load_dump(write(tmp_path, classic_nfc("DE AD BE EF 22 08 04 00 62 63 64 65 66 67 68 69")))
    assert (dump.tag_type, dump.family, dump.unit_size, len(dump.pages)) == ("Mifare Classic 1K", "classic", 16, 64)
    assert dump.uid == bytes.fromhex("DEADBEEF") and dump.atqa == b"\x00\x04" and dump.sak == 8
    assert (dump.uid_check.bcc_ok, dump.uid_check.agree, dump.uid_check.trusted) == (True, True, "pages")
    assert dump.pages[1] is None and dict(dump.partial)[3][:6] == (0xFF,) * 6
    assert (dump.ndef.status, dump.ndef.reason) == ("not decoded", "MIFARE Classic NDEF (MAD) is not decoded")


def test_classic_with_unknown_block_0_trusts_the_header(tmp_path):
    dump = load_dump(write(tmp_path, classic_nfc(" ".join(["??"] * 16))))
    assert (dump.uid_check.memory, dump.uid_check.trusted, dump.uid) == (None, "header", bytes.fromhex("DEADBEEF"))


def test_mfd_classic_1k_image(tmp_path):
    block0 = bytes.fromhex("01A062BD7E0804000102030405060708")
    trailer = bytes.fromhex("FFFFFFFFFFFFFF078069FFFFFFFFFFFF")
    image = b"".join(block0 if i == 0 else trailer if i % 4 == 3 else bytes(16) for i in range(64))
    path = tmp_path / "card.mfd"
    path.write_bytes(image)
    dump = load_dump(path)
    assert (dump.tag_type, dump.format, dump.uid, dump.atqa, dump.sak) == (
        "Mifare Classic 1K", "raw", bytes.fromhex("01A062BD"), None, None)
    assert dump.uid_check.header is None and dump.uid_check.trusted == "pages" and dump.pages[63] == trailer


def test_bin_ultralight_image_decodes_ndef(tmp_path):
    pages = ul_head() + [bytes.fromhex("E1100600")] + tlv_area(text_message("boo"), 16, b"")[1:]
    path = tmp_path / "ul.bin"
    path.write_bytes(b"".join(pages))
    dump = load_dump(path)
    assert (dump.tag_type, dump.uid, len(dump.pages)) == ("Mifare Ultralight", UID, 16)
    assert dump.ndef.records[0].value == "boo"


def test_raw_image_of_unknown_size_is_refused(tmp_path):
    path = tmp_path / "odd.bin"
    path.write_bytes(bytes(100))
    with pytest.raises(DumpError, match=r"odd\.bin: 100 bytes matches no known tag image"):
        load_dump(path)


def test_pm3_json_mfu(tmp_path):
    pages = ul_head() + tlv_area(text_message(), 45, bytes.fromhex("E1101200"))
    doc = {"Created": "proxmark3", "FileType": "mfu",
           "Card": {"UID": UID.hex().upper(), "Version": "0004040201000F03"},
           "blocks": {str(i): page.hex().upper() for i, page in enumerate(pages)}}
    dump = load_dump(write(tmp_path, json.dumps(doc), "tag.json"))
    assert (dump.tag_type, dump.format, dump.uid, dump.uid_check.agree) == ("NTAG213", "pm3 json", UID, True)
    assert dump.ndef.records[0].value == COMPONENT


def test_pm3_json_refusals(tmp_path):
    assert "line 1: not valid JSON" in refused(tmp_path, "{", "a.json")
    assert "FileType 'mfcard' is not supported" in refused(tmp_path, '{"FileType": "mfcard"}', "b.json")


def test_eml_classic_lines(tmp_path):
    lines = ["DEADBEEF22080400" + "00" * 8] + ["00" * 16] * 63
    dump = load_dump(write(tmp_path, "\n".join(lines), "card.eml"))
    assert (dump.tag_type, dump.format, dump.uid) == ("Mifare Classic 1K", "pm3 eml", bytes.fromhex("DEADBEEF"))
    message = refused(tmp_path, "\n".join(lines[:5] + ["00" * 4]), "bad.eml")
    assert "line 6: expected 32 hex digits" in message


# -- (a) errors name the file, the line and the fault -------------------------------------------

@pytest.mark.parametrize("edit, expected", [
    (lambda t: t.replace("Page 5: ", "Page 5: ZZ "), "line 15: expected 4 bytes, found 5"),
    (lambda t: t.replace("Page 134: 00", "Page 134: 0G"), "line 144: '0G' is not a hex byte or ??"),
    (lambda t: t.replace("Version: 4", "Version: 1"), "line 2: file version '1' is not supported"),
    (lambda t: t.replace("UID: 04 11 22 33 44 55 66\n", ""), "missing the 'UID' line"),
    (lambda t: t.replace("UID: 04 11 22 33 44 55 66", "UID: 04 11 22"), "line 4: a UID is 4, 7 or 10 bytes"),
    (lambda t: t.replace("Page 6:", "Page 5:"), "line 16: Page 5 appears twice (first on line 15)"),
    (lambda t: t.replace("SAK: 00", "SAK 00"), "line 6: expected 'Key: value'"),
    (lambda t: t.replace("Pages total: 135", "Pages total: 100"),
     "line 110: Page 100 is beyond the 100 pages of this NTAG215"),
    (lambda t: t.replace("Filetype: Flipper NFC device", "Filetype: Flipper SubGhz"), "line 1: Filetype is"),
])
def test_malformed_flipper_files_are_refused(tmp_path, edit, expected):
    assert expected in refused(tmp_path, edit(flipper(ntag215())))


def test_unsupported_device_type_is_refused(tmp_path):
    text = "Filetype: Flipper NFC device\nVersion: 4\nDevice type: Mifare DESFire\nUID: 04 11 22 33 44 55 66\n"
    assert "line 3: device type 'Mifare DESFire' is not supported" in refused(tmp_path, text)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 3000), st.integers(1, 40), st.sampled_from(["", "??", "\n", ":", "0", "FF FF", "Page 9: "]))
def test_damaged_flipper_text_raises_only_dump_error(tmp_path_factory, at, cut, insert):
    text = flipper(ntag215())
    at = at % len(text)
    path = tmp_path_factory.mktemp("fuzz") / "tag.nfc"
    path.write_text(text[:at] + insert + text[at + cut:])
    try:
        load_dump(path)
    except DumpError as exc:
        assert str(path) in str(exc)


def test_dump_error_is_a_hardware_error_and_a_value_error():
    assert issubclass(DumpError, HardwareError) and issubclass(DumpError, ValueError)


def test_unknown_extension_and_missing_file(tmp_path):
    assert "unknown dump format '.txt'" in refused(tmp_path, "hello", "notes.txt")
    with pytest.raises(DumpError, match="no such file"):
        load_dump(tmp_path / "nope.nfc")


# -- (a) the inspect command --------------------------------------------------------------------

def test_inspect_prints_type_uid_and_records(tmp_path, capsys):
    path = write(tmp_path, flipper(ntag215()))
    assert inspect_command(str(path), as_json=False) == 0
    out = capsys.readouterr().out
    assert "type:   NTAG215" in out
    assert "UID:    04 11 22 33 44 55 66 (header and pages agree; trusted: pages)" in out
    assert "ATQA:   00 44   SAK: 00" in out
    assert f"1. text [en]: {COMPONENT}" in out


def test_inspect_json_is_one_object(tmp_path, capsys):
    path = write(tmp_path, flipper(ntag215()))
    assert inspect_command(str(path), as_json=True) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["uid"] == "04 11 22 33 44 55 66" and summary["type"] == "NTAG215"
    assert summary["uid_check"] == {"header": "04 11 22 33 44 55 66", "memory": "04 11 22 33 44 55 66",
                                    "bcc_ok": True, "agree": True, "trusted": "pages"}
    assert summary["ndef"]["records"] == [{"kind": "text", "type": "urn:nfc:wkt:T", "value": COMPONENT,
                                           "language": "en", "id": ""}]


def test_inspect_bad_file_exits_2_with_file_and_line(tmp_path, capsys):
    path = write(tmp_path, flipper(ntag215()).replace("SAK: 00", "SAK: 0x0"))
    assert inspect_command(str(path), as_json=False) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == f"companion: {path}, line 6: '0x0' is not a hex byte"


# -- (b) the real dumps in ../shared/tags -------------------------------------------------------

SHARED_FILES = sorted(SHARED_TAGS.iterdir()) if SHARED_TAGS.is_dir() else []


@pytest.mark.shared
@pytest.mark.parametrize("path", SHARED_FILES, ids=lambda p: p.name)
def test_every_shared_file_parses_or_is_refused_clearly(path):
    try:
        dump = load_dump(path)
    except DumpError as exc:
        assert str(path) in str(exc) and len(str(exc)) > len(str(path)) + 10
        assert path.suffix == ".md", f"only PROVENANCE.md is expected to be refused, got: {exc}"
        return
    assert len(dump.uid) in (4, 7) and dump.ndef.status in ("decoded", "empty", "absent", "refused", "not decoded")
    assert dump.ndef.status == "decoded" or dump.ndef.reason


# (file, type, UID, trusted, header/memory agree, NDEF status, [(kind, value)]) checked against each file
SHARED_EXPECTED = [
    ("alexherington_hello-world-nfc-tools-golden.nfc", "NTAG213", "04216EB5414189", "pages", True, "decoded",
     [("text", "Hi World!")]),
    ("evilpete_Rick_Roll_ntag215.nfc", "NTAG215", "04105601744803", "pages", True, "decoded",
     [("uri", "https://youtu.be/dQw4w9WgXcQ"), ("text", "Rick Roll")]),
    ("flipper_ut_Ntag216.nfc", "NTAG216", "04D9650A325E80", "pages", True, "decoded",
     [("uri", "https://m.youtube.com/watch?v=bxqLsrlakK8&feature=youtu.be")]),
    ("cham_MifareUltralight_touchatag.mfd", "Mifare Ultralight", "041A74D9A12581", "pages", None, "decoded",
     [("uri", "http://www.ttag.be/m/041A74D9A12581")]),
    ("uber_Flipper_wifi_connect.nfc", "NTAG216", "04B8313A307380", "pages", True, "decoded",
     [("wifi", "SSID flipperwifi")]),
    ("uber_Open_Android_flipper.nfc", "NTAG215", "048E5B4C100289", "pages", True, "decoded",
     [("other", "com.flipperdevices.app"), ("other", "com.wakdev.nfctasks")]),
    ("uber_Rickroll_no_ads.nfc", "NTAG215", "041B13D3700000", "pages", True, "decoded",
     [("uri", "https://youtu.be/iik25wqIuFo")]),
    ("flipper_ut_Ultralight_C.nfc", "Mifare Ultralight C", "04BAFFCA4D5D80", "pages", True, "empty", []),
    ("pm3_ntag216-empty.json", "NTAG216", "045869D29C3980", "pages", True, "empty", []),
    ("pm3_ntag216-empty_legacy.eml", "NTAG216", "045869D29C3980", "pages", None, "empty", []),
    ("flipper_ut_Ultralight_11.nfc", "Mifare Ultralight 11", "041574F2B05E81", "pages", True, "absent", []),
    ("flipper_ut_Ntag213_locked.nfc", "NTAG213", "04AC6B72BA6C80", "pages", True, "absent", []),
    ("fzsd_UID.nfc", "UID", "0485928AA06181", "header", None, "absent", []),
    ("flipper_bench_BN0.nfc", "Mifare Classic 1K", "044D6732135C80", "header", None, "not decoded", []),
    ("fzapp_mf_1k_part.nfc", "Mifare Classic 1K", "0477702A234F80", "header", False, "not decoded", []),
    ("fzsd_Classik_1k.nfc", "Mifare Classic 1K", "A72D7C34", "header", False, "not decoded", []),
    ("pm3_s50-empty.bin", "Mifare Classic 1K", "01A062BD", "pages", None, "not decoded", []),
    ("cham_MifareClassic1K.mfd", "Mifare Classic 1K", "9A51B639", "pages", None, "not decoded", []),
    ("equipter_example_classic1k.nfc", "Mifare Classic 1K", "86D75AB7", "pages", True, "not decoded", []),
]


@pytest.mark.shared
@pytest.mark.parametrize("name, tag_type, uid, trusted, agree, status, records", SHARED_EXPECTED,
                         ids=[row[0] for row in SHARED_EXPECTED])
def test_shared_file_values(name, tag_type, uid, trusted, agree, status, records):
    dump = load_dump(SHARED_TAGS / name)
    assert (dump.tag_type, dump.uid.hex().upper()) == (tag_type, uid)
    assert (dump.uid_check.trusted, dump.uid_check.agree, dump.ndef.status) == (trusted, agree, status)
    assert [(r.kind, r.value) for r in dump.ndef.records] == records


@pytest.mark.shared
def test_shared_header_details():
    equipter = load_dump(SHARED_TAGS / "equipter_example_classic1k.nfc")
    assert (equipter.atqa, equipter.sak) == (b"\x00\x02", 0x98)  # version 2: "ATQA: 02 00" is LSB first
    bench = load_dump(SHARED_TAGS / "flipper_bench_BN1.nfc")
    assert bench.pages[12] == bytes.fromhex("DEADBEEFFE00000000000000000000DE") and bench.pages[0] is None
    assert dict(bench.partial)[3] == (0, 0, 0, 0, 0, 0, None, None, None, None, 0, 0, 0, 0, 0, 0)
    locked = load_dump(SHARED_TAGS / "flipper_ut_Ntag213_locked.nfc")
    assert locked.pages[43] == bytes.fromhex("953F52FF")
    assert "skipped reserved TLV type 0x41 at byte 2 (80 bytes)" in locked.ndef.notes
    cham = load_dump(SHARED_TAGS / "cham_MifareClassic1K.mfd")
    assert len(cham.pages) == 64 and any("1K card in a 4K buffer" in note for note in cham.notes)
    android = load_dump(SHARED_TAGS / "uber_Open_Android_flipper.nfc")
    assert [r.type for r in android.ndef.records] == ["w8/1", "urn:nfc:ext:android.com:pkg"]
    wifi = load_dump(SHARED_TAGS / "uber_Flipper_wifi_connect.nfc")
    assert "flipperpw" not in wifi.ndef.records[0].value and wifi.ndef.records[0].name == "0"
    classik = load_dump(SHARED_TAGS / "fzsd_Classik_1k.nfc")
    assert "the UID in the first pages/blocks is all zero: not trusted" in classik.notes


def test_companion_tags_inspect_is_wired(tmp_path, capsys):
    from companion.cli import main

    path = tmp_path / "x.txt"
    path.write_text("nothing")
    assert main(["tags", "inspect", str(path)]) == 2
    assert "unknown dump format '.txt'" in capsys.readouterr().err


def test_random_bytes_and_devices_are_not_tag_images(tmp_path):
    """A newcomer's pass: random 1 KiB was called a Mifare Classic 1K; /dev/zero ran out of memory."""
    import os

    noise = tmp_path / "rand.bin"
    noise.write_bytes(bytes([0x5A, 0x13, 0x77, 0x02, 0x99]) + os.urandom(1019))  # BCC wrong
    with pytest.raises(DumpError, match="BCC.*not a tag image"):
        load_dump(noise)
    with pytest.raises(DumpError, match="not a regular file"):
        load_dump("/dev/zero")


def test_inspect_escapes_control_characters_in_records(tmp_path, capsys):
    """Found by a newcomer: a text record "\\x1b[2J...\\nUID: FAKE" cleared the terminal and
    faked a line of output."""
    from companion.tags_cli import inspect_command
    from hardware.nfc.ntag import ntag215_image

    uid = bytes.fromhex("04112233445566")
    path = tmp_path / "evil.bin"
    path.write_bytes(ntag215_image(uid, "\x1b[2J\nUID:    FAKE"))
    assert inspect_command(str(path), False) == 0
    out = capsys.readouterr().out
    assert "  1. text [en]: \\x1b[2J\\nUID:    FAKE" in out.splitlines()
    assert "\x1b" not in out


def test_a_missing_dump_says_so(tmp_path):
    with pytest.raises(DumpError, match="nope.nfc: no such file"):
        load_dump(tmp_path / "nope.nfc")


# -- issue 20: an empty record, the CC access byte -------------------------------------------

SHARED_TAGS = Path(__file__).resolve().parents[3] / "shared" / "tags"


def _edited_real_dump(tmp_path: Path, page3: str, message: bytes | None = None) -> Path:
    """The real NFC Tools dump with its CC (page 3) and, if given, its NDEF message replaced."""
    lines = (SHARED_TAGS / "alexherington_hello-world-nfc-tools-golden.nfc").read_text().splitlines()
    pages = {int(line.split(":")[0][5:]): line for line in lines if line.startswith("Page ")}
    lines[lines.index(pages[3])] = f"Page 3: {page3}"
    if message is not None:
        data = b"\x03" + bytes([len(message)]) + message + b"\xFE"
        data += bytes(-len(data) % 4)
        for i in range(0, len(data), 4):
            lines[lines.index(pages[4 + i // 4])] = f"Page {4 + i // 4}: {data[i:i + 4].hex(' ').upper()}"
    return write(tmp_path, "\n".join(lines) + "\n")


@pytest.mark.shared
def test_inspect_names_an_empty_record(tmp_path, capsys):
    path = _edited_real_dump(tmp_path, "E1 10 12 00", bytes.fromhex("D00000"))  # TNF 0, as a formatter leaves it
    assert inspect_command(str(path), False) == 0
    out = capsys.readouterr().out
    assert "NDEF:   1 record(s)\n  1. empty record (TNF 0)\n" in out
    assert inspect_command(str(path), True) == 0
    assert json.loads(capsys.readouterr().out)["ndef"]["records"] == [
        {"kind": "empty", "type": "", "value": "", "language": None, "id": ""}]


@pytest.mark.shared
@pytest.mark.parametrize("access, note", [
    ("08", "note:   nonstandard capability container access byte 0x08 (0x00 = read and write, 0x0F = read only): "
           "readers may refuse to read or write it"),
    ("0F", "note:   the capability container says read-only (access byte 0x0F)")])
def test_inspect_reports_the_cc_access_byte(tmp_path, capsys, access, note):
    path = _edited_real_dump(tmp_path, f"E1 10 12 {access}")
    assert inspect_command(str(path), False) == 0
    out = capsys.readouterr().out
    assert "  1. text [en]: Hi World!" in out and note in out


@pytest.mark.shared
def test_the_real_dumps_have_standard_access_bytes():
    for name in ("alexherington_hello-world-nfc-tools-golden.nfc", "flipper_ut_Ntag216.nfc"):
        assert load_dump(SHARED_TAGS / name).ndef.notes == ()
