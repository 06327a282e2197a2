"""The table check screen (issue 6 "Table check") in a real Kivy window under Xvfb, at the
three panel sizes, against a real daemon: the lines of what the companion believes, a
touch on "+1 ghost" that the daemon applies (and logs as a correction), Italian, and
"Looks right" back to the table. Screenshots go to ``tests/artifacts/<size>/``."""

from __future__ import annotations

import pngread
import pytest
from test_shell_screens import PANELS
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

pytestmark = pytest.mark.ui

SHOTS = ["check", "check-after", "check-scrolled", "check-it"]


@pytest.mark.parametrize("panel", list(PANELS))
def test_check_screen_corrects_the_daemon_at_every_size(harness, tmp_path, panel):
    size, px_per_mm = PANELS[panel]
    sock = tmp_path / "companion.sock"
    with running_daemon(sock) as daemon:
        ui = harness("check", sock, size, ARTIFACTS / panel, px_per_mm=px_per_mm)
        report = ui.finish(timeout=120)  # a loaded machine: the steps have their own limits
        room = report["touched"].split(":")[2]
        believed = daemon.call(lambda: daemon.session.view()["rooms"][room]["ghosts"])
        events = daemon.call(lambda: [e.body.get("action") for e in daemon.store.events(daemon.session.game_id)])

    # ui_scenario's busy board: room A holds no ghost; the first line is room A.
    assert report["first_line"] == "Room A"
    assert report["lines"][0] == {"label": "Room A", "value": "0 ghosts",
                                  "fixes": [{"key": "fix:ghosts:A:+1", "label": "+1 ghost"},
                                            {"key": "fix:hauntings:A:+1", "label": "+1 haunting"}]}
    assert report["touched"] == "fix:ghosts:A:+1"
    assert (report["ghosts_before"], report["ghosts_after"], believed) == (0, 1, 1)
    assert report["value_after"] == "1 ghost"
    assert report["news"] == ["Correction: room A now has 1 ghost (was 0)."]
    assert report["undone"] == [0, "Undone: the correction Room A: +1 ghost."]
    assert events[-1] == "fix:ghosts:A:+1"  # logged like any touch
    assert report["back_to"] == "table"
    if panel == "800x480":
        # issue 29: was 7 (two lines of two, one of three stacked under its words, the
        # fourth line cut by the fold); three corrections beside their words and thinner
        # lines show a fourth line whole
        assert report["visible_fixes"] >= 9
    names = [p.rsplit("/", 1)[-1] for p in report["screenshots"]]
    assert names == [f"{n}.png" for n in SHOTS]
    for shot in report["screenshots"]:
        assert pngread.size(shot) == size
    assert {k: v for k, v in report["small"].items() if v} == {}
    assert {k: v for k, v in report["clipped"].items() if v} == {}


@pytest.mark.parametrize("panel", ["800x480", "720x1280"])
def test_children_check_screen(harness, tmp_path, panel):
    """A Children game near its end (the bundled ghosts-win script less its last 12 lines):
    rooms, ghosts calm and enraged, players, skull tokens and Kitty Kitty, each line
    readable, every correction button at least 9 mm."""
    from pathlib import Path

    from companion import script
    from companion.header import GameHeader

    size, px_per_mm = PANELS[panel]
    table = script.load(Path(__file__).resolve().parents[1] / "scripts" / "children" / "ghosts_win.jsonl")
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False) as daemon:
        def play():
            daemon.start_game(GameHeader.from_json(table.header.to_json()))
            for line in table.lines[: len(table.lines) - 12]:
                daemon.session.handle(line.input, line.number)
            return [str(line.label) for line in daemon.session.check()]

        labels = daemon.call(play)
        ui = harness("page", sock, size, ARTIFACTS / panel, px_per_mm=px_per_mm,
                     args=("--page", "check", "--name", "children-check"))
        report = ui.finish(timeout=120)
    assert report["screen"] == "check"
    assert "Hand limit" in labels and "Kitty Kitty" in labels
    assert pngread.size(report["screenshots"][0]) == size
    assert report["small"] == [] and report["clipped"] == []
