"""Issue 8, readers under faults: SPI transfer errors, a serial port that vanishes and comes
back, UART garbage, slow answers. Through the simulated chips, the real drivers, the
supervisor and the daemon: the daemon stays up, the reader is reported offline and back,
and no completed tap is lost (nor a resting card counted twice)."""

from __future__ import annotations

import contextlib
import threading
import time

import pytest

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.header import GameHeader
from companion.store import EventStore
from hardware.errors import ReaderUnavailable
from hardware.nfc.base import TagPresented
from hardware.nfc.fake import FakeNfcReader
from hardware.nfc.supervisor import ReaderSupervisor
from tests.collector import Collector, wait_until

UID = bytes.fromhex("04112233445566")
CARDS = {"04A10000000001": "creepy_cellar:ghost:room-H", "04A10000000002": "creepy_cellar:ghost:room-E",
         "04A10000000003": "creepy_cellar:ghost:room-B"}


class Wired(FakeNfcReader):
    """A fake reader whose poll raises whatever ``fault`` holds (a chip library's surprise)."""

    fault: BaseException | None = None

    def poll(self):
        if self.fault is not None:
            raise self.fault
        return super().poll()


def test_an_unexpected_error_from_a_driver_does_not_kill_the_reader_thread():
    """Found here: only HardwareError was caught; any other exception from a driver or its
    library ended the supervisor's thread, and the reader stayed dead, never reported."""
    reader = Wired("cards")
    statuses, events = [], []
    supervisor = ReaderSupervisor("cards", lambda: reader, events.append, lambda *s: statuses.append(s),
                                  interval=0.1, max_backoff=1.0)
    supervisor.step(), supervisor.step()
    reader.fault = RuntimeError("mfrc522 library: list index out of range")
    supervisor.step()  # raised out of step() before the fix
    assert statuses[-1] == ("cards", False,
                            "reader cards failed: RuntimeError: mfrc522 library: list index out of range")
    reader.fault = None
    reader.present(UID)
    waits = [supervisor.step() for _ in range(3)]
    assert statuses[-1] == ("cards", True, "")
    assert sum(waits) <= 2.0  # back within 2 s of the fault ending (backoff is capped at 1 s)
    assert events == [TagPresented("cards", UID)]


def test_a_card_resting_through_a_fault_is_not_a_second_tap():
    """Found here: the reopened reader's tracker started empty, so the card still lying on the
    reader after a fault was reported again: a second draw, a second answer."""
    reader = Wired("cards")
    events = []
    supervisor = ReaderSupervisor("cards", lambda: reader, events.append, lambda *s: None, interval=0.1)
    reader.present(UID)
    for _ in range(3):
        supervisor.step()
    reader.fault = ReaderUnavailable("cards: SPI read failed: [Errno 5] Input/output error")
    supervisor.step()
    reader.fault = None
    for _ in range(5):
        supervisor.step()
    assert events == [TagPresented("cards", UID)]
    reader.remove()
    reader.present(bytes.fromhex("04112233445577"))  # another card after the fault is a tap
    for _ in range(5):
        supervisor.step()
    assert [type(e).__name__ for e in events] == ["TagPresented", "TagRemoved", "TagPresented"]


# ---------------------------------------------------------------- through the daemon

def _online(message) -> bool:
    return message.get("type") == "state" and message["readers"].get("cards", {}).get("online")


def _offline(message) -> bool:  # the reader named "cards" is named by its role in words
    return message.get("type") == "notice" and message["text"].startswith("The cards reader is offline: ")


def _working(message) -> bool:
    return message.get("type") == "notice" and message["text"] == "The cards reader is working."


def _offline_notices(watch: Collector) -> list[dict]:
    return [m for m in watch.messages if m.get("type") == "notice" and "offline" in m["text"]]


@pytest.fixture
def daemon(tmp_path):
    store = EventStore(tmp_path / "g.sqlite3")
    d = Daemon(store, tmp_path / "d.sock", DaemonSettings(reader_roles={"cards": "cards"}))
    with DaemonThread(d):
        header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada"], "seed": 1,
                                       "options": {"ghost_deck": "physical"}, "tags": CARDS,
                                       "stack": {"movement_die": [2, 3, 4, 5]}})
        d.call(lambda: d.start_game(header))
        yield d
    store.close()


