"""The daemon with configured hardware: a tap on a simulated PN532 (real driver, real
pyserial on a pty) reaches the game (issues 2 and 3: the seams end to end)."""

from __future__ import annotations

from companion.config import parse_config
from companion.daemon.table_hardware import TableHardware
from companion.header import GameHeader
from companion.inputs import Touch
from hardware.testing.pn532_chip import SimulatedPN532
from tests.collector import wait_until
from tests.daemon_fixture import running_daemon

GHOST_H = "04112233445566"


def _wait(predicate, what):
    wait_until(predicate, 30.0, what)  # generous: it only matters when the tap is lost


def test_a_card_tapped_on_a_pn532_is_drawn(tmp_path):
    with SimulatedPN532() as sim:
        config = parse_config(f'[dice]\nenabled = false\n[[readers]]\nname = "cards"\n'
                              f'driver = "pn532"\nport = "{sim.port}"\n')
        with running_daemon(tmp_path, db=":memory:") as daemon:
            stops = daemon.call(lambda: TableHardware(config).start(daemon))
            try:
                header = GameHeader.from_json({
                    "game": "creepy_cellar", "players": ["Ada"], "seed": 1,
                    "options": {"ghost_deck": "physical"}, "stack": {"movement_die": [3]},
                    "tags": {GHOST_H: "creepy_cellar:ghost:room-H"}})
                daemon.call(lambda: daemon.start_game(header))
                _wait(lambda: daemon.devices.readers.get("cards", {}).get("online"), "reader cards online")
                daemon.submit(Touch("roll"))
                daemon.drain()
                from hardware.nfc.ntag import ntag215_image

                uid = bytes.fromhex(GHOST_H)  # a blank NTAG: it answers READ (issue 30 holds one that does not)
                sim.present(uid, atqa=b"\x00\x44", sak=0x00, pages=ntag215_image(uid))
                _wait(lambda: daemon.call(lambda: daemon.session.view()["rooms"]["H"]["ghosts"]) == 1,
                      "the Ghost card drawn in room H")
                assert daemon.call(lambda: daemon.session.prompt.text) == "Ada (outside): move up to 3, then End turn"
            finally:
                for stop in stops:
                    stop()
