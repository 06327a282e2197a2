"""Issue 30, through the simulated chips and the real drivers, runner and supervisor: a card
slid on (its memory silent for its first moments) is read while it rests and tapped once,
with its text; a PN532 that goes quiet for about 0.6 s never counts a resting card twice;
two or three cards on the MFRC522 are each reported once (both readings of CollPos); a
reader that keeps dropping out is said once, then once working again."""

from __future__ import annotations

import logging
import time

import pytest

from hardware.dice.fake import ManualClock
from hardware.errors import ReaderUnavailable
from hardware.nfc.base import UNANSWERED, CardsStacked, TagPresented, TagRemoved, TagUnread
from hardware.nfc.mfrc522 import MFRC522Reader
from hardware.nfc.ntag import ntag215_image
from hardware.nfc.pn532 import GET_FIRMWARE_VERSION, PN532Reader
from hardware.nfc.presence import PresenceTracker
from hardware.nfc.runner import READ_PATIENCE, UNREAD, ReaderRunner
from hardware.nfc.supervisor import DROPPING_OUT, WORKING_AGAIN, ReaderSupervisor
from hardware.testing.fake_spidev import installed
from hardware.testing.mfrc522_chip import SimCard, SimChip
from hardware.testing.pn532_chip import SimulatedPN532

A = bytes.fromhex("04A10000000001")
B = bytes.fromhex("04A10000000002")
C = bytes.fromhex("04B20000000003")
TEXT = {A: "creepy_cellar:ghost:room-H", B: "creepy_cellar:ghost:room-E", C: "creepy_cellar:ghost:room-B"}


def card(uid: bytes, read_fail_for: float = 0.0) -> SimCard:
    made = SimCard.ntag215(uid, TEXT[uid])
    made.read_fail_for = read_fail_for
    return made


class Skipping:
    """Real monotonic time plus the waits a test skips instead of sleeping them."""

    def __init__(self):
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped

    def advance(self, seconds: float) -> None:
        self.skipped += seconds


# ---------------------------------------------------------------- 1. a card slid on

def _rest(runner, clock, seconds: float, step: float = 0.1) -> list:
    """Poll every ``step`` seconds for ``seconds``; the events delivered."""
    events = []
    for _ in range(round(seconds / step)):
        events += runner.step()
        clock.advance(step)
    return events


@pytest.mark.parametrize("silent_for", [0.005, 0.05, 0.3])
def test_a_slid_on_card_is_read_while_it_rests_and_tapped_once_with_its_text(silent_for):
    """Before: three reads back to back in the poll that found it, then the tap went without
    text ("Unknown tag … To enroll it") and the resting card was never read again."""
    clock = ManualClock()
    chip = SimChip(clock=clock)
    with installed(chip), MFRC522Reader("cards") as reader:
        runner = ReaderRunner(reader, lambda e: None, clock=clock)
        chip.add(card(A, read_fail_for=silent_for))
        events = _rest(runner, clock, 3.0)
    assert events == [TagPresented("cards", A, ndef=TEXT[A])]
    assert not runner.held


def test_a_card_still_unread_after_half_a_second_asks_to_be_held_still_then_reads():
    clock = ManualClock()
    chip = SimChip(clock=clock)
    seen = []
    with installed(chip), MFRC522Reader("cards") as reader:
        runner = ReaderRunner(reader, lambda e: seen.append((round(clock(), 2), e)), clock=clock)
        chip.add(card(A, read_fail_for=1.0))
        _rest(runner, clock, 3.0)
    assert [e for _, e in seen] == [TagUnread("cards", A), TagPresented("cards", A, ndef=TEXT[A])]
    told, read = seen[0][0], seen[1][0]
    assert 0.5 <= told < 1.0 and 1.0 <= read <= 1.3  # read within one backoff step of answering


