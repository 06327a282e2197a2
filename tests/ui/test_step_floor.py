"""The physical steps and the prompt at 32 px at 800×480 (issue 29 item 1), in every game and
both languages, on the real table screen (Xvfb; ``boards_scenario.py``).

Each game's middle is shown with its three longest todo lines from its bundled script (Creepy
Cellar's "Cy drops off the Cursed Treasure (draw one additional Ghost card …) on cellar space
8." is 158 characters in Italian). A player goes through them as at the table: each page of
each step is looked at and its button touched (Done, or "Next ›" while the step has more
words); then, every step done, the prompt. Before, a step too long for its box stepped down to
30, 28 or 26 px (notes/labels29.md: 28-30 px in the Cellar's middle); it pages now.

Screenshots: ``tests/artifacts/steps/<game>-<lang>-stepS-P.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from readability import moved
from test_boards import SCRIPTS
from test_table_screen import ARTIFACTS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ARTIFACTS / "steps"
SIZE = (800, 480)

#: The button under a step's last page, by language.
DONE = {"en": "Done", "it": "Fatto"}
#: The page mark after a paged step's words ("› 1/2").
MARK = re.compile(r"\s*\u203a\u00a0\d+/\d+$")


def _long_steps(game: str, most: int = 3) -> tuple[dict, dict]:
    """The game's ``most`` longest todo lines seen along its script (longest in either
    language), as the state messages word them, and its middle state: ``({lang: lines},
    {lang: message})``."""
    from companion import script
    from companion.protocol import state_message
    from companion.session import Session

    table = script.load(ROOT / "tests" / "scripts" / SCRIPTS[game])
    session = Session.start(table.header)
    seen: dict[str, dict] = {}
    middle = {}
    for number, line in enumerate([None, *table.lines]):
        if line is not None:
            session.handle(line.input, line.number)
        messages = {lang: state_message(session, [], (), lang) for lang in ("en", "it")}
        for en, it in zip(messages["en"]["todo"], messages["it"]["todo"]):
            seen.setdefault(en["text"], {"en": en, "it": it})
        if number == len(table.lines) // 2:
            middle = messages
    longest = sorted(seen.values(), key=lambda pair: -max(len(pair["en"]["text"]), len(pair["it"]["text"])))[:most]
    return {lang: [pair[lang] for pair in longest] for lang in ("en", "it")}, middle


def _shots() -> list[dict]:
    shots = []
    for game in SCRIPTS:
        steps, middle = _long_steps(game)
        for lang in ("en", "it"):
            message = {**middle[lang], "language": lang, "readers": {}, "todo": steps[lang],
                       "revision": len(shots) + 1}  # a new state each: its steps start unticked
            shots.append({"name": f"{game}-{lang}", "message": message, "steps": True})
    return shots


@pytest.fixture(scope="module")
def shots() -> list[dict]:
    return _shots()


@pytest.fixture(scope="module")
def report(shots, display, kivy_home, tmp_path_factory) -> dict:
    from conftest import file_scenario

    SHOTS.mkdir(parents=True, exist_ok=True)
    tmp = tmp_path_factory.mktemp("steps")
    sizes = [{"size": list(SIZE), "shots": shots}]
    found = file_scenario("boards", "BOARDS_MESSAGES", sizes, display, kivy_home, SHOTS, tmp, timeout=400)
    part = found["sizes"][f"{SIZE[0]}x{SIZE[1]}"]
    (SHOTS / "report.json").write_text(json.dumps(part, indent=1, ensure_ascii=False), encoding="utf-8")
    return part


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_every_step_and_prompt_reads_at_32_px_page_by_page(report, shots):
    steps = report["steps"]
    texts = {shot["name"]: [line["text"] for line in shot["message"]["todo"]] for shot in shots}
    assert sorted(steps) == sorted(f"{game}-{lang}" for game in SCRIPTS for lang in ("en", "it"))
    # never under 32 px: the step on show, its pages, then the prompt (the audit's "reading" roles)
    small = {name: [line for page in [*found["pages"], found["after"]] for line in page["reading"]]
             for name, found in steps.items()}
    assert {name: lines for name, lines in small.items() if lines} == {}
    assert {name: [page["px"] for page in found["pages"] if page["px"] != 32]
            for name, found in steps.items() if any(page["px"] != 32 for page in found["pages"])} == {}
    # the main button never moves while the steps are read and ticked, in any game
    boxes = {f"{name}-{i}": page["main"] for name, found in steps.items()
             for i, page in enumerate([*found["pages"], found["after"]])}
    assert moved(boxes) == []
    for name, found in steps.items():
        lang = name.rsplit("-", 1)[1]
        by_step: dict[int, list[dict]] = {}
        for page in found["pages"]:
            by_step.setdefault(page["step"], []).append(page)
        assert sorted(by_step) == [0, 1, 2], name  # three steps, one at a time, none skipped
        for step, pages in by_step.items():
            # each page's button: "Next ›" while the step has more words, Done on its last
            assert [page["button"] for page in pages[:-1] if page["button"] == DONE[lang]] == [], (name, pages)
            assert all("\u203a" in page["button"] for page in pages[:-1]), (name, pages)
            assert pages[-1]["button"] == DONE[lang], (name, pages[-1])
            # the pages hold the step's words, every one, in order, each with its mark ("› 1/2")
            words = " ".join(MARK.sub("", page["text"]) for page in pages).split()
            assert words == texts[name][step].split(), (name, step, pages)
            assert len(pages) == 1 or all(MARK.search(page["text"]) for page in pages), (name, pages)
    # the Cellar's long drop-off step pages in both languages (it was 28-30 px on one page)
    for lang in ("en", "it"):
        first = [page for page in steps[f"creepy_cellar-{lang}"]["pages"] if page["step"] == 0]
        assert len(first) >= 2, first


def _page_ends(report) -> dict[str, list[str]]:
    """name -> every page of a paged step that ends mid-phrase (the last word and the next, as
    ``break_cost`` weighs them), or that holds a sentence's end before its own (two
    instructions on a page)."""
    from ui.text import break_cost

    found: dict[str, list[str]] = {}
    for name, shot in report["steps"].items():
        by_step: dict[int, list[str]] = {}
        for page in shot["pages"]:
            by_step.setdefault(page["step"], []).append(MARK.sub("", page["text"]))
        for pages in by_step.values():
            for page, following in zip(pages, pages[1:]):
                words = page.split()
                if break_cost(words[-1], following.split()[0]) > 1:
                    found.setdefault(name, []).append(f"{words[-1]} | {following.split()[0]}")
            for page in pages if len(pages) > 1 else []:
                inside = [w for w in page.split()[:-1] if w.endswith((".", ";", "!", "?"))]
                if inside:
                    found.setdefault(name, []).append(f"two on a page: {page}")
    return found


@pytest.mark.ui
@pytest.mark.timeout(420)
def test_a_long_step_pages_where_a_phrase_ends(report):
    """A long step paged at whole words, but mid-phrase ("… a 6 still draws | none) in cellar
    slot 8.", "… another card | is dealt."; issue 29): its pages now end at ". ; :", a comma
    or before "then" where the step has one, and hold one instruction each."""
    assert _page_ends(report) == {}
