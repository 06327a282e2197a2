"""``harness.py`` with one more scenario, ``storage``: a daemon that is not saving (issue 26
item 4); the banner says so on the table screen, and Home keeps the warning. Saves
``storage-warning-table.png`` and ``storage-warning-home.png``. Run by
``test_storage_warning_screen.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from harness import Until, screen_is
from readability import plain


def storage_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("a game", lambda: model.connected and model.game)
    model.go("table")
    yield Until("the table screen", screen_is(app, "table"))
    yield Until("the warning", lambda: bool(model.storage_warning))
    yield 0.3
    report["banner"] = model.notice
    report["screenshots"] = [str(save_screenshot(out / "storage-warning-table.png"))]
    model.go("home")
    yield Until("home", screen_is(app, "home"))
    yield 0.3
    home = app.root.ids.screens.current_screen
    # its words whole, in as many pages as the room a game on leaves them (newcomer20: four
    # lines pushed the title and Settings out of the window), the first page shown
    report["home"] = home.readers_full
    report["home_pages"] = [plain(page, True) for page in home.readers_pages]
    report["home_shown"] = plain(home.ids.readers.text, True)
    report["home_banner"] = model.notice
    report["screenshots"].append(str(save_screenshot(out / "storage-warning-home.png")))
    report["clipped"] = harness.clipped_labels(app)


if __name__ == "__main__":
    harness.SCENARIOS["storage"] = storage_scenario
    sys.exit(harness.main())
