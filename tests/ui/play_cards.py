"""``python play_cards.py OUT REPORT -- PLAY ARGS``: ``companion play PLAY ARGS`` as the
command runs it (the daemon in its own process, the window here), with a scenario on the
window's clock: the table screen, Roll the die, the Cards panel (the cards the game waits
for), one of them touched (tapped on the virtual reader), then a search. Screenshots go to
OUT; the report (JSON) says what was seen. Used by ``test_cards_panel.py`` (with the checkout on ``PYTHONPATH``:
``tests.checkout.checkout_env()``; ``harness`` is its sibling).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from harness import TICK, Runner, Until, find_button, screen_is, scrolled_into_sight, settle, touch


def panel_open():
    from kivy.core.window import Window

    from ui.widgets.cards_panel import CardsPanel

    return next((w for w in Window.children if isinstance(w, CardsPanel)), None)


def keyboard_open():
    from kivy.core.window import Window

    from ui.widgets.keyboard import NameKeyboard

    return next((w for w in Window.children if isinstance(w, NameKeyboard)), None)


def setup_question_open():
    """The "Set-up is not finished: ... anyway?" question a touch on a choice asks while set-up
    steps are left (screen19), or None."""
    from kivy.core.window import Window

    from ui.widgets.confirm import Confirm

    return next((w for w in Window.children if isinstance(w, Confirm)), None)


#: Seconds a step that waits for the daemon (another process: a touch played, stored with an
#: fsync, its state sent and laid out) may take: a cap, not a wait. 8 s (the harness's step)
#: timed out once for "the next roll" at a load average of 4.7 on 2 cores (notes/fixes21.md).
DAEMON_STEP = 45.0


def roll_the_die(app):
    """Touch Roll the die, as a player would; on the first turn the set-up steps are not
    ticked, so the table is asked first: "Roll the die anyway". Waits for the question or the
    roll's state (not a fixed 0.3 s, which a loaded machine can outlast before the question
    opens: the roll was then never sent)."""
    model, before = app.model, app.model.revision
    yield Until("Roll the die enabled", lambda: not model.busy)
    touch(find_button(app, "Roll the die"))
    yield Until("the roll or the set-up question", lambda: setup_question_open() is not None
                or model.revision != before, timeout=DAEMON_STEP)
    question = setup_question_open()
    if question is not None:
        touch(button_in(question, "Roll the die"))
    yield Until("the roll", lambda: model.revision != before and not model.busy, timeout=DAEMON_STEP)


def button_in(widget, text: str):
    from ui.widgets.buttons import TouchButton

    return next((b for b in widget.walk() if isinstance(b, TouchButton) and b.text == text), None)


def home_in_window(app, out: Path, report: dict):
    """``report["home_outside"]``: language -> what of Home (a game on, virtual readers, as
    newcomer20 had it) lies out of the 800×480 window, in English and in Italian (its readers'
    line on three lines pushed the title and Settings over the top); shots ``home-LANG.png``."""
    from readability import out_of_window

    from ui.shot import save_screenshot

    report["home_outside"] = {}
    for lang in ("it", "en"):
        app.set_language(lang)
        yield Until(f"Home in {lang}", lambda lang=lang: app.model.language == lang and app.tr.lang == lang)
        yield 0.6  # laid out again
        home = app.root.ids.screens.current_screen
        report["home_outside"][lang] = out_of_window(home)
        # the readers' line pages where it needs more room than the page leaves: a touch on
        # it shows the next page
        pages = len(home.readers_pages)
        touch(home.ids.readers)
        yield 0.2
        report.setdefault("home_pages", {})[lang] = [pages, int(home.readers_page)]
        report["screenshots"].append(str(save_screenshot(out / f"home-{lang}.png")))


def cards_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("the table with Roll the die", lambda: screen_is(app, "table")() and find_button(app, "Roll the die"),
                timeout=20)
    yield 0.4
    report["first_screen"] = app.root.ids.screens.current
    report["hardware"] = dict(model.hardware)
    report["daemon_steps"] = []  # seconds each End turn took to come back as the next roll
    for _ in range(20):  # a 6 flips no Ghost card (the daemon's own die): next turn
        yield from roll_the_die(app)
        if "flip the top Ghost card" in model.prompt_text:
            break
        yield Until("End turn", lambda: find_button(app, "End turn") is not None and not model.busy,
                    timeout=DAEMON_STEP)
        before, sent = model.revision, time.monotonic()
        touch(find_button(app, "End turn"))
        yield Until("the next roll", lambda before=before: model.revision != before and not model.busy
                    and find_button(app, "Roll the die") is not None, timeout=DAEMON_STEP)
        report["daemon_steps"].append(round(time.monotonic() - sent, 2))
        yield settle(1.0)  # laid out: the next touch lands on the button
    yield Until("the Ghost card prompt", lambda: "flip the top Ghost card" in model.prompt_text)
    yield Until("the Cards button", lambda: find_button(app, "Cards") is not None)
    yield 0.4
    report["screenshots"] = [str(save_screenshot(out / "play-table.png"))]
    touch(find_button(app, "Cards"))
    yield Until("the Cards panel", lambda: panel_open() is not None and panel_open().shown)
    yield 0.5
    panel = panel_open()
    report["panel_heading"] = panel.heading.text
    report["panel_cards"] = [c["label"] for c in panel.shown]
    report["screenshots"].append(str(save_screenshot(out / "cards-panel.png")))
    room_h = button_in(panel, "Ghost card room H")
    yield scrolled_into_sight(room_h)
    touch(room_h)
    yield Until("the move prompt", lambda: "move up to" in model.prompt_text)
    yield 0.5
    report["ghosts_in_H"] = model.view["rooms"]["H"]["ghosts"]
    report["toast"] = app.toast
    report["screenshots"].append(str(save_screenshot(out / "cards-tapped.png")))

    touch(find_button(app, "Cards"))
    yield Until("the Cards panel again", lambda: panel_open() is not None)
    yield 0.3
    panel = panel_open()
    report["panel_heading_no_card"] = panel.heading.text
    touch(button_in(panel, "Search"))
    yield Until("the keyboard", lambda: keyboard_open() is not None)
    for key in "KING":
        touch(button_in(keyboard_open(), key))
        yield 0.05
    touch(button_in(keyboard_open(), "Done"))
    yield Until("the search results", lambda: panel.shown and "named" in panel.heading.text)
    yield 0.4
    report["search_heading"] = panel.heading.text
    report["search_cards"] = [c["label"] for c in panel.shown]
    report["screenshots"].append(str(save_screenshot(out / "cards-search.png")))
    # the laptop's keyboard types into the Search too (issue 31 item 13)
    from kivy.core.window import Window

    touch(button_in(panel, "Search"))
    yield Until("the keyboard again", lambda: keyboard_open() is not None)
    keyboard = keyboard_open()
    for _ in "King":  # the last search, taken back with Backspace
        Window.dispatch("on_key_down", 8, 0, None, [])
    for char in "room h":
        Window.dispatch("on_key_down", ord(char), 0, char, [])
        yield 0.05
    report["typed"] = keyboard.name
    Window.dispatch("on_key_down", 13, 0, None, [])  # Enter: Done
    yield Until("the typed search", lambda: keyboard_open() is None and "Room H" in panel.heading.text)
    report["typed_heading"] = panel.heading.text
    panel.dismiss()
    yield Until("the panel gone before Escape", lambda: panel_open() is None)
    # Escape asks before the window closes; Escape again keeps playing
    from ui.widgets.laptop_keys import QuitQuestion, open_modal

    Window.dispatch("on_key_down", 27, 0, None, [])
    yield Until("the question", lambda: open_modal(QuitQuestion) is not None)
    yield 0.3
    report["screenshots"].append(str(save_screenshot(out / "escape-question.png")))
    Window.dispatch("on_key_down", 27, 0, None, [])
    yield Until("the question gone", lambda: open_modal(QuitQuestion) is None)
    report["after_escape"] = app.root.ids.screens.current
    yield Until("the panel gone", lambda: panel_open() is None)
    yield 0.3

    # Home while the game goes on elsewhere (another screen's touch): its "last move" is
    # asked for again, not left as it was when Home opened.
    touch(find_button(app, "Menu"))
    yield Until("home", lambda: screen_is(app, "home")() and (model.catalogue.get("current") or {}).get("inputs"))
    before = model.catalogue["current"]["inputs"]
    report["home_detail"] = app.root.ids.screens.current_screen.resume_detail
    yield from home_in_window(app, out, report)
    app.link.command("choose", "move:A")  # as a second screen at the table would
    yield Until("the new last move", lambda: model.catalogue["current"]["inputs"] == before + 1)
    report["home_inputs"] = [before, model.catalogue["current"]["inputs"]]


def main() -> int:
    out, report_path = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    report: dict = {"ok": False}
    import ui.app
    import ui.widgets.choices

    # as harness.main: the scenario touches a slot in the frame its state came (the harness
    # looks every frame), where a finger comes later; the settle time is tested on its own
    ui.widgets.choices.SETTLE = 0.0

    build = ui.app.build_app

    def build_and_run(*args, **kwargs):
        from kivy.clock import Clock

        app = build(*args, **kwargs)
        runner = Runner(app, cards_scenario(app, out, report), report)
        app.scenario_runner = runner  # Kivy's clock holds a bound method weakly: keep the runner alive
        Clock.schedule_interval(runner.tick, TICK)
        return app

    ui.app.build_app = build_and_run
    from companion.cli import main as companion

    try:
        report["exit"] = companion(["play", *sys.argv[sys.argv.index("--") + 1:]])
    finally:
        report_path.write_text(json.dumps(report, indent=2))
    return 0 if report["ok"] and report["exit"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
