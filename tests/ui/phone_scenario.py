"""The table screen and the privacy cover with phones on (``harness.py phone``, issue 22).

While Ada's phone is connected the table says "Ada: look at your phone" instead of "take
the screen", and no card name (``phone-table.png``). Then (the test's phone leaves after
``LOOKED``) the table says "take the screen" again and its cover offers Ada her phone's QR
code beside "Only Ada looks — tap to show" (``phone-cover-qr.png``)."""

from __future__ import annotations

from pathlib import Path

from harness import Until, clipped_labels, find_button, say, screen_is, touch


def _texts(widget) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in widget.walk() if isinstance(w, Label) and w.text]


def phone_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    shots = report["screenshots"] = []
    look, take = "Ada: look at your phone", "Ada: take the screen, others look away"
    yield Until("home", lambda: screen_is(app, "home")() and find_button(app, "Continue the game"))
    touch(find_button(app, "Continue the game"))
    yield Until("the table telling Ada to look at her phone",
                lambda: screen_is(app, "table")() and find_button(app, look) is not None)
    yield 0.4
    report["table_texts"] = _texts(app.root.ids.screens.current_screen)
    report["clipped"] = {"table": clipped_labels(app)}
    shots.append(str(save_screenshot(out / "phone-table.png")))
    say("LOOKED")
    yield Until("the table asking Ada to take the screen again", lambda: find_button(app, take) is not None)
    touch(find_button(app, take))
    yield Until("the cover with Ada's code", lambda: app.privacy is not None and app.privacy.qr is not None
                and app.privacy.qr.texture is not None and app.privacy.qr.texture.width > 100)
    yield 0.4
    report["cover_texts"] = _texts(app.privacy)
    report["qr_size"] = list(app.privacy.qr.norm_image_size)
    report["clipped"]["cover"] = clipped_labels(app)
    shots.append(str(save_screenshot(out / "phone-cover-qr.png")))
    touch(find_button(app, "Cancel", app.privacy))
    yield 0.2
