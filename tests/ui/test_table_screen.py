"""The Kivy table screen in a real window (Xvfb), driving a real daemon (issue: touchscreen UI).

The daemon runs in this process; the Kivy client runs in a subprocess (``harness.py``) so
Kivy's global state stays out of pytest. Screenshots go to ``tests/artifacts/``; set
``UPDATE_DOCS_SCREENSHOT=1`` to copy the 800×480 one to ``docs/table-screen.png``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pngread
import pytest
from ui_scenario import TURNS, running_daemon

pytestmark = pytest.mark.ui

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("harness.py")
ARTIFACTS = ROOT / "tests" / "artifacts"
DOCS_SHOT = ROOT / "docs" / "table-screen.png"

#: An unknown NFC tag (the demo's): the daemon answers with a notice.
UNKNOWN_TAG = "04DEADBEEF0042"

#: theme.PRIMARY and theme.NOTICE as 0–255 RGB.
PRIMARY_RGB = (125, 61, 204)
NOTICE_RGB = (255, 140, 20)


# ---------------------------------------------------------------------- pixels


def _close(rgb, target, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, target))


def _window_to_png(png: pngread.Png, x: float, y: float) -> tuple[int, int]:
    """Kivy window coordinates (origin bottom-left) -> PNG column and row (origin top-left)."""
    return int(x), png.height - 1 - int(y)


def _distinct_colours(png: pngread.Png, step: int = 16) -> int:
    return len({png.pixel(x, y)[:3] for y in range(0, png.height, step) for x in range(0, png.width, step)})


def _share(png: pngread.Png, target, step: int = 4) -> float:
    """Fraction of sampled pixels close to ``target``."""
    samples = [png.pixel(x, y)[:3] for y in range(0, png.height, step) for x in range(0, png.width, step)]
    return sum(_close(p, target) for p in samples) / len(samples)


# ---------------------------------------------------------------------- tests


def _turn_and_prompt(daemon) -> tuple[int, str]:
    return daemon.call(lambda: (daemon.session.state.turn, daemon.session.prompt.text))


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)], ids=["800x480", "1280x800"])
def test_table_screen_shows_the_game_and_end_turn_touch_drives_the_daemon(harness, tmp_path, size):
    from companion.daemon.table_hardware import TableHardware

    out = ARTIFACTS if size == (800, 480) else ARTIFACTS / f"{size[0]}x{size[1]}"
    sock = tmp_path / "companion.sock"
    with running_daemon(sock) as daemon:
        turn, prompt = _turn_and_prompt(daemon)
        # (main's be26d10: a hunter out of the castle for good is told only End turn)
        assert turn == TURNS and prompt == "Bo's green hunter is out of the castle for good: End turn"
        ui = harness("table", sock, size, out)
        ui.expect("READY")
        table = TableHardware.simulated(daemon.on_presence, daemon.on_dice)
        try:
            table.tap(UNKNOWN_TAG)  # refused: the daemon sends a notice to the screen
            daemon.drain()
        finally:
            table.close()
        report = ui.finish()
        turn_after = daemon.call(lambda: daemon.session.state.turn)
        outcome = daemon.call(lambda: daemon.session.state.outcome)

    # The touch on "End turn" reached the daemon: the next player's turn began.
    assert report["before"]["turn_number"] == turn and report["after"]["turn_number"] == turn + 1
    # The test daemon says it has no dice button: the prompt says what to touch (issue 17 item 7).
    assert report["after"]["prompt"] == "Ada: touch “Roll the die”"
    assert turn_after == turn + 1

    # Roll, Undo, roll again (the same die), Ada leaves the castle: the daemon's game is won.
    assert report["rolled"] == "Ada's red hunter (in cellar room M): move up to 6, then End turn"
    assert report["undone"] == "Ada: touch “Roll the die”"
    assert report["rolled_again"] == report["rolled"]
    assert outcome == "won"
    # The input that ended the game can still be undone (issue 17 item 5).
    assert report["over"] == {"prompt": "The game is over: the hunters won!", "can_undo": True,
                              "undo_disabled": False, "summary": "The hunters won!"}  # the panel's headline

    # From cellar room M every move of the die's 6 is reachable without scrolling, End turn
    # the main button and the moves in slots of readable type, a page at a time (issue 29):
    # the twelve rooms, Cellar N, the hallway and the way out.
    assert report["move"]["shown"] == (["End turn"] + [f"Room {r}" for r in "ABCDEFGHIJKL"]
                                       + ["Cellar N", "Hallway", "Out of the castle"])
    assert report["move"]["out_of_sight"] == [] and report["move"]["pages"] >= 1

    # Every choice has a button, "End turn" first (Bo used his one movement point).
    assert report["shown_choices"] == ["End turn"]
    assert sorted(report["shown_choices"]) == sorted(report["before"]["choices"])

    # The unknown tag's notice reached the banner: one line in the players' words, naming the
    # Settings card (issue 29 audit: six lines ending "run companion tags enroll UID COMPONENT")
    assert report["notice"] == "Card or tile not known: register it in Settings, Enroll tags."

    # Screenshots: the window's size, not blank, the button where it was touched.
    shots = [Path(p) for p in report["screenshots"]]
    assert [p.name for p in shots] == ["table-screen.png", "table-notice.png", "table-after.png",
                                       "table-move.png", "game-over.png", "home-finished.png"]
    # Menu after the game: Home keeps its summary and Undo, not "No game in progress" (issue 29)
    assert report["home_finished"] == {"card": True, "undo": True, "no_game_text": False}
    assert report["window_size"] == list(size)
    for shot in shots:
        assert pngread.size(shot) == size, shot
        assert shot.stat().st_size > 10_000, shot
    screen, notice, after, _move, _over, _home = (pngread.read(p) for p in shots)
    assert _distinct_colours(screen) > 20
    x, y = _window_to_png(screen, *report["touched_at"])
    assert _close(screen.pixel(x, y)[:3], PRIMARY_RGB), screen.pixel(x, y)
    assert _share(notice, NOTICE_RGB) > 0.01 > _share(screen, NOTICE_RGB)
    assert screen.rows != after.rows

    if size == (800, 480) and os.environ.get("UPDATE_DOCS_SCREENSHOT"):
        DOCS_SHOT.parent.mkdir(exist_ok=True)
        shutil.copyfile(shots[0], DOCS_SHOT)


def test_waits_for_the_daemon_starts_a_game_and_reconnects(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    ui = harness("lobby", sock, (800, 480), ARTIFACTS)
    ui.expect("WAITING")  # no daemon yet: "Waiting for the companion…"
    with running_daemon(sock, game=False) as daemon:
        ui.expect("STARTED")  # New game, then Start, were touched
        game, players = daemon.call(lambda: (daemon.session.spec.id, daemon.session.header.players))
    assert (game, players) == ("creepy_cellar", ("Player 1", "Player 2"))
    ui.expect("LOST")  # daemon gone: "Connection lost — reconnecting"
    with running_daemon(sock, game=False):
        report = ui.finish()
    assert report["reconnected_to"] == "home"
    assert report["new_game"]["players"] == ["Player 1", "Player 2"]
    for shot in report["screenshots"]:
        assert pngread.size(shot) == (800, 480)


def test_python_m_ui_saves_a_screenshot_and_exits(display, kivy_home, tmp_path):
    """The command-line entry: ``--exit-after`` sets run_app's stop event, ``--screenshot``
    saves the window at that exact path just before it closes."""
    sock, out = tmp_path / "companion.sock", ARTIFACTS / "1024x600" / "python-m-ui.png"
    out.unlink(missing_ok=True)
    env = {**os.environ, "DISPLAY": display, "KIVY_HOME": str(kivy_home)}
    with running_daemon(sock):
        done = subprocess.run(
            [sys.executable, "-m", "ui", "--socket", str(sock), "--size", "1024x600",
             "--screenshot", str(out), "--exit-after", "2.5"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr[-3000:]
    assert pngread.size(out) == (1024, 600)
    assert _distinct_colours(pngread.read(out)) > 20
    assert not list(out.parent.glob("*-kivy*.png"))  # Kivy's numbered file was renamed
