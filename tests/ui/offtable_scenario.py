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

from harness import Until, find_button, find_key, screen_is, scroll_to, settle, touch
from readability import audit_page

#: The language passes: the shot name's suffix for each.
LANGUAGES = {"en": "", "it": "-it"}

#: The window sizes, one after the other in the one window (resized between them: what a
#: rotated or resized screen shows must be what one started at that size shows, issue 29):
#: the 7" panel, then portrait.
SIZES = ((800, 480), (720, 1280))


def tag(size) -> str:
    """``"800x480"``: the folder of a size's shots and the prefix of its audit's names."""
    return "{}x{}".format(*size)


def _shooter(app, out: Path, report: dict, lang: str, audit=audit_page):
    """``shot(name, screen=None)``: a screenshot in ``out/WxH/offtable-NAME[-it].png`` and
    ``audit(app, screen)``'s findings under ``report["audit"]["WxH/offtable-NAME[-it]"]``."""
    from kivy.core.window import Window

    from ui.shot import save_screenshot

    report.setdefault("screenshots", [])
    report.setdefault("audit", {})

    def shot(name: str, screen=None):
        yield settle(0.4)  # layout settles
        folder = out / tag(Window.size)
        folder.mkdir(parents=True, exist_ok=True)
        full = f"offtable-{name}{LANGUAGES[lang]}"
        report["screenshots"].append(str(save_screenshot(folder / f"{full}.png")))
        report["audit"][f"{tag(Window.size)}/{full}"] = audit(app, screen)

    return shot


def resize(app, size: tuple[int, int]):
    """The window at ``size``, the app's scale and orientation following it, laid out again."""
    from kivy.core.window import Window

    if tuple(Window.size) != size:
        Window.size = size
        yield Until(f"the window at {size}", lambda: tuple(Window.size) == size)
        yield Until("the app's orientation", lambda: app.portrait == (size[1] > size[0]))
    yield 0.6


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
    yield from _at_each_size_and_language(app, out, report, _screens_without_a_game)


def _at_each_size_and_language(app, out: Path, report: dict, walk):
    """``walk(app, shot, report, lang)`` at each of :data:`SIZES` in each language (English
    last, as the table was)."""
    for size in SIZES:
        yield from resize(app, size)
        for lang in LANGUAGES:
            yield from _language(app, lang)
            yield from walk(app, _shooter(app, out, report, lang), report, lang)
        yield from _language(app, "en")


def _screens_without_a_game(app, shot, report: dict, lang: str):
    yield from _go(app, "home")
    yield from shot("home")
    yield from _settings(app, shot)
    yield from _card_data(app, shot)
    yield from _new_game(app, shot)
    yield from _enrollment(app, shot)


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
    yield from _at_each_size_and_language(app, out, report, _screens_with_a_game)


def _screens_with_a_game(app, shot, report: dict, lang: str):
    yield from _go(app, "home")
    yield from shot("home-game")
    yield from _privacy(app, shot, report, lang)
    yield from _panel(app, shot, report, lang)




def _desk_and_saved(app, shot):
    """The Owner's desk (its link and QR code), the saved games, the voice settings."""
    desk = app.root.ids.screens.get_screen("desk")
    yield from _go(app, "desk")
    yield Until("the desk's link", lambda: desk.link)
    yield from shot("desk")
    saved = app.root.ids.screens.get_screen("saved")
    yield from _go(app, "saved")
    yield Until("the saved games", lambda: saved.games)
    yield from shot("saved")
    yield from _go(app, "voice_settings")
    yield from shot("voice")


def _who_and_phones(app, shot):
    """The privacy screen's "who looks" step, then the phones' pairing: the players' names
    (Home's Phones) and one player's code."""
    yield from _go(app, "table")
    yield Until("Ada's private business", lambda: app.model.private_player == "Ada" and not app.model.busy)
    screen = app.open_privacy("")
    yield Until("who looks", lambda: find_button(app, "Ada", screen) is not None)
    yield from shot("privacy-who")
    screen.hide()
    yield Until("the table again", lambda: app.privacy is None)
    app.show_phone_codes()
    grid = lambda: app.phone_grid  # noqa: E731
    yield Until("the players' names", lambda: grid() is not None and grid().step == "who"
                and find_button(app, "Bo", grid()) is not None)
    yield from shot("phones-names")
    touch(find_button(app, "Bo", grid()))
    yield Until("Bo's code", lambda: grid().step == "code" and list(grid().codes) == ["Bo"]
                and all(c.texture is not None for c in grid().codes.values()))
    yield from shot("phones-code")
    grid().dismiss(animation=False)
    yield Until("the codes gone", lambda: app.phone_grid is None)


def _table_audit(found: dict) -> dict:
    """The table's audit without what it measures rather than finds (the main button's box,
    the game-over moments)."""
    return {k: v for k, v in found.items() if k not in ("main_box", "moments")}


def offtable_more_scenario(app, out: Path, report: dict):
    """Saved games, Voice settings, the Owner's desk, the table and its Table check, the
    privacy screen's "who looks" and the phones' pairing, at each size in each language;
    ``report["fonts"]``: the table's texts and sizes (px at scale 1) at 800×480 before the
    window was resized and after it came back (a resize refits every text: issue 29)."""
    from readability import audit, text_sizes

    model = app.model
    table = lambda: app.root.ids.screens.get_screen("table")  # noqa: E731
    yield Until("connected with the game", lambda: model.connected and model.game)
    for size in (*SIZES, SIZES[0]):
        yield from resize(app, size)
        yield from _go(app, "table")
        yield Until("the table's choices", lambda: not model.busy and table().ids.choices.main_button() is not None)
        yield 0.4
        report.setdefault("fonts", []).append(text_sizes(app, table()))
        if len(report["fonts"]) > len(SIZES):
            break
        for lang in LANGUAGES:
            yield from _language(app, lang)
            shot = _shooter(app, out, report, lang)
            on_table = _shooter(app, out, report, lang, lambda app, _screen: _table_audit(audit(app, table())))
            yield from _go(app, "table")
            yield from on_table("table")
            yield from _go(app, "check")
            yield from shot("check")
            yield from _desk_and_saved(app, shot)
            yield from _who_and_phones(app, shot)
        yield from _language(app, "en")
