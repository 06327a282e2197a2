"""The engine's pending-decision stack (companion/engine/pending.py)."""

from __future__ import annotations

import pytest

from companion.engine import pending as pd
from companion.engine.core import Choice, Prompt

TRAP = pd.Frame("trap", 0, ("cellar",))
DRAW = pd.Frame("draw", 1, ("hall",))


def test_push_puts_the_first_frame_given_on_top():
    stack = pd.push((), TRAP, DRAW)
    assert stack == (DRAW, TRAP)
    assert pd.top(stack) == TRAP


def test_pop_and_replace_top_leave_the_rest_unchanged():
    stack = pd.push((), TRAP, DRAW)
    assert pd.pop(stack) == (DRAW,)
    assert pd.replace_top(stack, pd.Frame("trap", 0, ("attic",))) == (DRAW, pd.Frame("trap", 0, ("attic",)))
    assert pd.top(()) is None


def _ask_trap(state, frame):
    return Prompt("Spring the trap?", "Ada", (Choice("spring", "Spring it"),))


def _act_trap(state, frame, key):
    return state + (f"{key}:{frame.args[0]}",)


def _ask_draw(state, frame):
    return state + ("drew",)


KINDS = {"trap": pd.Kind(_ask_trap, _act_trap), "draw": pd.Kind(_ask_draw)}


def test_a_kind_asks_with_a_prompt_or_resolves_by_itself():
    assert pd.ask(KINDS, (), TRAP).choices[0].key == "spring"
    assert pd.ask(KINDS, (), DRAW) == ("drew",)


def test_act_resolves_the_frame_with_the_tables_answer():
    assert pd.act(KINDS, (), TRAP, "spring") == ("spring:cellar",)


def test_a_kind_without_act_takes_no_answer():
    with pytest.raises(ValueError, match="draw"):
        pd.act(KINDS, (), DRAW, "spring")


def test_settle_runs_self_resolving_steps_until_one_needs_the_table():
    assert pd.settle(3, lambda n: n - 1 if n > 0 else None) == 0
    assert pd.settle(0, lambda n: None) == 0


def test_settle_calls_a_game_that_never_needs_the_table_a_loop():
    with pytest.raises(AssertionError, match="does not settle"):
        pd.settle(0, lambda n: n + 1, limit=50)


def test_clue_it_return_steps_are_pending_frames_and_the_default_is_none():
    from companion.games.clue_it import codec
    from companion.games.clue_it.state import State, Step, returning

    state = State(players=("Ada", "Bo"), options={}, movers=(), tokens=(), intrigue_deck=())
    side = returning(state, resume=Step.DRAW, after_draw=Step.TURN)
    assert (side.resume, side.after_draw) == (Step.DRAW, Step.TURN)
    assert [f.kind for f in side.pending] == ["after_draw", "resume"]
    assert codec.decode(codec.encode(side)) == side
    back = returning(side, resume=Step.TURN, after_draw=Step.STOP)
    assert back.pending == () and back == state


def test_creepy_cellar_flags_are_pending_frames():
    from companion.games.creepy_cellar.state import marked
    from tests.games.test_creepy_cellar import new_game

    state = marked(new_game(), free=True, picked=True)
    assert (state.free, state.picked, state.held) == (True, True, False)
    assert marked(state, free=False, picked=False).pending == ()


def test_find_and_without_a_frame_of_a_kind():
    """The games' marks and return steps (Creepy Cellar, CLUE: IT) look a kind up and set it anew."""
    stack = (pd.Frame("resume", 0, ("turn",)), pd.Frame("free", 1), pd.Frame("after_draw", 0, ("ask",)))
    assert pd.find(stack, "after_draw") == pd.Frame("after_draw", 0, ("ask",))
    assert pd.find(stack, "held") is None
    assert pd.without(stack, ("resume", "after_draw")) == (pd.Frame("free", 1),)
    assert pd.without(stack, {"held": True}) == stack
