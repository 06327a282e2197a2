"""The ``popup-refit`` scenario of ``harness.py`` (issue 29): each pop-up (the name keyboard,
the privacy screen's "who looks" step and one player's cover, the phones' names and one
player's code, a yes/no question, the laptop's "Close the table screen?", the History and
Why? cards over the table, and the cards whose refit hook lays them out again: the Lesson,
the Recap of the game, the Cards panel and a CLUE: IT place card) opened at 800×480, the window
turned to 720×1280 with it open, then closed and opened again at 720×1280. Saves
``POPUP-landscape.png``, ``POPUP-turned.png`` and ``POPUP-fresh.png``.

Report: ``popups[POPUP] = {"landscape": fonts, "turned": fonts, "fresh": fonts, "heights":
{...}, "audit": {...}}``, ``fonts`` the pop-up's texts as ``[text, px]`` (sorted);
``heights`` (same three keys): the heights of its rows (:func:`row_heights`);
``audit`` (same three keys): its text under a floor at one metre and its labels whose text
overflows (:func:`popup_audit`); ``table`` (same three keys): the table screen's buttons
under it drawn with a word broken (:func:`overflow.split_words`); and ``scales`` the app's scale at each size.
"""

from __future__ import annotations

from pathlib import Path


def popup_fonts(modal) -> list[list]:
    """Every text in ``modal`` as ``[its first 30 characters, font px]``, sorted."""
    from kivy.uix.label import Label

    return sorted([w.text[:30], round(float(w.font_size), 1)] for w in modal.walk(restrict=True)
                  if isinstance(w, Label) and w.text.strip())


def row_heights(modal) -> list[int]:
    """The heights (px) of the rows stacked in ``modal``'s lists: every widget of a vertical
    box or grid under a scroll view or a stack (a History line and its Why?, a moment, a place
    card's line), in the order drawn."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.gridlayout import GridLayout

    rows = []
    for widget in modal.walk(restrict=True):
        stacked = isinstance(widget, BoxLayout) and widget.orientation == "vertical"
        if (stacked or isinstance(widget, GridLayout)) and widget is not modal:
            rows += [round(child.height) for child in reversed(widget.children) if child.size_hint_y is None]
    return rows


def popup_audit(app, modal) -> dict:
    """``modal``'s texts under their floor at one metre (:func:`readability.small_text`: a
    button 26 px, any other text 18) and its labels whose text overflows (:mod:`overflow`)."""
    from overflow import overflowing
    from readability import small_text

    return {"small": small_text([modal], {}, app.scale), "overflow": overflowing(modal)}


def measured(app, modal) -> tuple:
    """``modal``'s fonts, row heights and audit (:func:`popup_fonts`, :func:`row_heights`,
    :func:`popup_audit`), and the table screen's buttons under it drawn with a word broken
    (:func:`overflow.split_words`)."""
    from overflow import split_words

    table = app.root.ids.screens.get_screen("table")
    return popup_fonts(modal), row_heights(modal), popup_audit(app, modal), split_words([table])


#: The Lesson card's words (a first game's lesson: the rule in gold, then its words).
LESSON = {"rule": "Moving", "text": "Roll the die, then move your kid that many rooms along the corridors. "
                                    "You may stop early in a room with a door you like."}

#: The Recap's moments (as the state brings them once a game is over).
MOMENTS = [{"text": "Ada asked about the Library and nobody could answer.", "turn": 3, "round": 0},
           {"text": "Bo found the knife in the Cellar.", "turn": 7, "round": 0},
           {"text": "The envelope was filled with the last three cards.", "turn": 12, "round": 0}]


def _place_rows() -> list[dict]:
    """A CLUE: IT place card's rows: two kids (pawns) in the left column, two items in the right."""
    from ui import theme

    return [{"kind": "pawn", "colour": theme.PAWNS["red"], "words": "Ada", "column": 0},
            {"kind": "pawn", "colour": theme.PAWNS["blue"], "words": "Bo", "column": 0},
            {"kind": "item", "colour": theme.GOLD, "index": 1, "words": "Flashlight", "column": 1},
            {"kind": "item", "colour": theme.GOLD, "index": 3, "words": "Toy box", "column": 1}]


