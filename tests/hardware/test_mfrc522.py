"""MFRC522 driver over the simulated chip (issue 3, "MFRC522 over SPI").

Case numbers follow the issue: 1 cascade levels / full UIDs, 2 no check byte in the UID,
3 NTAG READ not MIFARE authentication, 4 polls bounded in wall-clock time, 5 BCM pins and
the UART reset-pin refusal.
"""

from __future__ import annotations

import logging
import time

import pytest

from hardware.dice.fake import ManualClock
from hardware.errors import HardwareError, ReaderUnavailable
from hardware.nfc.base import UNANSWERED, TagPresented
from hardware.nfc.mfrc522 import MFRC522Reader, ResetPinConflict, crc_a
from hardware.nfc.runner import ReaderRunner
from hardware.testing.fake_spidev import SimGPIO, installed
from hardware.testing.mfrc522_chip import SimCard, SimChip
from hardware.testing.mfrc522_chip import crc_a as sim_crc_a
from tests.collector import wait_until

NTAG_UID = bytes.fromhex("04112233445566")


@pytest.fixture
def chip():
    chip = SimChip()
    with installed(chip):
        yield chip


@pytest.fixture
def reader(chip):
    with MFRC522Reader("table") as reader:
        yield reader


@pytest.fixture
def library_logger():
    """The mfrc522 package adds a StreamHandler to its logger per instance: undo that."""
    chip_logger = logging.getLogger("mfrc522Logger")
    handlers = list(chip_logger.handlers)
    yield
    chip_logger.handlers[:] = handlers


def test_crc_a_matches_the_iso_vectors():
    # ISO 14443-3 annex B / well-known frames: HLTA "50 00 57 CD", READ 0 "30 00 02 A8".
    for frame, crc in [("0000", "A01E"), ("1234", "26CF"), ("5000", "57CD"), ("3000", "02A8")]:
        assert crc_a(bytes.fromhex(frame)) == bytes.fromhex(crc)
        assert sim_crc_a(bytes.fromhex(frame)) == bytes.fromhex(crc)


def test_case1_seven_byte_ntag_uid_read_exactly(chip, reader):
    chip.present(SimCard.ntag215(NTAG_UID))
    assert reader.poll() == NTAG_UID
    assert reader.poll() == NTAG_UID  # halted after the first poll, woken again by WUPA
    assert chip.picc_commands["SEL1"] and chip.picc_commands["SEL2"]


def test_case1_two_ntags_sharing_their_first_three_bytes_differ(chip, reader):
    first, second = bytes.fromhex("04112233445566"), bytes.fromhex("041122AABBCCDD")
    chip.present(SimCard.ntag215(first))
    got_first = reader.poll()
    chip.present(SimCard.ntag215(second))
    got_second = reader.poll()
    assert (got_first, got_second) == (first, second)
    assert got_first != got_second


def test_case1_ten_byte_uid(chip, reader):
    uid = bytes.fromhex("04A1B2C3D4E5F6071829")
    chip.present(SimCard(uid, atqa=b"\x84\x00", sak=0x20))
    assert reader.poll() == uid
    assert chip.picc_commands["SEL3"] == 2  # ANTICOLL + SELECT at cascade level 3


def test_case1_two_ntags_in_the_field_at_once_resolve_to_one_full_uid(chip, reader):
    # Same cascade level 1 (88 04 11 22); level 2 collides at bit 1 (0x33 vs 0xAA): the PCD
    # takes (1)b, so the card whose UID3 has bit 0 set wins - and the UID is never mixed.
    chip.present(SimCard.ntag215(bytes.fromhex("04112233445566")))
    chip.add(SimCard.ntag215(bytes.fromhex("041122AABBCCDD")))
    assert reader.poll() == bytes.fromhex("04112233445566")
    assert reader.poll() == bytes.fromhex("04112233445566")  # same choice every poll


