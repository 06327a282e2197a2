"""The table check screen's scenario for ``harness.py`` (``check``): from the table, open
the table check, save ``check.png`` (and ``check-scrolled.png`` at the end of the list),
touch "+1 ghost" on the first room line, wait for the daemon's state to show it, save
``check-after.png``, touch Undo (the ghost goes) and "+1 ghost" again, switch to Italian and save
``check-it.png``, touch "Looks right" and
come back to the table."""

from __future__ import annotations

from pathlib import Path

from harness import Until, clipped_labels, find_button, screen_is, settle, small_targets, touch


def check_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    shots = report["screenshots"] = []
    report["small"], report["clipped"] = {}, {}
    px_per_mm = float(report["px_per_mm"])
    screen = lambda: app.root.ids.screens.get_screen("check")  # noqa: E731

    def shot(name):
        yield settle(0.4)  # layout settles
        shots.append(str(save_screenshot(out / f"{name}.png")))
        report["small"][name] = small_targets(app, 9.0, px_per_mm)
        report["clipped"][name] = clipped_labels(app)

    yield Until("the home screen", lambda: screen_is(app, "home")() and find_button(app, "Continue the game"))
    touch(find_button(app, "Continue the game"))
    yield Until("the table screen", lambda: screen_is(app, "table")() and find_button(app, "Table check"))
    touch(find_button(app, "Table check"))
    yield Until("the check screen with its lines", lambda: screen_is(app, "check")() and screen().lines())
    report["lines"] = [dict(line.line) for line in screen().lines()]
    yield from shot("check")
    first = screen().lines()[0]
    report["first_line"] = first.line.get("label")
    plus = next(b for b in first.buttons() if b.key.startswith("fix:ghosts:") and b.key.endswith(":+1"))
    report["touched"] = plus.key
    room = plus.key.split(":")[2]
    before = model.view["rooms"][room]["ghosts"]
    report["ghosts_before"] = before
    touch(plus)
    yield Until("the daemon's state with one more ghost",
                lambda: model.view["rooms"][room]["ghosts"] == before + 1 and not model.busy)
    yield Until("the check again", lambda: screen().lines() and screen().lines()[0].line.get("value")
                != report["lines"][0].get("value"))
    report["ghosts_after"] = model.view["rooms"][room]["ghosts"]
    report["value_after"] = screen().lines()[0].line.get("value")
    report["news"] = [text for text, _kind in model.history[-1:]]
    yield from shot("check-after")
    touch(screen().ids.undo)  # Undo on the check itself takes the correction back
    yield Until("the ghost taken back", lambda: model.view["rooms"][room]["ghosts"] == before and not model.busy
                and screen().lines() and screen().lines()[0].line.get("value") == report["lines"][0].get("value"))
    report["undone"] = [model.view["rooms"][room]["ghosts"], model.history[-1][0]]
    touch(next(b for b in screen().lines()[0].buttons() if b.key == plus.key))  # and made again
    yield Until("the ghost again", lambda: model.view["rooms"][room]["ghosts"] == before + 1 and not model.busy)
    screen().ids.scroll.scroll_y = 0
    yield from shot("check-scrolled")
    app.set_language("it")
    yield Until("Italian", lambda: model.language == "it" and find_button(app, "Tutto a posto") is not None
                and screen().lines() and screen().lines()[0].line.get("label", "").startswith("Stanza"))
    yield from shot("check-it")
    app.set_language("en")
    yield Until("English again", lambda: model.language == "en" and find_button(app, "Looks right"))
    touch(find_button(app, "Looks right"))
    yield Until("the table again", screen_is(app, "table"))
    report["back_to"] = model.screen
