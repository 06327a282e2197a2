"""Issue 20: an MFRC522 whose bus dies (spidev reads 0x00 or 0xFF, never an error) or whose
chip resets (brown-out, replugged VCC), through the simulated chip, the real driver, the
supervisor, the runner and the daemon. The reader is offline within 2 s of the bus dying
(counted in the supervisor's own waits, not timed), online within 2 s of it coming back,
a card resting through it is one tap, and a reset chip is configured again so a new card
reads."""

from __future__ import annotations

import pytest

from hardware.dice.fake import ManualClock
from hardware.errors import ReaderUnavailable
from hardware.nfc.base import TagPresented, TagRemoved
from hardware.nfc.mfrc522 import ANTENNA_GAINS, MFRC522Reader
from hardware.nfc.supervisor import ReaderSupervisor
from hardware.testing.fake_spidev import installed
from hardware.testing.mfrc522_chip import RF_CFG, T_MODE, TX_CONTROL, SimCard, SimChip

RESTING = bytes.fromhex("04112233445566")
NEW = bytes.fromhex("04AABBCCDDEEFF")


class Table:
    """A supervisor over the real driver on a simulated chip, stepped by hand: ``elapsed``
    adds up the waits the supervisor asks for (its idea of time, deterministic)."""

    def __init__(self, chip: SimChip, **reader_args):
        self.chip = chip
        self.events, self.statuses = [], []
        self.clock = ManualClock()
        self.supervisor = ReaderSupervisor(
            "cards", lambda: MFRC522Reader("cards", **reader_args), self.events.append,
            lambda *status: self.statuses.append(status[1:]), interval=0.1, max_backoff=1.0,
            clock=self.clock)

    def step(self) -> float:
        wait = self.supervisor.step()
        self.clock.advance(wait)
        return wait

    def run_until(self, done, limit: int = 60) -> float:
        """Step until ``done()``; returns the seconds of waits it took."""
        elapsed = 0.0
        for _ in range(limit):
            elapsed += self.step()
            if done():
                return elapsed
        raise AssertionError(f"not done after {limit} steps: {self.statuses}")

    @property
    def online(self):
        return self.supervisor.online


@pytest.fixture
def table():
    chip = SimChip()
    with installed(chip):
        table = Table(chip)
        chip.present(SimCard.ntag215(RESTING))
        table.run_until(lambda: table.events)
        yield table
        table.supervisor.stop()


@pytest.mark.parametrize("stuck", [0x00, 0xFF])
def test_a_dead_bus_is_offline_at_once_and_the_resting_card_one_tap(table, stuck):
    table.chip.stuck = stuck
    to_offline = table.run_until(lambda: table.online is False)
    assert to_offline <= 2.0 and table.statuses[-1][0] is False
    detail = table.statuses[-1][1]
    assert detail.startswith("reader cards: ") and f"every register reads {stuck:#04x}" in detail.lower()
    waits = [table.step() for _ in range(8)]  # still dead: it backs off, no spin
    assert waits == [0.2, 0.4, 0.8, 1.0, 1.0, 1.0, 1.0, 1.0]
    assert [s[0] for s in table.statuses] == [True, False]  # one offline notice, no flapping
    table.chip.stuck = None
    to_online = table.run_until(lambda: table.online)
    assert to_online <= 2.0
    table.run_until(lambda: False if len(table.events) < 1 else True)
    for _ in range(5):
        table.step()
    assert table.events == [TagPresented("cards", RESTING)]  # the resting card: one tap
    table.chip.present(SimCard.ntag215(NEW))
    table.run_until(lambda: TagRemoved("cards", RESTING) in table.events)
    assert table.events[1:] == [TagPresented("cards", NEW), TagRemoved("cards", RESTING)]  # each card on its own


def test_a_glitch_of_one_poll_never_counts_the_resting_card_twice(table):
    table.chip.stuck = 0x00
    table.step()
    table.chip.stuck = None
    table.run_until(lambda: table.online)
    for _ in range(10):
        table.step()
    assert table.events == [TagPresented("cards", RESTING)]


def test_a_reset_chip_is_configured_again_and_reads_a_new_card(table):
    reader = table.supervisor.runner.reader
    table.chip.remove()
    table.run_until(lambda: len(table.events) == 2)  # lifted
    table.chip.power_cycle()  # antenna off (TxControlReg 0x80), TModeReg 0x00: blind
    assert table.chip.regs[TX_CONTROL] == 0x80 and table.chip.regs[T_MODE] == 0x00
    table.chip.present(SimCard.ntag215(NEW))
    to_read = table.run_until(lambda: TagPresented("cards", NEW) in table.events)
    assert to_read <= 2.0
    assert reader.reconfigured == 1 and table.supervisor.runner.reader is reader  # in place
    assert [s[0] for s in table.statuses] == [True]  # never reported offline for it
    assert table.chip.regs[TX_CONTROL] & 0x03 == 0x03 and table.chip.regs[T_MODE] & 0x80


