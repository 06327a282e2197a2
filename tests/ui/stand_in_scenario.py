"""The ``stand-ins`` scenario of ``harness.py``: state messages of games whose cards still
have the content files' stand-in data ("Tablet 2-4", "Kid 3", "Monster 10", made by the
test with the daemon's own ``state_message``) handed to the real client one after another;
the table screen shows each, and the text of every visible label is reported (issue 29
item 9: a stand-in name never shows a code, "#3", or "(placeholder)").

The messages file (``$STAND_IN_MESSAGES``, JSON) holds ``{"sizes": [{"size": [w, h],
"shots": [{"name", "message"}]}]}``: each size in this one window, resized between them;
each shot saved as ``NAME.png``. The report: ``sizes["WxH"]["labels"][name]`` (the visible
texts, markup out), ``["numbered"][name]`` (the drawn stand-ins' numbers:
:class:`ui.boards.fit.PlaceName`: "tablet 2-4"), ``["cut"][name]`` (the place names shown cut)
and ``["spilled"][name]`` (an icon count's figure drawn out of its widget:
``readability.spilled_counts``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path


def stand_ins_scenario(app, out: Path, report: dict):
    from boards_scenario import _resize

    data = json.loads(Path(os.environ["STAND_IN_MESSAGES"]).read_text(encoding="utf-8"))
    report["sizes"] = {}
    for entry in data["sizes"]:
        yield from _resize(app, tuple(entry["size"]))
        report["sizes"]["{}x{}".format(*entry["size"])] = part = {"labels": {}, "numbered": {}, "cut": {},
                                                                          "spilled": {}}
        for shot in entry["shots"]:
            yield from _show(app, shot["message"])
            name = shot["name"]
            part["labels"][name], part["numbered"][name] = shown_texts(app)
            part["cut"][name] = _cut(app)
            part["spilled"][name] = _spilled(app)
            if out is not None:
                from ui.shot import save_screenshot

                save_screenshot(out / f"{name}.png")


def _show(app, message: dict):
    """``message`` on the table screen, in its language, its labels fitted: the same texts
    at two looks a tick apart (a fit label settles a frame or two after a layout)."""
    from harness import Failed, screen_is

    app.handle_message(message)
    app.model.go("table")
    shown, before = screen_is(app, "table"), None
    for _tick in range(100):
        yield 0.05  # two clock frames on (the harness's tick was 0.05 s: every other frame)
        now = shown_texts(app) if shown() and app.tr.lang == message["language"] else None
        if now is not None and now == before:
            return
        before = now
    raise Failed(f"the table screen did not settle on {message['game']} in {message['language']}")


def shown_texts(app) -> tuple[list[str], list[str]]:
    """The text of every visible label on the table screen (markup out), and the numbers
    drawn beside a stand-in's icon where its name did not fit."""
    from kivy.uix.label import Label
    from overflow import visible
    from readability import plain

    table = app.root.ids.screens.get_screen("table")
    texts, numbers = [], []
    for widget in table.walk(restrict=True):
        if isinstance(widget, Label) and widget.text.strip() and visible(widget):
            texts.append(plain(widget.text, widget.markup))
        if getattr(widget, "number", "") and getattr(widget, "icon", "") and visible(widget):
            numbers.append(f"{widget.icon} {widget.number}")
    return texts, numbers


def _spilled(app) -> list[str]:
    from readability import spilled_counts

    return spilled_counts(app.root.ids.screens.get_screen("table"))


def _cut(app) -> list[str]:
    from readability import cut_places

    return cut_places(app.root.ids.screens.get_screen("table"))
