"""Player colours on every screen and the Screen settings, in a real Kivy window (Xvfb)
against a real daemon, at the three panel sizes (issue 6: colours readable by colour-blind
players, brightness and rotation where the platform allows). Screenshots go to
``tests/artifacts/<size>/``."""

from __future__ import annotations

import json
from pathlib import Path

import pngread
import pytest
from test_shell_screens import PANELS
from test_table_screen import ARTIFACTS, _close
from ui_scenario import running_daemon

from companion.header import GameHeader
from companion.palette import PALETTE

pytestmark = pytest.mark.ui

SCREEN_HARNESS = Path(__file__).with_name("screen_harness.py")

# Ghost at Home: the table chooses the colours (in Creepy Cellar they are the hunters' pawns').
HEADER = {"game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 5,
          "colours": {"Ada": "sky_blue", "Bo": "vermillion"}}

#: Okabe–Ito sky blue as 0–255 RGB.
SKY_BLUE = (0x56, 0xB4, 0xE9)


def _pixels_near(png, box, target) -> int:
    """Pixels close to ``target`` inside ``box`` (window coordinates x, y, w, h)."""
    x0, y0, w, h = (int(v) for v in box)
    top = png.height - (y0 + h)
    return sum(_close(png.pixel(x, y)[:3], target, 30)
               for y in range(max(0, top), min(png.height, top + h))
               for x in range(max(0, x0), min(png.width, x0 + w)))


@pytest.mark.parametrize("panel", list(PANELS))
def test_colours_buttons_reused_and_screen_settings(harness, tmp_path, panel, monkeypatch):
    size, px_per_mm = PANELS[panel]
    settings_file = tmp_path / "ui.json"
    monkeypatch.setenv("HAUNT_UI_SETTINGS", str(settings_file))
    light = tmp_path / "sys" / "rpi_backlight"
    light.mkdir(parents=True)
    (light / "brightness").write_text("255\n")
    (light / "max_brightness").write_text("255\n")
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False) as daemon:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
        ui = harness("colours", sock, size, ARTIFACTS / panel, px_per_mm=px_per_mm,
                     args=("--backlight", str(tmp_path / "sys")), script=SCREEN_HARNESS)
        report = ui.finish(timeout=120)

    # The colours came with the state; the banner and the prompt draw the name in it.
    assert report["colours"] == {"Ada": "sky_blue", "Bo": "vermillion"}
    assert "[color=56b4e9]Ada[/color]" in report["turn_markup"]
    assert report["prompt_markup"].startswith("[color=56b4e9]Ada:[/color]")
    table = pngread.read(report["screenshots"][0])
    assert _pixels_near(table, report["turn_box"], SKY_BLUE) > 20

    # The same number of choices: the very same Button widgets, with the new words.
    assert report["same_count_reused"] == [True] * 6
    assert report["same_count_texts"] == [f"Choice {i} again" for i in range(1, 6)]
    assert report["more_reused"] == [True] * 5  # one more made, the five kept
    assert report["seven_again_reused"] == [True] * 6  # down to two and back: none made

    # New game (the last game's names kept): every player gets a free colour, shown with the
    # initial; a touch moves on. In Creepy Cellar the colours are the hunters' (by seat).
    assert report["newgame_colours"] == {"Ada": "orange", "Bo": "sky_blue"}
    assert report["swatch"] == {"text": "A", "key": "orange"}
    assert report["after_touch"] == {"Ada": "bluish_green", "Bo": "sky_blue"}
    assert report["cellar_colours"] == {"Ada": "vermillion", "Bo": "yellow"}

    # Settings: no backlight under Xvfb; the fake one goes up (already 100 %) and down.
    assert report["brightness_text_none"] == "Brightness: not available on this screen."
    assert report["brightness_text"] == "Brightness: 100 %"
    assert report["brightness_after"] == "Brightness: 80 %"
    assert (light / "brightness").read_text() == "204\n"
    width, height = size
    assert report["rotated"] == {"rotation": 90, "size": [height, width], "portrait": width > height}
    assert report["rotation_back"] == 0
    assert json.loads(settings_file.read_text()) == {"rotation": 0, "brightness": 80}

    names = [Path(p).name for p in report["screenshots"]]
    assert names == ["table-colours.png", "newgame-colours.png", "settings-screen.png", "settings-backlight.png"]
    for shot in report["screenshots"]:
        assert pngread.size(shot) == size
    assert {k: v for k, v in report["small"].items() if v} == {}
    assert {k: v for k, v in report["clipped"].items() if v} == {}
    assert set(PALETTE) >= set(report["after_touch"].values())