def test_a_reset_under_a_resting_card_is_no_second_tap(table):
    table.chip.power_cycle()
    for _ in range(10):
        table.step()
    assert table.events == [TagPresented("cards", RESTING)]
    assert table.supervisor.runner.reader.reconfigured == 1


def test_before_the_fix_a_dead_bus_looked_like_an_empty_field():
    """The old code's view of a dead bus: every poll None, no error: what the supervisor
    then saw (online, the resting card removed). Now the poll raises."""
    chip = SimChip()
    with installed(chip), MFRC522Reader("cards") as reader:
        chip.present(SimCard.ntag215(RESTING))
        assert reader.poll() == RESTING
        chip.stuck = 0x00
        with pytest.raises(ReaderUnavailable, match="0x00"):
            reader.poll()


def test_a_garbled_version_is_offline_too():
    chip = SimChip()
    with installed(chip), MFRC522Reader("cards") as reader:
        chip.stuck = 0x37
        with pytest.raises(ReaderUnavailable, match="VersionReg reads 0x37 instead of 0x92: a noisy bus"):
            reader.poll()


@pytest.mark.parametrize("version", [0x91, 0x92, 0x88, 0x12, 0xB2])
def test_known_chips_and_clones_work(version):
    chip = SimChip(version=version)
    with installed(chip), MFRC522Reader("cards") as reader:
        assert reader.version == version
        assert reader.poll() is None  # an empty field, the chip healthy: no error
        chip.present(SimCard.ntag215(RESTING))
        assert reader.poll() == RESTING


@pytest.mark.parametrize("gain", sorted(ANTENNA_GAINS))
def test_the_antenna_gain_is_set_and_restored_after_a_reset(gain):
    chip = SimChip()
    with installed(chip), MFRC522Reader("cards", antenna_gain=gain) as reader:
        assert chip.regs[RF_CFG] == ANTENNA_GAINS[gain] << 4 | 0x08
        chip.power_cycle()
        assert chip.regs[RF_CFG] == 0x48  # reset value: 33 dB
        reader.poll()
        assert chip.regs[RF_CFG] == ANTENNA_GAINS[gain] << 4 | 0x08
        assert reader.reconfigured == 1  # TModeReg lost TAuto whatever the gain


@pytest.mark.parametrize("kwargs, message", [
    ({"antenna_gain": 40}, "antenna_gain must be one of 18, 23, 33, 38, 43, 48 dB"),
    ({"spi_speed_hz": 20_000_000}, "spi_speed_hz must be 10000 to 10000000")])
def test_settings_the_chip_does_not_have_are_refused_before_the_bus(kwargs, message):
    chip = SimChip()
    with installed(chip):
        with pytest.raises(ValueError, match=message):
            MFRC522Reader("cards", **kwargs)
    assert chip.spi_transfers == 0


def test_the_spi_speed_reaches_the_bus():
    chip = SimChip()
    with installed(chip), MFRC522Reader("cards", spi_speed_hz=4_000_000) as reader:
        reader.poll()
        assert chip.spi_speed_hz == 4_000_000  # the clock the bus runs at


def test_a_collision_raises_errirq_before_rxirq_and_still_resolves():
    """Datasheet 9.3.1.5: ErrIRq comes with CollErr at the colliding bit, RxIRq at the end of
    the frame. The old wait stopped at ErrIRq and read half an answer: no card at all."""
    chip = SimChip()
    chip.rx_reads = 3  # CollErr/ErrIRq at once, RxIRq three ComIrqReg reads later
    with installed(chip), MFRC522Reader("cards") as reader:
        chip.add(SimCard.ntag215(RESTING))
        chip.add(SimCard.ntag215(bytes.fromhex("041122AABBCCDD")))
        assert reader.poll() in (RESTING, bytes.fromhex("041122AABBCCDD"))


def test_close_holds_the_reset_pin_low_and_never_cleans_up():
    chip = SimChip()
    with installed(chip) as gpio:
        MFRC522Reader("cards", reset_pin=25).close()
        assert gpio.cleanups == [] and gpio.pins[25] == 0 and gpio.levels[25] == 0
        assert chip.reset_low  # hard power-down: no field after the daemon stops


def test_a_reader_that_never_set_up_its_pin_does_not_touch_it():
    chip = SimChip()
    with installed(chip) as gpio:
        gpio.mode = 10  # BOARD numbering already chosen by someone else: refused before any pin
        with pytest.raises(ReaderUnavailable, match="BOARD"):
            MFRC522Reader("cards", reset_pin=25)
        assert gpio.cleanups == [] and 25 not in gpio.pins and 25 not in gpio.levels
