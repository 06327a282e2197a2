"""The owner's desk and the saved games on the touchscreen (issue 34): Settings → Owner's
desk shows the link and its QR code; Home → Saved games lists the store's games, sets the
running game aside and resumes it. Run by tests/ui/test_desk_screens.py through harness.py."""

from __future__ import annotations

from pathlib import Path

from harness import Until, find_button, screen_is, scrolled_into_sight, small_targets, touch


def desk_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    yield Until("connected", lambda: app.model.connected and app.model.catalogue)
    app.model.go("settings")
    yield Until("settings", screen_is(app, "settings"))
    yield Until("the Owner's desk button", lambda: find_button(app, "Owner's desk"))
    yield scrolled_into_sight(lambda: find_button(app, "Owner's desk"))
    touch(find_button(app, "Owner's desk"))
    yield Until("the desk screen", screen_is(app, "desk"))
    desk = app.root.ids.screens.get_screen("desk")
    yield Until("the desk's link", lambda: desk.link)
    yield 0.5
    report["link"] = desk.link
    report["qr"] = list(desk.ids.qr.texture.size) if desk.ids.qr.texture else None
    report["desk_words"] = [w.text for w in desk.walk() if getattr(w, "text", "").startswith("Open this link")]
    report["screenshots"] = [str(save_screenshot(out / "desk.png"))]
    report["small_desk"] = small_targets(app, 9.0, float(report["px_per_mm"]))
    app.model.go("home")
    yield Until("home", screen_is(app, "home"))
    touch(find_button(app, "Saved games"))
    yield Until("the saved games", screen_is(app, "saved"))
    saved = app.root.ids.screens.get_screen("saved")
    yield Until("the list", lambda: saved.games and find_button(app, "Set aside"))
    yield 0.3
    report["games"] = [(g["title"], g["status"], g["running"]) for g in saved.games]
    report["screenshots"].append(str(save_screenshot(out / "saved-games.png")))
    touch(find_button(app, "Set aside"))
    yield Until("set aside", lambda: find_button(app, "Resume"))
    report["aside"] = [(g["status"], g["running"]) for g in saved.games]
    touch(find_button(app, "Resume"))
    yield Until("the table again", screen_is(app, "table"))
    report["resumed"] = app.model.screen
