"""Drives the real Kivy client in its own process for the UI tests.

``python tests/ui/harness.py SCENARIO --socket S --out DIR --report R.json [--size 800x480]``

Scenarios (the test on the other side of stdout does the daemon's part):

* ``table``: the table screen of a game in its move step. Saves ``table-screen.png``,
  prints ``READY`` (the test then taps an unknown tag), waits for the notice and saves
  ``table-notice.png``, touches "End turn" with a real touch, waits for the next turn's
  state and saves ``table-after.png``; then rolls with the "Roll the die" button, touches
  Undo, rolls again (same die: undo never re-rolls), touches "Out of the castle" (the last
  hunter leaves with every treasure in the cellar: the hunters win) and saves ``game-over.png``.
* ``lobby``: no daemon yet. Saves ``waiting.png`` and prints ``WAITING`` (the test starts a
  daemon without a game), touches "New game" in the lobby, waits for the table and prints
  ``STARTED`` (the test stops the daemon), waits for "Connection lost" and saves
  ``lost.png``, prints ``LOST`` (the test starts a daemon again) and waits to reconnect.

Exits 0 when every step happened in time, 1 otherwise; the report (JSON) says what it saw.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

#: Seconds any one step may take.
STEP_TIMEOUT = 8.0


class Failed(Exception):
    """A step did not happen in time."""


class Until:
    """Yielded by a scenario: wait until ``predicate()`` is true."""

    def __init__(self, what: str, predicate, timeout: float = STEP_TIMEOUT):
        self.what, self.predicate, self.timeout = what, predicate, timeout


class Runner:
    """Runs a scenario generator on Kivy's clock: it yields seconds to wait or an :class:`Until`."""

    def __init__(self, app, scenario, report: dict):
        self.app, self.report = app, report
        self.steps = scenario
        self.waiting: Until | float | None = None
        self.since = time.monotonic()

    def tick(self, _dt) -> None:
        try:
            if not self._ready():
                return
            self.waiting = next(self.steps)
            self.since = time.monotonic()
        except StopIteration:
            self._finish(True)
        except Exception as exc:  # reported, then the app closes with exit code 1
            self.report["error"] = f"{type(exc).__name__}: {exc}"
            self.report["traceback"] = traceback.format_exc()
            self._finish(False)

    def _finish(self, ok: bool) -> None:
        from kivy.core.window import Window

        self.report["ok"] = ok
        self.report["window_size"] = list(Window.size)
        self.app.stop()

    def _ready(self) -> bool:
        waited = time.monotonic() - self.since
        if self.waiting is None:
            return True
        if isinstance(self.waiting, (int, float)):
            return waited >= self.waiting
        if self.waiting.predicate():
            return True
        if waited > self.waiting.timeout:
            raise Failed(f"timed out after {self.waiting.timeout} s waiting for {self.waiting.what}")
        return False


# ---------------------------------------------------------------------- widget helpers


def find_button(app, text: str):
    """The visible TouchButton whose text is ``text`` on the current screen, or None."""
    from ui.widgets.buttons import TouchButton

    screen = app.root.ids.screens.current_screen
    for widget in screen.walk():
        if isinstance(widget, TouchButton) and widget.text == text:
            return widget
    return None


def touch(button) -> tuple[float, float]:
    """A real touch (down, up) at the centre of ``button``, through the window's input path."""
    from kivy.tests.common import UnitTestTouch

    x, y = button.to_window(*button.center)
    finger = UnitTestTouch(x, y)
    finger.touch_down()
    finger.touch_up()
    return x, y


def say(word: str) -> None:
    """Tell the test what happened (one word per line on stdout)."""
    print(word, flush=True)


# ---------------------------------------------------------------------- scenarios


