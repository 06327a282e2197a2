"""Issue 18: the table screen's Cards panel on a laptop. ``companion play`` with no config
file (virtual readers) in a real window under Xvfb: the panel lists the Ghost cards the
physical deck may show, touching "Ghost card room H" draws it, and a search finds the Ghost
King card. Screenshots in ``tests/artifacts/``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_laptop_window import ARTIFACTS, ROOT, user_env

pytestmark = pytest.mark.ui

PLAY_CARDS = Path(__file__).with_name("play_cards.py")


def test_the_cards_panel_taps_a_ghost_card_on_the_virtual_reader(tmp_path, display, kivy_home):
    report_path = tmp_path / "report.json"
    done = subprocess.run([sys.executable, str(PLAY_CARDS), str(ARTIFACTS), str(report_path), "--",
                           "creepy_cellar", "--players", "Ada,Bo", "--option", "ghost_deck=physical"],
                          cwd=ROOT, env=user_env(tmp_path, display, kivy_home), capture_output=True, text=True,
                          timeout=120)
    report = json.loads(report_path.read_text()) if report_path.exists() else {}
    assert done.returncode == 0, (report.get("error"), report.get("daemon_steps"), report.get("traceback"),
                                  done.stderr[-3000:])
    assert report["first_screen"] == "table"
    assert report["hardware"]["virtual"] is True
    assert report["panel_heading"] == "The game waits for one of these cards: touch it to tap it"
    assert "Ghost card room H" in report["panel_cards"] and len(report["panel_cards"]) == 21
    assert report["ghosts_in_H"] == 1
    assert report["toast"] == "Read: Ghost card room H"
    assert report["panel_heading_no_card"] == "The game waits for no card now. Search to tap another one."
    assert report["search_heading"] == "Cards named “King”: touch one to tap it"
    assert report["search_cards"] and all("king" in label.lower() for label in report["search_cards"])
    # issue 31 item 13: the laptop's keyboard types into the Search; Escape asks, and again stays
    assert report["typed"] == "Room H"
    assert report["typed_heading"] == "Cards named “Room H”: touch one to tap it"
    assert report["after_escape"] == "table"
    assert re.fullmatch(r"Ada and Bo · turn \d+ · last move just now", report["home_detail"])
    # newcomer20: Home with the game on and virtual readers, whole in the 800×480 window in
    # both languages (the title and Settings lay half over its top; in Italian 8 px were left)
    assert report["home_outside"] == {"it": [], "en": []}, report["home_outside"]
    # ... its readers' line paged there ("› 1/2"), a touch on it for the next page
    assert report["home_pages"] == {"it": [3, 1], "en": [2, 1]}, report["home_pages"]
    before, after = report["home_inputs"]
    assert after == before + 1  # Home asked again after another screen's move
