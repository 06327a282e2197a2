"""The ``refusals`` scenario of ``harness.py``: a refused touch's notice on the table screen
(issue 29: the banner lay at the board's top, away from the prompt, and repeated it).

The messages file (``$REFUSAL_MESSAGES``, JSON, from ``conftest.file_scenario``) holds
``{"sizes": [{"size": [w, h], "shots": [{"name", "message", "notice"}]}]}``: at each size (one
window, resized), each state message is shown, the buttons' boxes are read, then the notice
(as the daemon broadcasts it) is handed over; the shot is saved as ``NAME.png`` with the
banner's box, text and size, the prompt's column, the buttons' boxes again and the
readability audit. The notice is taken away before the next shot.
"""

from __future__ import annotations

import json
import os
from pathlib import Path


def _boxes(table) -> dict[str, list[int]]:
    """Each button on show in the table screen (its text, and its place among equals) ->
    its window box, rounded."""
    from overflow import visible
    from readability import window_box

    from ui.widgets.buttons import TouchButton

    boxes: dict[str, list[int]] = {}
    for widget in table.walk(restrict=True):
        if isinstance(widget, TouchButton) and widget.text.strip() and visible(widget):
            name = widget.text.strip()
            while name in boxes:
                name += "'"
            boxes[name] = [round(v) for v in window_box(widget)]
    return boxes


def _board_lines(table) -> list[list]:
    """Each line of text the board shows: ``[text, x, y, width, height]``, where it is inked in
    the window, and what a board widget says it draws that a player reads (its ``drawn_rows``)
    (screen16: the banner over the board's bottom in portrait cut "3/18" in half, and Ghost at
    Home's ground floors)."""
    from kivy.uix.label import Label
    from overflow import visible
    from readability import ink_box, plain

    shown = [w for w in table.ids.board_slot.walk(restrict=True) if visible(w)]
    lines = [[plain(w.text, w.markup)[:30], *(round(v) for v in ink_box(w))]
             for w in shown if isinstance(w, Label) and w.text.strip() and w.texture_size[1] > 0]
    # what a board draws on its canvas that a player reads (Ghost at Home's floors)
    for widget in shown:
        for x, y, width, height in getattr(widget, "drawn_rows", list)():
            lines.append([type(widget).__name__, *(round(v) for v in (*widget.to_window(x, y), width, height))])
    return lines


def refusal_scenario(app, out: Path, report: dict):
    from boards_scenario import _resize

    report["shots"] = {}
    yield 0.3
    for entry in json.loads(Path(os.environ["REFUSAL_MESSAGES"]).read_text(encoding="utf-8"))["sizes"]:
        yield from _resize(app, tuple(entry["size"]))
        yield from _shots(app, out, report, entry["shots"])


def _shots(app, out: Path, report: dict, shots: list[dict]):
    from harness import Until, screen_is, settle
    from readability import audit, window_box

    from ui.shot import save_screenshot

    for shot in shots:
        if shot.get("staff"):
            yield from _staff_shot(app, out, report, shot)
            continue
        message = shot["message"]
        app.handle_message(message)
        app.model.go("table")
        settled = settle(0.5)  # the fit labels and the panels settle
        yield Until("the table screen", screen_is(app, "table"))
        yield Until("the language", lambda lang=message["language"]: app.tr.lang == lang)
        yield settled
        table = app.root.ids.screens.get_screen("table")
        before = _boxes(table)
        app.handle_message(shot["notice"])
        settled = settle(0.35)
        yield Until("the notice", lambda: bool(app.model.notice))
        yield settled
        banner = app.root.ids.banner
        prompt, right = table.ids.prompt, table.ids.right
        report["shots"][shot["name"]] = {
            "file": str(save_screenshot(out / f"{shot['name']}.png")),
            "notice": app.model.notice, "prompt": app.model.prompt_text,
            "banner": [round(v) for v in window_box(banner)], "scale": app.scale,
            "banner_px": round(banner.font_size / app.scale, 1),
            "banner_whole": banner.texture_size[1] <= banner.height + 1,
            "column": [round(v) for v in window_box(right)],
            "board": [round(v) for v in window_box(table.ids.board_slot)], "portrait": app.portrait,
            "picks": bool(getattr(table.board, "picks", None)), "board_lines": _board_lines(table),
            "prompt_box": [round(v) for v in window_box(prompt)] if prompt.text and prompt.opacity else None,
            "before": before, "after": _boxes(table), "audit": audit(app, table),
            **_instruction(app, table),
        }
        app.model.clear_notice()
        yield settle(0.2)


