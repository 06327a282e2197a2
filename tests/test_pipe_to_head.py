"""``companion demo | head`` (issue 17): the reader of the output leaves early; the command
ends quietly (no BrokenPipeError traceback) with exit code 141, as a shell pipeline's does."""

from __future__ import annotations

import io
import subprocess
import sys

from companion.console import READER_LEFT, ConsoleView
from tests.checkout import checkout_env, ctrl_c_as_at_a_terminal


def _head(args: list[str], lines: int = 2) -> tuple[int, list[str], str]:
    """Run ``companion ARGS | head -LINES``: read ``lines`` lines, then close the pipe."""
    process = subprocess.Popen([sys.executable, "-m", "companion", *args], env=checkout_env(),
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=ctrl_c_as_at_a_terminal)
    read = [process.stdout.readline() for _ in range(lines)]
    process.stdout.close()
    try:
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
    return process.returncode, read, err


def test_the_demo_piped_into_head_ends_quietly():
    code, read, err = _head(["demo", "--headless", "--speed", "50"])
    assert read[0].startswith("  - ")  # the demo's set-up lines did come
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert code == 141


class _GonePipe(io.StringIO):
    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")


def test_the_console_view_stops_printing_once_its_reader_left():
    told = []
    view = ConsoleView(_GonePipe(), on_reader_left=lambda: told.append(True))
    view({"type": "notice", "text": "one"})
    view({"type": "notice", "text": "two"})  # nothing more is tried
    assert view.closed and told == [True] and READER_LEFT.is_set()
    READER_LEFT.clear()  # this process's stdout is still there
