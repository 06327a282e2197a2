"""A failing reader is retried with backoff and comes back by itself (issue 3, case 12)."""

from __future__ import annotations

from hardware.errors import ReaderUnavailable
from hardware.nfc.base import TagPresented
from hardware.nfc.fake import FakeNfcReader
from hardware.nfc.supervisor import ReaderSupervisor
from tests.collector import wait_until

UID = bytes.fromhex("04112233445566")


class FlakyReader(FakeNfcReader):
    """A fake reader whose device can vanish: poll() raises while ``unplugged``."""

    unplugged = False

    def poll(self):
        if FlakyReader.unplugged:
            raise ReaderUnavailable("cards: /dev/ttyUSB0 vanished")
        return super().poll()


def _supervisor(opens, statuses, events, present=None):
    def open_reader():
        opens.append(1)
        if len(opens) <= 2:
            raise ReaderUnavailable("cards: no /dev/spidev0.0")
        reader = FlakyReader("cards")
        if present:
            reader.present(present)
        return reader

    return ReaderSupervisor("cards", open_reader, events.append,
                            lambda *status: statuses.append(status), interval=0.1, max_backoff=1.0)


def test_backoff_doubles_then_the_reader_comes_online():
    opens, statuses, events = [], [], []
    supervisor = _supervisor(opens, statuses, events, present=UID)
    waits = [supervisor.step() for _ in range(4)]
    assert waits == [0.1, 0.2, 0.0, 0.1]  # two failed opens (backoff doubles), open, first poll
    assert statuses == [("cards", False, "cards: no /dev/spidev0.0"), ("cards", True, "")]
    assert events == [TagPresented("cards", UID)]


def test_backoff_is_capped():
    supervisor = ReaderSupervisor("cards", lambda: (_ for _ in ()).throw(ReaderUnavailable("gone")),
                                  lambda e: None, lambda *s: None, interval=0.1, max_backoff=1.0)
    assert [supervisor.step() for _ in range(7)] == [0.1, 0.2, 0.4, 0.8, 1.0, 1.0, 1.0]


def test_unplugged_mid_game_goes_offline_once_and_comes_back_within_2_s():
    opens, statuses, events = [], [], []
    supervisor = _supervisor(opens, statuses, events)
    supervisor.start()
    try:
        wait_until(lambda: supervisor.online is True, 10, "the reader's first open")
        FlakyReader.unplugged = True
        wait_until(lambda: supervisor.online is False, 10, lambda: f"the reader offline: {statuses}")
        tried = len(opens)  # the cable stays out through two more tries to reopen it
        wait_until(lambda: len(opens) >= tried + 2, 10, lambda: f"two tries to reopen: {opens}")
        FlakyReader.unplugged = False
        # the bound: back within 2 s of the cable's return (the backoff is capped at 1 s)
        wait_until(lambda: supervisor.online is True and statuses[-1][1] is True, 2.0,
                   lambda: f"the reader back online: {statuses}")
    finally:
        FlakyReader.unplugged = False
        supervisor.stop()
    assert [s[1] for s in statuses] == [False, True, False, True]
    assert statuses[2] == ("cards", False, "cards: /dev/ttyUSB0 vanished")