def _instruction(app, table) -> dict:
    """What the banner may lie over (the step on show, else the prompt: its words and its
    label's window box) and the copy of it under the banner: its pages' words, box, size, and
    whether each page is whole in its box (every page laid out in turn, the first put back)."""
    import re

    from overflow import visible
    from readability import window_box

    todo = table.ids.todo
    if todo.showing and todo.labels():
        words, label = todo.current(), todo.labels()[0]
    else:
        words, label = app.model.prompt_text, table.ids.prompt
    copy = app.root.ids.get("notice_copy")  # none before issue 29's fix: the banner alone
    pages, whole, lines = [], [], []
    for number in range(len(copy.pages) if copy is not None else 0):
        copy.page = number
        copy.texture_update()
        whole.append(copy.texture_size[1] <= copy.height + 1)
        lines.append(len(getattr(copy._label, "_cached_lines", None) or []))
        plain = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", copy.text)
        pages.append(plain.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&"))
    if pages:
        copy.page = 0
        copy.texture_update()
    place, banner = table.notice_place, app.root.ids.banner
    least = None
    if words and hasattr(place, "copy_height"):  # the banner at its floor, one line of the instruction
        from kivy.metrics import dp

        from ui.notice_place import COPY_UNDER, SIZES, TIGHT_PAD_Y

        width = table.ids.right.width  # the copy's padding reaches COPY_UNDER up under the banner
        least = (place.height_at(SIZES[-1], width, TIGHT_PAD_Y) - dp(COPY_UNDER) * app.scale
                 + place.copy_height("Ag", table.prompt_font, width))
    return {"instruction": words, "least": least, "room": banner.height,
            "instruction_box": [round(v) for v in window_box(label)] if words and visible(label) else None,
            "copy": {"pages": pages, "whole": whole, "lines": lines, "box": [round(v) for v in window_box(copy)],
                     "px": round(copy.font_size / app.scale, 1)} if pages else None}


def _staff_text_box(app, words: str) -> list[int] | None:
    """The window box of the visible label that shows ``words`` (staff's message), or None."""
    from kivy.uix.label import Label
    from overflow import visible
    from readability import window_box

    for widget in app.root.walk(restrict=True):
        if isinstance(widget, Label) and words in widget.text and visible(widget):
            return [round(v) for v in window_box(widget)]
    return None


def _staff_shot(app, out: Path, report: dict, shot: dict):
    """A venue table's state, then staff's message to it (``{"cmd": "message"}`` on the
    broker: the state's ``staff``, newcomer20 finding 4): the box of what shows it, the
    buttons' boxes, and whether a touch on it takes it away (``report["staff"][NAME]``)."""
    from harness import Until, screen_is, settle, touch
    from readability import window_box

    from ui.shot import save_screenshot

    message = dict(shot["message"], venue=True, staff={"called": False, "since": None, "message": None})
    app.handle_message(message)
    app.model.go("table")
    settled = settle(0.5)
    yield Until("the table screen", screen_is(app, "table"))
    yield settled
    table = app.root.ids.screens.get_screen("table")
    before = _boxes(table)
    app.handle_message(dict(message, revision=message["revision"] + 1000,
                            staff={"called": False, "since": None, "message": shot["staff"]}))
    yield Until("staff's message", lambda: _staff_text_box(app, shot["staff"]) is not None)
    yield settle(0.35)
    box = _staff_text_box(app, shot["staff"])
    found = {"file": str(save_screenshot(out / f"{shot['name']}.png")), "box": box,
             "column": [round(v) for v in window_box(table.ids.right)], "before": before, "after": _boxes(table)}
    banner = app.root.ids.banner
    if shot["staff"] in banner.text:
        touch(banner)
    yield settle(0.8)
    found["after_touch"] = _staff_text_box(app, shot["staff"])
    report.setdefault("staff", {})[shot["name"]] = found
    app.handle_message(message)
    app.model.clear_notice()
    yield settle(0.2)
