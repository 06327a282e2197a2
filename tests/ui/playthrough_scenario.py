"""The ``playthrough`` scenario of ``harness.py`` (issue 17 tests): the real client follows
whatever games the test plays on its daemon; the test sends commands on stdin, one a line:

* ``SHOT NAME LANG GAME REVISION [TEXT]``: switch the table to LANG, wait until the table
  screen shows GAME's state REVISION (or a later one) in TEXT size (``normal``, the default,
  or ``large``: the test sets it on the daemon), save ``NAME.png`` and report what is on
  screen (labels that overflow their box, the todo lines and their font size, the choice
  buttons, any out of sight); says ``DONE NAME``.
* ``HOME NAME LANG GAME``: with GAME over on the table, in LANG: touch the table's Moments
  tool and audit the moments card (``NAME-table-card.png``), then go to Home: save
  ``NAME.png``, audit the finished game's summary there (its moments whole and at their
  floor) and, where it offers the moments card, that card (``NAME-card.png``), then back to
  the table; says ``HOMED NAME``.
* ``UNDO``: touch the header's Undo at game over; says ``UNDONE`` once the game goes on.
* ``TOY NAME``: toy data on the table screen (until the engines send them): 19 equal pick
  choices, two todo lines and an out-of-turn choice; every page of the pick list is shown
  (``More``), saving ``NAME-page1.png``, ``NAME-page2.png``, …; says ``TOYED``.
* ``END``: close.
"""

from __future__ import annotations

import queue
import sys
import threading
from pathlib import Path

from harness import Until, find_key, out_of_sight, say, screen_is, settle, touch
from overflow import overflowing, split_words
from readability import audit, audit_home, moments_card


def outside(root, board) -> list[str]:
    """The overflowing labels under ``root`` but not on ``board`` (the boards' own tests
    check theirs)."""
    on_board = set(overflowing(board))
    return [line for line in overflowing(root) if line not in on_board]


def _commands() -> queue.Queue:
    commands: queue.Queue = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            commands.put(line.strip())
        commands.put("END")

    threading.Thread(target=read, daemon=True).start()
    return commands


def playthrough_scenario(app, out: Path, report: dict):
    model = app.model
    commands = _commands()
    report["shots"] = {}
    yield Until("connected", lambda: model.connected)
    while True:
        yield Until("the test's next command", lambda: not commands.empty(), timeout=300)
        verb, *args = commands.get().split()
        if verb == "END":
            return
        if verb == "UNDO":
            yield from _undo(app)
        elif verb == "HOME":
            yield from _home(app, out, report, *args)
        elif verb == "SHOT":
            yield from _shot(app, out, report, *args)
        elif verb == "TOY":
            yield from _toy(app, out, report, *args)


def _shot(app, out: Path, report: dict, name: str, lang: str, game: str, revision: str, text: str = "normal"):
    from ui.shot import save_screenshot

    model = app.model
    if model.language != lang:
        app.set_language(lang)
    # the states of the inputs the test just fed come first (a backlog on a loaded machine)
    yield Until(f"{game} in {lang}", lambda: model.language == lang and model.game == game, timeout=60)
    yield Until(f"{text} text", lambda: app.large_text == (text == "large"), timeout=60)
    if model.page != "table":
        model.go("table")
    yield Until(f"the table at revision {revision}",
                lambda: screen_is(app, "table")() and not model.busy
                and int(app.revision or 0) >= int(revision), timeout=60)
    if "-refusal-" in name:  # a refusal is a notice, no state: it may still be on its way
        yield Until("the refusal on the banner", lambda: bool(model.notice))
        yield 0.4
    yield settle(0.4)  # layout settles (the choice panel and the todo panel refit on the next frame)
    table = app.root.ids.screens.current_screen
    board = table.ids.board_slot
    panel = table.ids.choices
    report["shots"][name] = {
        "file": str(save_screenshot(out / f"{name}.png")),
        "overflow": outside(table, board),
        "board_overflow": overflowing(board),
        "split": split_words([table]),  # buttons drawn with a word broken ("His / tory": screen20)
        "todo": table.ids.todo.texts(),
        "todo_font": table.ids.todo.font_size,
        "todo_fits": table.ids.todo.height <= table.ids.todo.most + 1,
        "todo_pages": table.ids.todo.pages, "todo_most": table.ids.todo.most, "todo_height": table.ids.todo.height,
        "choices": [b.text for b in panel.buttons()],
        "main": panel.main_button().text if panel.main_button() is not None else None,
        "out_of_sight": out_of_sight(app),
        "prompt": model.prompt_text,
        "over": model.over,
        "language": model.language,
        "large_text": app.large_text,
        "rings": table.motion.started,  # what changed was animated so far (issue 29 item 5)
        "prompt_font": table.prompt_font,
        "notice": model.notice,
        "audit": audit(app, table),
    }
    say(f"DONE {name}")


