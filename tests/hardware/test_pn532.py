"""The PN532 driver over real pyserial, against a simulated PN532 on a pty (issue 3, cases 6-9).

These tests run on a loaded machine beside others: a reader that should get its answers has
a patient timeout (:data:`PATIENT`, which only runs out when an answer is really missing),
a test of what happens when no answer comes switches to the driver's own short timeout and
makes the simulated chip late by far more than that, and waits are on conditions (the
simulator's state), never fixed sleeps. (With the driver's 50 ms default, a simulator
thread held off the CPU for 50 ms made a healthy poll time out: two of these tests failed
that way once under load.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
import serial

from hardware.errors import ReaderUnavailable
from hardware.nfc.base import UNANSWERED, TagPresented, TagRemoved
from hardware.nfc.ntag import ntag215_image
from hardware.nfc.pn532 import MISSES_BEFORE_UNAVAILABLE, PN532Reader, build_frame
from hardware.nfc.runner import ReaderRunner
from hardware.testing.pn532_chip import SimulatedPN532, response_frame, target_data
from tests import collector

UID4 = bytes.fromhex("DEADBEEF")
UID7 = bytes.fromhex("04112233445566")
UID10 = bytes.fromhex("0102030405060708090A")
GARBAGE = bytes.fromhex("FF 13 37 00 FF 05 00 42 55 AA 00 00 FF 03")  # bad LCS, cut-off header

#: Seconds a command may take in tests that expect an answer: only a lost answer uses it up.
PATIENT = 5.0
#: The driver's default timeout (seconds), for the tests of what a missing answer does.
QUICK = 0.05
#: How late the simulator answers in those tests: far beyond QUICK, so load cannot blur it.
LATE = 3.0


def wait_until(predicate, timeout: float = 30.0, what: str = "the condition"):
    """:func:`tests.collector.wait_until` with a generous 30 s bound (it only matters on failure)."""
    collector.wait_until(predicate, timeout, what)


@pytest.fixture
def sim():
    with SimulatedPN532() as simulated:
        yield simulated


@pytest.fixture
def reader(sim):
    with PN532Reader("table", sim.port, timeout=PATIENT) as opened:
        yield opened


class UndrainedSerial(serial.Serial):
    """A port whose input is never flushed, so stale bytes reach the frame reader."""

    def reset_input_buffer(self):
        pass


@pytest.fixture
def undrained_reader(sim):
    factory = lambda port, baudrate, timeout: UndrainedSerial(port, baudrate, timeout=timeout)  # noqa: E731
    with PN532Reader("table", sim.port, timeout=PATIENT, serial_factory=factory) as opened:
        yield opened


def timed(call):
    start = time.monotonic()
    result = call()
    return result, time.monotonic() - start


class ShortReads(serial.Serial):
    """A port that counts reads which returned fewer bytes than asked: each one waited out
    the serial read timeout."""

    short = 0

    def read(self, size=1):
        data = super().read(size)
        if len(data) < size:
            type(self).short += 1
        return data


# -- case 6: wake-up, SAMConfiguration, the firmware self-test ---------------------------

def test_start_wakes_configures_and_checks_the_firmware(sim, reader):
    """Case 6: wake-up, SAMConfiguration (normal mode), GetFirmwareVersion, then case 7's retries."""
    assert reader.firmware == (0x32, 1, 6, 7)
    assert sim.wakeups >= 1
    assert sim.commands == [
        (0x14, b"\x01\x14\x00"),          # SAMConfiguration, normal mode
        (0x02, b""),                      # GetFirmwareVersion
        (0x32, b"\x05\xff\x01\x02"),      # RFConfiguration item 5, MxRtyPassiveActivation 2
    ]


def test_a_silent_port_fails_with_a_message_naming_the_port(sim):
    """Case 6: nothing answers (unplugged, console on the UART, wrong baud rate)."""
    sim.silent = True
    start = time.monotonic()
    with pytest.raises(ReaderUnavailable) as caught:
        PN532Reader("table", sim.port)
    assert time.monotonic() - start < 30  # about 0.4 s: two wake-ups of 0.2 s; never for ever
    assert str(caught.value) == (f"no PN532 answered on {sim.port}: check wiring, that the serial "
                                 "console is off, and the baud rate (115200)")
    assert isinstance(caught.value, OSError)


