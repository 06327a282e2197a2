"""The Why? card on the table screen (issue 33 items 1 and 2), in a real Kivy window under
Xvfb against a real daemon: the main choice rolls the companion's die, then the table
screen's Why? (in Italian History > Perché?) shows the daemon's explanation of each
explained news line; touching one explained History line (in Italian an older one, from the
state's ``log_why``) shows that line's explanation alone; in English and Italian."""

from __future__ import annotations

from pathlib import Path

import pngread
import pytest
from test_table_screen import ARTIFACTS

from companion.daemon import Daemon, DaemonThread
from companion.header import GameHeader
from companion.store import EventStore

pytestmark = pytest.mark.ui

SCRIPT = Path(__file__).with_name("why_harness.py")
#: Ada rolls 4 (a Ghost card first: room C), then 6 is left for the next roll.
HEADER = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "options": {},
          "stack": {"movement_die": [4, 6, 6], "ghost": ["room-C", "room-F"]}}


def test_the_why_card_explains_the_latest_news(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    store = EventStore(":memory:")
    daemon = Daemon(store, sock)
    try:
        with DaemonThread(daemon):
            daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
            ui = harness("why", sock, (800, 480), ARTIFACTS, script=SCRIPT)
            report = ui.finish(timeout=120)
    finally:
        store.close()
    assert report["ok"], report
    en, it = report["why"]["en"], report["why"]["it"]
    assert en[0] == ["Ada rolled 4.", {"rule": "Let's Play", "from": [4], "text": (
        "The movement die shows 4: a Ghost card is flipped first, then move up to 4.")}]
    assert "Ada rolled 4." in report["cards"]["en"] and "Let's Play" in report["cards"]["en"]
    assert it and all(line in report["cards"]["it"] for line, _ in it)
    assert all(why["text"] in report["cards"]["it"].replace("&amp;", "&") for _, why in it)
    assert "Perché?" in report["cards"]["it"]
    # One History line: the card holds that line and its explanation, and no other line's.
    rolled = en[0][1]["text"]
    assert "Ada rolled 4." in report["marked"]["en"] and "Ada ha fatto 4." in report["marked"]["it"]
    assert "Ada rolled 4." in report["lines"]["en"] and rolled in report["lines"]["en"]
    assert "Let's Play" in report["lines"]["en"] and "room C" not in report["lines"]["en"]
    line_it = report["lines"]["it"]
    assert "Ada ha fatto 4." in line_it and "Si gioca" in line_it and "Il dado di movimento mostra 4" in line_it
    assert "Bo" not in line_it and "Perché?" in line_it
    assert report["small"] == []
    assert [pngread.size(p) for p in report["screenshots"]] == [(800, 480)] * 8
