"""Behaviour unchanged: every bundled table script ends with the same public state and the
same stored events as recorded in tests/golden/replays.json (issue 21, written before the
daemon split). After an intentional change: ``python -m tests.regenerate_golden``."""

from __future__ import annotations

import pytest

from tests.golden_replays import load, record, scripts
from tests.regenerate_golden import unbumped

GOLDEN = load()


def test_every_bundled_script_has_a_golden_record():
    assert sorted(GOLDEN) == scripts()


@pytest.mark.parametrize("name", scripts())
def test_script_ends_as_recorded(name):
    assert record(name) == GOLDEN[name], (
        f"{name} ends differently. If that is meant, bump the game's rules_version when the rules changed, "
        "then run python -m tests.regenerate_golden")


def test_a_changed_outcome_needs_a_bumped_rules_version():
    old = {"a.jsonl": {"rules_version": 1, "state_sha256": "x", "events": 3}}
    assert unbumped(old, {"a.jsonl": {"rules_version": 1, "state_sha256": "y", "events": 3}}) == ["a.jsonl"]
    assert unbumped(old, {"a.jsonl": {"rules_version": 2, "state_sha256": "y", "events": 3}}) == []
    assert unbumped(old, {"a.jsonl": {"rules_version": 1, "state_sha256": "x", "events": 3}}) == []
