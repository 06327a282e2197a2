"""Component ids in NDEF text records, read and programmed through each reader (issue 3,
"Tags and enrollment"): the fake reader, the real MFRC522 driver over the simulated chip,
and the real PN532 driver over a simulated PN532 on a pty."""

from __future__ import annotations

from contextlib import contextmanager

import ndef
import pytest

from hardware.errors import TagMemoryError, TagMemoryUnsupported
from hardware.nfc import ntag
from hardware.nfc.base import Reader
from hardware.nfc.fake import FakeNfcReader
from hardware.nfc.mfrc522 import MFRC522Reader
from hardware.nfc.pn532 import PN532Reader
from hardware.testing.fake_spidev import installed
from hardware.testing.mfrc522_chip import SimCard, SimChip
from hardware.testing.pn532_chip import SimulatedPN532

UID = bytes.fromhex("04112233445566")
COMPONENT = "creepy_cellar:ghost:room-H"


@contextmanager
def fake_bench():
    reader = FakeNfcReader("cards")
    yield reader, lambda image, uid=UID: reader.present(uid, image), lambda uid=UID: reader.memory[uid]


@contextmanager
def mfrc522_bench():
    chip = SimChip()
    with installed(chip), MFRC522Reader("cards") as reader:
        cards: dict[bytes, SimCard] = {}

        def put(image, uid=UID):
            card = SimCard(uid, b"\x44\x00", 0x00, bytearray(image))
            cards[uid] = card
            chip.present(card)

        yield reader, put, lambda uid=UID: cards[uid].pages


@contextmanager
def pn532_bench():
    with SimulatedPN532() as sim, PN532Reader("cards", sim.port, timeout=0.5) as reader:  # a loaded CI machine
        yield reader, lambda image, uid=UID: sim.present(uid, pages=image), lambda uid=UID: sim.memory[uid]


BENCHES = {"fake": fake_bench, "mfrc522": mfrc522_bench, "pn532": pn532_bench}


@pytest.fixture(params=sorted(BENCHES))
def bench(request):
    with BENCHES[request.param]() as made:
        yield made


def test_a_blank_ntag_has_no_text_and_no_problem(bench):
    reader, put, _ = bench
    put(ntag.ntag215_image(UID))
    assert ntag.read_text(reader) == ntag.TagText(None, None)


def test_write_then_read_back_the_component_id(bench):
    reader, put, memory = bench
    put(ntag.ntag215_image(UID))
    # TLV 03 21, a 33-byte message (4 header + status + "en" + 26 characters), FE: 36 bytes
    assert ntag.write_text(reader, UID, COMPONENT) == 9
    assert ntag.read_text(reader) == ntag.TagText(COMPONENT, None)
    area = bytes(memory()[16:16 + 36])
    assert area[:2] == bytes((0x03, 33))  # NDEF TLV, 33-byte message
    record = next(ndef.message_decoder(area[2:35]))
    assert (record.text, record.language) == (COMPONENT, "en")
    assert area[35] == 0xFE  # terminator TLV


def test_a_programmed_tag_reads_with_three_reads_of_four_pages(bench):
    reader, put, _ = bench
    put(ntag.ntag215_image(UID, COMPONENT))
    calls = []
    original = reader.read_pages
    reader.read_pages = lambda start: calls.append(start) or original(start)
    assert ntag.read_text(reader).text == COMPONENT
    assert calls == [0, 4, 8, 12]  # UID+CC, then pages 4-12 hold the 36 data bytes


def test_a_truncated_ndef_tlv_is_a_problem_not_a_component(bench):
    reader, put, _ = bench
    image = bytearray(ntag.ntag215_image(UID, COMPONENT))
    image[16 + 1] = 20  # the TLV holds only 20 of the record's 33 bytes
    put(bytes(image))
    result = ntag.read_text(reader)
    assert result.text is None
    assert "malformed NDEF message" in result.problem


def test_writing_another_tag_than_the_one_named_is_refused(bench):
    reader, put, memory = bench
    put(ntag.ntag215_image(UID))
    with pytest.raises(TagMemoryError, match="another tag is on the reader now .*expected 04AABBCCDDEEFF"):
        ntag.write_text(reader, bytes.fromhex("04AABBCCDDEEFF"), COMPONENT)
    assert bytes(memory()[16:20]) == bytes.fromhex("0300FE00")  # untouched


def test_a_write_protected_capability_container_is_refused(bench):
    reader, put, memory = bench
    image = bytearray(ntag.ntag215_image(UID))
    image[15] = 0x0F  # CC access byte: no write access
    put(bytes(image))
    with pytest.raises(TagMemoryError, match="write-protected"):
        ntag.write_text(reader, UID, COMPONENT)
    assert bytes(memory()[16:20]) == bytes.fromhex("0300FE00")


def test_a_tag_without_a_capability_container_is_refused(bench):
    reader, put, _ = bench
    image = bytearray(ntag.ntag215_image(UID))
    image[12:16] = bytes(4)  # an unformatted Ultralight
    put(bytes(image))
    with pytest.raises(TagMemoryError, match="not an NDEF capability container"):
        ntag.write_text(reader, UID, COMPONENT)


def test_too_small_a_data_area_is_refused():
    reader = FakeNfcReader()
    image = bytearray(ntag.ntag215_image(UID))
    image[14] = 0x04  # 32-byte data area
    reader.present(UID, bytes(image))
    with pytest.raises(TagMemoryError, match="36 bytes do not fit in the tag's 32-byte data area"):
        ntag.write_text(reader, UID, COMPONENT)


