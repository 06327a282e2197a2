"""The ``newgame`` scenario of ``harness.py`` (issue 29): the New game screen of every game
with its most players, at 800×480 then 720×1280 in this one window, in English then
Italian. For each it reports the players a finger cannot see without scrolling (a name
button not wholly inside the window and every scroll view holding it), the screen's texts
(:func:`texts`), and saves ``newgame-GAME-LANG.png`` in ``SIZE/`` under the output folder.

Report: ``sizes["WxH"][f"{game}-{lang}"] = {"hidden": [names], "texts": [...], "players": n,
"small": [buttons under 9 mm], "clipped": [labels whose text does not fit], "narrow": [names under
100 px wide], "broken": [names with a word their button cannot hold on one line]}``.
"""

from __future__ import annotations

from pathlib import Path

#: Names enough for the largest table (CLUE: IT's 7): a short one, then the names the screen
#: offers ("Player 2", "Giocatore 2"), and a long one that takes two lines.
FIRST, LONG = "Ada", "Gianluca Rossi"

#: A one-word name of 12 letters (issue 29: at 800×480 in English the name button was 119 px,
#: so "Alessandra" broke across lines and was cut); second in every table.
TWELVE = "Alessandrina"

#: Each size and its 7" panel's pixels per millimetre (tests/ui/test_shell_screens.py PANELS).
SIZES = [((800, 480), 5.24), ((720, 1280), 8.26)]


def hidden_players(screen) -> list[str]:
    """The player name buttons (``key`` "player-N") not wholly in sight: outside the window
    or outside a scroll view that holds them."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    from ui.widgets.buttons import TouchButton

    hidden = []
    for button in screen.walk():
        if not (isinstance(button, TouchButton) and str(getattr(button, "key", "")).startswith("player-")):
            continue
        x, y = button.to_window(button.x, button.y)
        boxes = [(0.0, 0.0, float(Window.width), float(Window.height))]
        parent = button.parent
        while parent is not None and parent is not parent.parent:
            if isinstance(parent, ScrollView):
                left, bottom = parent.to_window(parent.x, parent.y)
                boxes.append((left, bottom, left + parent.width, bottom + parent.height))
            parent = parent.parent
        if any(x < a - 0.5 or y < b - 0.5 or x + button.width > c + 0.5 or y + button.height > d + 0.5
               for a, b, c, d in boxes):
            hidden.append(button.text)
    return hidden


def narrow_players(screen) -> list[str]:
    """The player name buttons under 100 px wide (squeezed by the buttons beside them)."""
    from ui.widgets.buttons import TouchButton

    return [f"{b.text!r} {b.width:.0f} px" for b in screen.walk() if isinstance(b, TouchButton)
            and str(getattr(b, "key", "")).startswith("player-") and b.width < 100]


def broken_names(screen) -> list[str]:
    """The player name buttons with a word wider than the button's room for text (the
    wrapping breaks it across lines, or it runs out of the button), or under 26 px text."""
    from kivy.metrics import sp

    from ui.widgets.buttons import TouchButton

    found = []
    for b in screen.walk():
        if not (isinstance(b, TouchButton) and str(getattr(b, "key", "")).startswith("player-")):
            continue
        room = b.text_size[0] if b.text_size[0] else b.width
        widest = max(b._label.get_extents(word)[0] for word in b.text.split())
        if widest > room or b.font_size < sp(26) - 0.5:
            found.append(f"{b.text!r} needs {widest:.0f} px, has {room:.0f} (button {b.width:.0f})")
    return found


def remove_buttons(screen) -> list[dict]:
    """Each player row's Remove button (the last in its row) as ``{"text", "px", "size"}``:
    its face, its font at scale 1 (px) and its box at scale 1 (``[width, height]``, px)."""
    from kivy.app import App

    scale = App.get_running_app().scale
    rows = [row for row in getattr(screen, "_rows", []) if getattr(row, "name_button", None) is not None]
    return [{"text": b.text, "px": round(b.font_size / scale, 1),
             "size": [round(b.width / scale), round(b.height / scale)]} for b in (row.children[0] for row in rows)]


def texts(screen) -> list[str]:
    """Every label's and button's text on ``screen``."""
    from kivy.uix.label import Label

    return [w.text for w in screen.walk() if isinstance(w, Label) and w.text]


def newgame_scenario(app, out: Path, report: dict):
    from boards_scenario import _resize
    from harness import Until, clipped_labels, screen_is, small_targets

    from ui.shot import save_screenshot

    yield Until("connected", lambda: app.model.connected and app.model.catalogue)
    app.model.go("newgame")
    yield Until("the new game screen", screen_is(app, "newgame"))
    screen = app.root.ids.screens.get_screen("newgame")
    report["sizes"] = {}
    for size, px_per_mm in SIZES:
        yield from _resize(app, size)
        part = report["sizes"]["{}x{}".format(*size)] = {}
        folder = out / "{}x{}".format(*size)
        folder.mkdir(parents=True, exist_ok=True)
        for lang in ("en", "it"):
            if app.model.language != lang:
                app.set_language(lang)
                yield Until(lang, lambda lang=lang: app.model.language == lang)
            for spec in screen.specs():
                game = spec["id"]
                screen.choose_game(game)
                yield Until(f"{game} chosen", lambda game=game: screen.game == game)
                from ui.screens.newgame import default_names

                offered = list(default_names(app.tr._))
                screen.players = ([FIRST, TWELVE] + offered[2: spec["max_players"] - 1] + [LONG])[: spec["max_players"]]
                screen._give_colours()
                screen.rebuild()
                if game not in (app.model.content or {}):  # its card data came (the stand-ins known)
                    app.ask("content", game=game)
                    yield Until(f"{game}'s card data", lambda game=game: game in (app.model.content or {}))
                screen.rebuild()
                yield 0.4  # layout settles
                part[f"{game}-{lang}"] = {"hidden": hidden_players(screen), "texts": texts(screen),
                                          "players": len(screen.players), "narrow": narrow_players(screen),
                                          "broken": broken_names(screen), "remove": remove_buttons(screen),
                                          "small": small_targets(app, 9.0, px_per_mm), "clipped": clipped_labels(app)}
                save_screenshot(folder / f"newgame-{game}-{lang}.png")
