"""``harness.py`` with one more scenario, ``why``, in English and Italian: on the table screen
the main choice is touched (the companion rolls; ``table-why-<lang>.png``), then the table
screen's Why? (in Italian: History > Perché?) shows the daemon's explanations of the latest news
(``why-<lang>.png``); then History again, where a touch on one
explained line (``LINES``: in Italian an older line, explained from the state's ``log_why``)
shows that line's explanation alone (``history-<lang>.png``, ``why-line-<lang>.png``). Run by
``test_why_card.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from card_steps import card_text, close_cards, history_then, open_history, open_views, table_in
from harness import Until, find_button, scrolled_into_sight, settle, touch

#: The History line touched in each language: Ada's roll (in Italian, after Bo's).
LINES = {"en": "Ada rolled 4.", "it": "Ada ha fatto 4."}


def _card_text() -> str:
    from ui.widgets.why import WhyView

    return card_text(WhyView)


def _line_button(text: str):
    from ui.widgets.history import HistoryView

    for view in open_views():
        if isinstance(view, HistoryView):
            return next((b for b in view.lines if b.line == text), None)
    return None


def why_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("a game", lambda: model.connected and model.game)
    report.update(cards={}, screenshots=[], why={}, lines={}, marked={}, small=[])
    for lang, history, why in (("en", "History", "Why?"), ("it", "Storico", "Perché?")):
        yield from table_in(app, lang)
        for key in ("roll",) if lang == "en" else ("end-turn", "roll"):  # Ada rolls; Bo's turn, Bo rolls
            before = list(model.news)
            app.choose(key)
            # and the touch's answer: the next touch is ignored while one is on its way, and the
            # state can come before the answer (a CI run's Italian roll was lost so, stop 45)
            yield Until(f"the news after {key}", lambda before=before: list(model.news) != before and not model.busy)
        yield Until("news with a why", lambda: bool(model.why))
        report["why"][lang] = [list(pair) for pair in model.why]
        yield settle(0.3)
        report["screenshots"].append(str(save_screenshot(out / f"table-why-{lang}.png")))
        report["small"] += harness.small_targets(app, 9.0, float(report["px_per_mm"]))
        if lang == "en":  # the Why? under the board; in Italian, History > Perché?
            touch(find_button(app, why))
        else:
            yield from history_then(app, history, why)
        yield Until("the why card", lambda: "[color=ffcc33]" in _card_text())
        yield settle(0.3)
        report["cards"][lang] = _card_text()
        report["screenshots"].append(str(save_screenshot(out / f"why-{lang}.png")))
        yield from close_cards()
        # One History line: its own Why card.
        yield from open_history(app, history)
        yield scrolled_into_sight(lambda lang=lang: _line_button(LINES[lang]))
        yield settle(0.3)
        view = open_views()[0]
        report["marked"][lang] = [b.line for b in view.lines]
        report["small"] += harness.small_targets(app, 9.0, float(report["px_per_mm"]))
        report["screenshots"].append(str(save_screenshot(out / f"history-{lang}.png")))
        touch(_line_button(LINES[lang]))
        yield Until("the line's why card", lambda: "[color=ffcc33]" in _card_text())
        yield settle(0.3)
        report["lines"][lang] = _card_text()
        report["screenshots"].append(str(save_screenshot(out / f"why-line-{lang}.png")))
        yield from close_cards()


if __name__ == "__main__":
    harness.SCENARIOS["why"] = why_scenario
    sys.exit(harness.main())