def test_no_tag_in_the_field(bench):
    reader, _, _ = bench
    assert ntag.read_text(reader) == ntag.TagText(unread=True)
    with pytest.raises(TagMemoryError, match="is it on the reader"):
        ntag.write_text(reader, UID, COMPONENT)


def test_a_locked_page_is_reported_by_page_number():
    chip = SimChip()
    with installed(chip), MFRC522Reader("cards") as reader:
        card = SimCard.ntag215(UID)
        card.read_only = True
        chip.present(card)
        with pytest.raises(TagMemoryError, match="did not acknowledge the write of page 4"):
            ntag.write_text(reader, UID, COMPONENT)
        assert chip.picc_commands["WRITE"] == 1


def test_mfrc522_write_is_one_ntag_write_per_page_and_never_authenticates():
    chip = SimChip()
    with installed(chip), MFRC522Reader("cards") as reader:
        chip.present(SimCard.ntag215(UID))
        ntag.write_text(reader, UID, COMPONENT)
        assert chip.picc_commands["WRITE"] == 10  # page 4 twice: emptied first, its length last
        assert chip.picc_commands["AUTH_A"] == chip.picc_commands["AUTH_B"] == 0


def test_a_classic_card_has_no_text():
    chip = SimChip()
    with installed(chip), MFRC522Reader("cards") as reader:
        chip.present(SimCard.classic1k(bytes.fromhex("DEADBEEF")))
        assert ntag.read_text(reader) == ntag.TagText(unread=True)  # no READ answer: never retried for a 4-byte UID


def test_a_reader_without_memory_access_says_so():
    class UidOnly(Reader):
        def poll(self):
            return UID

    with pytest.raises(TagMemoryUnsupported, match="reader x cannot read tag memory"):
        ntag.read_text(UidOnly("x"))


def test_encode_text_is_whole_pages():
    for text in ("a:b:c", COMPONENT, "x" * 300):
        area = ntag.encode_text(text)
        assert len(area) % 4 == 0 and area[0] == 0x03
    assert ntag.encode_text("x" * 300)[1] == 0xFF  # three-byte TLV length from 255 bytes on


def test_the_runner_reads_the_text_once_per_presentation():
    """The runner, not the driver, reads the text record: once when the card arrives."""
    from hardware.nfc.base import TagPresented
    from hardware.nfc.runner import ReaderRunner

    chip = SimChip()
    with installed(chip), MFRC522Reader("cards") as reader:
        events = []
        runner = ReaderRunner(reader, events.append)
        chip.present(SimCard.ntag215(UID, COMPONENT))
        for _ in range(5):
            runner.step()
        assert events == [TagPresented("cards", UID, COMPONENT, None)]
        assert chip.picc_commands["READ"] == 4  # pages 0, 4, 8, 12 - and not again while it rests


def test_the_runner_can_be_told_not_to_read_memory():
    from hardware.nfc.base import TagPresented
    from hardware.nfc.runner import ReaderRunner

    reader = FakeNfcReader("cards")
    events = []
    runner = ReaderRunner(reader, events.append, read_ndef=False)
    reader.present(UID, ntag.ntag215_image(UID, COMPONENT))
    runner.step()
    assert events == [TagPresented("cards", UID)]


def _lifted_after(reader, count, writes):
    """``reader``'s ``write_page``, with the tag lifted off once ``count`` pages are written;
    each page written is appended to ``writes``."""
    original = reader.write_page

    def write(page, data):
        if len(writes) == count:
            reader.remove()
        writes.append(page)
        return original(page, data)

    return write


def test_a_tag_lifted_half_way_reads_blank_never_as_another_component():
    """Found by a newcomer: lifting a card mid-write left 'creepy_cellar:ghost:room-' on it.
    The NDEF TLV is emptied first and given its length last (NFC Forum T2T NDEF write)."""
    for lifted_after in range(1, 10):
        reader = FakeNfcReader()
        reader.present(UID, ntag.ntag215_image(UID, "creepy_cellar:ghost:room-C"))
        writes = []
        reader.write_page = _lifted_after(reader, lifted_after, writes)
        with pytest.raises(TagMemoryError, match="it is now blank: put it back and write it again"):
            ntag.write_text(reader, UID, "creepy_cellar:king:king-A")
        reader.present(UID)
        assert ntag.read_text(reader) == ntag.TagText(None, None), lifted_after  # blank, not a wrong card
    assert writes[0] == 4


def test_programming_waits_for_a_tag_and_can_be_cancelled():
    reader = FakeNfcReader()
    asked = []

    def cancelled():
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(TagMemoryError, match="cancelled before a tag came"):
        ntag.program(reader, COMPONENT, wait=60, cancelled=cancelled, sleep=lambda s: None)


def test_programming_a_classic_card_says_what_it_is():
    reader = FakeNfcReader()
    reader.present(bytes.fromhex("DEADBEEF"))
    with pytest.raises(TagMemoryError, match="tag DEADBEEF has a 4-byte UID: it is not an NTAG"):
        ntag.program(reader, COMPONENT, wait=1)


def test_a_long_text_record_is_read_whole():
    """Found by a newcomer: a valid 297-byte record was reported as cut (a 256-byte read cap)."""
    reader = FakeNfcReader()
    text = "x" * 297
    reader.present(UID, ntag.ntag215_image(UID, text))
    assert ntag.read_text(reader).text == text
