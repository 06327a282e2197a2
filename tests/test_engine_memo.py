"""Engine speed (issue 35): each state's prompt computed once, and a quicker replace of the
frozen states that makes the same states. Work counts, never times."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.engine import all_games, legality, resolve_options
from companion.engine.frozen import derived, replace
from companion.engine.memo import Kept, remember_last
from companion.games.children import prompts as children_prompts
from companion.games.creepy_cellar import prompts as cellar_prompts
from companion.games.house_of_spirits import prompts as hos_prompts


@dataclasses.dataclass(frozen=True)
class Box:
    size: int
    items: tuple[str, ...] = ()

    @derived
    def count(self) -> int:
        return len(self.items)


def test_remember_last_computes_once_per_state_object():
    calls = []
    twice = remember_last(lambda box: calls.append(box) or box.size * 2)
    a, b = Box(1), Box(1)
    assert (twice(a), twice(a), twice(a)) == (2, 2, 2)
    assert calls == [a]
    assert twice(b) == 2 and len(calls) == 2  # equal, but another object: computed (identity only)
    assert twice(a) == 2 and len(calls) == 3  # only the last state is remembered


def test_replace_makes_what_dataclasses_replace_makes():
    box = Box(1, ("key",))
    assert replace(box, size=3) == dataclasses.replace(box, size=3) == Box(3, ("key",))
    assert box == Box(1, ("key",))  # the old one unchanged
    with pytest.raises(dataclasses.FrozenInstanceError):
        replace(box, size=3).size = 4
    with pytest.raises(TypeError, match="Box has no field 'colour'"):
        replace(box, colour="red")


def test_replace_does_not_copy_what_was_derived():
    box = Box(1, ("key",))
    assert box.count == 1
    bigger = replace(box, items=("key", "lamp"))
    assert bigger.count == 2 and box.count == 1


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_replace_of_a_real_state_equals_dataclasses_replace(game_id):
    spec = all_games()[game_id]
    state = spec.setup(["Ada", "Bo"], resolve_options(spec, {}))
    for key in ("news", "outcome"):
        if key in {f.name for f in dataclasses.fields(state)}:
            assert replace(state, **{key: ()}) == dataclasses.replace(state, **{key: ()})


class _Counted:
    """A function of the game's prompts module (one called to make a prompt), counting calls."""

    def __init__(self, real):
        self.real, self.made = real, 0

    def __call__(self, *args, **kwargs):
        self.made += 1
        return self.real(*args, **kwargs)


@pytest.mark.parametrize(("game_id", "module", "maker"), [
    ("children", children_prompts, "_ask_step"), ("creepy_cellar", cellar_prompts, "Prompt"),
    ("house_of_spirits", hos_prompts, "Prompt")])
def test_the_legality_check_reuses_the_prompt_the_caller_just_had(monkeypatch, game_id, module, maker):
    """A playout asks a state's prompt, then applies a key: ``apply`` checks the key against
    the same prompt, which is not computed again (it was, before issue 35: two or three
    prompts a step)."""
    spec = all_games()[game_id]
    counted = _Counted(getattr(module, maker))
    monkeypatch.setattr(module, maker, counted)
    rng = random.Random(3)
    state = spec.setup(["Ada", "Bo"], resolve_options(spec, {}))
    for _ in range(60):
        prompt = spec.prompt(state)
        if prompt.over:
            break
        keys = [o.key for o in prompt.chance.outcomes] if prompt.chance else [c.key for c in prompt.choices]
        key = rng.choice(keys)
        made = counted.made
        assert spec.prompt(state) is prompt
        legality.check_action(spec, state, key)
        assert counted.made == made
        state = spec.apply(state, key)
    assert counted.made > 0


def test_a_kept_store_makes_each_thing_once_and_is_emptied_whole_when_full():
    made = []
    store = Kept(2)
    assert store.get("a", lambda x: made.append(x) or x.upper(), "a") == "A"
    assert store.get("a", lambda x: made.append(x) or x.upper(), "a") == "A"
    store.get("b", str.upper, "b")
    assert made == ["a"] and len(store) == 2
    store.get("c", str.upper, "c")  # full: emptied, then c kept
    assert len(store) == 1


def test_a_kept_store_matches_an_object_by_identity_never_by_a_reused_id():
    store = Kept(10)
    first, second = tuple(["x"]), tuple(["x"])  # two objects (equal literals would be one)
    assert first is not second
    assert store.of(first, "Ada", lambda: "made for first") == "made for first"
    assert store.of(first, "Ada", lambda: "again") == "made for first"
    assert store.of(first, "Bo", lambda: "for Bo") == "for Bo"
    store._made[(id(second), "Ada")] = (first, "stale")  # noqa: SLF001  (an id reused by another object)
    assert store.of(second, "Ada", lambda: "made for second") == "made for second"