def test_case1_bit_oriented_anticollision_across_two_collisions(chip, reader):
    # First collision at bit 3 (0x00 vs 0x04), second at bit 13 (byte 1: 0x00 vs 0x10).
    for uid in ("00100001", "04000002", "04100003"):
        chip.add(SimCard.classic1k(bytes.fromhex(uid)))
    assert reader.poll_field() == tuple(bytes.fromhex(u) for u in ("04100003", "04000002", "00100001"))
    # three ANTICOLL frames + one SELECT, then (REQA) two + one, then one + one
    assert chip.picc_commands["SEL1"] == 4 + 3 + 2


def test_case1_uid_starting_with_the_cascade_tag_is_refused(chip, reader, caplog):
    # A card whose level-1 SAK says "complete" while its UID CL1 starts with 0x88:
    # what the library's level-1-only path would report as a UID.
    chip.present(SimCard(bytes.fromhex("88041122"), atqa=b"\x44\x00", sak=0x00))
    with caplog.at_level(logging.WARNING, logger="hardware.nfc.mfrc522"):
        assert reader.poll() is None
    assert "cascade tag" in caplog.text


def test_case1_a_wrong_bcc_is_refused(chip, reader):
    card = SimCard.ntag215(NTAG_UID)
    card.corrupt_bcc = True
    chip.present(card)
    assert reader.poll() is UNANSWERED  # a garbled answer: the field is unknown, not empty
    assert chip.picc_commands["SEL1"] == 1  # ANTICOLL only, never SELECTed


def test_case2_four_byte_classic_uid_has_no_check_byte(chip, reader):
    chip.present(SimCard.classic1k(bytes.fromhex("DEADBEEF")))
    assert reader.poll() == b"\xde\xad\xbe\xef"


def test_case3_ntag_pages_read_with_ntag_read_never_mfauthent(chip, reader):
    chip.present(SimCard.ntag215(NTAG_UID))
    assert reader.poll() == NTAG_UID
    assert reader.read_pages(0) == bytes.fromhex("041122BF 33445566 44000000 E1103E00")
    assert reader.read_pages(4) == bytes.fromhex("0300FE00") + bytes(12)  # a blank NTAG: empty NDEF TLV
    assert chip.picc_commands["READ"] == 2
    assert chip.commands["MFAuthent"] == 0
    assert chip.picc_commands["AUTH_A"] == chip.picc_commands["AUTH_B"] == 0
    assert chip.commands["CalcCRC"] == 0  # CRC_A in software


def test_case3_read_pages_of_an_empty_field_is_none(chip, reader):
    assert reader.read_pages(4) is None


def test_case4_empty_field_is_none_within_the_budget(chip, reader):
    reader.poll()  # warm
    start = time.perf_counter()
    result = reader.poll()
    elapsed = time.perf_counter() - start
    assert result is None
    assert elapsed < 0.05
    assert chip.picc_commands["WUPA"] == 2 and chip.picc_commands["SEL1"] == 0


def test_case4_a_wedged_timer_is_still_bounded_by_the_deadline():
    chip = SimChip(timer_dead=True)  # TimerIRq never comes: only the driver's deadline ends it
    with installed(chip), MFRC522Reader("table", poll_budget=0.02) as reader:
        start = time.perf_counter()
        assert reader.poll() is UNANSWERED  # the chip never ended its wait: nothing known
        assert time.perf_counter() - start < 0.05


def test_case4_the_library_loop_ignores_the_timer(chip, library_logger):
    """Why the driver has its own wait: the library spins 2000 SPI reads on an empty field."""
    from mfrc522 import MFRC522
    lib = MFRC522(pin_rst=25)
    before = chip.spi_transfers
    status, _ = lib.MFRC522_Request(lib.PICC_REQIDL)
    assert status == lib.MI_ERR
    assert chip.spi_transfers - before > 2000


