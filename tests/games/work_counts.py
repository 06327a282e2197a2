"""Work counts of an engine over seeded random games (issue 35 item 1): copies of its state
and sentences made an action, counted, never timed."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from companion import i18n
from companion.engine import all_games, draft, frozen
from tests.games.seeded_games import seeded_states


def copies_and_sentences(monkeypatch: pytest.MonkeyPatch, game_id: str, seeds: int = 6,
                         actions: int = 400) -> tuple[float, float]:
    """(copies of the game's ``State`` made through :func:`frozen.replace`, sentences
    (:class:`~companion.i18n.Msg`) made) an action, over ``seeds`` seeded games."""
    all_games()  # every engine imported, so each module's ``replace`` is there to count
    made = {"copies": 0, "sentences": 0}
    replace = frozen.replace

    def counted(obj, /, **changes):
        made["copies"] += type(obj).__name__ == "State"
        return replace(obj, **changes)

    for name, module in list(sys.modules.items()):
        if name.startswith((f"companion.games.{game_id}", "companion.engine")) and \
                getattr(module, "replace", None) is replace:
            monkeypatch.setattr(module, "replace", counted)
    monkeypatch.setattr(draft, "_copy", counted)  # a change outside an action's copy copies too
    sentences = counted_sentences(monkeypatch)
    played = sum(1 for seed in range(seeds) for _ in seeded_states(game_id, seed, actions))
    assert played > 1000
    return made["copies"] / played, len(sentences) / played


def counted_sentences(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A list that gets the text of every :class:`~companion.i18n.Msg` made from now on, both
    ways one is made: through the class, and by :func:`~companion.i18n.msg` and its kin, which
    make it without the call through the class (``i18n._new_str``; counting ``Msg.__new__``
    alone missed those, so a sentence-count test could not fail)."""
    made: list[str] = []
    new, new_str = i18n.Msg.__new__, i18n._new_str

    def through_the_class(cls, *args, **kwargs):
        sentence = new(cls, *args, **kwargs)
        made.append(sentence)
        return sentence

    def without_it(cls, text):
        made.append(text)
        return new_str(cls, text)

    monkeypatch.setattr(i18n.Msg, "__new__", through_the_class)
    monkeypatch.setattr(i18n, "_new_str", without_it)
    return made


def sentences_a_state(monkeypatch: pytest.MonkeyPatch, game_id: str, states: Iterable[Any]) -> tuple[int, float]:
    """(states, sentences made a state) over ``states`` of a game of ``game_id`` as they are
    played, each one's prompt included."""
    made = counted_sentences(monkeypatch)
    prompt = all_games()[game_id].prompt
    seen = 0
    for state in states:
        prompt(state)
        seen += 1
    return seen, len(made) / seen


def applied_states_kept(states: Iterable[Any], each: Callable[[Any], None] = lambda _state: None) -> int:
    """How many states of ``states`` (one game's, in order) were checked to keep every field
    (the same objects) once the next state was made from them, none holding the mark of an
    action's copy (:mod:`companion.engine.draft`); ``each(state)`` runs on every state."""
    checked, before = 0, None
    for state in states:
        assert "__draft__" not in state.__dict__
        if before is not None:
            last, values = before
            assert all(last.__dict__[name] is value for name, value in values.items())
            checked += 1
        before = (state, {f.name: getattr(state, f.name) for f in dataclasses.fields(state)})
        each(state)
    return checked