def _home(app, out: Path, report: dict, name: str, lang: str, game: str):
    """Home after a game's end (issue 29 item 7): its summary, moments and Undo."""
    from ui.shot import save_screenshot

    model = app.model
    if model.language != lang:
        app.set_language(lang)
    yield Until(f"{game} over in {lang}", lambda: model.language == lang and model.game == game and model.over,
                timeout=60)
    yield Until("the table", lambda: screen_is(app, "table")() and not model.busy)
    table = app.root.ids.screens.current_screen
    tool = table.ids.check
    opened = None
    if not tool.disabled:  # (a screen without the card: the test says what it missed)
        opened = yield from _card(app, out, f"{name}-table-card", tool)
    model.go("home")
    yield Until("home", screen_is(app, "home"))
    yield settle(0.4)  # the summary's moments wrap at the width the layout gives
    home = app.root.ids.screens.current_screen
    entry = report.setdefault("homes", {})[name] = {
        "file": str(save_screenshot(out / f"{name}.png")), "audit": audit_home(app, home),
        "finished": home.ids.finished_card.parent is not None, "undo": home.ids.finished_undo.shown,
        "room": home.summary_room, "height": home.ids.summary.height, "tool": tool.text,
        "table_card": opened, "more": bool(getattr(home.ids.summary, "more", False)), "card": None,
        "on_screen": _on_screen(home.ids.card_data) and _on_screen(home.ids.new_game),
        # px the page's rows need beyond the window (the paddings then take it: fix20home)
        "overrun": round(home.ids.card_data.parent.minimum_height - home.height, 1)}
    if entry["more"]:
        entry["card"] = yield from _card(app, out, f"{name}-card", home.ids.moments)
    model.go("table")
    say(f"HOMED {name}")


def _on_screen(widget) -> bool:
    """``widget`` lies wholly inside the window."""
    from kivy.core.window import Window

    x, y = widget.to_window(widget.x, widget.y)
    return (x >= -0.5 and y >= -0.5 and x + widget.width <= Window.width + 0.5
            and y + widget.height <= Window.height + 0.5)


def _card(app, out: Path, name: str, button):
    """Touch ``button`` (the moments card's), shoot and audit the card, close it by its Close."""
    from kivy.core.window import Window

    from ui.shot import save_screenshot
    from ui.widgets.moments_card import MomentsCard

    def card():
        return next((w for w in Window.children if isinstance(w, MomentsCard)), None)

    touch(button)
    yield Until("the moments card", lambda: card() is not None)
    yield settle(0.3)
    found = {"file": str(save_screenshot(out / f"{name}.png")), **moments_card(card())}
    touch(card().close_button)
    yield Until("the moments card closed", lambda: card() is None)
    return found


def _undo(app):
    model = app.model
    undo = app.root.ids.screens.get_screen("table").ids.undo  # the header's: the game over has no other
    yield Until("the game-over Undo", lambda: model.over and not undo.disabled)
    touch(undo)
    yield Until("the game going on", lambda: not model.over and not model.busy)
    say("UNDONE")


def _toy(app, out: Path, report: dict, name: str):
    from ui.shot import save_screenshot
    from ui.widgets.choices import MORE_KEY

    model = app.model
    real = (list(model.choices), list(model.todo), list(model.out_of_turn))
    model.choices = [{"key": f"move:{r}", "label": f"Room {r}"} for r in "ABCDEFGHIJKLMNOPQRS"]
    model.todo = [{"kind": "place", "text": "Place a ghost in room C."},
                  {"kind": "return", "text": "Unlock the green doors."}]
    model.out_of_turn = [{"key": "device:crickets", "label": "Crickets device", "player": "Bo"}]
    table = app.root.ids.screens.current_screen
    seen, pages = [], []
    yield settle(0.4)
    # one instruction at a time (issue 29): the slots wait while the step shows; Done ticks it
    held = [b.text for b in table.ids.choices.buttons()]
    save_screenshot(out / f"{name}-step.png")
    for _step in model.todo:
        table.ids.todo.tick()
    for page in range(1, 13):
        yield settle(0.4)
        shown = [b.text for b in table.ids.choices.buttons()]
        pages.append({"file": str(save_screenshot(out / f"{name}-page{page}.png")), "choices": shown,
                      "overflow": outside(table, table.ids.board_slot),
                      "out_of_sight": out_of_sight(app), "main": table.ids.choices.main_button() is not None,
                      "out_of_turn": [b.text for b in table.ids.out_of_turn.children]})
        seen += [b.text for b in table.ids.choices.buttons() if b.key != MORE_KEY]
        more = find_key(app, MORE_KEY)
        if more is None or page >= int(more.text.rsplit("/", 1)[-1]):
            break  # no pages, or the last one (its button goes back to the first)
        touch(more)
    report.setdefault("toys", {})[name] = {"pages": pages, "seen": seen, "held": held}
    model.choices, model.todo, model.out_of_turn = real
    yield settle(0.2)
    say("TOYED")
