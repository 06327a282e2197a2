"""Settings > Voice (issue 28) in a real Kivy window under Xvfb against a real daemon: each
touch changes the table's voice settings in the daemon, and the screen shows what the
daemon's state says."""

from __future__ import annotations

from pathlib import Path

import pngread
import pytest
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

pytestmark = pytest.mark.ui

SCRIPT = Path(__file__).with_name("voice_settings_harness.py")


def test_voice_settings_are_changed_by_touch_and_kept_by_the_daemon(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with running_daemon(sock) as daemon:
        ui = harness("voice", sock, (800, 480), ARTIFACTS, script=SCRIPT)
        report = ui.finish(timeout=120)
        kept = daemon.call(lambda: daemon.publisher.state()["voice"])
    assert report["ok"], report
    assert report["before"] == {"on": True, "volume": 80, "speed": "normal", "say": "everything"}
    assert kept == {"on": False, "volume": 90, "speed": "slow", "say": "todo"}
    assert report["shown"] == kept
    assert report["heading"] == ["Volume: 90 %"]
    assert pngread.size(report["screenshots"][0]) == (800, 480)
    assert report["small"] == [] and report["clipped"] == []
