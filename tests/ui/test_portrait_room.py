"""The prompt's column in portrait (720×1280) has room for its step and its choices (issue 29,
the lead's portrait shots): a physical step paged two lines at a time ("Scartate le carte
stanza › 1/3", "Shuffle the room cards face down with the Vestibule on top: › 1/2") while
200-270 px stayed empty under its box, and House of Spirits' defence roll showed one choice a
page ("Usa l'Oggetto 11 (+2)" beside "Altre 2/7").

On the real table screen (Xvfb; ``boards_scenario.py``) at 720×1280, in English and Italian:

* every game's middle (``test_boards``' mid shots): each step on one page, or at least
  :data:`LEAST_LINES` lines a page but its last;
* with no main button under it, the step box may take :data:`LEAST_STEP_ROOM` of the window
  (the main button's room too);
* House of Spirits' defence roll with the most defensive items of its script shows at least
  :data:`LEAST_CHOICES` choices a page besides its Roll button (one before, "More 2/8":
  notes/portrait14.md; portrait15 took the column's gaps beside its 0-high widgets);
* Children's step in the strip reads apart from its number ("2 Take 2 actions" ran together:
  "Part 2 · Take 2 actions");
* the board keeps the height it had (the board's labels are fitted to it: notes/portrait29c.md).

Screenshots: ``tests/artifacts/portrait-room/<name>.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_boards import SCRIPTS, _messages
from test_table_screen import ARTIFACTS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ARTIFACTS / "portrait-room"
SIZE = (720, 1280)

#: Lines a page of a paged step holds at least (two before).
LEAST_LINES = 4
#: The step box's most height with no main button under it, a share of the window's height
#: (339 px of 1280 before, 0.26; 482 now: the main button's empty room under it).
LEAST_STEP_ROOM = 0.37
#: Choices a page in the defence roll's slots (its Roll button and the More button aside).
LEAST_CHOICES = 3
#: A step's words glued to its number ("2 Take 2 actions", "3 Riporta la mano al limite").
GLUED_STEP = re.compile(r"^\d+ \w")

#: A page mark ("› 1/2") and a sentence's end before it.
MARK = re.compile(r"\s*\u203a\u00a0\d+/\d+$")
SENTENCE_END = re.compile(r"[.;!?]$")


def _defence_roll() -> dict[str, dict]:
    """language -> House of Spirits' state (from its bundled script) asking for a defence roll
    with the most defensive items ("guard:" choices)."""
    from companion import script
    from companion.protocol import state_message
    from companion.session import Session

    table = script.load(ROOT / "tests" / "scripts" / SCRIPTS["house_of_spirits"])
    session = Session.start(table.header)
    best, most = None, 0
    for line in table.lines:
        session.handle(line.input, line.number)
        guards = sum(1 for choice in session.prompt.choices if choice.key.startswith("guard:"))
        if guards > most:
            best, most = {lang: state_message(session, [], (), lang) for lang in ("en", "it")}, guards
    assert best is not None
    return best


def _shots() -> list[dict]:
    shots = []
    for game in SCRIPTS:
        for lang, message in _messages(game, todo_mid=True)["mid"].items():
            message = {**message, "revision": len(shots) + 1}
            shots.append({"name": f"{game}-mid-{lang}", "message": message, "steps": True})
    for lang, message in _defence_roll().items():
        message.update(language=lang, readers={}, revision=len(shots) + 1, todo=[])
        shots.append({"name": f"house_of_spirits-defence-{lang}", "message": message})
    return shots


@pytest.fixture(scope="module")
def report(display, kivy_home, tmp_path_factory) -> dict:
    from conftest import file_scenario

    SHOTS.mkdir(parents=True, exist_ok=True)
    tmp = tmp_path_factory.mktemp("portrait-room")
    found = file_scenario("boards", "BOARDS_MESSAGES", [{"size": list(SIZE), "shots": _shots()}], display,
                          kivy_home, SHOTS, tmp, timeout=400)
    part = found["sizes"][f"{SIZE[0]}x{SIZE[1]}"]
    (SHOTS / "report.json").write_text(json.dumps(part, indent=1, ensure_ascii=False), encoding="utf-8")
    return part


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_portrait_steps_page_four_lines_or_more(report):
    short = {}
    for name, found in report["steps"].items():
        by_step: dict[int, list[dict]] = {}
        for page in found["pages"]:
            by_step.setdefault(page["step"], []).append(page)
        for step, pages in by_step.items():
            # fewer lines only on a page that ends a sentence (one instruction a page: ui.text.page_words)
            few = [(page["lines"], page["text"]) for page in pages[:-1]
                   if page["lines"] < LEAST_LINES and not SENTENCE_END.search(MARK.sub("", page["text"]))]
            if few:
                short[f"{name}-step{step + 1}"] = few
    assert sorted(report["steps"]) == sorted(f"{game}-mid-{lang}" for game in SCRIPTS for lang in ("en", "it"))
    assert short == {}
    # with no main button under it the step has the main button's room too (339 px before)
    rooms = {name: round(shares["todo_most"]) for name, shares in report["layout"].items()
             if not shares["shown"] and shares["todo_h"]}
    assert rooms and min(rooms.values()) >= LEAST_STEP_ROOM * SIZE[1], rooms


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_portrait_board_keeps_its_height(report):
    heights = {round(shares["board_h"]) for shares in report["layout"].values()}
    # never less than the 494 px it had (Children's hand limit overflowed its strip at 490)
    assert len(heights) == 1 and heights.pop() >= 494, report["layout"]


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_portrait_defence_roll_shows_several_choices(report):
    """House of Spirits' defence roll (a 3-line prompt, Roll, guard items, six die faces)
    showed one choice a page in portrait ("Use Item 13 (+2)" beside "More 2/8")."""
    for lang in ("en", "it"):
        shown = report["layout"][f"house_of_spirits-defence-{lang}"]["shown"]
        slots = [key for key in shown if key not in ("roll", "ui:more")]
        assert len(slots) >= LEAST_CHOICES, (lang, shown)


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_portrait_children_step_reads_apart_from_its_number(report):
    """The Children strip's step read "2 Take 2 actions": its number and words ran together."""
    shown = {name: text for name, text in report["step_shown"].items() if text}
    assert sorted(shown) == ["children-mid-en", "children-mid-it"], report["step_shown"]
    glued = {name: text for name, text in shown.items() if GLUED_STEP.search(text)}
    assert glued == {}, glued
    assert all(" \u00b7 " in text or text.split()[0] in ("Part", "Parte") for text in shown.values()), shown
