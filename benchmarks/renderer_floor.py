"""What a frame costs the software renderer (issue 17 item 10): the CPU per frame (the
Kivy main thread and Mesa's llvmpipe threads) of a window that draws only one kind of
shape, redrawn as fast as it goes under a private Xvfb. It says which drawing is worth
avoiding, and the floor a table screen cannot go under on this machine.

    .venv/bin/python -m benchmarks.renderer_floor [--seconds 2.5]

(from the checkout's root). Each case is drawn in the same window, one after another.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from benchmarks.procstat import thread_cpu_seconds, thread_cpu_since

ROOT = Path(__file__).resolve().parents[1]

#: case -> (what it draws, how many times).
CASES = {
    "nothing": ("an empty frame (the window cleared)", 0),
    "full window": ("one rectangle over the whole window", 1),
    "small squares": ("50 squares of 40 × 40 px", 50),
    "tiny squares": ("50 squares of 4 × 4 px (the cost of a draw call)", 50),
    "frames, round joints": ("50 rounded frames 80 × 40, 2 px wide, Kivy's default round joints", 50),
    "frames, mitred": ("the same 50 frames with mitred joints", 50),
    "frames, see-through": ("the 50 mitred frames in a colour of alpha 0.9 (the stencil path)", 50),
}


def _shapes(case: str, i: int) -> list:
    """The instructions of ``case``'s ``i``-th shape."""
    from kivy.graphics import Line, Rectangle

    x, y = i * 15 % 700, i * 37 % 420
    if case == "full window":
        return [Rectangle(pos=(0, 0), size=(800, 480))]
    if case in ("small squares", "tiny squares"):
        side = 40 if case == "small squares" else 4
        return [Rectangle(pos=(x, y), size=(side, side))]
    joint = "round" if case == "frames, round joints" else "miter"
    return [Line(rounded_rectangle=(x, y, 80, 40, 8), width=2, joint=joint)]


def child(seconds: float) -> None:
    """The window: each case for ``seconds``; prints one line a case."""
    from ui.app import configure_kivy

    configure_kivy((800, 480))
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.graphics import Color
    from kivy.uix.widget import Widget

    class Floor(App):
        def build(self):
            self.widget, self.left, self.frames = Widget(), list(CASES), 0
            Window.bind(on_flip=lambda *_a: setattr(self, "frames", self.frames + 1))
            Clock.schedule_once(self.next_case, 1.0)
            return self.widget

        def next_case(self, _dt) -> None:
            if not self.left:
                self.stop()
                return
            case = self.left.pop(0)
            self.widget.canvas.clear()
            self.widget.canvas.add(Color(0.5, 0.6, 0.7, 0.9 if case == "frames, see-through" else 1))
            for i in range(CASES[case][1]):
                for instruction in _shapes(case, i):
                    self.widget.canvas.add(instruction)
            before, frames = thread_cpu_seconds("self"), self.frames
            redraw = Clock.schedule_interval(lambda _dt: Window.canvas.ask_update(), 0)

            def measured(_dt) -> None:
                redraw.cancel()
                drawn = max(1, self.frames - frames)
                spent = {name: seconds / drawn * 1000 for name, seconds in thread_cpu_since("self", before).items()}
                main = sum(ms for name, ms in spent.items() if not name.startswith("llvmpipe"))
                print(f"{case:22s} {main:6.2f} {spent.get('llvmpipe', 0.0):6.2f}   {CASES[case][0]}", flush=True)
                Clock.schedule_once(self.next_case, 0.3)

            Clock.schedule_once(measured, seconds)

    Floor().run()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.5, help="seconds of redrawing a case")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args.seconds)
        return 0
    from benchmarks.ui_client import _xvfb

    server, display = _xvfb()
    if display is None:
        raise SystemExit("needs Xvfb or a DISPLAY")
    env = {**os.environ, "DISPLAY": display, "KIVY_NO_ARGS": "1", "PYTHONPATH": str(ROOT),
           "KIVY_HOME": str(Path(os.environ.get("TMPDIR", "/tmp")) / "renderer-floor-kivy")}
    print("CPU ms per frame, 800×480 window:  main  llvmpipe")
    try:
        subprocess.run([sys.executable, "-m", "benchmarks.renderer_floor", "--child", "--seconds", str(args.seconds)],
                       cwd=ROOT, env=env, stderr=subprocess.DEVNULL, check=True, timeout=120)
    finally:
        if server is not None:
            server.terminate()
            server.wait(5)
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
