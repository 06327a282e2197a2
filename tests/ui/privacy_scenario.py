"""The privacy screen in the real Kivy client (``harness.py privacy``), against a daemon the
test started with a CLUE: IT game at Ada's kept Intrigue card (see ``test_privacy_screen.py``).

Steps: the table shows "Ada: take the screen, others look away" (and no card name); its cover;
the kept card; back to the table after Hide; an accusation made on the privacy screen (kid,
item, location, check) with real touches; the "Secret cards" button and the idle hide;
Italian. Screenshots ``privacy-*.png``.
"""

from __future__ import annotations

from pathlib import Path

from harness import Until, clipped_labels, find_button, reach, say, screen_is, settle, small_targets, touch


def _in_privacy(app, text: str):
    """The privacy screen's button ``text``, or None."""
    screen = app.privacy
    return find_button(app, text, screen) if screen is not None else None


def _privacy_reach(app, text: str):
    """Turn the privacy screen's pages until its button ``text`` shows (slots of readable
    type page: issue 29)."""
    from harness import find_key

    from ui.widgets.choices import MORE_KEY

    for _page in range(8):
        if _in_privacy(app, text) is not None or app.privacy is None:
            return
        more = find_key(app, MORE_KEY, app.privacy)
        if more is None:
            return
        touch(more)
        yield 0.2


def _table_reach_key(app, key: str):
    """Turn the table's choice pages until the button of ``key`` shows."""
    from harness import find_key

    from ui.widgets.choices import MORE_KEY

    for _page in range(8):
        if find_key(app, key) is not None:
            return
        more = find_key(app, MORE_KEY)
        if more is None:
            return
        touch(more)
        yield 0.2


def _texts(widget) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in widget.walk() if isinstance(w, Label) and w.text]


def _clipped(widget) -> list[str]:
    from kivy.uix.label import Label

    return [f"{w.text[:40]!r} needs {w.texture_size[1]:.0f} px, has {w.height:.0f}"
            for w in widget.walk() if isinstance(w, Label) and w.text and w.text_size[0]
            and w.texture_size[1] > w.height + 2 and w.height > 1]


def privacy_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    shots = report["screenshots"] = []
    report["small"], report["clipped"] = {}, {}
    px_per_mm = float(report["px_per_mm"])

    def shot(name, widget=None):
        yield settle(0.4)  # layout settles
        shots.append(str(save_screenshot(out / f"{name}.png")))
        report["small"][name] = small_targets(app, 9.0, px_per_mm)
        report["clipped"][name] = _clipped(widget) if widget is not None else clipped_labels(app)

    take = "Ada: take the screen, others look away"
    yield Until("home", lambda: screen_is(app, "home")() and find_button(app, "Continue the game"))
    touch(find_button(app, "Continue the game"))
    yield Until("the table asking Ada to take the screen",
                lambda: screen_is(app, "table")() and find_button(app, take) is not None)
    report["table_texts"] = _texts(app.root.ids.screens.current_screen)
    yield from shot("privacy-table")
    touch(find_button(app, take))
    yield Until("the cover", lambda: _in_privacy(app, "Only Ada looks — tap to show") is not None)
    report["cover_texts"] = _texts(app.privacy)
    yield from shot("privacy-cover", app.privacy)
    touch(_in_privacy(app, "Only Ada looks — tap to show"))
    yield Until("Show my card", lambda: _in_privacy(app, "Show my card") is not None)
    touch(_in_privacy(app, "Show my card"))
    yield Until("the kept card", lambda: _in_privacy(app, "Hide") is not None and not model.busy)
    report["card_texts"] = _texts(app.privacy)
    yield from shot("privacy-card", app.privacy)
    touch(_in_privacy(app, "Hide"))
    yield Until("the table again", lambda: app.privacy is None and not model.busy)
    yield from reach(app, "The centre")
    report["after_hide"] = {"texts": _texts(app.root.ids.screens.current_screen), "prompt": model.prompt_text}

    # The accusation: public steps on the table, the picks on the privacy screen.
    for label in ("The centre", "Make an accusation", "Only I am looking"):
        yield from reach(app, label)
        touch(find_button(app, label))
        yield Until(f"after {label}", lambda label=label: find_button(app, label) is None and not model.busy)
    # One "take the screen" (issue 29 item 3): "Only I am looking" handed the screen over, so
    # the picks open at once, with no second "take the screen" and no cover.
    yield Until("the kids", lambda: _in_privacy(app, "Mike Hanlon") is not None)
    report["accuse_table_choices"] = [c["key"] for c in model.choices]
    report["accuse_take_shown"] = find_button(app, take) is not None and app.privacy is None
    yield from _privacy_reach(app, "Kid 5")
    yield from shot("privacy-accuse", app.privacy)
    for pick, following in (("Kid 5", "Item 2"), ("Item 2", "Location 9"), ("Location 9", "Check my accusation")):
        touch(_in_privacy(app, pick))
        yield Until(f"the answer to {pick}", lambda: not model.busy)
        yield 0.2
        yield from _privacy_reach(app, following)
        yield Until(f"{following} after {pick}", lambda f=following: _in_privacy(app, f) is not None)
    report["confirm_texts"] = _texts(app.privacy)
    yield from shot("privacy-confirm", app.privacy)
    touch(_in_privacy(app, "Check my accusation"))
    yield Until("the table after the check", lambda: app.privacy is None and model.player == "Bo")
    report["after_check"] = {"news": [line for line, _kind in model.history[-4:]], "player": model.player}
    say("ACCUSED")

    # Secret cards: Ada still keeps her Intrigue card; the screen hides itself when idle.
    yield Until("the table", lambda: app.privacy is None and not model.busy)
    yield from reach(app, "Secret cards (others look away)")
    touch(find_button(app, "Secret cards (others look away)"))
    yield Until("who looks", lambda: _in_privacy(app, "Ada") is not None)
    report["who"] = [b for b in _texts(app.privacy)]
    yield from shot("privacy-who", app.privacy)
    touch(_in_privacy(app, "Ada"))
    yield Until("the cover", lambda: _in_privacy(app, "Only Ada looks — tap to show") is not None)
    touch(_in_privacy(app, "Only Ada looks — tap to show"))
    yield Until("Ada's cards", lambda: _in_privacy(app, "Done") is not None)
    report["secret_texts"] = _texts(app.privacy)
    app.privacy.idle_seconds = 0.5  # the 30 s of the table, shortened
    yield Until("the idle hide", lambda: app.privacy is None)
    report["idle_hidden"] = True

    # Italian.
    app.set_language("it")
    yield Until("Italian", lambda: model.language == "it" and find_button(app, "Annulla mossa") is not None)
    yield 0.2
    yield from _table_reach_key(app, "ui:secrets")
    secret = lambda: [b for b in app.root.ids.screens.current_screen.ids.choices.buttons()  # noqa: E731
                      if b.key == "ui:secrets"]
    yield Until("the Secret cards button in Italian",
                lambda: secret() and secret()[0].text != "Secret cards (others look away)")
    report["secret_button_it"] = secret()[0].text
    touch(secret()[0])
    yield Until("who looks, in Italian", lambda: app.privacy is not None)
    touch(_in_privacy(app, "Ada"))
    yield Until("the cover in Italian", lambda: app.privacy is not None and app.privacy.step == "cover")
    report["cover_it"] = _texts(app.privacy)
    yield from shot("privacy-cover-it", app.privacy)
    app.privacy.hide()
    app.set_language("en")
    yield Until("English again", lambda: model.language == "en")
