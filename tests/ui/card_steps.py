"""The steps the card harnesses share (``rules_harness.py``, ``why_harness.py``): the table
screen in a language, History then one of its buttons, the open card's text, closing it.
Each ``yield``-ing step is used with ``yield from`` inside a scenario."""

from __future__ import annotations

from harness import Until, find_button, screen_is, settle, touch


def open_views() -> list:
    """The modal views open over the screen (History, a card)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return [w for w in Window.children if isinstance(w, ModalView)]


def card_text(kind) -> str:
    """The text of the open card of class ``kind`` ("" when none is open)."""
    views = [w for w in open_views() if isinstance(w, kind)]
    return views[0].label.text if views else ""


def table_in(app, lang: str):
    """The table screen, the game on it, in ``lang``."""
    model = app.model
    if model.language != lang:
        app.set_language(lang)
    yield Until(f"the table in {lang}", lambda: model.language == lang and bool(model.game))
    model.go("table")
    yield Until("the table screen", screen_is(app, "table"))


def open_history(app, history: str):
    """Touch History (its label ``history``); the History panel is open."""
    touch(find_button(app, history))
    yield Until("the history", lambda: bool(open_views()))


def history_then(app, history: str, button: str):
    """History, then its button labelled ``button`` in the bottom row (a line's own Why?
    buttons come before it)."""
    from ui.widgets.buttons import TouchButton

    yield from open_history(app, history)
    found = [w for w in open_views()[0].walk() if isinstance(w, TouchButton) and w.text == button]
    touch(found[-1])


def close_cards():
    """Close every open card and panel."""
    for view in open_views():
        view.dismiss(animation=False)
    yield settle(0.2)
