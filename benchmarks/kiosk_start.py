"""Kiosk start-up figures (issue 7): daemon start to sd_notify READY, and UI start to its
first frame (and to its first frame showing the game) under Xvfb with the shipped kiosk
Kivy settings.

Run: ``.venv/bin/python benchmarks/kiosk_start.py [RUNS]`` (needs Xvfb for the UI part).
Measurements, never assertions. Times are wall clock from ``Popen`` (so they include the
Python interpreter's start and every import).
"""

from __future__ import annotations

import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Runs in the UI process: reports the first frame, and the first frame after the daemon's
#: first state reached the screen, then quits.
UI_PROBE = """
import sys, time
from ui.app import build_app
app = build_app(sys.argv[1], kiosk=True)
from kivy.core.window import Window
seen = []
def flip(*_):
    if not seen:
        seen.append(1); print("FIRST_FRAME", time.time(), flush=True)
    if app.model is not None and app.model.screen == "table":
        print("GAME_FRAME", time.time(), flush=True); app.stop()
Window.bind(on_flip=flip)
app.run()
"""


def _config(tmp: Path) -> Path:
    config = tmp / "config.toml"
    config.write_text('[dice]\nenabled = false\n\n[[readers]]\nname = "cards"\ndriver = "fake"\n')
    return config


def daemon_to_ready(tmp: Path, db: Path, sock: Path) -> tuple[float, subprocess.Popen]:
    """Seconds from starting ``companion daemon`` to its READY=1; the process keeps running."""
    notify = tmp / "notify.sock"
    notify.unlink(missing_ok=True)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(notify))
    listener.settimeout(60)
    env = {**os.environ, "NOTIFY_SOCKET": str(notify), "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--config", str(_config(tmp)),
                             "--db", str(db), "--socket", str(sock), "--new", "creepy_cellar"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not listener.recv(4096).startswith(b"READY=1"):
        pass
    elapsed = time.perf_counter() - started
    listener.close()
    return elapsed, proc


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(30)


def xvfb() -> tuple[subprocess.Popen, str] | None:
    if shutil.which("Xvfb") is None:
        return None
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "800x480x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    number = os.read(read, 64).decode().strip()
    os.close(read)
    return proc, f":{number}"


def ui_to_frames(sock: Path, display: str, kivy_home: Path) -> tuple[float, float]:
    """Seconds from starting the UI process to its first frame and to its first game frame."""
    env = {**os.environ, "DISPLAY": display, "KIVY_HOME": str(kivy_home), "KIVY_NO_FILELOG": "1",
           "KIVY_NO_ARGS": "1", "PYTHONPATH": str(ROOT)}
    started = time.time()
    done = subprocess.run([sys.executable, "-c", UI_PROBE, str(sock)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    stamps = dict(line.split() for line in done.stdout.splitlines() if line.split()[0].endswith("FRAME"))
    if "GAME_FRAME" not in stamps:
        raise RuntimeError(f"the UI showed no game frame: {done.stderr[-2000:]}")
    return float(stamps["FIRST_FRAME"]) - started, float(stamps["GAME_FRAME"]) - started


def _summary(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return f"{name:44} median {statistics.median(ms):7.0f} ms   min {ms[0]:7.0f}   max {ms[-1]:7.0f}   (n={len(ms)})"


def main(runs: int = 5) -> None:
    with tempfile.TemporaryDirectory(prefix="kiosk-bench-") as name:
        tmp = Path(name)
        db, sock = tmp / "companion.sqlite3", tmp / "companion.sock"
        fresh, resumed = [], []
        for run in range(runs):
            if run == 0:
                elapsed, proc = daemon_to_ready(tmp, db, sock)
                fresh.append(elapsed)
            else:
                elapsed, proc = daemon_to_ready(tmp, db, sock)
                resumed.append(elapsed)
            _stop(proc)
        print(_summary("daemon start -> READY=1 (new store)", fresh))
        print(_summary("daemon start -> READY=1 (resume)", resumed))

        server = xvfb()
        if server is None:
            print("UI: no Xvfb, not measured")
            return
        xproc, display = server
        kivy_home = tmp / "kivy"
        (kivy_home / "mods").mkdir(parents=True)
        (kivy_home / "icon").mkdir()
        shutil.copy(ROOT / "systemd" / "kivy" / "config.ini", kivy_home / "config.ini")
        _, daemon = daemon_to_ready(tmp, db, sock)
        try:
            first, game = zip(*(ui_to_frames(sock, display, kivy_home) for _ in range(runs)))
        finally:
            _stop(daemon)
            xproc.terminate()
        print(_summary("UI start -> first frame (Xvfb, kiosk config)", list(first)))
        print(_summary("UI start -> first frame showing the game", list(game)))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
