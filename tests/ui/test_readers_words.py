"""Issue 18: Home and Settings say the same about the readers (both read
:func:`ui.readers.reader_list`: the state's ``hardware``, the readers' reports and the
``about`` roles). Before, a configured reader that had not reported yet was "working" in
Settings while Home said no reader had reported, and a table without readers was told that
its dice button worked."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")

from ui.readers import ReaderActivity, reader_list
from ui.screens.home import readers_summary
from ui.screens.settings import readers_markup

CARDS = {"name": "cards", "role": "cards", "online": True, "virtual": False}


def _(text: str, **params) -> str:
    return text.format(**params)


def both(readers: dict, hardware: dict, roles: dict | None = None) -> tuple[tuple[str, bool], str]:
    return (readers_summary(readers, _, hardware, roles),
            readers_markup(readers, roles or {}, ReaderActivity(lambda: 100.0), _, hardware))


def test_a_reader_that_has_not_reported_yet_is_starting_on_both_screens():
    home, settings = both({}, {"readers": [CARDS]}, {"cards": "cards"})
    assert home == ("Readers starting: cards", False)
    assert settings == "cards (cards reader): not reported yet · nothing read yet · 0/min"


def test_working_offline_and_virtual_readers():
    home, settings = both({"cards": {"online": True, "detail": ""}}, {"readers": [CARDS]})
    assert home == ("Readers working: cards", False)
    assert settings == "cards (cards reader): working · nothing read yet · 0/min"
    home, settings = both({"cards": {"online": False, "detail": "no SPI device"}}, {"readers": [CARDS]})
    assert home == ("Reader offline — cards: no SPI device. Touches still work.", True)
    assert settings.startswith("cards (cards reader): OFFLINE: no SPI device")
    laptop = {"virtual": True, "readers": [{**CARDS, "virtual": True},
                                           {"name": "tiles", "role": "tiles", "online": True, "virtual": True}]}
    home, settings = both({"cards": {"online": True}, "tiles": {"online": True}}, laptop)
    assert home == ("Virtual readers: cards reader, tiles reader. Tap cards with the Cards button of the table "
                    "screen.", False)
    assert settings.splitlines()[1] == "tiles reader (virtual): working · nothing read yet · 0/min"


@pytest.mark.parametrize("hardware, said", [
    ({}, "No reader has reported yet."),  # a daemon that does not say what it has: nothing is claimed
    ({"dice_button": False, "virtual": False, "readers": []}, "No NFC reader is configured: the table plays by touch."),
    ({"dice_button": True, "virtual": False, "readers": []},
     "No NFC reader is configured: the table plays by touch and the dice button."),
])
def test_no_reader_at_all_is_said_the_same_way(hardware, said):
    """Issue 17 item 7: the words follow the hardware the daemon has (no dice button: by touch)."""
    home, settings = both({}, hardware)
    assert home == (said, False)
    assert settings == home[0]


def test_reader_list_takes_names_from_every_source():
    listed = reader_list({"old": {"online": False, "detail": "gone"}}, {"readers": [CARDS]}, {"tiles": "tiles"})
    assert [(r["name"], r["role"], r["online"]) for r in listed] == [
        ("cards", "cards", None), ("old", None, False), ("tiles", "tiles", None)]


LAPTOP = {"virtual": True, "readers": [{**CARDS, "virtual": True},
                                       {"name": "tiles", "role": "tiles", "online": True, "virtual": True}]}


def italian(text: str, **params) -> str:
    from ui.i18n import translate

    return translate(text, "it", **params)


def test_virtual_readers_are_named_by_their_role_in_the_tables_language():
    """Issue 26: a newcomer read "Lettori virtuali: cards, tiles" (the roles' config ids) and
    "last read nothing read yet" in Settings."""
    readers = {"cards": {"online": True}, "tiles": {"online": True}}
    home = readers_summary(readers, italian, LAPTOP, None)
    assert home == ("Lettori virtuali: lettore delle carte, lettore delle tessere. Appoggiate le carte con il "
                    "pulsante Carte della schermata del tavolo.", False)
    activity = ReaderActivity(lambda: 100.0)
    activity.seen({"kind": "tap", "reader": "cards", "uid": None})
    lines = readers_markup(readers, {}, activity, italian, LAPTOP).splitlines()
    assert lines == ["lettore delle carte (virtuale): funziona · ultima lettura proprio ora · 1/min",
                     "lettore delle tessere (virtuale): funziona · ancora nessuna lettura · 0/min"]


def test_the_default_reader_names_are_in_the_tables_language():
    """Issue 29: the shipped config's readers ("cards", "tiles") showed their English names
    on an Italian screen; a name the owner chose stays as entered."""
    shipped = {"readers": [CARDS, {"name": "tiles", "role": "tiles", "online": True, "virtual": False},
                           {"name": "deck", "role": "cards", "online": True, "virtual": False}]}
    readers = {"cards": {"online": True}, "tiles": {"online": True}, "deck": {"online": True}}
    assert readers_summary(readers, italian, shipped, None) == ("Lettori funzionanti: carte, deck, tessere", False)
    lines = readers_markup(readers, {}, ReaderActivity(lambda: 100.0), italian, shipped).splitlines()
    assert [line.split(" (")[0] for line in lines] == ["carte", "deck", "tessere"]
    assert readers_summary(readers, _, shipped, None) == ("Readers working: cards, deck, tiles", False)


def test_settings_show_the_drop_outs_since_start():
    """Issue 30: a reader with a loose wire says how often it dropped out (none: nothing said)."""
    _home, settings = both({"cards": {"online": True, "detail": ""}}, {"readers": [{**CARDS, "dropouts": 50}]})
    assert settings == "cards (cards reader): working · nothing read yet · 0/min · drop-outs since start: 50"
    _home, settings = both({"cards": {"online": True, "detail": ""}}, {"readers": [{**CARDS, "dropouts": 0}]})
    assert settings == "cards (cards reader): working · nothing read yet · 0/min"


def test_a_read_more_than_a_minute_ago_still_says_when():
    """Issue 29: a minute after a read, Settings said "last read · 0/min" (the per-minute
    window had emptied the reads, and the last read's time with them)."""
    now = [100.0]
    activity = ReaderActivity(lambda: now[0])
    activity.seen({"kind": "tap", "reader": "cards", "uid": None})
    readers = {"cards": {"online": True, "detail": ""}}
    hardware = {"readers": [CARDS]}
    said = readers_markup(readers, {}, activity, _, hardware)
    assert said == "cards (cards reader): working · last read just now · 1/min"
    now[0] = 100.0 + 61
    activity.per_minute("cards")  # a refresh a second earlier emptied the window
    now[0] = 100.0 + 5 * 60
    said = readers_markup(readers, {}, activity, _, hardware)
    assert said == "cards (cards reader): working · last read 5 min ago · 0/min"


def test_settings_show_the_venue_broker_and_whether_the_table_is_connected():
    """Issue 32: "Settings and doctor show the broker's status" (the state carried it; no
    screen showed it)."""
    from ui.screens.settings import broker_text

    broker = {"broker": "mqtt.local:1883", "table": "t4", "connected": True, "problem": None, "queued": 0}
    assert broker_text({"broker": broker}, _) == "Venue broker mqtt.local:1883, table t4: connected"
    down = {**broker, "connected": False, "problem": "connection refused", "queued": 3}
    assert broker_text({"broker": down}, _) == ("Venue broker mqtt.local:1883, table t4: NOT CONNECTED "
                                               "(connection refused) · 3 states waiting")
    assert broker_text({"broker": down}, italian).startswith("Broker del locale mqtt.local:1883, tavolo t4: NON "
                                                            "CONNESSO")
    assert broker_text({"broker": None}, _) == "" and broker_text({}, _) == ""
