"""Issue 29: every button on every page answers a finger at its centre, with and without a
game in progress (Settings answered on 8 of its 56 px with no game: a hidden card lay over
it). The client runs ``harness.py touch-all`` (:mod:`touch_scenario`)."""

from __future__ import annotations

import json

import pytest
from ui_scenario import HEADER, running_daemon

from companion.header import GameHeader

pytestmark = pytest.mark.ui


def test_every_button_answers_its_centre(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False) as daemon:
        ui = harness("touch-all", sock, (800, 480), tmp_path)
        ui.expect("NOGAME", timeout=40)
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
        report = ui.finish(timeout=40)
    deaf = {page: sorted(set(buttons)) for page, buttons in report["deaf"].items() if buttons}
    assert deaf == {}, json.dumps(deaf, indent=0)
    # the pages had buttons to touch (Settings and New game on Home with no game)
    assert report["touched"]["no-game-home"] >= 2 and report["touched"]["game-table"] >= 5
