"""The ``offtable`` and ``offtable-private`` scenarios of ``harness.py`` (issue 29): the
readability audit (:func:`readability.audit_page`) of every screen off the table, in English
then Italian, each saved as ``offtable-NAME[-it].png``.

``offtable`` (a daemon with no game): Home, Settings (its top and its foot: text size,
readers, Card data), Card data (a game's list and its longest form), New game with each
game's options (house rules open), the players' on-screen keyboard, and Enrollment.
``offtable-private`` (a CLUE: IT game at Ada's kept Intrigue card): Home with the game,
the privacy screen's cover and what only Ada sees (her kept card), and the Cards panel (its search for
"Intrigue").

``report["audit"]``: shot name -> what it breaks; ``report["screenshots"]``; the kept card's
texts and the Cards panel's labels as the players read them (``report["card_texts"]``,
``report["panel_cards"]``).
"""

from __future__ import annotations

from pathlib import Path

from harness import Until, find_key, screen_is, scroll_to, settle, touch
from readability import audit_page

#: The language passes: the shot name's suffix for each.
LANGUAGES = {"en": "", "it": "-it"}


def _shooter(app, out: Path, report: dict, lang: str):
    from ui.shot import save_screenshot

    report.setdefault("screenshots", [])
    report.setdefault("audit", {})

    def shot(name: str, screen=None):
        yield settle(0.4)  # layout settles
        full = f"offtable-{name}{LANGUAGES[lang]}"
        report["screenshots"].append(str(save_screenshot(out / f"{full}.png")))
        report["audit"][full] = audit_page(app, screen)

    return shot


def _language(app, lang: str):
    app.set_language(lang)
    yield Until(f"the language {lang}", lambda: app.model.language == lang)
    yield settle(0.5)  # every screen rebuilt


def _go(app, page: str):
    app.model.go(page)
    yield Until(f"the {page} screen", screen_is(app, page))


def _scroll_foot(screen) -> None:
    from kivy.uix.scrollview import ScrollView

    for view in [w for w in screen.walk(restrict=True) if isinstance(w, ScrollView)]:
        view.scroll_y = 0


def _settings(app, shot):
    yield from _go(app, "settings")
    yield Until("settings with its enroll buttons", lambda: find_key(app, "creepy_cellar") is not None)
    yield from shot("settings")
    _scroll_foot(app.root.ids.screens.current_screen)
    yield from shot("settings-foot")


def _card_data(app, shot):
    screen = lambda: app.root.ids.screens.get_screen("content")  # noqa: E731
    model = app.model
    yield from _go(app, "content")
    yield Until("the card data list", lambda: find_key(app, "house_of_spirits") is not None)
    touch(find_key(app, "house_of_spirits"))
    yield Until("its cards", lambda: (model.content.get("house_of_spirits") or {}).get("components")
                and screen().game == "house_of_spirits")
    yield from shot("content-list")
    longest = max(model.content["house_of_spirits"]["components"], key=lambda c: len(c["fields"]))
    button = lambda: find_key(app, longest["component"])  # noqa: E731
    yield Until("the longest form's card", lambda: button() is not None)
    scroll_to(button())
    yield 0.2
    touch(button())
    yield Until("its form", lambda: screen().form is not None)
    yield from shot("content-form")
    touch(find_key(app, "close"))
    yield Until("the list again", lambda: screen().form is None)


def _new_game(app, shot):
    from kivy.core.window import Window

    yield from _go(app, "newgame")
    screen = app.root.ids.screens.current_screen
    for game in [g["id"] for g in screen.specs()]:
        screen.choose_game(game)
        if not screen.house_open:
            screen.toggle_house()
        yield Until(f"{game}'s options", lambda game=game: screen.game == game)
        yield from shot(f"newgame-{game}")
    screen.rename(0)
    yield Until("the keyboard", lambda: len(Window.children) > 1)
    yield from shot("keyboard")
    Window.children[0].dismiss()
    yield Until("the keyboard gone", lambda: len(Window.children) == 1)


def _enrollment(app, shot):
    yield from _go(app, "settings")
    yield Until("the enroll buttons", lambda: find_key(app, "creepy_cellar") is not None)
    button = find_key(app, "creepy_cellar")
    scroll_to(button)
    yield 0.2
    touch(button)
    yield Until("the walk", lambda: screen_is(app, "enroll")() and (app.model.enrollment or {}).get("step") == 1)
    yield from shot("enroll")
    app.enroll("enroll_stop")
    yield Until("back from enrollment", lambda: app.model.screen != "enroll")


def offtable_scenario(app, out: Path, report: dict):
    yield Until("connected without a game", lambda: app.model.connected and app.model.catalogue
                and not app.model.game)
    for lang in LANGUAGES:
        yield from _language(app, lang)
        shot = _shooter(app, out, report, lang)
        yield from _go(app, "home")
        yield from shot("home")
        yield from _settings(app, shot)
        yield from _card_data(app, shot)
        yield from _new_game(app, shot)
        yield from _enrollment(app, shot)
    yield from _language(app, "en")


def _panel(app, shot, report: dict, lang: str):
    from ui.widgets.cards_panel import CardsPanel

    panel = CardsPanel(app)
    panel.open()
    yield 0.3
    yield from shot("cards-waiting")
    panel._searched("Intrig")  # "Intrigue card", "Carta Intrigo"
    yield Until("the Intrigue cards", lambda: bool(panel.shown))
    report.setdefault("panel_cards", {})[lang] = [str(c["label"]) for c in panel.shown]
    yield from shot("cards-search")
    panel.dismiss()
    yield 0.3


def _privacy(app, shot, report: dict, lang: str):
    """The cover for Ada, then what only she sees, then her kept card (its "Show my card")."""
    from privacy_scenario import _texts

    model = app.model
    yield from _go(app, "table")
    yield Until("Ada's private business", lambda: model.private_player == "Ada" and not model.busy)
    screen = app.open_privacy("Ada")
    yield from shot("privacy-cover")
    screen.reveal()
    yield Until("what only Ada sees", lambda: screen.step == "shown")
    report.setdefault("card_texts", {})[lang] = _texts(screen)
    yield from shot("privacy-shown")
    screen.hide()
    yield Until("the table again", lambda: app.privacy is None)


def offtable_private_scenario(app, out: Path, report: dict):
    yield Until("connected with the game", lambda: app.model.connected and app.model.game)
    for lang in LANGUAGES:
        yield from _language(app, lang)
        shot = _shooter(app, out, report, lang)
        yield from _go(app, "home")
        yield from shot("home-game")
        yield from _privacy(app, shot, report, lang)
        yield from _panel(app, shot, report, lang)
    yield from _language(app, "en")


