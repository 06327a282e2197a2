"""Card data on the touchscreen (issues 5, 6, 10, 12), in a real Kivy window under Xvfb
against a real daemon: the list and form reached from Settings, a stepper touched twice and
saved into the store, a refused entry on the banner, the form offered during enrollment.
The daemon plays ``tests/content_game.py`` ("lamps": three lamp cards with bulbs, a frame
colour and a printed name). Screenshots go to ``tests/artifacts/<size>/``."""

from __future__ import annotations

import sys

import pngread
import pytest
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

from companion.engine import registry
from companion.inputs import Tap
from tests import content_game as lamps

pytestmark = pytest.mark.ui

#: Panels: window size and pixels per millimetre (a 7" panel at each resolution).
PANELS = {"800x480": ((800, 480), 5.24), "720x1280": ((720, 1280), 8.26)}

#: A tag the walk enrolls as the first lamp.
LAMP_TAG = "04A1B2C3D4E5F6"


@pytest.fixture
def lamps_registered(monkeypatch):
    monkeypatch.setitem(sys.modules, "tests_content_game", lamps)
    monkeypatch.setitem(registry.GAMES, lamps.GAME, "tests_content_game")
    return lamps


def _fits(report: dict) -> None:
    """Touch targets of at least 9 mm and no clipped label on every screenshot."""
    assert {k: v for k, v in report["small"].items() if v} == {}
    assert {k: v for k, v in report["clipped"].items() if v} == {}


@pytest.mark.parametrize("panel", list(PANELS))
def test_card_data_from_settings(harness, tmp_path, lamps_registered, panel):
    size, px_per_mm = PANELS[panel]
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False) as daemon:
        report = harness("content", sock, size, ARTIFACTS / panel, px_per_mm=px_per_mm).finish(timeout=90)
        stored = daemon.store.content("lamps")

    # The games with printed data to enter, in the catalogue's order (the test's game last).
    assert report["games"] == ["house_of_spirits", "clue_it", "ghost_at_home", "children", "lamps"]
    # + twice from the placeholder's 1 bulb: 3, saved with the rest of the form as shown.
    assert report["stepped"] == 3
    assert stored == {"lamps:lamp:a": {"bulbs": 3, "colour": "red", "name": "a"}}
    assert report["saved"] == {"notice": "lamps:lamp:a: saved what is printed on it. It counts from the next new game.",
                               "level": "info", "badge": [True, False]}
    # An emptied name is refused by the daemon: the banner says why, the form stays open.
    assert report["refused"] == {"notice": "name is some text of 1 to 40 characters, not ''",
                                 "level": "error", "form_open": True}
    assert report["italian_buttons"] == ["Salva", "Torna al file dei contenuti", "Annulla"]
    names = [p.rsplit("/", 1)[-1] for p in report["screenshots"]]
    assert names == [f"content-{n}.png" for n in ("list", "list-lamps", "form", "saved", "refused", "form-it",
                                                         "form-children", "form-house_of_spirits")]
    for shot in report["screenshots"]:
        assert pngread.size(shot) == size
    _fits(report)


@pytest.mark.parametrize("panel", list(PANELS))
def test_enrollment_offers_the_form_and_goes_on(harness, tmp_path, lamps_registered, panel):
    size, px_per_mm = PANELS[panel]
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False) as daemon:
        ui = harness("content-enroll", sock, size, ARTIFACTS / panel, px_per_mm=px_per_mm)
        ui.expect("WALK", timeout=60)
        daemon.submit(Tap(LAMP_TAG))
        daemon.drain()
        report = ui.finish(timeout=60)
        stored = daemon.store.content("lamps")
        tags = daemon.store.enrolled_tags()

    assert tags == {LAMP_TAG: "lamps:lamp:a"}
    assert report["offer"] == {"piece": "lamps:lamp:a", "text": "Enter what is printed on the lamps:lamp:a"}
    assert stored == {"lamps:lamp:a": {"bulbs": 2, "colour": "red", "name": "a"}}  # + once from 1
    # The walk went on: the offer is gone and the next piece is asked for.
    assert report["saved"]["offer"] == ""
    assert report["saved"]["asking"] == "Piece 2 of 7: lamps:lamp:b. Tap its tag."
    # Issue 29: the expected step is the tag's tap (or the offered form), never Stop.
    assert report["primary"] == {"walk": [], "offer": ["Enter what is printed on the lamps:lamp:a"], "after": []}
    assert "counts from the next new game" in report["saved"]["notice"]
    for shot in report["screenshots"]:
        assert pngread.size(shot) == size
    _fits(report)