@contextlib.contextmanager
def supervised(daemon, open_reader):
    """The reader ``open_reader()`` gives, supervised for the daemon (polled every 50 ms), and
    a client watching the daemon's messages: yields (client, watch) once the reader is online."""
    supervisor = ReaderSupervisor("cards", open_reader, daemon.on_presence, daemon.devices.on_status,
                                  interval=0.05, max_backoff=1.0)
    supervisor.start()
    watch = Collector()
    try:
        with Client(daemon.socket_path, on_message=watch) as client:
            watch.wait_for(_online)
            yield client, watch
    finally:
        supervisor.stop()


def _taps(daemon) -> list[str]:
    """The UIDs of the taps the game accepted, in order."""
    return daemon.call(lambda: [e.input["tap"] for e in daemon.session.history if "tap" in e.input])


def _wait_taps(daemon, count: int) -> None:
    wait_until(lambda: len(_taps(daemon)) >= count, 10, "the tap reaching the game")


def _draw(daemon, client, reader_put, reader_lift, uid_hex):
    """Roll, then put a Ghost card on the reader; returns when the daemon drew it."""
    assert client.choose("roll")["ok"]
    before = len(_taps(daemon))
    reader_put(bytes.fromhex(uid_hex))
    _wait_taps(daemon, before + 1)
    reader_lift()
    assert client.choose("end-turn")["ok"]


def _mfrc522_draw(daemon, client, chip, uid_hex):
    from hardware.testing.mfrc522_chip import SimCard

    _draw(daemon, client, lambda uid: chip.present(SimCard.ntag215(uid)), chip.remove, uid_hex)


@pytest.mark.slow
def test_a_serial_port_that_vanishes_and_comes_back(daemon, tmp_path):
    from hardware.nfc.ntag import ntag215_image
    from hardware.nfc.pn532 import PN532Reader
    from hardware.testing.pn532_chip import SimulatedPN532

    port = tmp_path / "serial0"  # like /dev/serial0: a link to whatever tty the adapter is
    sims = [SimulatedPN532()]
    port.symlink_to(sims[0].port)

    def draw(uid_hex):
        # blank NTAGs enrolled by UID: an NTAG always answers READ (one that does not is held
        # while it rests, issue 30)
        _draw(daemon, client, lambda uid: sims[-1].present(uid, pages=ntag215_image(uid)), lambda: sims[-1].remove(),
              uid_hex)

    # a patient timeout: on a loaded machine the driver's 50 ms let healthy polls time out,
    # and a reader going offline by itself blurred the unplugging below
    try:
        with supervised(daemon, lambda: PN532Reader("cards", str(port), timeout=1.0)) as (client, watch):
            draw("04A10000000001")
            sims[-1].inject(b"\xff\x13\x37\x00\xff\x05\x00\x42")  # UART garbage between polls
            sims[-1].delay_next(0.3)  # a slow answer
            draw("04A10000000002")
            sims[-1].close()  # the adapter is unplugged
            port.unlink()
            watch.wait_for(_offline)
            assert client.request({"cmd": "state"})["ok"]  # the daemon still answers
            assert client.choose("roll")["ok"] and client.undo()["ok"]  # touches still work
            watch.clear()
            sims.append(SimulatedPN532())  # plugged in again, as another tty
            port.symlink_to(sims[-1].port)
            back = time.monotonic()
            watch.wait_for(_working)
            recovered = time.monotonic() - back
            draw("04A10000000003")
    finally:
        for sim in sims:
            sim.close()
    assert _taps(daemon) == list(CARDS)  # every completed tap is in the game, once
    events = daemon.store.events(daemon.session.game_id)
    assert [e.body["input"]["tap"] for e in events if "tap" in e.body["input"]] == list(CARDS)
    print(f"PN532 back {recovered:.2f} s after the port returned")