def test_a_card_that_never_answers_is_one_tap_without_the_enroll_advice_never_two():
    clock = ManualClock()
    chip = SimChip(clock=clock)
    with installed(chip), MFRC522Reader("cards") as reader:
        runner = ReaderRunner(reader, lambda e: None, clock=clock)
        chip.add(card(A, read_fail_for=60.0))
        events = _rest(runner, clock, READ_PATIENCE + 0.5)
        reads = chip.picc_commands["READ"]
        events += _rest(runner, clock, 5.0)  # it goes on resting: never read nor tapped again
        assert chip.picc_commands["READ"] == reads
    assert events == [TagUnread("cards", A), TagPresented("cards", A, ndef_problem=UNREAD)]
    assert 6 <= reads <= 16  # backoff: not one READ a poll (25) for 2.5 s


def test_a_held_card_lifted_before_it_answered_is_its_one_tap_then_its_removal():
    clock = ManualClock()
    chip = SimChip(clock=clock)
    with installed(chip), MFRC522Reader("cards") as reader:
        runner = ReaderRunner(reader, lambda e: None, clock=clock)
        chip.add(card(A, read_fail_for=60.0))
        events = _rest(runner, clock, 0.3)
        chip.remove()
        events += _rest(runner, clock, 1.0)
    assert events == [TagPresented("cards", A, ndef_problem=UNREAD), TagRemoved("cards", A)]


def test_a_classic_card_is_not_held():
    """A MIFARE Classic (4-byte UID, SAK 0x08) never answers READ: its tap goes at once."""
    clock = ManualClock()
    chip = SimChip(clock=clock)
    uid = bytes.fromhex("DEADBEEF")
    with installed(chip), MFRC522Reader("cards") as reader:
        runner = ReaderRunner(reader, lambda e: None, clock=clock)
        chip.add(SimCard.classic1k(uid))
        events = []
        for _ in range(5):  # a poll the machine's load stretched past its 50 ms budget is
            events = runner.step()  # UNANSWERED (CI, stop 39): the next poll finds the card
            if events:
                break
        assert events == [TagPresented("cards", uid)]  # no ndef: it went at once, not held
        assert not runner.held


def test_a_slid_on_card_on_the_pn532_is_read_once_it_answers():
    clock = ManualClock()
    with SimulatedPN532(clock=clock) as sim, PN532Reader("cards", sim.port) as reader:
        runner = ReaderRunner(reader, lambda e: None, clock=clock)
        sim.present(A, pages=ntag215_image(A, TEXT[A]), read_fail_for=0.2)
        events = _rest(runner, clock, 1.0)
    assert events == [TagPresented("cards", A, ndef=TEXT[A])]


def test_a_held_tap_survives_a_drop_out_and_is_sent_once():
    clock = ManualClock()
    chip = SimChip(clock=clock)
    events = []
    with installed(chip):
        supervisor = ReaderSupervisor("cards", lambda: MFRC522Reader("cards"), events.append, lambda *s: None,
                                      clock=clock)
        clock.advance(supervisor.step())
        chip.add(card(A, read_fail_for=0.3))
        clock.advance(supervisor.step())
        assert supervisor.runner.held
        chip.stuck = 0x00  # the bus dies while the tap is held
        clock.advance(supervisor.step())
        assert supervisor.runner is None
        chip.stuck = None
        for _ in range(20):
            clock.advance(supervisor.step())
        supervisor.stop()
    assert events == [TagPresented("cards", A, ndef=TEXT[A])]


# ---------------------------------------------------------------- 2. a quiet PN532

def test_an_unanswered_poll_never_removes_a_card():
    tracker = PresenceTracker("cards")
    tracker.update(A, 0.0)
    for n in range(1, 50):  # five seconds of polls nobody answered
        assert tracker.update(UNANSWERED, n * 0.1) == []
    assert tracker.update(A, 5.0) == []
    assert tracker.update_field(UNANSWERED, 5.1) == []
    assert tracker.current == A


