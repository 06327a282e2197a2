"""Pop-ups refit when the window turns while they are open (issue 29): the name keyboard, the
privacy screen, the phone codes, a yes/no question (Confirm), the laptop's "Close the table
screen?" (QuitQuestion) and the cards over the table (Overlay: History, Why?) opened at
800×480, the window turned to 720×1280, show the fonts (and keys) of the same pop-up opened
at 720×1280 (:mod:`popup_refit_scenario`); they kept 800×480's before.

The cards whose refit hook lays them out again (:meth:`~ui.widgets.panel.Overlay.refitted`:
the Lesson, the Recap, the Cards panel and a place card) are opened too (no window test ran
those hooks before status15): their fonts and rows after the turn are a fresh card's, and at
800×480, turned and fresh, no text is under its floor at one metre and none overflows.
Under every pop-up, at each size, no button of the table screen is drawn with a word broken
across two lines (screen20: after the turn back to 800×480 the tools under the board read
"His/tory", "Wh/y?", "Tab/le/che..."). History's
rows after the turn are as tall as a fresh History's (they kept 800×480's least height, set
when the card was made, until it was opened again)."""

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
    assert sorted(report["popups"]) == ["cards", "confirm", "history", "keyboard", "lesson", "phones-code",
                                        "phones-who", "place", "privacy-cover", "privacy-who", "quit", "recap", "why"]
    for name, fonts in report["popups"].items():
        assert fonts["fresh"] != fonts["landscape"], name  # the sizes do differ between the two
        assert fonts["turned"] == fonts["fresh"], name
    for name in REFITTED:
        heights = report["popups"][name]["heights"]
        assert heights["fresh"], name  # rows to compare
        assert _near(heights["turned"], heights["fresh"]), (name, heights)
        audit = report["popups"][name]["audit"]
        assert {when: found for when, found in audit.items() if any(found.values())} == {}, (name, audit)
    # the table's buttons under each pop-up: no word broken, at 800x480 after a turn and back
    # too (screen20: the tools under the board read "His/tory", "Wh/y?", "Tab/le/che...": the
    # portrait-only Repeat kept its 162 px, hidden, when the window turned back)
    broken = {name: {when: found for when, found in popup["table"].items() if found}
              for name, popup in report["popups"].items()}
    assert {name: found for name, found in broken.items() if found} == {}
    question = next(px for text, px in report["popups"]["confirm"]["landscape"] if text.startswith("A game is"))
    assert question >= 32  # read as the prompt is, at a metre (newcomer19: 22 px)


#: The pop-ups whose rows and readability are checked after the turn (status15).
REFITTED = ("history", "lesson", "recap", "cards", "place", "confirm")


def _near(turned: list[int], fresh: list[int]) -> bool:
    """The same rows, each within a pixel (rounding)."""
    return len(turned) == len(fresh) and all(abs(a - b) <= 1 for a, b in zip(turned, fresh))
