"""Issue 29: the readability audit of the screens off the table at 800×480, in English and
Italian (:func:`readability.audit_page`): Home, Settings, Card data, New game with each
game's options and the players' keyboard, Enrollment, the privacy screen and the Cards
panel. The main action at least 32 px, other buttons 26, any other text 18 (a button's text
never shrunk below its floor), no label overflowing, no glyph the font lacks, no English on
the Italian screens, no two buttons one over the other. Screenshots ``offtable-*.png`` in
``tests/artifacts/800x480/`` (``offtable_scenario.py``)."""

from __future__ import annotations

import json

import pngread
import pytest
from test_privacy_screen import clue_at_the_kept_card
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

pytestmark = pytest.mark.ui

SHOTS = ARTIFACTS / "800x480"


def _broken(report: dict, name: str) -> dict:
    """Shot -> the audit's findings that are not empty (also written to ``NAME-audit.json``
    beside the screenshots)."""
    broken = {shot: {k: v for k, v in found.items() if v} for shot, found in report["audit"].items()
              if any(found.values())}
    (SHOTS / f"{name}-audit.json").write_text(json.dumps(broken, indent=1, ensure_ascii=False))
    return broken


def _shots(report: dict, names: list[str]) -> None:
    assert sorted(p.rsplit("/", 1)[-1] for p in report["screenshots"]) == sorted(f"offtable-{n}.png" for n in names)
    for shot in report["screenshots"]:
        assert pngread.size(shot) == (800, 480)


def test_the_screens_off_the_table_read_at_one_metre(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False):
        report = harness("offtable", sock, (800, 480), SHOTS).finish(timeout=240)
    games = ["creepy_cellar", "ghost_at_home", "house_of_spirits", "clue_it", "children"]
    names = ["home", "settings", "settings-foot", "content-list", "content-form", "keyboard", "enroll",
             *[f"newgame-{g}" for g in games]]
    _shots(report, [n + suffix for n in names for suffix in ("", "-it")])
    broken = _broken(report, "offtable")
    assert broken == {}, json.dumps(broken, indent=1, ensure_ascii=False)[:6000]


def test_the_privacy_screen_and_the_cards_panel_read_at_one_metre(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with clue_at_the_kept_card(sock):
        report = harness("offtable-private", sock, (800, 480), SHOTS).finish(timeout=180)
    # issue 29: the kept card and the panel's cards in the players' words, not "Keeper 4"
    assert "Intrigue card 4 (to keep)" in " ".join(report["card_texts"]["en"])
    assert "Carta Intrigo 4 (da tenere)" in " ".join(report["card_texts"]["it"])
    assert "La carta Intrigo che hai appena pescato" in " ".join(report["card_texts"]["it"])  # not "Intrigue drawn"
    assert "Intrigue card 4 (to keep)" in report["panel_cards"]["en"]
    assert "Carta Intrigo 2 (Gioca subito)" in report["panel_cards"]["it"]
    names = ["home-game", "privacy-cover", "privacy-shown", "cards-waiting", "cards-search"]
    _shots(report, [n + suffix for n in names for suffix in ("", "-it")])
    broken = _broken(report, "offtable-private")
    assert broken == {}, json.dumps(broken, indent=1, ensure_ascii=False)[:6000]