@pytest.mark.parametrize("quiet", [0.5, 0.6, 0.7])
def test_a_pn532_quiet_for_about_half_a_second_does_not_count_a_resting_card_twice(quiet):
    """Before: two unanswered polls said "no card", then the probe answered the third (the
    chip had just come back), which said "no card" too: three empty polls over 0.5 s, so the
    resting card was removed and tapped again."""
    clock = Skipping()
    events, statuses = [], []
    with SimulatedPN532(clock=clock) as sim:
        sim.present(A, pages=ntag215_image(A, TEXT[A]))
        supervisor = ReaderSupervisor("cards", lambda: PN532Reader("cards", sim.port), events.append,
                                      lambda *s: statuses.append(s[1]), interval=0.1, clock=clock)
        try:
            for _ in range(3):
                clock.advance(supervisor.step())
            sim.go_quiet(quiet)
            end = clock() + quiet + 1.0
            while clock() < end:
                clock.advance(supervisor.step())
        finally:
            supervisor.stop()
        assert GET_FIRMWARE_VERSION in sim.codes()[-40:]  # probed while it was quiet
    assert events == [TagPresented("cards", A, ndef=TEXT[A])]


def test_a_pn532_that_forgot_its_retries_is_configured_again_without_the_timeout_advice(caplog):
    """A reset while awake puts MxRtyPassiveActivation back at 0xFF: the no-card answer never
    comes, the probe still answers. Before: never configured again, "raise poll_timeout"."""
    with SimulatedPN532() as sim, PN532Reader("cards", sim.port) as reader:
        assert reader.poll() is None
        sim.forget_retries()
        with caplog.at_level(logging.INFO, logger="hardware.nfc.pn532"):
            assert reader.poll() is UNANSWERED  # the field unknown this once
            assert [reader.poll() for _ in range(3)] == [None, None, None]  # answered in time again
        assert sim.mx_rty_passive == 2 and reader.reconfigured == 1
    assert "configured it again" in caplog.text and "raise poll_timeout" not in caplog.text


def test_a_pn532_that_stays_slow_after_configuring_again_gets_the_timeout_advice(caplog):
    with SimulatedPN532() as sim, PN532Reader("cards", sim.port) as reader:
        sim.activation_time = 0.06  # three attempts: 0.18 s, past the 0.1 s timeout
        with caplog.at_level(logging.WARNING, logger="hardware.nfc.pn532"):
            assert [reader.poll() for _ in range(3)] == [UNANSWERED] * 3
    assert "raise poll_timeout" in caplog.text


def test_a_pn532_silent_for_good_is_still_offline():
    with SimulatedPN532() as sim, PN532Reader("cards", sim.port) as reader:
        sim.silent = True
        with pytest.raises(ReaderUnavailable, match="stopped answering"):
            for _ in range(5):
                reader.poll()


# ---------------------------------------------------------------- 3. cards stacked

@pytest.fixture(params=["fifo", "received"])
def stack(request):
    """An MFRC522 whose CollPos counts one way or the other, read by the driver and a runner."""
    clock = ManualClock()
    chip = SimChip(collpos=request.param, clock=clock)
    with installed(chip), MFRC522Reader("cards") as reader:
        events = []
        runner = ReaderRunner(reader, events.append, clock=clock)

        def rest(seconds=1.0):
            got = _rest(runner, clock, seconds)
            return got

        yield chip, reader, rest


def test_b_laid_on_a_resting_card_is_one_tap_and_lifting_it_does_not_tap_a_again(stack):
    chip, _, rest = stack
    a, b = card(A), card(B)
    chip.add(a)
    assert rest() == [TagPresented("cards", A, ndef=TEXT[A])]
    chip.add(b)
    assert rest() == [TagPresented("cards", B, ndef=TEXT[B]), CardsStacked("cards", (A, B))]
    chip.remove(b)
    assert rest() == [TagRemoved("cards", B)]
    assert rest(3.0) == []  # A rests: never counted again


def test_a_added_to_a_resting_b_is_read_too(stack):
    chip, _, rest = stack
    chip.add(card(B))
    assert rest() == [TagPresented("cards", B, ndef=TEXT[B])]
    chip.add(card(A))
    assert rest() == [TagPresented("cards", A, ndef=TEXT[A]), CardsStacked("cards", (B, A))]


def test_two_cards_placed_together_are_both_read_with_their_own_text(stack):
    chip, _, rest = stack
    chip.add(card(A))
    chip.add(card(B))
    events = rest()
    assert sorted(e.uid for e in events if isinstance(e, TagPresented)) == [A, B]
    assert {e.uid: e.ndef for e in events if isinstance(e, TagPresented)} == {A: TEXT[A], B: TEXT[B]}
    assert len([e for e in events if isinstance(e, CardsStacked)]) == 1
    assert rest(3.0) == []


