"""A sixth game in five files (issue 27 item 4): the template of docs/new-game.md.

The template game (``docs/new-game/lantern_hunt``) is copied into a temporary folder and
registered beside the bundled games for one pytest run (``HAUNT_TEST_EXTRA_GAME``,
tests/conftest.py); every cross-game test that takes its games from the registry then runs
on it unchanged. The crash trials are the one cross-game check left out: they replay a game's
bundled table scripts, which a game adds with its own tests (docs/new-game.md, step 5).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.checkout import ROOT

TEMPLATE = ROOT / "docs" / "new-game" / "lantern_hunt"

#: The cross-game test files (each takes its games from the registry).
CROSS_GAME = [
    "tests/games/test_playout.py",
    "tests/games/test_refusals.py",
    "tests/games/test_tablecheck_playouts.py",
    "tests/test_messages.py",
    "tests/test_i18n.py",
    "tests/test_rulecard.py",
    "tests/test_game_ending.py",
    "tests/test_engine_memo.py",
    "tests/test_why_coverage.py",
    "tests/games/test_view_later.py",
    "tests/test_no_placeholder_mark_sent.py",
    "tests/test_registry.py",
    "tests/test_stand_ins_sent.py",
    "tests/games/test_step_box_words.py",
]


def test_the_template_is_at_most_five_modules():
    assert sorted(p.name for p in TEMPLATE.glob("*.py")) == [
        "__init__.py", "prompts.py", "rules.py", "state.py", "view.py"]


def test_every_cross_game_test_passes_on_the_template_game(tmp_path: Path):
    shutil.copytree(TEMPLATE, tmp_path / "lantern_hunt")
    env = dict(os.environ, HAUNT_TEST_EXTRA_GAME=f"lantern_hunt={tmp_path}")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k",
         "lantern_hunt or every_game_is_registered or reader_roles_are_listed", *CROSS_GAME],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", result.stdout).group(1))
    assert passed >= 24, result.stdout[-500:]  # every parametrisation that names the game, and the registry's


def test_the_template_game_plays_to_its_end_through_a_session(tmp_path: Path, monkeypatch):
    """Registered like a bundled game, it starts, plays, undoes and ends through a Session."""
    from companion.engine import registry
    from companion.header import GameHeader
    from companion.inputs import Press, Touch
    from companion.session import Session

    shutil.copytree(TEMPLATE, tmp_path / "lantern_hunt")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry.GAMES, "lantern_hunt", "lantern_hunt")
    session = Session.start(GameHeader.from_json({
        "game": "lantern_hunt", "players": ["Ada", "Bo"], "seed": 1, "options": {"lanterns": 3},
        "stack": {"die": ["6", "2", "5", "1", "4", "3", "6"]}}))
    assert session.prompt.text == "Ada: press the dice button"
    for inp in [Press("dice"), Touch("end-turn")] * 4 + [Press("dice")]:  # Ada 6, Bo 2, Ada 5, Bo 1, Ada 4
        assert session.handle(inp).accepted
    assert session.spec.view(session.state)["lanterns"] == {"Ada": 3, "Bo": 0}
    assert session.prompt.over and session.prompt.text == "Ada lit every lantern and wins."
    assert not session.handle(Touch("end-turn")).accepted
    assert session.handle(Touch("undo")).accepted and not session.prompt.over
