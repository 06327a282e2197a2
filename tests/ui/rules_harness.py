"""``harness.py`` with one more scenario, ``rules``: on the table screen, History, then its
Rules button, in English and Italian; the rules card for now, then the whole game. Saves
``rules-now-<lang>.png`` and ``rules-all-<lang>.png``. Run by ``test_rules_card.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from harness import Until, find_button, screen_is, touch


def _card_text(app) -> str:
    from kivy.core.window import Window

    from ui.widgets.rules import RulesView

    views = [w for w in Window.children if isinstance(w, RulesView)]
    return views[0].label.text if views else ""


def _open_views(app) -> list:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return [w for w in Window.children if isinstance(w, ModalView)]


def rules_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("a game", lambda: model.connected and model.game)
    report["cards"], report["screenshots"], report["small"] = {}, [], []
    for lang, history, rules, whole in (("en", "History", "Rules", "Whole game"),
                                        ("it", "Storico", "Regole", "Tutto il gioco")):
        if model.language != lang:
            app.set_language(lang)
        yield Until(f"the table in {lang}", lambda lang=lang: model.language == lang and model.game)
        model.go("table")
        yield Until("the table screen", screen_is(app, "table"))
        yield 0.3
        touch(find_button(app, history))
        yield Until("the history", lambda: bool(_open_views(app)))
        touch(find_button(app, rules, where=_open_views(app)[0]))
        yield Until("the rules card", lambda: "[b][color" in _card_text(app))
        yield 0.3
        now = _card_text(app)
        report["screenshots"].append(str(save_screenshot(out / f"rules-now-{lang}.png")))
        report["small"] += harness.small_targets(app, 9.0, float(report["px_per_mm"]))
        touch(find_button(app, whole, where=_open_views(app)[0]))
        yield 0.3
        report["cards"][lang] = {"now": now, "all": _card_text(app)}
        report["screenshots"].append(str(save_screenshot(out / f"rules-all-{lang}.png")))
        for view in _open_views(app):
            view.dismiss(animation=False)
        yield 0.2


if __name__ == "__main__":
    harness.SCENARIOS["rules"] = rules_scenario
    sys.exit(harness.main())