def test_case1_the_library_path_returns_the_cascade_tag_for_a_7_byte_card(chip, library_logger):
    """The point of issue 3: SimpleMFRC522 reads only cascade level 1."""
    from mfrc522 import SimpleMFRC522
    chip.present(SimCard.ntag215(NTAG_UID))
    simple = SimpleMFRC522()
    wrong = simple.read_id_no_block()
    assert wrong == int.from_bytes(bytes.fromhex("88041122BF"), "big")  # cascade tag + BCC
    chip.present(SimCard.ntag215(bytes.fromhex("041122AABBCCDD")))
    assert simple.read_id_no_block() == wrong  # two different stickers, one "UID"


@pytest.mark.parametrize("pin", [14, 15])
def test_case5_uart_reset_pin_refused(chip, pin):
    with pytest.raises(ResetPinConflict, match=rf"BCM {pin} is a UART pin") as info:
        MFRC522Reader("table", reset_pin=pin)
    assert isinstance(info.value, HardwareError) and isinstance(info.value, ValueError)
    assert chip.spi_transfers == 0  # refused before touching the hardware


def test_case5_bcm_numbering_and_only_the_reset_pin_released(chip):
    with installed(chip) as gpio:
        reader = MFRC522Reader("table", reset_pin=25)
        assert gpio.mode == 11 and gpio.pins[25] == 0 and gpio.levels[25] == 1  # BCM, OUT, high
        reader.close()
        reader.close()  # idempotent
        # Issue 20: no GPIO.cleanup() at all (of every pin, or of this one: NRSTPD would float);
        # the pin stays an output, held low: the chip in hard power-down, no field.
        assert gpio.cleanups == [] and gpio.pins[25] == 0 and gpio.levels[25] == 0
        assert chip.reset_low
        with pytest.raises(ReaderUnavailable):
            reader.poll()


def test_missing_spi_device_is_reader_unavailable_and_close_is_safe():
    with installed(None):
        with pytest.raises(ReaderUnavailable, match="spidev0.0"):
            MFRC522Reader("table")
        reader = MFRC522Reader.__new__(MFRC522Reader)
        reader.close()  # safe after a failed __init__


def test_no_chip_answering_is_reader_unavailable_and_releases_spi():
    chip = SimChip()
    chip.reset_low = True  # NRSTPD held low by wiring elsewhere: every register reads 0x00
    with installed(chip, gpio=SimGPIO(chip, reset_pin=24)) as gpio:
        with pytest.raises(ReaderUnavailable, match="VersionReg 0x00"):
            MFRC522Reader("table", reset_pin=25)
        assert gpio.cleanups == [] and gpio.levels[25] == 0  # set up by the reader: left low


@pytest.mark.parametrize("flaky", [False, True])
def test_runner_reports_a_resting_card_once(flaky):
    chip = SimChip(flaky=flaky)  # flaky: the card misses every other poll
    events = []
    clock = ManualClock()
    with installed(chip), MFRC522Reader("table") as reader:
        runner = ReaderRunner(reader, events.append, interval=0.1, clock=clock)
        runner.step()
        chip.present(SimCard.ntag215(NTAG_UID))
        for _ in range(20):
            clock.advance(0.1)
            runner.step()
    assert events == [TagPresented("table", NTAG_UID)]


def test_runner_thread_reports_a_resting_card_once():
    chip = SimChip()
    events = []
    with installed(chip), MFRC522Reader("table") as reader:
        chip.present(SimCard.ntag215(NTAG_UID))
        runner = ReaderRunner(reader, events.append, interval=0.02)
        runner.start()
        try:  # the card rests through ten polls
            wait_until(lambda: chip.picc_commands["WUPA"] >= 10, 10, "ten polls of the resting card")
        finally:
            runner.stop()
    assert events == [TagPresented("table", NTAG_UID)]
    assert chip.picc_commands["WUPA"] >= 10  # it kept polling the resting card
