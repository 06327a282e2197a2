"""Shared fixtures. Tests that need ../shared are marked ``shared`` and skip without it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.header import GameHeader
from companion.session import Session

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SCRIPTS = Path(__file__).parent / "scripts"

# Subprocesses (``python -m companion ...``) run this checkout's code, whatever package an
# editable install elsewhere points at.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))


def pytest_collection_modifyitems(config, items):
    if SHARED.is_dir():
        return
    skip = pytest.mark.skip(reason="../shared is not next to this checkout")
    for item in items:
        if "shared" in item.keywords:
            item.add_marker(skip)


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
