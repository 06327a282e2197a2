"""The table screen while Ada's phone is connected (``harness.py phone``, issue 22): the
table says "Ada: look at your phone" instead of "take the screen", and no card name.
Screenshot ``phone-table.png``."""

from __future__ import annotations

from pathlib import Path

from harness import Until, clipped_labels, find_button, screen_is


def phone_scenario(app, out: Path, report: dict):
    from kivy.uix.label import Label

    from ui.shot import save_screenshot

    look = "Ada: look at your phone"
    yield Until("home", lambda: screen_is(app, "home")() and find_button(app, "Continue the game"))
    from harness import touch

    touch(find_button(app, "Continue the game"))
    yield Until("the table telling Ada to look at her phone",
                lambda: screen_is(app, "table")() and find_button(app, look) is not None)
    yield 0.4
    screen = app.root.ids.screens.current_screen
    report["table_texts"] = [w.text for w in screen.walk() if isinstance(w, Label) and w.text]
    report["clipped"] = clipped_labels(app)
    report["screenshots"] = [str(save_screenshot(out / "phone-table.png"))]
