"""Issue 29, portrait 720×1280: Home's title read "Haunt C...panion" (26 sp beside Settings,
shortened); it is shown whole at 36 px or more."""

from __future__ import annotations


def test_the_home_title_is_whole_at_36_px_in_portrait(tmp_path):
    from kivy.core.window import Window  # noqa: F401  (the window first: labels need its context)
    from kivy.uix.label import Label

    from ui.companion_app import CompanionApp
    from ui.kvloader import load_kv
    from ui.screens.home import HomeScreen

    app = CompanionApp(tmp_path / "companion.sock")  # never connected
    load_kv("app")
    app._rescale(None, (720, 1280))
    assert (app.portrait, app.scale) == (True, 1.5)
    home = HomeScreen(size=(720, 1280))
    for _ in range(3):
        for widget in home.walk():
            widget.do_layout() if hasattr(widget, "do_layout") else None
    title = next(w for w in home.walk() if isinstance(w, Label) and w.text == "Haunt Companion")
    title.texture_update()
    shown = "".join(word.text for line in title._label._cached_lines for word in line.words)
    assert title.font_size >= 36
    assert shown == "Haunt Companion", shown
