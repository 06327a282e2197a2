"""Behaviour unchanged: every bundled table script ends with the same public state and the
same stored events as recorded in tests/golden/replays.json (issue 21, written before the
daemon split). After an intentional change: ``python -m tests.regenerate_golden``."""

from __future__ import annotations

import pytest

from tests.golden_replays import load, record, scripts

GOLDEN = load()


def test_every_bundled_script_has_a_golden_record():
    assert sorted(GOLDEN) == scripts()


@pytest.mark.parametrize("name", scripts())
def test_script_ends_as_recorded(name):
    assert record(name) == GOLDEN[name]
