"""Issue 17: why a reader is offline reaches the table in its language. The drivers say it
with :func:`hardware.errors.fault` (English, translatable); the daemon shows it in the
table's language in the notice and in the state's readers (Home and Settings)."""

from __future__ import annotations

from companion.client import Client
from hardware.dice.fake import ManualClock
from hardware.errors import ReaderUnavailable, fault, fault_of
from hardware.nfc.mfrc522 import MFRC522Reader
from hardware.nfc.supervisor import ReaderSupervisor
from hardware.testing.fake_spidev import installed
from hardware.testing.mfrc522_chip import SimChip
from tests.collector import Collector
from tests.daemon_fixture import running_daemon

DEAD_IT = ("lettore cards: l'MFRC522 su /dev/spidev0.0 non risponde più: ogni registro legge 0x00 (MISO a "
           "livello basso: scheda scollegata, un filo allentato o niente 3,3 V)")


def test_a_fault_is_english_text_that_keeps_its_words():
    said = fault("reader {name}: SPI read failed: {error}", name="cards", error="[Errno 5] EIO")
    assert said == "reader cards: SPI read failed: [Errno 5] EIO"
    assert fault_of(ReaderUnavailable(said)) is said
    assert fault_of(ReaderUnavailable("plain words")) == "plain words"


def _dead_bus_status(statuses: list) -> tuple:
    chip = SimChip()
    with installed(chip):
        supervisor = ReaderSupervisor("cards", lambda: MFRC522Reader("cards"), lambda event: None,
                                      lambda *status: statuses.append(status), interval=0.1, clock=ManualClock())
        try:
            for _ in range(20):
                supervisor.step()
                if supervisor.online:
                    break
            chip.stuck = 0x00  # the board unplugged: every read is 0x00
            for _ in range(20):
                supervisor.step()
                if supervisor.online is False:
                    break
        finally:
            supervisor.stop()
    return statuses[-1]


def test_a_dead_bus_is_said_in_italian(tmp_path):
    name, online, detail = _dead_bus_status([])
    assert online is False and detail.startswith("reader cards: the MFRC522 on /dev/spidev0.0 stopped answering")
    collector = Collector()
    with running_daemon(tmp_path, language="it") as daemon, \
            Client(daemon.socket_path, on_message=collector).connect() as client:
        daemon.devices.on_status(name, online, detail)
        notice = collector.wait_for(lambda m: m.get("type") == "notice" and "cards" in m["text"])
        client.request({"cmd": "state"})
        assert client.state["readers"]["cards"] == {"online": False, "detail": DEAD_IT}
    assert notice["text"] == f"Il lettore carte non è in linea: {DEAD_IT}. Lo schermo funziona ancora."


def test_the_resting_card_notices_are_said_in_italian(tmp_path):
    """Issue 30: hold the card still, two cards on the reader, keeps dropping out, working again."""
    from hardware.nfc.base import CardsStacked, TagUnread
    from hardware.nfc.supervisor import DROPPING_OUT, WORKING_AGAIN

    uid, other = bytes.fromhex("04A10000000001"), bytes.fromhex("04A10000000002")
    collector = Collector()
    with running_daemon(tmp_path, language="it") as daemon, \
            Client(daemon.socket_path, on_message=collector).connect():
        daemon.on_presence(TagUnread("cards", uid))
        daemon.on_presence(CardsStacked("cards", (uid, other)))
        daemon.devices.on_status("cards", False, DROPPING_OUT)
        daemon.devices.on_status("cards", True, WORKING_AGAIN)
        collector.wait_for(lambda m: m.get("type") == "notice" and "di nuovo" in m["text"])
        collector.wait_for(lambda m: m.get("type") == "notice" and "Due carte" in m["text"])
    # the reader events' notices come in order with the taps (the input worker), the status ones at once
    assert sorted(m["text"] for m in collector.messages if m.get("type") == "notice") == [
        "Due carte sul lettore carte: toglietene una.",
        "Il lettore carte continua a staccarsi: controllate i suoi fili. Lo schermo funziona ancora.",
        "Il lettore carte funziona di nuovo.",
        "La carta sul lettore carte non si legge ancora: tenete ferma la carta."]
