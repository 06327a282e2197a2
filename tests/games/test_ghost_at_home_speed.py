"""Ghost at Home engine speed (issue 35 item 1): an action's rule changes one copy of the
state in place (:mod:`companion.engine.draft`). Work counts and identities, never times."""

from __future__ import annotations

import dataclasses

from companion.games.ghost_at_home import rules
from tests.games.seeded_games import seeded_states
from tests.games.work_counts import applied_states_kept, copies_and_sentences


def test_an_action_makes_one_copy_of_the_state(monkeypatch):
    """About one copy of the state an action (``rules.cleared`` makes it, the rule changes it
    in place, ``rules.settled`` gives it back); before: about 3.5, one at every ``replace``
    and ``say``."""
    copies, _ = copies_and_sentences(monkeypatch, "ghost_at_home", seeds=12)
    assert copies < 1.5


def test_the_state_an_action_is_applied_to_stays_as_it_was():
    """The state an action is applied to keeps every field (the same objects) once the next
    state is made, the state given holds no mark of the action's copy, and the copy an action
    starts from is never the state itself."""
    checked = 0
    for seed in range(4):
        states = list(seeded_states("ghost_at_home", seed, 300))
        checked += applied_states_kept(states)
        start = rules.cleared(states[-1])
        assert start is not states[-1] and start.news == () and start == dataclasses.replace(states[-1], news=())
    assert checked > 500
