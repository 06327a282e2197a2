"""Every screen of the touchscreen shell (issue 6) in a real Kivy window under Xvfb, at the
three panel sizes, against a real daemon: home (resume), settings, new game with the
on-screen keyboard, the table with a duplicated touch and the undo toast, enrollment, and
the switch to Italian. Screenshots go to ``tests/artifacts/<size>/``."""

from __future__ import annotations

import pngread
import pytest
from test_table_screen import ARTIFACTS
from ui_scenario import TURNS, running_daemon

pytestmark = pytest.mark.ui

#: Panels: window size and pixels per millimetre (a 7" panel at each resolution).
PANELS = {
    "800x480": ((800, 480), 5.24),    # the official 7" Raspberry Pi display
    "1024x600": ((1024, 600), 6.67),  # 7" 1024×600 HDMI panels
    "720x1280": ((720, 1280), 8.26),  # 7" portrait
}

SHOTS = ["home", "settings", "newgame", "keyboard", "table", "table-toast", "table-undone", "enroll",
         "table-it", "home-it", "settings-it", "settings-large-it", "settings-large", "table-large"]


@pytest.mark.parametrize("panel", list(PANELS))
def test_every_screen_at_every_size(harness, tmp_path, panel):
    from companion.daemon.table_hardware import TableHardware

    size, px_per_mm = PANELS[panel]
    sock = tmp_path / "companion.sock"
    with running_daemon(sock) as daemon:
        ui = harness("tour", sock, size, ARTIFACTS / panel, px_per_mm=px_per_mm)
        ui.expect("TURN", timeout=90)  # many screens first; each step has its own 8 s limit
        table = TableHardware.simulated(daemon.on_presence, daemon.on_dice)
        try:
            table.press()  # Bo rolls with the real button: the toast names it
            daemon.drain()
        finally:
            table.close()
        ui.expect("ENDED", timeout=60)
        assert daemon.call(lambda: daemon.session.state.turn) == TURNS + 1
        daemon.call(lambda: daemon.enroller.start("creepy_cellar"))
        report = ui.finish()
        language = daemon.language

    assert report["home"]["resume"].startswith(f"Ada and Bo · turn {TURNS} · last move ")  # turn 28
    # One finger reported by two providers typed one letter and ended one turn.
    assert report["typed"] == "Ada"
    assert report["turns"] == [TURNS, TURNS + 1]
    assert report["dropped"] == 4  # three letters and End turn, each delivered twice
    assert report["toast"] == "Pressed: the dice button"
    assert report["undo_notice"] == "Undone. The dice will show the same again: undo never re-rolls."
    assert report["after_enroll"] == "table"
    # Settings' text size and motion (issue 29), touched and kept by the daemon; the prompt larger
    assert report["screen_settings"] == {"text": "large", "motion": False}
    assert report["large_prompt"] > 32
    assert language == "en"
    names = [p.rsplit("/", 1)[-1] for p in report["screenshots"]]
    assert names == [f"{n}.png" for n in SHOTS]
    for shot in report["screenshots"]:
        assert pngread.size(shot) == size
    # Touch targets of at least 9 mm, and no label taller than its box, on every screen.
    assert {k: v for k, v in report["small"].items() if v} == {}
    assert {k: v for k, v in report["clipped"].items() if v} == {}