def test_without_the_wake_up_the_simulated_chip_stays_asleep():
    """Case 6: the simulator only answers after 0x55, so the driver's wake-up is what opens it."""
    with SimulatedPN532() as sim:
        port = serial.Serial(sim.port, 115200, timeout=0.1)
        try:
            port.write(build_frame(0xD4, b"\x02"))
            wait_until(lambda: sim.codes() == [0x02], what="the simulator to read the command")
            assert sim.pending() == 0 and sim.sent == []  # nothing answered, nothing to come
            assert port.read(6) == b""
        finally:
            port.close()


def test_a_device_that_is_not_a_pn532_is_refused():
    """Case 6: GetFirmwareVersion answers, but the IC is not 0x32."""
    with SimulatedPN532(firmware=(0x07, 1, 0, 0)) as sim:
        with pytest.raises(ReaderUnavailable, match=f"the device on {sim.port} is not a PN532"):
            PN532Reader("table", sim.port, timeout=PATIENT)


def test_a_missing_port_is_reader_unavailable():
    """Cases 6 and 9: the port cannot be opened."""
    with pytest.raises(ReaderUnavailable, match="cannot open /dev/ttyNO-SUCH-PN532"):
        PN532Reader("table", "/dev/ttyNO-SUCH-PN532")


def test_the_module_imports_without_pyserial():
    """pyserial is imported lazily: the module imports without it; opening then says why it fails."""
    code = ("import sys; sys.modules['serial'] = None\n"
            "from hardware.nfc.pn532 import PN532Reader\n"
            "try:\n    PN532Reader('t', '/dev/ttyUSB0')\n"
            "except OSError as exc:\n    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert out.stdout.strip() == "cannot open /dev/ttyUSB0: pyserial is not installed", out.stderr


# -- case 7: bounded polls ------------------------------------------------------------------

def test_no_card_is_none_within_a_bounded_time(sim, reader):
    """Case 7: with MxRtyPassiveActivation finite, a poll says "no card" instead of waiting."""
    no_card = response_frame(0x4B, b"\x00")
    for polls in range(1, 6):
        result, took = timed(reader.poll)
        assert result is None
        assert took < reader.timeout  # answered "no card": a poll left waiting takes the whole timeout
        assert sum(chunk.endswith(no_card) for chunk in sim.sent) == polls
    assert sim.commands[-1] == (0x4A, b"\x01\x00")  # max 1 target, 106 kbps type A


def test_retries_are_configurable(sim):
    """Case 7: the retry count goes into RFConfiguration item 5; 0xFF (for ever) is refused."""
    with PN532Reader("table", sim.port, retries=0x05, timeout=PATIENT):
        assert (0x32, b"\x05\xff\x01\x05") in sim.commands
    with pytest.raises(ValueError):
        PN532Reader("table", sim.port, retries=0xFF)


# -- case 8: frames by LEN, UIDs, resynchronisation ---------------------------------------------

@pytest.mark.parametrize("uid", [UID4, UID7, UID10], ids=["4-byte", "7-byte", "10-byte"])
def test_uids_come_out_exactly(sim, reader, uid):
    """Case 8: 4-, 7- and 10-byte UIDs."""
    sim.present(uid)
    assert reader.poll() == uid
    sim.remove()
    assert reader.poll() is None


def test_a_tap_never_waits_for_the_serial_timeout(sim):
    """Case 8: frames are read by LEN, so even a 1 s read timeout does not slow a poll: no
    read ever waits its timeout out (counted, not timed)."""
    factory = lambda port, baudrate, timeout: ShortReads(port, baudrate, timeout=1.0)  # noqa: E731
    with PN532Reader("table", sim.port, timeout=PATIENT, serial_factory=factory) as reader:
        ShortReads.short = 0
        sim.present(UID7)
        assert reader.poll() == UID7
        sim.remove()
        assert reader.poll() is None
        assert reader.poll() is None
        assert ShortReads.short == 0


def test_a_stray_late_answer_does_not_desynchronise(sim, reader):
    """Case 8: the answer to an earlier poll (same response code 4B) arriving now is discarded."""
    sim.present(UID7)
    sim.inject(response_frame(0x4B, target_data(UID4)), when="before_ack")
    assert reader.poll() == UID7
    sim.inject(response_frame(0x03, bytes([0x32, 1, 6, 7])), when="before_response")  # wrong code
    assert reader.poll() == UID7
    assert reader.poll() == UID7


def test_a_timed_out_poll_is_aborted(sim, reader):
    """Case 8: a poll times out (unanswered, bounded); the driver's ACK aborts it; the next polls are right."""
    sim.present(UID4)
    sim.delay_next(LATE)
    reader.timeout = QUICK
    result, took = timed(reader.poll)
    assert result is UNANSWERED and took < LATE  # it did not wait for the late answer
    wait_until(lambda: sim.pending() == 0, what="the abort")  # dropped by the ACK, not sent late
    reader.timeout = PATIENT
    sim.present(UID10)
    assert [reader.poll() for _ in range(3)] == [UID10, UID10, UID10]
    assert response_frame(0x4B, target_data(UID4)) not in sim.sent  # aborted, never sent


@pytest.mark.parametrize("drained", [True, False], ids=["drained", "undrained"])
def test_a_timed_out_answer_arriving_during_later_polls_is_dropped(sim, request, drained):
    """Case 8: the answer to a timed-out poll (same code 4B) arrives while later polls run.
    Undrained, the stale bytes reach the frame reader, which drops frames before the ACK."""
    reader = request.getfixturevalue("reader" if drained else "undrained_reader")
    late = response_frame(0x4B, target_data(UID4))
    sim.present(UID4)
    sim.delay_next(0.5, abortable=False)  # ten times the driver's timeout
    reader.timeout = QUICK
    result, took = timed(reader.poll)
    assert result is UNANSWERED and took < 0.5
    reader.timeout = PATIENT
    sim.present(UID10)
    results = []
    deadline = time.monotonic() + 30  # generous: only a late answer that never comes uses it up
    while late not in sim.sent:
        assert time.monotonic() < deadline, "the late answer never arrived"
        results.append(reader.poll())
    results += [reader.poll() for _ in range(5)]  # the polls the late bytes arrive during
    assert len(results) > 5 and set(results) == {UID10}


@pytest.mark.parametrize("drained", [True, False], ids=["drained", "undrained"])
def test_garbage_and_broken_frames_do_not_desynchronise(sim, request, drained):
    """Case 8: garbage bytes, a bad-LCS header, a bad-DCS frame: the driver resynchronises."""
    reader = request.getfixturevalue("reader" if drained else "undrained_reader")
    sim.present(UID10)
    bad_dcs = bytearray(response_frame(0x4B, target_data(UID4)))
    bad_dcs[-2] ^= 0xFF
    sim.inject(GARBAGE, when="now")
    wait_until(lambda: GARBAGE in sim.sent, what="the garbage to be sent")
    sim.inject(GARBAGE, when="before_ack")
    sim.inject(GARBAGE + bytes(bad_dcs), when="before_response")
    assert reader.poll() == UID10
    sim.remove()
    sim.inject(GARBAGE, when="before_response")
    assert reader.poll() is None
    sim.present(UID7)
    assert [reader.poll() for _ in range(3)] == [UID7, UID7, UID7]


def test_an_extended_stray_frame_is_parsed_and_skipped(sim, reader):
    """Case 8: an extended information frame (00 00 FF FF FF LENM LENL LCS ...) is not a hang."""
    body = bytes([0xD5, 0x4B]) + target_data(UID4)
    stray = (b"\x00\x00\xff\xff\xff" + bytes([0, len(body), (-len(body)) & 0xFF]) + body
             + bytes([(-sum(body)) & 0xFF, 0]))
    sim.present(UID7)
    sim.inject(stray, when="before_ack")
    assert reader.poll() == UID7


def test_a_nack_makes_the_driver_send_again(sim, reader):
    """Case 8: a NACK instead of an ACK: the command is sent again and the poll answers."""
    sim.present(UID7)
    before = len(sim.commands)
    sim.nack_next()
    assert reader.poll() == UID7
    assert sim.codes()[before:] == [0x4A, 0x4A]


def test_an_error_frame_is_no_card_and_the_next_poll_is_fine(sim, reader):
    """Case 8: the PN532's error frame (00 00 FF 01 FF 7F 81 00) ends that poll unanswered
    (the field unknown, issue 30: not "no card")."""
    sim.present(UID4)
    sim.reject_next()
    assert reader.poll() is UNANSWERED
    assert reader.poll() == UID4


def test_a_reader_that_stops_answering_is_unavailable_then_recovers(sim, reader):
    """Cases 7 and 8: each silent poll is bounded; after a few the reader is unavailable;
    once it answers again the driver wakes and configures it again."""
    sim.present(UID7)
    sim.silent = True
    reader.timeout = QUICK
    for _ in range(MISSES_BEFORE_UNAVAILABLE - 1):
        result, took = timed(reader.poll)
        assert result is UNANSWERED and took < PATIENT  # a few timeouts of 50 ms; never for ever
    start = time.monotonic()
    with pytest.raises(ReaderUnavailable, match=f"PN532 on {sim.port} stopped answering"):
        reader.poll()
    assert time.monotonic() - start < PATIENT
    reader.timeout = PATIENT
    sim.silent = False
    before = len(sim.commands)
    assert reader.poll() == UID7
    assert sim.codes()[before:] == [0x14, 0x32, 0x4A]


# -- case 9: the port -----------------------------------------------------------------------------

def test_port_and_baud_rate_are_passed_to_the_serial_port(sim):
    """Case 9: the port and baud rate are configurable; the read timeout is short."""
    calls = []

    def factory(port, baudrate, timeout):
        calls.append((port, baudrate, timeout))
        return serial.Serial(port, baudrate, timeout=timeout)

    with PN532Reader("table", sim.port, baudrate=9600, timeout=PATIENT, serial_factory=factory) as reader:
        assert (reader.port, reader.baudrate) == (sim.port, 9600)
    assert calls == [(sim.port, 9600, 0.01)]
    assert PN532Reader.__init__.__defaults__[:2] == ("/dev/serial0", 115200)


def test_a_port_in_use_is_reader_unavailable(sim, reader):
    """Case 9: the port is opened exclusively; a second reader on it fails clearly."""
    with pytest.raises(ReaderUnavailable, match=f"cannot open {sim.port}"):
        PN532Reader("other", sim.port)
    assert reader.poll() is None  # the first one is unharmed


def test_an_unplugged_adapter_is_reader_unavailable():
    """Case 9: the device vanishes under an open port (a USB adapter pulled out)."""
    sim = SimulatedPN532()
    try:
        reader = PN532Reader("table", sim.port, timeout=PATIENT)
        sim.present(UID4)
        assert reader.poll() == UID4
    finally:
        sim.close()
    with reader:
        with pytest.raises(ReaderUnavailable, match=f"PN532 on {sim.port}"):
            reader.poll()


def test_close_is_idempotent_and_a_closed_reader_says_so(sim):
    """Reader contract: close twice; a poll after close is ReaderUnavailable."""
    reader = PN532Reader("table", sim.port, timeout=PATIENT)
    reader.close()
    reader.close()
    with pytest.raises(ReaderUnavailable, match="closed"):
        reader.poll()


# -- the runner over the real driver -------------------------------------------------------------

def test_runner_reports_a_resting_card_once(sim, reader):
    """Cases 7 and 8 with the runner: a card resting for many polls is one TagPresented."""
    events = []
    runner = ReaderRunner(reader, events.append, interval=0.01, removal_delay=0.1)
    sim.present(UID7, pages=ntag215_image(UID7))  # an NTAG answers READ (a silent one is held: issue 30)
    runner.start()
    try:
        wait_until(lambda: sim.codes().count(0x4A) >= 10, what="ten polls")
        assert events == [TagPresented("table", UID7)]
        sim.remove()
        wait_until(lambda: len(events) == 2, what="the removal")
    finally:
        runner.stop()
    assert events == [TagPresented("table", UID7), TagRemoved("table", UID7)]
