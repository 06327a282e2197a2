"""Pairing the phones one player at a time (``harness.py phone-grid``, issues 22, 26).

The game has just started with phones on, so going to the table screen opens the pairing by
itself on Ada's code alone (``phone-pair-first.png``); once the test connected Ada's phone,
Bo's code alone (``phone-pair-next.png``); "No phone" moves on to Cy; Close closes it. The
home screen's (Menu's) "Phones" button opens the players' names (``phone-pair-names.png``):
touching Bo pairs his seat again and shows his new code alone (``phone-pair-asked.png``),
"No phone" comes back to the names; touching Ada (connected) asks first
(``phone-pair-again.png``), "Pair another phone" closes her phone and shows her new code
(``phone-pair-repaired.png``). The report gives the code's place on each screenshot, whose
code was on show at each step and any label that overflows."""

from __future__ import annotations

from pathlib import Path

from harness import Until, find_button, say, screen_is, settle, touch
from overflow import overflowing


def _texts(widget) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in widget.walk() if isinstance(w, Label) and w.text]


def _code_of(app, player: str) -> bool:
    """``player``'s code alone is on show, drawn."""
    grid = app.phone_grid
    return grid is not None and getattr(grid, "step", "code") == "code" and list(grid.codes) == [player] and all(
        c.texture is not None and c.width > 50 for c in grid.codes.values())


def _place(app) -> list[float]:
    """``[left, top, width, height]`` of the code on show, in screenshot pixels."""
    from kivy.core.window import Window

    (code,) = app.phone_grid.codes.values()
    width, height = code.norm_image_size
    x, y = code.to_window(code.center_x - width / 2, code.center_y - height / 2)
    return [x, Window.height - (y + height), width, height]


def _step(app, report: dict, name: str, out: Path) -> None:
    """What shows now: the code's place, the words, the overflow, a screenshot."""
    from ui.shot import save_screenshot

    grid = app.phone_grid
    report["steps"][name] = {"player": grid.player, "place": _place(app) if grid.codes else None,
                             "texts": _texts(grid), "overflow": overflowing(grid),
                             "heading_px": grid.heading.font_size if grid.step == "code" else None}
    report["screenshots"].append(str(save_screenshot(out / f"phone-pair-{name}.png")))


def phone_grid_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    report["screenshots"], report["steps"] = [], {}
    yield Until("home", lambda: screen_is(app, "home")() and find_button(app, app.tr._("Continue the game")))
    touch(find_button(app, app.tr._("Continue the game")))
    yield Until("Ada's code alone, by itself at the game's start", lambda: _code_of(app, "Ada"))
    yield settle(0.4)
    _step(app, report, "first", out)
    say("CODES")  # the test connects Ada's phone now
    yield Until("Bo's code alone once Ada's phone connected", lambda: _code_of(app, "Bo"))
    yield settle(0.4)
    _step(app, report, "next", out)
    touch(find_button(app, app.tr._("No phone"), app.phone_grid))
    yield Until("Cy's code after Bo's No phone", lambda: _code_of(app, "Cy"))
    report["after_no_phone"] = app.phone_grid.player
    touch(find_button(app, app.tr._("Close"), app.phone_grid))
    yield Until("the table again", lambda: app.phone_grid is None)
    yield settle(0.3)
    report["table_overflow"] = overflowing(app.root.ids.screens.current_screen)
    touch(find_button(app, app.tr._("Menu")))
    yield Until("home with its Phones button",
                lambda: screen_is(app, "home")() and find_button(app, app.tr._("Phones")))
    yield settle(0.3)
    report["home_overflow"] = overflowing(app.root.ids.screens.current_screen)
    touch(find_button(app, app.tr._("Phones")))
    yield Until("the players' names from the Phones button", lambda: app.phone_grid is not None
                and app.phone_grid.step == "who" and find_button(app, "Bo", app.phone_grid)
                and screen_is(app, "table")())
    yield settle(0.4)
    _step(app, report, "names", out)
    touch(find_button(app, "Bo", app.phone_grid))
    yield Until("Bo's new code alone from his name", lambda: _code_of(app, "Bo"))
    yield settle(0.4)
    _step(app, report, "asked", out)
    touch(find_button(app, app.tr._("No phone"), app.phone_grid))
    yield Until("the names again", lambda: app.phone_grid.step == "who")
    connected = next(b for b in app.phone_grid.walk() if getattr(b, "text", "").startswith("Ada"))
    touch(connected)
    yield Until("the question for Ada's connected phone", lambda: app.phone_grid.step == "again")
    yield settle(0.3)
    report["again"] = {"texts": _texts(app.phone_grid), "overflow": overflowing(app.phone_grid)}
    report["screenshots"].append(str(save_screenshot(out / "phone-pair-again.png")))
    touch(find_button(app, app.tr._("Pair another phone"), app.phone_grid))
    yield Until("Ada's new code, her old phone gone", lambda: _code_of(app, "Ada")
                and not dict(app.model.phones).get("Ada"))
    yield settle(0.4)
    _step(app, report, "repaired", out)
    touch(find_button(app, app.tr._("Close"), app.phone_grid))
    yield Until("closed", lambda: app.phone_grid is None)
    say("DONE")
