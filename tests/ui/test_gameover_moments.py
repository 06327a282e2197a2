"""Issue 29 item 7 on the real table screen (Xvfb): Children's game over shows three moments
of the game under the result at 800×480 (English; Italian leaves them to the Recap card),
and some in portrait (720×1280), each whole with its turn.

Before, a moment was its news line as said during play, instruction and all ("Ghost 11
haunts the Tablet 1-5, enraged: put the card blue side up."): three to four lines each at
26 px, so Children's game over (five ghosts trapped) showed no moment at all at 800×480 nor
at 720×1280. A moment is now its recap form (:func:`companion.i18n.notable`), a short line of
what happened, and the panel keeps the shorter of the moments spread over the game.

The state messages come from the bundled script through the daemon's own ``state_message``
(as in ``test_gameover_layout``); one client window shows them (``boards_scenario.py``).
Screenshots: ``tests/artifacts/gameover-moments/children-<lang>-<size>.png``; the moments
each shot shows: ``.../shown.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_table_screen import ARTIFACTS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ARTIFACTS / "gameover-moments"
SCRIPT = "tests/scripts/children/ghosts_win.jsonl"
SIZES = ((800, 480), (720, 1280))


def _last_states() -> dict[str, dict]:
    """Language -> the state the daemon sends after the input that ended the game."""
    from companion import script
    from companion.protocol import state_message
    from companion.session import Session

    table = script.load(ROOT / SCRIPT)
    session, recent, news = Session.start(table.header), [], ()
    for line in table.lines:
        news = session.handle(line.input, line.number).news
        recent += news
    states = {}
    for lang in ("en", "it"):
        states[lang] = {**state_message(session, recent[-20:], news, lang), "language": lang, "readers": {},
                        "revision": 1}
    return states


@pytest.fixture(scope="module")
def shown(display, kivy_home, tmp_path_factory) -> dict[str, dict]:
    """Shot name -> what its game-over panel shows of the moments (readability audit)."""
    from conftest import file_scenario

    states = _last_states()
    sizes = [{"size": list(size), "audit": True,
              "shots": [{"name": f"children-{lang}-{size[0]}x{size[1]}", "message": states[lang]}
                        for lang in ("en", "it")]} for size in SIZES]
    tmp = tmp_path_factory.mktemp("gameover-moments")
    report = file_scenario("boards", "BOARDS_MESSAGES", sizes, display, kivy_home, SHOTS, tmp, timeout=240)
    found = {name: audit["moments"] for size in report["sizes"].values() for name, audit in size["audit"].items()}
    (SHOTS / "shown.json").write_text(json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8")
    return found


@pytest.mark.ui
@pytest.mark.timeout(300)
def test_childrens_game_over_shows_three_moments_at_800x480(shown):
    """English: three moments under the result, the rule that ended the game kept (the scores'
    heading gave its room), each one whole with its turn, none an instruction."""
    moments = shown["children-en-800x480"]
    assert moments["cut"] == [] and moments["of"] == 14
    # the one-line moments, spread over the game (its two-line ones do not fit three)
    assert moments["texts"] == ["Turn 3: Cy traps Ghost 12.", "Turn 8: Bo traps Ghost 06.",
                                "Turn 11: Bo traps Ghost 13."]


@pytest.mark.ui
def test_landscape_italian_shows_the_moments_that_fit(shown):
    """Italian at 800×480: the headline takes two lines and every moment two, so three do not
    fit under the rule that ended the game; the ones that fit show, whole, with their turn
    (screen16: before, none showed unless three fitted, ``least`` 3 in landscape, and the
    column under the rule stayed empty; the Recap card still has them all)."""
    moments = shown["children-it-800x480"]
    assert moments["cut"] == [] and moments["of"] == 14
    assert 1 <= len(moments["texts"]) <= 5, moments
    assert all(text.startswith("Turno ") for text in moments["texts"]), moments


@pytest.mark.ui
@pytest.mark.parametrize("lang", ["en", "it"])
def test_childrens_game_over_shows_moments_in_portrait(shown, lang):
    """720×1280: at least one moment (none before), whole, with its turn."""
    moments = shown[f"children-{lang}-720x1280"]
    words = {"en": "Turn ", "it": "Turno "}[lang]
    assert moments["cut"] == [] and 1 <= len(moments["texts"]) <= 5, moments
    assert all(text.startswith(words) for text in moments["texts"]), moments
