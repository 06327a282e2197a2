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


def test_a_long_prompt_pages_at_the_columns_width_before_its_first_layout(tmp_path):
    """newcomer19 finding 3: ``companion ui --table --size 720x1280`` opened on Creepy Cellar's
    long move prompt read "Bo's › 1/17": the prompt was cut into pages at its label's width
    before the column's first layout (100 px, a word a line), and kept them once laid out at
    696 px. Its pages are cut at the column's width: whole here (four lines of 48 px)."""
    from kivy.app import App
    from kivy.core.window import Window  # noqa: F401  (the window first: labels need its context)

    from ui.companion_app import CompanionApp
    from ui.kvloader import load_kv

    app = CompanionApp(tmp_path / "companion.sock")  # never connected
    load_kv("app")
    App._running_app = app  # the table screen binds to the running app's model
    try:
        app._rescale(None, (720, 1280))
        from ui.screens.table import TableScreen

        table = TableScreen(size=(720, 1280))
        model = app.model
        model.player = "Bo"
        model.choices = [{"key": "end-turn", "label": "End turn", "main": False}] + [
            {"key": f"move:{room}", "label": f"Room {room}", "main": False} for room in "ABCDEFGHIJKLMN"]
        model.prompt_text = "Bo's yellow hunter (in cellar room N): move up to 2; blue doors are locked, then End turn"
        table.ids.right.size = (696, 530)  # the column as laid out at 720x1280; its prompt not yet (100 px)
        assert table.ids.prompt.width < 200
        table._prompt_size()
        assert len(table._prompt_pages) == 1, table._prompt_pages
    finally:
        App._running_app = None


def test_a_checklists_done_button_stays_put_from_step_to_step():
    """newcomer19 finding 5: the set-up checklist's Done moved with each step's words (y 315,
    239, 277 on steps 1-3 at 800x480): a finger tapping the same spot ten times ticked one
    step. The step box is as high as the list's tallest step, whichever shows: its Done, at
    its bottom, keeps one place (a list of one step keeps its own height)."""
    from kivy.core.window import Window  # noqa: F401  (the window first: labels need its context)

    from ui.widgets.todo import TodoPanel

    steps = ["Set out the original game board with the Cellar board to its left.",
             "Place one ghost in each of rooms C, F, I, L.",
             "Shuffle the 12 Cursed Treasures and place one face-down in each room A to L.",
             "Every hunter starts outside."]
    panel = TodoPanel(width=396, most=350)
    panel.lines = [{"kind": "setup", "text": text} for text in steps]
    heights, done_at = [], []
    for _step in steps:
        panel._refit()
        panel.do_layout()
        panel._foot.do_layout()
        heights.append(round(panel.height, 1))
        done_at.append(round(panel.top - panel.done_button.top, 1))  # under the box's top, fixed in its column
        panel.tick()
    assert len(set(heights)) == 1, heights
    assert len(set(done_at)) == 1, done_at
    assert panel.done_button.y >= panel.y
    alone = TodoPanel(width=396, most=350)
    alone.lines = [{"kind": "setup", "text": steps[-1]}]
    alone._refit()
    assert alone.height < heights[0]
