"""Shared fixtures. Tests that need ../shared are marked ``shared`` and skip without it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from companion.header import GameHeader
from companion.session import Session
from tests.checkout import ROOT
from tests.daemon_fixture import running_daemon

SHARED = ROOT.parent / "shared"
SCRIPTS = Path(__file__).parent / "scripts"


#: ``GAME_ID=FOLDER``: register the game package ``FOLDER/GAME_ID`` beside the bundled games
#: for this run, so every cross-game test takes it too (tests/test_new_game.py).
EXTRA_GAME = "HAUNT_TEST_EXTRA_GAME"


def pytest_configure(config):
    extra = os.environ.get(EXTRA_GAME)
    if extra:
        from companion.engine.registry import GAMES

        game_id, _, folder = extra.partition("=")
        sys.path.insert(0, folder)
        GAMES[game_id] = game_id


def pytest_collection_modifyitems(config, items):
    if SHARED.is_dir():
        return
    skip = pytest.mark.skip(reason="../shared is not next to this checkout")
    for item in items:
        if "shared" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def daemon(tmp_path):
    """A real daemon with a fresh store (tmp_path/d.sqlite3), listening on
    tmp_path/run/companion.sock (tests/daemon_fixture.py)."""
    with running_daemon(tmp_path) as running:
        yield running


@pytest.fixture
def make_session():
    """``make_session(players=..., stack=..., options=..., tags=..., store=None)`` -> Session."""

    def make(players=("Ada", "Bo"), seed=7, stack=None, options=None, tags=None, store=None, **kwargs):
        header = GameHeader.from_json({
            "game": "creepy_cellar", "players": list(players), "seed": seed,
            "stack": stack or {}, "options": options or {}, "tags": tags or {},
        })
        return Session.start(header, store, **kwargs)

    return make
