"""Pending decisions: what must be resolved before play goes on.

A game keeps an immutable stack of typed :class:`Frame` s (the top is done first). Each
frame kind has a small protocol, a :class:`Kind`:

- ``ask(state, frame)``: what the frame asks: a :class:`~companion.engine.core.Prompt`
  when the table must act, or the state after the frame resolved by itself;
- ``act(state, frame, key)``: what happens when the table's answer (a key the prompt
  accepts) resolves it.

The engine has checked the key against the prompt before ``act`` is called
(:mod:`companion.engine.legality`). :func:`settle` runs the frames that resolve by
themselves until one asks the table. Dice rolls name what they are for with an enum
(a game's ``Roll``), never a bare string.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from companion.i18n import quick_init

S = TypeVar("S")
F = TypeVar("F", bound="Frame")  # a game's own frame class (a subclass with its details)

#: How many self-resolving steps :func:`settle` takes before it calls the game a loop.
SETTLE_LIMIT = 10_000


@quick_init
@dataclass(frozen=True)
class Frame:
    """One thing to finish before play goes on.

    Attributes:
        kind: what it is (a key of the game's kinds table).
        player: the player index it concerns.
        args: its details (ids, counts as strings).
    """

    kind: str
    player: int
    args: tuple[str, ...] = ()


Stack = tuple[Frame, ...]


def push(stack: Stack, *frames: Frame) -> Stack:
    """Frames to do next, in the order given (the first is done first)."""
    return stack + tuple(reversed(frames))


def pop(stack: Stack) -> Stack:
    """The stack without its top frame."""
    return stack[:-1]


def top(stack: tuple[F, ...]) -> F | None:
    """The frame to resolve now, or None when nothing is pending."""
    return stack[-1] if stack else None


def find(stack: Stack, kind: str) -> Frame | None:
    """The pending frame of ``kind`` (the first from the bottom), or None: for a kind a game
    keeps pending at most once, as a mark or a step to return to."""
    return next((frame for frame in stack if frame.kind == kind), None)


def without(stack: Stack, kinds) -> Stack:
    """The stack without its frames of ``kinds`` (before a game sets them anew)."""
    return tuple(frame for frame in stack if frame.kind not in kinds)


def replace_top(stack: tuple[F, ...], frame: F) -> tuple[F, ...]:
    """The stack with its top frame replaced by ``frame``."""
    return stack[:-1] + (frame,)


@dataclass(frozen=True)
class Kind(Generic[S]):
    """A frame kind's protocol: what it asks and what happens when it resolves.

    ``act`` is None for a kind that always resolves by itself in ``ask``.
    """

    ask: Callable[[S, Frame], Any]
    act: Callable[[S, Frame, str], S] | None = None


Kinds = Mapping[str, Kind]


def ask(kinds: Kinds, state: object, frame: Frame) -> Any:
    """What ``frame`` asks: a prompt, or the state after it resolved by itself."""
    return kinds[frame.kind].ask(state, frame)


def act(kinds: Kinds, state: S, frame: Frame, key: str) -> S:
    """The state after the table answered ``frame`` with ``key``."""
    resolve = kinds[frame.kind].act
    if resolve is None:
        raise ValueError(f"frame kind {frame.kind!r} takes no answer")
    return resolve(state, frame, key)


def settle(state: S, resolve_self: Callable[[S], S | None], limit: int = SETTLE_LIMIT) -> S:
    """Resolve what resolves by itself: ``resolve_self(state)`` gives the next state, or
    None when the pending decision needs the table.

    Raises:
        AssertionError: still resolving after ``limit`` steps (a rules bug: a loop).
    """
    for _ in range(limit):
        after = resolve_self(state)
        if after is None:
            return state
        state = after
    raise AssertionError("the game does not settle")