def test_three_cards_bit_by_bit(stack):
    """Three 4-byte UIDs colliding at bits 3 and 13 of cascade level 1 (the second collision
    in a bit-oriented answer, where the two readings of CollPos differ)."""
    chip, reader, _ = stack
    uids = [bytes.fromhex(u) for u in ("00100001", "04000002", "04100003")]
    for uid in uids:
        chip.add(SimCard.classic1k(uid))
    fields = [reader.poll_field() for _ in range(3)]
    assert UNANSWERED not in fields[1:]  # at most the first poll learns the chip's reading
    assert set(fields[-1]) == set(uids) and len(fields[-1]) == 3


@pytest.mark.parametrize("collpos", ["fifo", "received"])
def test_both_readings_of_collpos_resolve_seven_byte_cards_colliding_mid_byte(collpos):
    """UIDs equal but for byte 4 (00, 01, 05): cascade level 2 collides at its bit 9, then,
    with one bit known past the byte (RxAlign 1), at bit 11, where the two readings of
    CollPos differ (3 or 2). The driver starts with the first; a chip of the other reading
    costs it one unanswered poll, then every poll finds all three cards."""
    chip = SimChip(collpos=collpos)
    uids = [bytes.fromhex(u) for u in ("04112233000000", "04112233010000", "04112233050000")]
    with installed(chip), MFRC522Reader("cards") as reader:
        for uid in uids:
            chip.add(SimCard.ntag215(uid))
        fields = [reader.poll_field() for _ in range(4)]
        assert reader.collpos_counts_rx_align is (collpos == "fifo")
        assert reader.collpos_switches == (collpos == "received")
    assert fields[0] == (UNANSWERED if collpos == "received" else fields[1])
    assert all(set(field) == set(uids) and len(field) == 3 for field in fields[1:])


def test_the_simulator_counts_collpos_both_ways():
    """CollPos for a collision at received bit 2 of an ANTICOLL sent with 3 known bits."""
    values = {}
    for collpos in ("fifo", "received"):
        chip = SimChip(collpos=collpos)
        chip.regs[0x0D] = 3 << 4  # RxAlign 3
        chip._receive([[0, 1, 0, 0], [0, 1, 1, 0]])
        values[collpos] = chip.regs[0x0E] & 0x1F
    assert values == {"fifo": 3 + 2 + 1, "received": 2 + 1}


# ---------------------------------------------------------------- 4. calm status

def test_fifty_drop_outs_in_25_s_are_said_once_then_working_again_once():
    clock = ManualClock()
    chip = SimChip(clock=clock)
    statuses, dropouts, events = [], [], []
    with installed(chip):
        supervisor = ReaderSupervisor("cards", lambda: MFRC522Reader("cards"), events.append,
                                      lambda *s: statuses.append(s[1:]), clock=clock,
                                      on_dropout=lambda name, n: dropouts.append(n))
        chip.add(card(A))
        for _ in range(5):
            clock.advance(supervisor.step())
        back = clock()
        for _ in range(50):  # a loose wire: 50 drop-outs in 25 s, the card resting
            start = clock()
            chip.stuck = 0x00
            clock.advance(supervisor.step())
            chip.stuck = None
            while clock() < start + 0.5:
                wait = supervisor.step()
                if supervisor.online and back < start:
                    back = clock()  # working since
                clock.advance(wait)
        while statuses[-1] != (True, WORKING_AGAIN):
            clock.advance(supervisor.step())
            assert clock() < back + 11.0
        supervisor.stop()
    assert [online for online, _ in statuses] == [True, False, True, False, True, False, True]
    assert statuses[-2:] == [(False, DROPPING_OUT), (True, WORKING_AGAIN)]
    assert 10.0 <= clock() - back <= 10.2  # worked 10 s in a row (one poll's wait)
    assert dropouts == list(range(1, 51)) and supervisor.dropouts == 50
    assert events == [TagPresented("cards", A, ndef=TEXT[A])]  # the resting card: one tap
