"""The phone codes on the table screen at a game's start (issue 22), in a real Kivy window
under Xvfb against a real daemon serving phones on loopback: 4 players at 800x480, 720x1280
and in Italian, 6 players at 800x480. The grid opens by itself and shows one code per
player that decodes (zbar, from the screenshot) to that seat's link, each at least 35 mm on
a 7" panel; once Bo's phone has connected, "Bo ✓ connected" replaces his code and the
others still decode; nothing overflows; the home screen's (the Menu's) "Phones" button
opens it again. Another screen on the socket never gets a token, nor does the log.
Screenshots ``tests/artifacts/<size>/[6-players/][it/]phone-grid.png``,
``phone-grid-connected.png``, ``phone-grid-home.png``."""

from __future__ import annotations

import json
import logging

import pngread
import pytest
from phone_sim import phone
from test_table_screen import ARTIFACTS

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.header import GameHeader
from companion.phones.config import PhonesConfig
from companion.store import EventStore

pytestmark = pytest.mark.ui

COLOURS = {"Ada": "orange", "Bo": "sky_blue", "Cy": "bluish_green", "Dee": "reddish_purple", "Eve": "yellow",
           "Fin": "vermillion"}


def header(players: list[str]) -> dict:
    return {"game": "clue_it", "players": players, "seed": 1,
            "options": {"intrigue_deck": "virtual", "envelope": "companion"},
            "colours": {p: COLOURS[p] for p in players}}
#: A 7" 800x480 panel: pixels per millimetre; the smallest code a phone reads from 40 cm.
PX_PER_MM, CODE_MM = 5.24, 35


def decode(shot: str, place: list[float]) -> list[str]:
    """The QR codes zbar reads in ``place`` (``[left, top, width, height]``) of ``shot``,
    with a margin of dark table around it."""
    from pyzbar.pyzbar import decode as zbar

    png = pngread.read(shot)
    left, top, width, height = (round(v) for v in place)
    x0, y0 = max(left - 8, 0), max(top - 8, 0)
    x1, y1 = min(left + width + 8, png.width), min(top + height + 8, png.height)
    grey = bytes(sum(png.pixel(x, y)[:3]) // 3 for y in range(y0, y1) for x in range(x0, x1))
    return [found.data.decode() for found in zbar((grey, x1 - x0, y1 - y0))]


#: What the grid says of Bo once his phone is connected, in each language.
CONNECTED = {"en": "Bo ✓ connected", "it": "Bo ✓ in linea"}


@pytest.mark.parametrize(("size", "players", "lang"),
                         [((800, 480), 4, "en"), ((720, 1280), 4, "en"), ((800, 480), 6, "en"), ((800, 480), 4, "it")],
                         ids=["800x480", "720x1280", "800x480-6-players", "800x480-it"])
def test_the_table_shows_each_players_code_at_the_start(harness, tmp_path, caplog, size, players, lang):
    pytest.importorskip("pyzbar.pyzbar", reason="decoding the codes needs pyzbar and libzbar0 (make apt-test)")
    sock = tmp_path / "companion.sock"
    seats = list(COLOURS)[:players]
    others = [p for p in seats if p != "Bo"]
    out = ARTIFACTS / f"{size[0]}x{size[1]}" / ("" if players == 4 else f"{players}-players") / \
        ("" if lang == "en" else lang)
    store = EventStore(":memory:")
    daemon = Daemon(store, sock, phones=PhonesConfig(True, "127.0.0.1", 0), language=lang)
    with DaemonThread(daemon):
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(header(seats))))
        links = daemon.call(lambda: daemon.phones.links())
        heard: list[dict] = []  # another screen: it must never get the links
        caplog.set_level(logging.DEBUG)
        with phone(links["Bo"], claim="b" * 32) as bo:
            watcher = Client(sock, on_message=heard.append).connect()
            ui = harness("phone-grid", sock, size, out)
            ui.expect("CODES", timeout=90)
            bo.scan()  # Bo scans his code
            ui.expect("DONE", timeout=90)
            report = ui.finish(timeout=30)
            watcher.close()
    store.close()
    tokens = [link.rsplit("/", 1)[-1] for link in links.values()]
    assert heard and not [m for m in heard if any(t in json.dumps(m) for t in tokens)]
    assert not [t for t in tokens if t in caplog.text]
    every, after_bo = report["places"]
    assert sorted(every) == sorted(seats) and sorted(after_bo) == sorted(others)
    assert {p: decode(report["screenshots"][0], place) for p, place in every.items()} == \
        {p: [links[p]] for p in seats}
    assert {p: decode(report["screenshots"][1], place) for p, place in after_bo.items()} == \
        {p: [links[p]] for p in others}
    assert CONNECTED[lang] in "".join(report["grid_texts"]).replace("[font=DejaVuSans]", "").replace("[/font]", "")
    # 35 mm on the 7" panel; a larger window keeps the 800x480 design's share of the screen
    smallest = CODE_MM * PX_PER_MM * min(size) / 480
    assert min(min(place[2:]) for place in every.values()) >= smallest
    assert report["overflow"] == {"grid": [], "connected": [], "table": [], "home": []}
    assert report["phones_button"] is not None and report["again"] == sorted(others)
    assert [pngread.size(shot) for shot in report["screenshots"]] == [size] * 3
