"""UI tests: the fixtures every window test uses (``display``: a private Xvfb;
``kivy_home``; ``harness``: the Kivy client in a subprocess), and their helper modules
(``pngread``, ``ui_scenario``) next to them, imported by bare name: pyproject.toml's
pytest ``pythonpath`` has this directory.
"""

from __future__ import annotations

import json
import os
import queue
import select
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.checkout import checkout_env

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("harness.py")
ARTIFACTS = ROOT / "tests" / "artifacts"


# ---------------------------------------------------------------------- display


@pytest.fixture(scope="module")
def display():
    """An X display for the Kivy window: a private Xvfb when there is one, else $DISPLAY."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        if os.environ.get("DISPLAY"):
            yield os.environ["DISPLAY"]
            return
        pytest.skip("the UI test needs Xvfb (apt install xvfb) or a DISPLAY")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        number = _read_display_number(read_end, timeout=10.0)
        yield f":{number}"
    finally:
        os.close(read_end)
        server.terminate()
        server.wait(5)


def _read_display_number(fd: int, timeout: float) -> str:
    """Xvfb writes its display number to ``fd`` once it accepts connections."""
    text = b""
    while not text.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], timeout)
        chunk = os.read(fd, 16) if ready else b""
        if not chunk:
            pytest.fail(f"Xvfb did not start within {timeout} s")
        text += chunk
    return text.decode().strip()


@pytest.fixture(scope="module")
def kivy_home(tmp_path_factory):
    """A private KIVY_HOME, so the test leaves ~/.kivy alone."""
    return tmp_path_factory.mktemp("kivy-home")


# ---------------------------------------------------------------------- the client process


class Harness:
    """``harness.py SCENARIO`` running in a subprocess; stdout words tell its progress."""

    def __init__(self, scenario: str, sock: Path, size: tuple[int, int], display: str,
                 kivy_home: Path, out: Path, tmp: Path, px_per_mm: float = 5.24, args: tuple = (),
                 script: Path = HARNESS):
        self.report_path = tmp / f"{scenario}-report.json"
        self.stderr_path = tmp / f"{scenario}-stderr.txt"
        env = checkout_env(DISPLAY=display, KIVY_HOME=str(kivy_home), KIVY_NO_ARGS="1", PYTHONUNBUFFERED="1")
        # the screen's own files (its settings, the lessons put away) in the test's folder
        env.setdefault("HAUNT_UI_SETTINGS", str(tmp / "ui.json"))
        command = [sys.executable, str(script), scenario, "--socket", str(sock), "--out", str(out),
                   "--report", str(self.report_path), "--size", f"{size[0]}x{size[1]}",
                   "--px-per-mm", str(px_per_mm), *args]
        self.stderr = self.stderr_path.open("w")
        self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def expect(self, word: str, timeout: float = 15.0) -> None:
        """Wait until the harness prints ``word``."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                self.kill()
                pytest.fail(f"the UI never said {word!r}\n{self.stderr_tail()}")
            if line is None:
                report = self.report_path.read_text() if self.report_path.exists() else ""
                pytest.fail(f"the UI exited before saying {word!r}\n{report[-3000:]}\n{self.stderr_tail()}")
            if line == word:
                return

    def finish(self, timeout: float = 20.0) -> dict:
        """Wait for the exit; returns the report. Fails unless the exit code is 0."""
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            pytest.fail(f"the UI did not exit within {timeout} s\n{self.stderr_tail()}")
        self.stderr.close()
        report = json.loads(self.report_path.read_text()) if self.report_path.exists() else {}
        assert code == 0, (f"UI exit code {code}: {report.get('error')}\n"
                           f"{report.get('traceback', '')}\n{self.stderr_tail()}")
        return report

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)

    def stderr_tail(self, chars: int = 3000) -> str:
        if not self.stderr.closed:
            self.stderr.flush()
        return self.stderr_path.read_text()[-chars:]


@pytest.fixture
def harness(display, kivy_home, tmp_path):
    """``harness(scenario, sock, size, out)`` -> a started :class:`Harness` (killed after)."""
    started: list[Harness] = []

    def start(scenario: str, sock: Path, size=(800, 480), out: Path = ARTIFACTS, **kwargs) -> Harness:
        h = Harness(scenario, sock, size, display, kivy_home, out, tmp_path, **kwargs)
        started.append(h)
        return h

    yield start
    for h in started:
        h.kill()


def file_scenario(scenario: str, variable: str, sizes: list[dict], display: str, kivy_home: Path,
                  out: Path, tmp: Path, timeout: float) -> dict:
    """The report of ``scenario`` fed from a messages file instead of a daemon: ``{"sizes":
    sizes}`` is written into ``tmp`` and named to it by the environment variable ``variable``;
    one window opens at the first size and is resized between them. Fails unless it went well."""
    path = tmp / "messages.json"
    path.write_text(json.dumps({"sizes": sizes}), encoding="utf-8")
    first = tuple(sizes[0]["size"])
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(variable, str(path))
        client = Harness(scenario, tmp / "nobody.sock", first, display, kivy_home, out, tmp)
        try:
            report = client.finish(timeout=timeout)
        finally:
            client.kill()
    assert report["ok"], report.get("error")
    return report
