"""Pop-ups refit when the window turns while they are open (issue 29): the name keyboard, the
privacy screen, the phone codes, a yes/no question (Confirm), the laptop's "Close the table
screen?" (QuitQuestion) and the cards over the table (Overlay: History, Why?) opened at
800×480, the window turned to 720×1280, show the fonts (and keys) of the same pop-up opened
at 720×1280 (:mod:`popup_refit_scenario`); they kept 800×480's before."""

from __future__ import annotations

import pytest
from test_privacy_screen import clue_at_the_kept_card
from test_table_screen import ARTIFACTS

pytestmark = pytest.mark.ui


def test_popups_refit_when_the_window_turns(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with clue_at_the_kept_card(sock):  # a CLUE: IT game: players with cards of their own
        ui = harness("popup-refit", sock, (800, 480), ARTIFACTS / "popup-refit", px_per_mm=5.24)
        report = ui.finish(timeout=180)
    assert report["scales"]["720x1280"] != report["scales"]["800x480"]
    assert sorted(report["popups"]) == ["confirm", "history", "keyboard", "phones-code", "phones-who",
                                        "privacy-cover", "privacy-who", "quit", "why"]
    for name, fonts in report["popups"].items():
        assert fonts["fresh"] != fonts["landscape"], name  # the sizes do differ between the two
        assert fonts["turned"] == fonts["fresh"], name
