"""Issue 20, PN532: a slow board's no-card answer is not a dead chip (the reader does not
flap), the per-poll timeout follows MxRty, an NDEF read that failed on first contact is read
again while the card rests, and a Pi 5 is told its header UART is /dev/ttyAMA0."""

from __future__ import annotations

import pytest

from hardware.board import pi5_port_advice, poll_timeout_for
from hardware.dice.fake import ManualClock
from hardware.errors import ReaderUnavailable
from hardware.nfc.base import UNANSWERED, TagPresented, TagRemoved
from hardware.nfc.ntag import ntag215_image
from hardware.nfc.pn532 import GET_FIRMWARE_VERSION, PN532Reader
from hardware.nfc.runner import UNREAD, ReaderRunner
from hardware.nfc.supervisor import ReaderSupervisor
from hardware.testing.pn532_chip import SimulatedPN532

UID = bytes.fromhex("04A10000000001")
COMPONENT = "creepy_cellar:ghost:room-H"


@pytest.fixture
def sim():
    with SimulatedPN532() as sim:
        yield sim


def test_a_slow_no_card_answer_does_not_flap(sim):
    """65 status changes in 10 s before: each late no-card answer counted as a miss, three
    made the reader "offline", and it opened again at once. Now the chip is probed."""
    statuses, events = [], []
    clock = ManualClock()
    supervisor = ReaderSupervisor("tiles", lambda: PN532Reader("tiles", sim.port), events.append,
                                  lambda *s: statuses.append(s[1]), interval=0.05, clock=clock)
    try:
        clock.advance(supervisor.step())  # opens
        sim.activation_time = 0.06  # 3 attempts: 0.18 s, past the 0.1 s timeout
        for _ in range(8):
            clock.advance(supervisor.step())
        assert statuses == [True]  # online once, never offline
        reader = supervisor.runner.reader
        assert reader.slow_answers >= 7 and GET_FIRMWARE_VERSION in sim.codes()
        sim.present(UID, pages=ntag215_image(UID))
        for _ in range(3):
            clock.advance(supervisor.step())
        assert events[:1] == [TagPresented("tiles", UID)]
    finally:
        supervisor.stop()


def test_a_silent_chip_is_still_offline_after_the_probe_fails_too(sim):
    reader = PN532Reader("tiles", sim.port, timeout=0.1)
    try:
        sim.silent = True
        assert reader.poll() is UNANSWERED and reader.poll() is UNANSWERED
        with pytest.raises(ReaderUnavailable, match="stopped answering"):
            reader.poll()
        assert reader.slow_answers == 0
    finally:
        reader.close()


@pytest.mark.parametrize("retries, timeout", [(0, 0.06), (2, 0.1), (5, 0.16), (254, 5.14)])
def test_the_poll_timeout_follows_mxrty(sim, retries, timeout):
    assert poll_timeout_for(retries) == timeout
    with PN532Reader("tiles", sim.port, retries=retries) as reader:
        assert reader.timeout == timeout
        assert (0x32, bytes([0x05, 0xFF, 0x01, retries])) in sim.commands  # MxRty sent


def test_a_timeout_too_short_for_its_retries_is_refused(sim):
    with pytest.raises(ValueError, match=r"timeout 0.05 s is shorter than 3 activation attempts \(retries = 2\) "
                                         r"may take: at least 0.1 s"):
        PN532Reader("tiles", sim.port, timeout=0.05)


def test_an_ndef_read_that_failed_on_first_contact_is_read_again(sim):
    sim.present(UID, pages=ntag215_image(UID, COMPONENT))
    sim.failing_reads = 1  # the first READ: status 0x01, as when a card slides on
    events = []
    clock = ManualClock()
    with PN532Reader("tiles", sim.port) as reader:
        runner = ReaderRunner(reader, events.append, clock=clock)
        assert runner.step() == []  # held, not sent without its text
        clock.advance(0.1)
        runner.step()
    assert events == [TagPresented("tiles", UID, ndef=COMPONENT)]


def test_a_card_lifted_before_its_memory_answered_is_one_tap_without_text(sim):
    sim.present(UID, pages=ntag215_image(UID, COMPONENT))
    sim.failing_reads = 1
    events = []
    clock = ManualClock()
    with PN532Reader("tiles", sim.port) as reader:
        runner = ReaderRunner(reader, events.append, clock=clock)
        runner.step()
        sim.remove()  # lifted just after the first contact
        for _ in range(5):
            clock.advance(0.1)
            runner.step()
    assert events == [TagPresented("tiles", UID, ndef_problem=UNREAD), TagRemoved("tiles", UID)]


def test_the_pi5_is_told_its_header_uart(tmp_path, monkeypatch):
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    monkeypatch.setitem(pi5_port_advice.__globals__, "PI_MODEL", str(model))  # the module this test imported
    advice = pi5_port_advice("/dev/serial0")
    assert advice == ('; on a Pi 5, /dev/serial0 is not GPIO 14/15: set port = "/dev/ttyAMA0" and add '
                      'dtoverlay=uart0-pi5 to /boot/firmware/config.txt')
    assert pi5_port_advice("/dev/ttyAMA0") == ""
    assert pi5_port_advice("/dev/serial0", model="Raspberry Pi 4 Model B Rev 1.4") == ""
    with SimulatedPN532() as silent:
        silent.silent = True
        with pytest.raises(ReaderUnavailable) as caught:
            PN532Reader("tiles", silent.port)
    assert str(caught.value).startswith(f"no PN532 answered on {silent.port}: check wiring")
    assert "dtoverlay=uart0-pi5" in str(caught.value)