def popup_refit_scenario(app, out: Path, report: dict):
    from boards_scenario import _resize
    from harness import Until, settle

    from ui.shot import save_screenshot
    from ui.widgets.cards_panel import CardsPanel
    from ui.widgets.confirm import Confirm
    from ui.widgets.keyboard import NameKeyboard
    from ui.widgets.laptop_keys import QuitQuestion
    from ui.widgets.lesson import LessonCard
    from ui.widgets.moments_card import open_moments
    from ui.widgets.place_card import PlaceCard

    yield Until("connected", lambda: app.model.connected and app.model.catalogue and app.model.game)
    app.model.go("table")
    yield Until("the table", lambda: app.model.screen == "table")
    yield Until("who may look", lambda: bool(app.model.private_players))
    player = app.model.private_players[0]

    def keyboard():
        board = NameKeyboard("Alessandra", lambda _name: None)
        board.open(animation=False)
        return board

    def opened(modal):
        modal.open(animation=False)
        return modal

    def confirm():
        return opened(Confirm("A game is in progress. Start a new one? The old one stays saved, unfinished.",
                              "Start", "Cancel", lambda: None))

    why = [("Ada rolled a 5", {"rule": "Moving", "text": "The die says how many rooms a kid moves."})]
    links = {"links": {"Ada": "http://127.0.0.1:8765/p/ada", "Bo": "http://127.0.0.1:8765/p/bo"}}

    def phones(code: bool):
        grid = app.open_phone_grid(ask=False, start=False)
        grid.take_links(links)  # as the daemon's answer (this game serves no phones)
        if code:
            grid.touched("Ada")
            grid.take_links(links)
        return grid

    def lesson():
        card = LessonCard(app, lambda _lesson: None)
        card.show(LESSON)
        return opened(card)

    def recap():
        app.model.moments = MOMENTS  # as a finished game's state brings them
        return open_moments(app)

    def close(modal):
        modal.dismiss(animation=False)

    openers = {"keyboard": (keyboard, lambda m: m.dismiss(animation=False)),
               "privacy-who": (lambda: app.open_privacy(""), lambda m: m.hide()),
               "privacy-cover": (lambda: app.open_privacy(player), lambda m: m.hide()),
               "phones-who": (lambda: phones(False), lambda m: m.dismiss(animation=False)),
               "phones-code": (lambda: phones(True), lambda m: m.dismiss(animation=False)),
               "confirm": (confirm, lambda m: m.dismiss(animation=False)),
               "quit": (lambda: opened(QuitQuestion()), lambda m: m.dismiss(animation=False)),
               "history": (app.show_history, lambda m: m.dismiss(animation=False)),
               "why": (lambda: app.show_why(why), lambda m: m.dismiss(animation=False)),
               "lesson": (lesson, close),
               "recap": (recap, close),
               "cards": (lambda: opened(CardsPanel(app)), close),
               "place": (lambda: opened(PlaceCard(app, "Library", _place_rows())), close)}
    report["popups"], report["scales"] = {}, {}
    for name, (opener, shut) in openers.items():
        yield from _resize(app, (800, 480))
        report["scales"]["800x480"] = app.scale
        modal = opener()
        yield settle(0.4)
        landscape = measured(app, modal)
        save_screenshot(out / f"{name}-landscape.png")
        yield from _resize(app, (720, 1280))
        report["scales"]["720x1280"] = app.scale
        yield settle(0.4)
        turned = measured(app, modal)
        save_screenshot(out / f"{name}-turned.png")
        shut(modal)
        yield settle(0.2)
        fresh = opener()
        yield settle(0.4)
        now = measured(app, fresh)
        report["popups"][name] = {"landscape": landscape[0], "turned": turned[0], "fresh": now[0],
                                  "heights": {"landscape": landscape[1], "turned": turned[1], "fresh": now[1]},
                                  "audit": {"landscape": landscape[2], "turned": turned[2], "fresh": now[2]},
                                  "table": {"landscape": landscape[3], "turned": turned[3], "fresh": now[3]}}
        save_screenshot(out / f"{name}-fresh.png")
        shut(fresh)
        yield settle(0.2)