@pytest.mark.slow
def test_spi_transfer_errors(daemon):
    from hardware.nfc.mfrc522 import MFRC522Reader
    from hardware.testing.fake_spidev import installed
    from hardware.testing.mfrc522_chip import SimChip

    chip = SimChip()
    real_transfer = chip.transfer
    broken = threading.Event()

    def transfer(data):
        if broken.is_set():
            raise OSError(5, "Input/output error")
        return real_transfer(data)

    chip.transfer = transfer
    with installed(chip), supervised(daemon, lambda: MFRC522Reader("cards")) as (client, watch):
        _mfrc522_draw(daemon, client, chip, "04A10000000001")
        broken.set()
        watch.wait_for(_offline)
        assert client.request({"cmd": "state"})["ok"]
        watch.clear()
        broken.clear()
        watch.wait_for(_working)
        _mfrc522_draw(daemon, client, chip, "04A10000000002")
    assert _taps(daemon) == list(CARDS)[:2]


@pytest.mark.slow
@pytest.mark.parametrize("stuck", [0x00, 0xFF])
def test_an_mfrc522_bus_that_dies_under_a_resting_card(daemon, stuck):
    """Issue 20: spidev never fails on a dead bus, it reads 0x00 or 0xFF. The table is told the
    reader is offline and back, the card that lay there through it is one tap, and a new card
    reads after it."""
    from hardware.nfc.mfrc522 import MFRC522Reader
    from hardware.testing.fake_spidev import installed
    from hardware.testing.mfrc522_chip import SimCard, SimChip

    chip = SimChip()
    with installed(chip), supervised(daemon, lambda: MFRC522Reader("cards")) as (client, watch):
        assert client.choose("roll")["ok"]
        chip.present(SimCard.ntag215(bytes.fromhex("04A10000000001")))
        _wait_taps(daemon, 1)
        chip.stuck = stuck
        watch.wait_for(_offline)
        watch.clear()
        chip.stuck = None
        watch.wait_for(_working)
        polled = chip.picc_commands["WUPA"]
        wait_until(lambda: chip.picc_commands["WUPA"] >= polled + 10, 10, "ten polls with the card still there")
        assert _taps(daemon) == ["04A10000000001"]  # the resting card: one tap
        chip.remove()
        assert client.choose("end-turn")["ok"]
        _mfrc522_draw(daemon, client, chip, "04A10000000002")
    assert _taps(daemon) == list(CARDS)[:2]


@pytest.mark.slow
def test_a_slow_pn532_no_card_answer_tells_the_table_nothing(daemon):
    """Issue 20: 33 "offline" notices in 10 s before, from a board whose no-card answer is
    later than one poll's timeout. Now the chip is probed and the table hears nothing."""
    from hardware.nfc.ntag import ntag215_image
    from hardware.nfc.pn532 import PN532Reader
    from hardware.testing.pn532_chip import SimulatedPN532

    with SimulatedPN532() as sim, supervised(daemon, lambda: PN532Reader("cards", sim.port)) as (client, watch):
        sim.activation_time = 0.06  # three attempts: 0.18 s, past the 0.1 s timeout
        wait_until(lambda: sim.codes().count(0x02) >= 8, 30, "eight slow polls, each probed")
        assert not _offline_notices(watch)

        def put(uid):
            sim.present(uid, pages=ntag215_image(uid))
        _draw(daemon, client, put, sim.remove, "04A10000000001")
    assert _taps(daemon) == ["04A10000000001"]


@pytest.mark.slow
def test_a_reset_mfrc522_reads_a_new_card_without_an_offline_notice(daemon):
    from hardware.nfc.mfrc522 import MFRC522Reader
    from hardware.testing.fake_spidev import installed
    from hardware.testing.mfrc522_chip import SimChip

    chip = SimChip()
    with installed(chip), supervised(daemon, lambda: MFRC522Reader("cards")) as (client, watch):
        chip.power_cycle()  # a brown-out: antenna off, timer not auto-started
        _mfrc522_draw(daemon, client, chip, "04A10000000001")
        assert not _offline_notices(watch)
    assert _taps(daemon) == ["04A10000000001"]
