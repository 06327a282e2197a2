"""``harness.py`` with one more scenario, ``lesson``: a first-game table's prompt with its
lesson (issue 33 item 3), once the physical steps are ticked, in English and Italian. Saves
``lesson-<lang>.png``; and ``odds``: the odds meter's figure on the board. Run by ``test_first_game.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from harness import Until, find_button, screen_is, touch


def _lesson_label(app):
    return app.root.ids.screens.get_screen("table").ids.lesson_text


def _tick_steps(app, done: str):
    while (button := find_button(app, done)) is not None:
        touch(button)
        yield 0.2


def lesson_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("a game", lambda: model.connected and model.game)
    report["lessons"], report["screenshots"] = {}, []
    for lang, done in (("en", "Done"), ("it", "Fatto")):
        if model.language != lang:
            app.set_language(lang)
        yield Until(f"the table in {lang}", lambda lang=lang: model.language == lang and model.game)
        model.go("table")
        yield Until("the table screen", screen_is(app, "table"))
        yield from _tick_steps(app, done)
        yield Until("the lesson", lambda: bool(_lesson_label(app).text))
        yield 0.3
        label = _lesson_label(app)
        report["lessons"][lang] = {"text": label.text, "font_size": label.font_size,
                                   "shown": label.parent.parent.height > 0}
        report["screenshots"].append(str(save_screenshot(out / f"lesson-{lang}.png")))


def odds_scenario(app, out: Path, report: dict, name: str = ""):
    """The odds meter's figure on the board (issue 33 item 5): ``odds-<game>-<lang>.png``
    (``name``: ``<name>-<lang>.png``); ``report["buttons"]``: the texts of the choice buttons."""
    from ui.shot import save_screenshot
    from ui.widgets.buttons import TouchButton

    model = app.model
    yield Until("a game with odds", lambda: model.connected and model.game and model.odds)
    report["figures"], report["screenshots"] = {}, []
    screen = app.root.ids.screens.get_screen("table")
    for lang, done in (("en", "Done"), ("it", "Fatto")):
        if model.language != lang:
            app.set_language(lang)
        yield Until(f"the table in {lang}", lambda lang=lang: model.language == lang and model.odds)
        model.go("table")
        yield Until("the table screen", screen_is(app, "table"))
        yield from _tick_steps(app, done)
        yield 0.3
        report["figures"][lang] = screen.odds_badge.text
        report.setdefault("buttons", {})[lang] = [b.text for b in screen.walk() if isinstance(b, TouchButton)]
        shot = f"{name or 'odds-' + model.game}-{lang}.png"
        report["screenshots"].append(str(save_screenshot(out / shot)))


if __name__ == "__main__":
    harness.SCENARIOS["lesson"] = lesson_scenario
    harness.SCENARIOS["odds"] = odds_scenario
    # CLUE: IT with the squares to the nearest location given (its own screenshots)
    harness.SCENARIOS["odds-squares"] = lambda app, out, report: odds_scenario(app, out, report, "odds-clue_it-squares")
    sys.exit(harness.main())
