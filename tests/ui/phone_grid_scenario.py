"""The phone codes at a game's start (``harness.py phone-grid``, issue 22).

The game has just started with phones on, so going to the table screen opens the grid by
itself: one code per player under their name (``phone-grid.png``); once the test connected
Bo's phone, "Bo ✓ connected" instead of his code (``phone-grid-connected.png``). Done
closes it; the home screen's (Menu's) "Phones" button opens it again
(``phone-grid-home.png``). The report gives each code's place on the
screenshot (for the test to decode) and any label that overflows."""

from __future__ import annotations

from pathlib import Path

from harness import Until, find_button, say, screen_is, touch
from overflow import overflowing


def _texts(widget) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in widget.walk() if isinstance(w, Label) and w.text]


def _codes_shown(app, players: int) -> bool:
    grid = app.phone_grid
    return grid is not None and len(grid.codes) == players and all(
        c.texture is not None and c.width > 50 for c in grid.codes.values())


def _places(app) -> dict[str, list[float]]:
    """Player -> ``[left, top, width, height]`` of their code, in screenshot pixels."""
    from kivy.core.window import Window

    places = {}
    for player, code in app.phone_grid.codes.items():
        width, height = code.norm_image_size
        x, y = code.to_window(code.center_x - width / 2, code.center_y - height / 2)
        places[player] = [x, Window.height - (y + height), width, height]
    return places


def phone_grid_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    shots = report["screenshots"] = []
    yield Until("home", lambda: screen_is(app, "home")() and find_button(app, app.tr._("Continue the game")))
    touch(find_button(app, app.tr._("Continue the game")))
    yield Until("the grid of codes by itself at the game's start", lambda: _codes_shown(app, len(app.model.phones)))
    yield 0.4
    grid = app.phone_grid
    report["places"] = [_places(app)]
    report["overflow"] = {"grid": overflowing(grid)}
    shots.append(str(save_screenshot(out / "phone-grid.png")))
    say("CODES")  # the test connects Bo's phone now
    yield Until("Bo's code replaced by connected", lambda: _codes_shown(app, len(app.model.phones) - 1)
                and "Bo" not in grid.codes)
    yield 0.4
    report["grid_texts"] = _texts(grid)
    report["places"].append(_places(app))
    report["overflow"]["connected"] = overflowing(grid)
    shots.append(str(save_screenshot(out / "phone-grid-connected.png")))
    touch(find_button(app, app.tr._("Done"), grid))
    yield Until("the table again", lambda: app.phone_grid is None)
    yield 0.3
    report["overflow"]["table"] = overflowing(app.root.ids.screens.current_screen)
    touch(find_button(app, app.tr._("Menu")))
    yield Until("home with its Phones button",
                lambda: screen_is(app, "home")() and find_button(app, app.tr._("Phones")))
    yield 0.3
    report["overflow"]["home"] = overflowing(app.root.ids.screens.current_screen)
    report["phones_button"] = list(find_button(app, app.tr._("Phones")).size)
    shots.append(str(save_screenshot(out / "phone-grid-home.png")))
    touch(find_button(app, app.tr._("Phones")))
    yield Until("the grid again from the Phones button", lambda: _codes_shown(app, len(app.model.phones) - 1)
                and screen_is(app, "table")())
    report["again"] = sorted(app.phone_grid.codes)
    touch(find_button(app, app.tr._("Done"), app.phone_grid))
    yield Until("the grid closed", lambda: app.phone_grid is None)
    say("DONE")
