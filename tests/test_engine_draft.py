"""companion.engine.draft: an action's one copy of the state, changed in place (issue 35)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.engine import draft
from companion.engine.frozen import derived


@dataclass(frozen=True)
class _State:
    a: int
    b: int = 0
    news: tuple = ()

    @derived.on_fields("a")
    def twice(self) -> int:
        return 2 * self.a


def test_the_actions_copy_changes_in_place_and_nothing_else_does():
    given = _State(1)
    start = draft.begun(given, news=())
    assert start is not given and start == given
    assert draft.replace(start, b=5) is start and start.b == 5
    assert draft.say(start, "x") is start and start.news == ("x",)
    assert given == _State(1)  # the state the action was given is untouched
    done = draft.finished(start)
    assert done is start and "__draft__" not in done.__dict__
    again = draft.replace(done, b=6)  # outside an action: a copy
    assert again is not done and (done.b, again.b) == (5, 6)
    assert draft.say(done, "y") is not done and done.news == ("x",)


def test_a_change_drops_the_facts_that_read_it_and_a_field_that_is_not_refused():
    start = draft.begun(_State(3))
    assert start.twice == 6
    draft.replace(start, b=1)
    assert "twice" in start.__dict__  # b is not read by twice: kept
    draft.replace(start, a=4)
    assert "twice" not in start.__dict__ and start.twice == 8
    with pytest.raises(TypeError, match="no field 'c'"):
        draft.replace(start, c=1)
    with pytest.raises(TypeError, match="no field 'c'"):
        draft.replace(draft.finished(start), c=1)
