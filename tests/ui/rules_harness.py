"""``harness.py`` with one more scenario, ``rules``: on the table screen, History, then its
Rules button, in English and Italian; the rules card for now, then the whole game. Saves
``rules-now-<lang>.png`` and ``rules-all-<lang>.png``. Run by ``test_rules_card.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from card_steps import card_text, close_cards, history_then, open_views, table_in
from harness import Until, find_button, settle, touch


def _card_text() -> str:
    from ui.widgets.rules import RulesView

    return card_text(RulesView)


def rules_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("a game", lambda: model.connected and model.game)
    report["cards"], report["screenshots"], report["small"] = {}, [], []
    for lang, history, rules, whole in (("en", "History", "Rules", "Whole game"),
                                        ("it", "Storico", "Regole", "Tutto il gioco")):
        yield from table_in(app, lang)
        yield settle(0.3)
        yield from history_then(app, history, rules)
        yield Until("the rules card", lambda: "[b][color" in _card_text())
        yield settle(0.3)
        now = _card_text()
        report["screenshots"].append(str(save_screenshot(out / f"rules-now-{lang}.png")))
        report["small"] += harness.small_targets(app, 9.0, float(report["px_per_mm"]))
        touch(find_button(app, whole, where=open_views()[0]))
        yield settle(0.3)
        report["cards"][lang] = {"now": now, "all": _card_text()}
        report["screenshots"].append(str(save_screenshot(out / f"rules-all-{lang}.png")))
        yield from close_cards()


if __name__ == "__main__":
    harness.SCENARIOS["rules"] = rules_scenario
    sys.exit(harness.main())
