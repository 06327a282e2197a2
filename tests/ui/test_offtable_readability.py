"""Issue 29: the readability audit of the screens off the table at 800×480 and 720×1280 (the
window resized between them), in English and Italian (:func:`readability.audit_page`):
Home, Settings, Card data, New game with each game's options and the players' keyboard,
Enrollment, the privacy screen (its "who looks", cover and card), the Cards panel, Saved
games, Voice settings, the Owner's desk, the Table check and the phones' pairing (names and
a code). The main action at least 32 px, other buttons 26, any other text 18 (a button's text
never shrunk below its floor), no label overflowing, no glyph the font lacks, no English on
the Italian screens, no two buttons one over the other. Screenshots ``offtable-*.png`` in
``tests/artifacts/800x480/`` and ``tests/artifacts/720x1280/`` (``offtable_scenario.py``)."""

from __future__ import annotations

import json

import pngread
import pytest
from offtable_scenario import SIZES, tag
from test_privacy_screen import clue_at_the_kept_card
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

from companion.desk.config import DeskConfig
from companion.phones.config import PhonesConfig

pytestmark = pytest.mark.ui

def _broken(report: dict, name: str) -> dict:
    """``WxH/shot`` -> the audit's findings that are not empty (also written to
    ``NAME-audit.json`` beside each size's screenshots)."""
    broken = {shot: {k: v for k, v in found.items() if v} for shot, found in report["audit"].items()
              if any(found.values())}
    for size in SIZES:
        mine = {shot: found for shot, found in broken.items() if shot.startswith(tag(size) + "/")}
        (ARTIFACTS / tag(size) / f"{name}-audit.json").write_text(json.dumps(mine, indent=1, ensure_ascii=False))
    return broken


def _shots(report: dict, names: list[str]) -> None:
    """Each of ``names`` shot in each language at each size, at that size."""
    wanted = [f"{tag(size)}/offtable-{n}.png" for size in SIZES for n in names]
    assert sorted("/".join(p.rsplit("/", 2)[-2:]) for p in report["screenshots"]) == sorted(wanted)
    for shot in report["screenshots"]:
        width, height = (int(v) for v in shot.rsplit("/", 2)[-2].split("x"))
        assert pngread.size(shot) == (width, height)


def test_the_screens_off_the_table_read_at_one_metre(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False):
        report = harness("offtable", sock, (800, 480), ARTIFACTS).finish(timeout=480)
    games = ["creepy_cellar", "ghost_at_home", "house_of_spirits", "clue_it", "children"]
    names = ["home", "settings", "settings-foot", "content-list", "content-form", "keyboard", "enroll",
             *[f"newgame-{g}" for g in games]]
    _shots(report, [n + suffix for n in names for suffix in ("", "-it")])
    broken = _broken(report, "offtable")
    assert broken == {}, json.dumps(broken, indent=1, ensure_ascii=False)[:6000]


def test_the_privacy_screen_and_the_cards_panel_read_at_one_metre(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with clue_at_the_kept_card(sock):
        report = harness("offtable-private", sock, (800, 480), ARTIFACTS).finish(timeout=360)
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


def test_the_other_screens_read_at_one_metre_and_a_resize_refits_them(harness, tmp_path):
    """Saved games, Voice settings, the Owner's desk, the table and its Table check, the
    privacy screen's "who looks", the phones' names and a code; the table's texts at
    800×480 are the same sizes (px at scale 1) after the window went to 720×1280 and back
    (issue 29: labels kept the fonts of the size they were made at)."""
    sock = tmp_path / "companion.sock"
    with clue_at_the_kept_card(sock, desk=DeskConfig(port=0), phones=PhonesConfig(True, "127.0.0.1", 0)):
        report = harness("offtable-more", sock, (800, 480), ARTIFACTS).finish(timeout=360)
    (ARTIFACTS / "offtable-more-fonts.json").write_text(json.dumps(report["fonts"], indent=1, ensure_ascii=False))
    first, _portrait, back = report["fonts"]
    assert sorted(back) == sorted(first), ([row for row in first if row not in back][:20],
                                           [row for row in back if row not in first][:20])
    names = ["table", "check", "desk", "saved", "voice", "privacy-who", "phones-names", "phones-code"]
    _shots(report, [n + suffix for n in names for suffix in ("", "-it")])
    broken = _broken(report, "offtable-more")
    assert broken == {}, json.dumps(broken, indent=1, ensure_ascii=False)[:6000]
