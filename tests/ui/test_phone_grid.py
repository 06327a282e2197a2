"""Pairing the phones on the table screen (issues 22, 26), in a real Kivy window under Xvfb
against a real daemon serving phones on loopback: 4 players at 800x480, 1024x600, 720x1280
and in Italian. At the game's start the screen shows ONE code, Ada's, under "Ada: scan this with
your phone" (zbar reads exactly one code from the whole screenshot: her link); once Ada's
phone has connected, Bo's code alone; "No phone" moves on to Cy. The home screen's "Phones"
button shows the names ("Ada ✓ connected"); touching Bo pairs his seat again: his NEW code
alone (the old link is dead); touching Ada asks first, then closes her phone (code 4410)
and shows her new code. Each code is at least 60 mm on a 7" panel and the name in 34 sp;
nothing overflows. Another screen on the socket never gets a token, nor does the log.
Screenshots ``tests/artifacts/<size>/[it/]phone-pair-{first,next,names,asked,again,repaired}.png``."""

from __future__ import annotations

import json
import logging
import re

import pngread
import pytest
from phone_sim import phone
from test_table_screen import ARTIFACTS

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.header import GameHeader
from companion.phones.config import PhonesConfig
from companion.phones.server import REPLACED
from companion.store import EventStore

pytestmark = pytest.mark.ui

COLOURS = {"Ada": "orange", "Bo": "sky_blue", "Cy": "bluish_green", "Dee": "reddish_purple", "Eve": "yellow",
           "Fin": "vermillion"}


def header(players: list[str]) -> dict:
    return {"game": "clue_it", "players": players, "seed": 1,
            "options": {"intrigue_deck": "virtual", "envelope": "companion"},
            "colours": {p: COLOURS[p] for p in players}}


#: A 7" 800x480 panel: pixels per millimetre; a code a phone reads at arm's length (60 cm).
PX_PER_MM, CODE_MM = 5.24, 60
#: The name over the code, in pixels at 800x480 (34 sp: about 6 mm capitals, read from 1 m).
NAME_PX = 34


def decode(shot: str) -> list[str]:
    """Every QR code zbar reads on the whole screenshot ``shot``."""
    from pyzbar.pyzbar import decode as zbar

    png = pngread.read(shot)
    grey = bytes(sum(png.pixel(x, y)[:3]) // 3 for y in range(png.height) for x in range(png.width))
    return sorted(found.data.decode() for found in zbar((grey, png.width, png.height)))


def plain(texts: list[str]) -> str:
    """The screen's words without their markup."""
    return re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", " ".join(texts))


#: What the screen says, in each language.
WORDS = {"en": {"Ada": "Ada: scan this with your phone", "Bo": "Bo: scan this with your phone",
                "away": "Everyone else: look away", "connected": "Ada ✓ connected",
                "again": "Ada's phone is connected."},
         "it": {"Ada": "Ada: inquadra questo codice con il tuo telefono",
                "Bo": "Bo: inquadra questo codice con il tuo telefono",
                "away": "Tutti gli altri: non guardate", "connected": "Ada ✓ in linea",
                "again": "Il telefono di Ada è in linea."}}


@pytest.mark.parametrize(("size", "lang"), [((800, 480), "en"), ((1024, 600), "en"), ((720, 1280), "en"),
                                            ((800, 480), "it")],
                         ids=["800x480", "1024x600", "720x1280", "800x480-it"])
def test_the_table_shows_one_players_code_at_a_time(harness, tmp_path, caplog, size, lang):
    pytest.importorskip("pyzbar.pyzbar", reason="decoding the codes needs pyzbar and libzbar0 (make apt-test)")
    sock = tmp_path / "companion.sock"
    seats = ["Ada", "Bo", "Cy", "Dee"]
    out = ARTIFACTS / f"{size[0]}x{size[1]}" / ("" if lang == "en" else lang)
    store = EventStore(":memory:")
    daemon = Daemon(store, sock, DaemonSettings(phones=PhonesConfig(True, "127.0.0.1", 0), language=lang))
    with DaemonThread(daemon):
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(header(seats))))
        links = daemon.call(lambda: daemon.phones.links())
        heard: list[dict] = []  # another screen: it must never get the links
        caplog.set_level(logging.DEBUG)
        with phone(links["Ada"], claim="a" * 32) as ada:
            watcher = Client(sock, on_message=heard.append).connect()
            ui = harness("phone-grid", sock, size, out)
            ui.expect("CODES", timeout=90)
            ada.scan()  # Ada scans her code
            ui.expect("DONE", timeout=90)
            report = ui.finish(timeout=30)
            watcher.close()
            now = daemon.call(lambda: daemon.phones.links())
            tokens_now = daemon.call(lambda: daemon.phones.server.tokens)
    store.close()
    tokens = [link.rsplit("/", 1)[-1] for link in links.values()]
    assert heard and not [m for m in heard if any(t in json.dumps(m) for t in tokens)]
    assert not [t for t in tokens if t in caplog.text]
    first, after_ada, names, asked, again, repaired = (decode(shot) for shot in report["screenshots"])
    assert (first, after_ada, names, again) == ([links["Ada"]], [links["Bo"]], [], [])
    # Asked for from the names, a seat gets a new link (the old one no longer opens it)
    assert (asked, repaired) == ([now["Bo"]], [now["Ada"]]) and now["Bo"] != links["Bo"] and now["Ada"] != links["Ada"]
    assert tokens_now.who(links["Ada"].rsplit("/", 1)[-1]) is None and ada.closed_with == REPLACED
    steps, words = report["steps"], WORDS[lang]
    assert [steps[s]["player"] for s in ("first", "next")] == ["Ada", "Bo"]
    assert words["Ada"] in plain(steps["first"]["texts"]) and words["away"] in plain(steps["first"]["texts"])
    assert words["Bo"] in plain(steps["next"]["texts"]) and "Ada" not in plain(steps["next"]["texts"])
    assert words["connected"] in plain(steps["names"]["texts"]) and words["again"] in plain(report["again"]["texts"])
    assert (report["after_no_phone"], steps["asked"]["player"], steps["repaired"]["player"]) == ("Cy", "Bo", "Ada")
    scale = min(size) / 480  # a larger window keeps the 800x480 design's share of the screen
    coded = ("first", "next", "asked", "repaired")
    assert min(min(steps[s]["place"][2:]) for s in coded) >= CODE_MM * PX_PER_MM * scale
    assert min(steps[s]["heading_px"] for s in coded) >= NAME_PX * scale
    assert [steps[s]["overflow"] for s in steps] == [[]] * 5 and report["again"]["overflow"] == []
    assert (report["table_overflow"], report["home_overflow"]) == ([], [])
    assert [pngread.size(shot) for shot in report["screenshots"]] == [size] * 6


