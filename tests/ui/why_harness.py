"""``harness.py`` with one more scenario, ``why``: on the table screen the main choice is
touched (the companion rolls), then History, then Why?, in English and Italian; the card
shows the daemon's explanations of the latest news. Saves ``why-<lang>.png``. Run by
``test_why_card.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from harness import Until, find_button, screen_is, touch


def _open_views(app) -> list:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return [w for w in Window.children if isinstance(w, ModalView)]


def _card_text(app) -> str:
    from ui.widgets.why import WhyView

    views = [w for w in _open_views(app) if isinstance(w, WhyView)]
    return views[0].label.text if views else ""


def why_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("a game", lambda: model.connected and model.game)
    report["cards"], report["screenshots"], report["why"] = {}, [], {}
    for lang, history, why in (("en", "History", "Why?"), ("it", "Storico", "Perché?")):
        if model.language != lang:
            app.set_language(lang)
        yield Until(f"the table in {lang}", lambda lang=lang: model.language == lang and model.game)
        model.go("table")
        yield Until("the table screen", screen_is(app, "table"))
        for key in ("roll",) if lang == "en" else ("end-turn", "roll"):  # Ada rolls; Bo's turn, Bo rolls
            before = list(model.news)
            app.choose(key)
            yield Until(f"the news after {key}", lambda before=before: list(model.news) != before)
        yield Until("news with a why", lambda: bool(model.why))
        report["why"][lang] = [list(pair) for pair in model.why]
        yield 0.3
        touch(find_button(app, history))
        yield Until("the history", lambda: bool(_open_views(app)))
        touch(find_button(app, why, where=_open_views(app)[0]))
        yield Until("the why card", lambda: "[color=ffcc33]" in _card_text(app))
        yield 0.3
        report["cards"][lang] = _card_text(app)
        report["screenshots"].append(str(save_screenshot(out / f"why-{lang}.png")))
        for view in _open_views(app):
            view.dismiss(animation=False)
        yield 0.2


if __name__ == "__main__":
    harness.SCENARIOS["why"] = why_scenario
    sys.exit(harness.main())
