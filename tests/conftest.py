"""Shared fixtures. Tests that need ../shared are marked ``shared`` and skip without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.header import GameHeader
from companion.session import Session
from tests.checkout import ROOT
from tests.daemon_fixture import running_daemon

SHARED = ROOT.parent / "shared"
SCRIPTS = Path(__file__).parent / "scripts"


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
