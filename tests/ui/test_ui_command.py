"""``companion ui --table --size WxH`` (a newcomer, session 15): ``companion ui --screenshot
PNG --exit-after S`` always saved the Home screen at 800x480, so the README's 1024x600 and
720x1280 could not be reached from the command line, nor the table screen a game is on.

A real daemon with a Creepy Cellar game just started, and the real command under Xvfb: its
screenshot is 1024x600 and shows the table screen (the amber box of the game's first set-up
step, right of the board), which the Home screen, without ``--table``, never shows.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pngread
import pytest
from test_laptop_window import daemon_answers, user_env

from tests.collector import wait_until

pytestmark = pytest.mark.ui

#: The step box's fill (ui/widgets/todo.py ``FILL``: (0.22, 0.15, 0.03)) as a screenshot has it.
STEP_FILL = (56, 38, 8)
#: Seconds the window stays open before its screenshot (it shows the table within about 2 s).
EXIT_AFTER = "15"


#: A user's environment with its own folders and the test's display (the demo window's test's).
_env = user_env


def companion(env: dict, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.fixture
def daemon(tmp_path, display, kivy_home):
    """A daemon with a new Creepy Cellar game (Ada and Bo): its socket and the environment."""

    env = _env(tmp_path, display, kivy_home)
    sock = tmp_path / "companion.sock"
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "daemon", "--socket", str(sock), "--db", str(tmp_path / "g.db"),
         "--new", "creepy_cellar", "--players", "Ada,Bo"],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    try:
        wait_until(lambda: daemon_answers(sock), 60, "the daemon", poll=0.2)
        yield sock, env
    finally:
        process.terminate()
        process.communicate(timeout=20)


def _step_box(path: Path) -> tuple[int, tuple[int, int, int, int] | None]:
    """How many pixels (of every other row and column) have the step box's fill, and their
    bounding box (left, top, right, bottom) or None."""
    shot = pngread.read(path)
    found = [(x, y) for y in range(0, shot.height, 2) for x in range(0, shot.width, 2)
             if shot.pixel(x, y)[:3] == STEP_FILL]
    if not found:
        return 0, None
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return len(found), (min(xs), min(ys), max(xs), max(ys))


def test_the_command_opens_on_the_table_at_the_size_asked(daemon, tmp_path):
    from conftest import ARTIFACTS

    sock, env = daemon
    table, home = tmp_path / "table.png", tmp_path / "home.png"
    done = companion(env, "ui", "--socket", str(sock), "--table", "--size", "1024x600",
                     "--screenshot", str(table), "--exit-after", EXIT_AFTER)
    assert done.returncode == 0, done.stderr[-2000:]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "ui-command-table-1024x600.png").write_bytes(table.read_bytes())
    assert pngread.size(table) == (1024, 600)
    count, box = _step_box(table)
    assert count > 5000, count  # the set-up step's amber box ("Set out the original game board ...")
    assert box is not None and box[0] > 1024 * 0.45 and box[2] < 1024  # in the right column, beside the board
    # without --table: the Home screen, which has no step box
    done = companion(env, "ui", "--socket", str(sock), "--size", "1024x600", "--screenshot", str(home),
                     "--exit-after", EXIT_AFTER)
    assert done.returncode == 0, done.stderr[-2000:]
    assert pngread.size(home) == (1024, 600)
    assert _step_box(home) == (0, None)


@pytest.mark.parametrize("args, said", [
    (("--size", "big"), "companion: --size is WIDTHxHEIGHT in pixels, such as 1024x600, not 'big'"),
    (("--size", "1024x600x2"), "companion: --size is WIDTHxHEIGHT in pixels, such as 1024x600, not '1024x600x2'"),
    (("--size", "100x5000"), "companion: --size takes 240 to 4096 pixels a side, not 100x5000"),
    (("--size", "720x1280", "--kiosk"),
     "companion: --size sets a window's size: give it without --fullscreen and --kiosk, which fill the screen"),
])
def test_a_bad_size_is_one_line_and_exit_2(tmp_path, kivy_home, args, said):
    env = _env(tmp_path, "", kivy_home)
    done = companion(env, "ui", "--socket", str(tmp_path / "none.sock"), *args)
    assert (done.returncode, done.stderr, done.stdout) == (2, said + "\n", "")


def test_the_help_names_both(tmp_path, kivy_home):
    done = companion(_env(tmp_path, "", kivy_home), "ui", "--help")
    assert done.returncode == 0
    words = " ".join(done.stdout.split())
    assert "--size WxH the window's size in pixels, 240 to 4096 a side (default 800x480" in words
    assert "--table open on the game's table screen (default: the Home screen)" in words
