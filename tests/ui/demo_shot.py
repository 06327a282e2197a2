"""``python demo_shot.py STARTED OUT`` runs ``companion demo`` as the command does, and,
``SHOT_AT`` seconds after ``STARTED`` (the wall-clock time the test started this process),
saves the window to ``OUT.png`` and writes ``OUT.json``: which screen showed, the prompt,
and when the table screen first showed (seconds after ``STARTED``). Used by
``test_laptop_window.py`` (with the checkout on ``PYTHONPATH``: ``tests.checkout.checkout_env()``);
the demo itself is not changed.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

#: Seconds after the start when the window is looked at (issue 18: the table within 10 s).
SHOT_AT = 10.0


def watch(app, started: float, out: Path) -> None:
    from kivy.clock import Clock

    from ui.shot import save_screenshot

    report: dict = {}

    def seen(_dt) -> None:
        if app.root is not None and app.root.ids.screens.current == "table" and "table_at" not in report:
            report["table_at"] = round(time.time() - started, 2)

    def shot(_dt) -> None:
        report["screen"] = app.root.ids.screens.current if app.root is not None else None
        report["prompt"] = app.model.prompt_text
        report["png"] = str(save_screenshot(out.with_suffix(".png")))
        partial = out.with_suffix(".json.part")  # renamed into place: the test never reads half a report
        partial.write_text(json.dumps(report))
        partial.replace(out.with_suffix(".json"))

    Clock.schedule_interval(seen, 0.05)
    Clock.schedule_once(shot, max(0.0, SHOT_AT - (time.time() - started)))


def main() -> int:
    started, out = float(sys.argv[1]), Path(sys.argv[2])
    import ui.app

    build = ui.app.build_app

    def build_and_watch(*args, **kwargs):
        app = build(*args, **kwargs)
        watch(app, started, out)
        return app

    ui.app.build_app = build_and_watch
    from companion.cli import main as companion

    return companion(["demo", *sys.argv[3:]])


if __name__ == "__main__":
    sys.exit(main())