def table_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("the table screen with an End turn button",
                lambda: model.screen == "table" and find_button(app, "End turn") is not None)
    yield 0.4  # layout settles
    report["before"] = {"turn_number": model.view.get("turn_number"), "prompt": model.prompt_text,
                        "choices": [c["label"] for c in model.choices]}
    report["shown_choices"] = [b.text for b in app.root.ids.screens.current_screen.ids.choices.buttons()]
    report["screenshots"] = [str(save_screenshot(out / "table-screen.png"))]
    say("READY")
    yield Until("the notice banner", lambda: bool(model.notice))
    report["notice"] = model.notice
    yield 0.3
    report["screenshots"].append(str(save_screenshot(out / "table-notice.png")))
    report["touched_at"] = touch(find_button(app, "End turn"))
    before = report["before"]["turn_number"]
    yield Until("the next turn's state", lambda: model.view.get("turn_number") == before + 1)
    yield Until("the answer to the touch", lambda: not model.busy)
    yield 0.3
    report["after"] = {"turn_number": model.view.get("turn_number"), "prompt": model.prompt_text}
    report["screenshots"].append(str(save_screenshot(out / "table-after.png")))
    yield from roll_undo_and_win(app, out, report)


def roll_undo_and_win(app, out: Path, report: dict):
    """Roll with the touch button, Undo it, roll again, then leave the castle: the win."""
    from ui.shot import save_screenshot

    model = app.model
    rolled = lambda: find_button(app, "End turn") is not None and not model.busy  # noqa: E731
    touch(find_button(app, "Roll the die"))
    yield Until("the move step after rolling", rolled)
    report["rolled"] = model.prompt_text
    touch(app.root.ids.screens.current_screen.ids.undo)
    yield Until("the roll prompt again after Undo",
                lambda: find_button(app, "Roll the die") is not None and not model.busy)
    report["undone"] = model.prompt_text
    touch(find_button(app, "Roll the die"))
    yield Until("the move step after rolling again", rolled)
    report["rolled_again"] = model.prompt_text
    touch(find_button(app, "Out of the castle"))
    yield Until("the game-over screen", lambda: model.over and find_button(app, "New game") is not None)
    yield 0.3
    report["over"] = {"prompt": model.prompt_text, "can_undo": model.can_undo,
                      "undo_disabled": app.root.ids.screens.current_screen.ids.undo.disabled}
    report["screenshots"].append(str(save_screenshot(out / "game-over.png")))


def lobby_scenario(app, out: Path, report: dict):
    from ui.model import LOST_TEXT, WAITING_TEXT
    from ui.shot import save_screenshot

    model = app.model
    yield 0.5
    if model.screen != "waiting" or model.status_text != WAITING_TEXT:
        raise Failed(f"expected the waiting screen, got {model.screen!r}: {model.status_text!r}")
    report["screenshots"] = [str(save_screenshot(out / "waiting.png"))]
    say("WAITING")
    yield Until("the lobby", lambda: model.screen == "lobby" and find_button(app, "New game"))
    yield 0.3
    report["screenshots"].append(str(save_screenshot(out / "lobby.png")))
    touch(find_button(app, "New game"))
    yield Until("the new game's table", lambda: model.screen == "table")
    report["new_game"] = {"players": model.view.get("players"), "prompt": model.prompt_text}
    say("STARTED")
    yield Until("the connection-lost screen",
                lambda: model.status_text == LOST_TEXT and model.screen == "waiting")
    yield 0.3
    report["screenshots"].append(str(save_screenshot(out / "lost.png")))
    say("LOST")
    yield Until("the reconnection", lambda: model.screen != "waiting")
    report["reconnected_to"] = model.screen


SCENARIOS = {"table": table_scenario, "lobby": lobby_scenario}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("scenario", choices=sorted(SCENARIOS))
    p.add_argument("--socket", required=True)
    p.add_argument("--out", type=Path, required=True, help="directory for the screenshots")
    p.add_argument("--report", type=Path, required=True)
    p.add_argument("--size", default="800x480")
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))

    from ui.app import build_app

    app = build_app(args.socket, size=size)
    from kivy.clock import Clock

    report: dict = {"scenario": args.scenario, "ok": False}
    runner = Runner(app, SCENARIOS[args.scenario](app, args.out, report), report)
    Clock.schedule_interval(runner.tick, 0.05)
    app.run()
    args.report.write_text(json.dumps(report, indent=2))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
