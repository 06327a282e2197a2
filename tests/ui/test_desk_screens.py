"""The owner's desk and the saved games on the touchscreen (issue 34), in a real Kivy window
under Xvfb against a real daemon (tests/ui/desk_scenario.py). Screenshots go to
``tests/artifacts/800x480/``."""

from __future__ import annotations

import pytest
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

from companion.daemon.settings import DaemonSettings
from companion.desk.config import DeskConfig

pytestmark = pytest.mark.ui


def test_the_desk_link_and_the_saved_games(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, settings=DaemonSettings(desk=DeskConfig(port=0))) as daemon:
        running = daemon.session.game_id
        report = harness("desk", sock, (800, 480), ARTIFACTS / "800x480").finish(timeout=90)
        assert daemon.session is not None and daemon.session.game_id == running
        link = daemon.desk.link()
    assert report["link"] == link and "/desk/" in link
    # newcomer19 10g: the daemon's desk listens on loopback: no QR code a phone cannot open,
    # and the words say where the link opens
    assert link.startswith("http://127.0.0.1:") and report["qr"] is None
    assert len(report["desk_words"]) == 1 and report["desk_words"][0].startswith(
        "Open this link in a browser on this machine") and "[desk] network = true" in report["desk_words"][0]
    assert report["small_desk"] == []
    assert report["games"] == [["Ghost Fightin' Treasure Hunters: Creepy Cellar", "in progress", True]]
    assert report["aside"] == [["set aside", False]]  # newcomer19 9: what games --saved calls it
    assert report["resumed"] == "table"
