"""Issue 30 through the real supervisor and daemon, over the simulated chips and the real
drivers: exactly what the table receives for a card slid on, cards stacked on the reader,
a PN532 going quiet under a resting card, and a loose MFRC522 wire."""

from __future__ import annotations

import pytest

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.header import GameHeader
from companion.store import EventStore
from hardware.dice.fake import ManualClock
from hardware.nfc.mfrc522 import MFRC522Reader
from hardware.nfc.ntag import ntag215_image
from hardware.nfc.pn532 import PN532Reader
from hardware.nfc.supervisor import ReaderSupervisor
from hardware.testing.fake_spidev import installed
from hardware.testing.mfrc522_chip import SimCard, SimChip
from hardware.testing.pn532_chip import SimulatedPN532
from tests.collector import Collector, wait_until
from tests.hardware.test_resting_cards import Skipping

A = bytes.fromhex("04A10000000001")  # programmed, not enrolled: only its text names it
B = bytes.fromhex("04A10000000002")
TEXT = {A: "creepy_cellar:ghost:room-H", B: "creepy_cellar:ghost:room-E"}


@pytest.fixture
def daemon(tmp_path):
    store = EventStore(tmp_path / "g.sqlite3")
    d = Daemon(store, tmp_path / "d.sock", DaemonSettings(reader_roles={"cards": "cards"}))
    with DaemonThread(d):
        header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada"], "seed": 1,
                                       "options": {"ghost_deck": "physical"},
                                       "stack": {"movement_die": [2, 3, 4, 5]}})
        d.call(lambda: d.start_game(header))
        yield d
    store.close()


@pytest.fixture
def watch(daemon):
    collected = Collector()
    with Client(daemon.socket_path, on_message=collected) as client:
        collected.client = client
        yield collected


def _taps(daemon) -> list[tuple[str, str | None]]:
    """(UID, text) of every tap the game accepted, in order."""
    return daemon.call(lambda: [(e.input["tap"], e.input.get("ndef")) for e in daemon.session.history
                                if "tap" in e.input])


def _notices(watch) -> list[str]:
    return [m["text"] for m in watch.messages if m.get("type") == "notice"]


def _stepped(daemon, chip_clock, open_reader, **kwargs) -> ReaderSupervisor:
    return ReaderSupervisor("cards", open_reader, daemon.on_presence, daemon.devices.on_status, clock=chip_clock,
                            on_dropout=daemon.devices.on_dropout, **kwargs)


def _run(supervisor, clock, seconds: float) -> None:
    """Step the supervisor for ``seconds`` of its clock (the waits it asks for skipped)."""
    end = clock() + seconds
    while clock() < end:
        clock.advance(supervisor.step())


@pytest.mark.parametrize("silent_for, told", [(0.3, False), (1.0, True)])
def test_a_slid_on_card_is_drawn_by_its_text_once(daemon, watch, silent_for, told):
    clock = ManualClock()
    chip = SimChip(clock=clock)
    with installed(chip):
        supervisor = _stepped(daemon, clock, lambda: MFRC522Reader("cards"))
        _run(supervisor, clock, 0.3)
        assert watch.client.choose("roll")["ok"]
        daemon.drain()
        watch.clear()  # the reader is working, the die rolled: from here, the card
        card = SimCard.ntag215(A, TEXT[A])
        card.read_fail_for = silent_for
        chip.add(card)
        _run(supervisor, clock, 4.0)
        supervisor.stop()
    daemon.drain()
    wait_until(lambda: _taps(daemon), what="the tap")
    assert _taps(daemon) == [(A.hex().upper(), TEXT[A])]
    hold = ["The card on the cards reader cannot be read yet: hold the card still."]
    assert _notices(watch) == (hold if told else [])  # never "Unknown tag … To enroll it"


