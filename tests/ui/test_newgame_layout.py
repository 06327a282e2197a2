"""The New game screen at the table's sizes (issue 29), in a real window against a real
daemon (:mod:`newgame_scenario`): every game with its most players, in English and Italian.

- Who is playing shows on the first screen: no player's name needs a scroll, at 800×480 and
  720×1280, every button still 9 mm at least and no text cut.
- Nothing on it talks about entering card data (item 9: one line on Home points to the Card
  data; ``ui/kv/home.kv``).
"""

from __future__ import annotations

import pytest
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

from companion.engine import all_games

pytestmark = pytest.mark.ui

#: Remove's face in each language: the × and a word (status15).
REMOVE_WORDS = {"en": "\u00d7 Out", "it": "\u00d7 Via"}


def test_the_players_show_without_scrolling_and_no_card_data_line(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False):
        ui = harness("newgame", sock, (800, 480), ARTIFACTS / "newgame", px_per_mm=5.24)
        report = ui.finish(timeout=240)
    games = sorted(all_games())
    assert sorted(report["sizes"]) == ["720x1280", "800x480"]
    for size, part in report["sizes"].items():
        assert sorted(part) == sorted(f"{g}-{lang}" for g in games for lang in ("en", "it"))
        for name, shown in part.items():
            assert shown["players"] == all_games()[name.rsplit("-", 1)[0]].max_players
            assert shown["hidden"] == [], f"{size} {name}: players out of sight {shown['hidden']}"
            entering = [t for t in shown["texts"] if "Card data" in t or "Dati delle carte" in t
                        or "not entered yet" in t or "non ancora inserit" in t]
            assert entering == [], f"{size} {name}: {entering}"
            assert shown["small"] == [] and shown["clipped"] == [], (size, name, shown["small"], shown["clipped"])
            assert shown["narrow"] == [], (size, name, shown["narrow"])
            # issue 29: a 12-letter name reads whole, on one line, at 26 px
            assert shown["broken"] == [], (size, name, shown["broken"])
            # Remove says what it does in a word a child reads (it was a lone "×": status15),
            # at a button's 26 px, and a finger's target (48 px at scale 1) each way
            lang = name.rsplit("-", 1)[1]
            for remove in shown["remove"]:
                assert remove["text"].startswith("\u00d7 ") and remove["text"][2:].isalpha(), (size, name, remove)
                assert remove["px"] >= 26 and min(remove["size"]) >= 48, (size, name, remove)
            words = {r["text"] for r in shown["remove"]}
            assert words == {REMOVE_WORDS[lang]}, (size, name, words)
