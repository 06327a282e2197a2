"""The rules card on the table screen (issue 33 item 4), in a real Kivy window under Xvfb
against a real daemon: History, then Rules, shows the sections for the step at hand under
their rulebook names, and "Whole game" every section; in English and Italian."""

from __future__ import annotations

from pathlib import Path

import pngread
import pytest
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

pytestmark = pytest.mark.ui

SCRIPT = Path(__file__).with_name("rules_harness.py")


def test_the_rules_card_for_now_and_for_the_whole_game(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with running_daemon(sock) as daemon:
        expected = {lang: daemon.call(lambda lang=lang: __import__("companion.protocol").protocol.rules_message(
            daemon.session, lang)) for lang in ("en", "it")}
        ui = harness("rules", sock, (800, 480), ARTIFACTS, script=SCRIPT)
        report = ui.finish(timeout=120)
    assert report["ok"], report
    for lang, heading in (("en", "The rules for now"), ("it", "Le regole di adesso")):
        card, sent = report["cards"][lang], expected[lang]
        assert sent["now"] and len(sent["all"]) > len(sent["now"])
        assert heading in card["now"]
        assert all(s["section"] in card["now"] for s in sent["now"])
        assert all(s["section"] in card["all"] for s in sent["all"])
    assert "Let's Play" in report["cards"]["en"]["all"] and "Si gioca" not in report["cards"]["en"]["all"]
    assert [pngread.size(p) for p in report["screenshots"]] == [(800, 480)] * 4
    assert report["small"] == []