def test_a_card_laid_on_a_resting_one_is_said_and_the_resting_one_never_drawn_again(daemon, watch):
    clock = ManualClock()
    chip = SimChip(clock=clock)
    with installed(chip):
        supervisor = _stepped(daemon, clock, lambda: MFRC522Reader("cards"))
        _run(supervisor, clock, 0.3)
        assert watch.client.choose("roll")["ok"]
        chip.add(SimCard.ntag215(A, TEXT[A]))
        _run(supervisor, clock, 1.0)
        daemon.drain()
        assert _taps(daemon) == [(A.hex().upper(), TEXT[A])]
        top = SimCard.ntag215(B, TEXT[B])
        chip.add(top)
        _run(supervisor, clock, 1.0)
        chip.remove(top)
        _run(supervisor, clock, 3.0)
        supervisor.stop()
    daemon.drain()
    wait_until(lambda: "Two cards on the cards reader: lift one." in _notices(watch), what="the notice")
    assert _notices(watch).count("Two cards on the cards reader: lift one.") == 1
    assert [uid for uid, _ in _taps(daemon)].count(A.hex().upper()) == 1  # A rested: drawn once


def test_a_pn532_going_quiet_under_a_resting_card_tells_the_table_nothing(daemon, watch):
    clock = Skipping()
    with SimulatedPN532(clock=clock) as sim:
        supervisor = _stepped(daemon, clock, lambda: PN532Reader("cards", sim.port))
        _run(supervisor, clock, 0.3)
        assert watch.client.choose("roll")["ok"]
        sim.present(A, pages=ntag215_image(A, TEXT[A]))
        _run(supervisor, clock, 0.5)
        watch.clear()
        for quiet in (0.5, 0.6, 0.7):
            sim.go_quiet(quiet)
            _run(supervisor, clock, quiet + 0.5)
        supervisor.stop()
    daemon.drain()
    assert _taps(daemon) == [(A.hex().upper(), TEXT[A])]
    assert _notices(watch) == []


def test_fifty_drop_outs_give_the_table_two_notices_after_the_first_two(daemon, watch):
    clock = ManualClock()
    chip = SimChip(clock=clock)
    with installed(chip):
        supervisor = _stepped(daemon, clock, lambda: MFRC522Reader("cards"))
        chip.add(SimCard.ntag215(A, TEXT[A]))
        _run(supervisor, clock, 0.5)
        for _ in range(50):  # 50 drop-outs in 25 s
            chip.stuck = 0x00
            clock.advance(supervisor.step())
            chip.stuck = None
            _run(supervisor, clock, 0.4)
        _run(supervisor, clock, 11.0)
        supervisor.stop()
    again = "The cards reader is working again."
    watch.wait_for(lambda m: m.get("type") == "notice" and m["text"] == again)
    state = watch.wait_for(lambda m: m.get("type") == "state" and m["hardware"]["readers"][0]["dropouts"] == 50)
    reader_notices = [n for n in _notices(watch) if "cards reader" in n]
    offline = "The cards reader is offline: reader cards: the MFRC522 on /dev/spidev0.0 stopped answering: " \
              "every register reads 0x00 (MISO held low: the board unplugged, a loose wire or no 3.3 V). " \
              "Touches still work."
    assert reader_notices == [
        "The cards reader is working.", offline, "The cards reader is working.", offline,
        "The cards reader is working.",
        "The cards reader keeps dropping out: check its wires. Touches still work.", again]
    assert state["hardware"]["readers"][0]["online"] is True
    assert _taps(daemon) == []  # no game prompt took the resting card; it was read once, never again


def test_a_card_that_never_answers_is_asked_to_be_held_still_never_to_be_enrolled(daemon, watch):
    clock = ManualClock()
    chip = SimChip(clock=clock)
    with installed(chip):
        supervisor = _stepped(daemon, clock, lambda: MFRC522Reader("cards"))
        _run(supervisor, clock, 0.3)
        assert watch.client.choose("roll")["ok"]
        daemon.drain()
        watch.clear()
        card = SimCard.ntag215(A, TEXT[A])
        card.read_fail_for = 60.0
        chip.add(card)
        _run(supervisor, clock, 6.0)
        supervisor.stop()
    daemon.drain()
    # the screens' words (issue 29 audit: not the terminal's "Unknown tag {uid} on reader cards:
    # it is not enrolled, and its NDEF message is unusable (its memory did not answer: ...)")
    refusal = "Card or tile not read: hold it still, or register it in Settings, Enroll tags."
    wait_until(lambda: refusal in _notices(watch), what="the refusal")
    assert _notices(watch) == ["The card on the cards reader cannot be read yet: hold the card still.", refusal]
    assert _taps(daemon) == []
