"""``harness.py`` plus the scenarios of the player colours and the Screen settings (run by
``test_colours_and_screen.py`` in a subprocess, like ``harness.py``, with the checkout on
``PYTHONPATH``):

* ``colours``: the table screen of a game whose header gives colours (screenshot
  ``table-colours.png``, the banner's markup and where the player's name is drawn); then
  the choice buttons are checked for reuse: a state with as many choices (other labels),
  more, and fewer; then the New game screen (``newgame-colours.png``) where touching the
  first player's colour button moves to the next free colour; then the settings screen
  (``settings-screen.png``): brightness on a fake backlight (``--backlight DIR``), and
  rotation 90° (touched) then back to 0°.
"""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from harness import Until, find_button, screen_is, touch


def colours_scenario(app, out: Path, report: dict, backlight: str = ""):
    from kivy.core.window import Window

    from ui.shot import save_screenshot

    model = app.model
    report["screenshots"], report["small"], report["clipped"] = [], {}, {}
    px_per_mm = float(report["px_per_mm"])

    def shot(name):
        yield 0.4  # layout settles
        report["screenshots"].append(str(save_screenshot(out / f"{name}.png")))
        report["small"][name] = harness.small_targets(app, 9.0, px_per_mm)
        report["clipped"][name] = harness.clipped_labels(app)

    yield Until("connected with the game", lambda: model.connected and model.game and model.catalogue)
    model.go("table")
    yield Until("the table", lambda: screen_is(app, "table")()
                and (app.root.ids.screens.current_screen.ids.choices.buttons()
                     or app.root.ids.screens.current_screen.ids.todo.showing))
    table = app.root.ids.screens.current_screen
    report["colours"] = dict(model.colours)
    report["turn_markup"] = table.ids.turn.text
    table.ids.todo.ticked = len(table.ids.todo.texts())  # the set-up steps done: the prompt shows (issue 29)
    yield Until("the prompt", lambda: bool(table.ids.prompt.text))
    report["prompt_markup"] = table.ids.prompt.text
    yield from shot("table-colours")
    x, y = table.ids.turn.to_window(table.ids.turn.x, table.ids.turn.y)
    report["turn_box"] = [x, y, table.ids.turn.width, table.ids.turn.height]

    # Buttons are reused: the same number of choices (other words) makes no new button.
    panel = table.ids.choices
    real, real_todo, real_prompt = list(model.choices), list(model.todo), model.prompt_text
    model.todo, model.prompt_text = [], "Pick one"  # the slots' room (a set-up step took most of it: issue 29)
    fake = [{"key": f"k{i}", "label": f"Choice {i}"} for i in range(1, 6)]
    model.choices = fake
    yield Until("five buttons", lambda: [b.text for b in panel.buttons()] == [c["label"] for c in fake])
    first = panel.buttons()
    model.choices = [{"key": c["key"], "label": c["label"] + " again"} for c in fake]
    yield Until("the new words", lambda: panel.buttons()[0].text == "Choice 1 again")
    second = panel.buttons()
    report["same_count_reused"] = [a is b for a, b in zip(first, second)] + [len(first) == len(second)]
    report["same_count_texts"] = [b.text for b in second]
    model.choices = fake + [{"key": "k6", "label": "Choice 6"}]
    yield Until("six buttons", lambda: len(panel.buttons()) == 6)
    more = panel.buttons()
    report["more_reused"] = [a is b for a, b in zip(first, more)]
    model.choices = fake[:2]
    yield Until("two buttons", lambda: len(panel.buttons()) == 2)
    model.choices = fake + [{"key": "k6", "label": "Choice 6"}]
    yield Until("six buttons again", lambda: len(panel.buttons()) == 6)
    report["seven_again_reused"] = [a is b for a, b in zip(more, panel.buttons())]
    model.choices, model.todo, model.prompt_text = real, real_todo, real_prompt
    yield Until("the real choices", lambda: {b.key for b in panel.buttons()} - {"ui:more"}
                <= {c["key"] for c in real} | {"new-game"}
                and (len(panel.buttons()) > 0 or table.ids.todo.showing))

    # New game: the colour buttons, each with the player's initial.
    model.go("newgame")
    yield Until("new game", lambda: screen_is(app, "newgame")() and find_button(app, "Ada"))
    screen = app.root.ids.screens.current_screen
    screen.choose_game("creepy_cellar")
    yield 0.2
    report["cellar_colours"] = dict(screen.colours)
    screen.colours = {}
    screen.choose_game("ghost_at_home")
    yield Until("Ghost at Home's players", lambda: find_button(app, "Ada") is not None)
    report["newgame_colours"] = dict(screen.colours)
    yield from shot("newgame-colours")
    swatch = find_button(app, "A")
    report["swatch"] = {"text": swatch.text, "key": swatch.key}
    touch(swatch)
    yield Until("the next colour", lambda: screen.colours.get("Ada") != report["newgame_colours"]["Ada"])
    report["after_touch"] = dict(screen.colours)

    # Settings: no backlight under Xvfb, then a fake one; rotation.
    model.go("settings")
    yield Until("settings", lambda: screen_is(app, "settings")())
    settings = app.root.ids.screens.current_screen
    report["brightness_text_none"] = settings.ids.brightness_text.text
    yield from shot("settings-screen")
    if backlight:
        from ui.backlight import find_backlight

        settings.backlight = find_backlight(Path(backlight))
        settings.has_backlight = True
        model.go("table")  # away and back: the settings screen reads the backlight on entering
        yield Until("the table", lambda: screen_is(app, "table")())
        model.go("settings")
        yield Until("settings again", lambda: screen_is(app, "settings")())
        yield 0.3
        report["brightness_text"] = settings.ids.brightness_text.text
        touch(settings.ids.brighter)
        yield 0.2
        touch(settings.ids.dimmer)
        yield 0.2
        touch(settings.ids.dimmer)
        yield 0.2
        report["brightness_after"] = settings.ids.brightness_text.text
        yield from shot("settings-backlight")
    size = list(Window.size)
    touch(find_button(app, "90°"))
    yield Until("the window turned", lambda: list(Window.size) == size[::-1])
    report["rotated"] = {"rotation": Window.rotation, "size": list(Window.size), "portrait": app.portrait}
    yield 0.3
    # (A simulated touch is given in unturned window coordinates: the way back is a call.)
    settings.rotate(0)
    yield Until("the window back", lambda: list(Window.size) == size)
    report["rotation_back"] = Window.rotation


def main() -> int:
    argv = list(sys.argv[1:])
    backlight = ""
    if "--backlight" in argv:
        at = argv.index("--backlight")
        backlight = argv[at + 1]
        del argv[at:at + 2]
    harness.SCENARIOS["colours"] = lambda app, out, report: colours_scenario(app, out, report, backlight)
    return harness.main(argv)


if __name__ == "__main__":
    sys.exit(main())
