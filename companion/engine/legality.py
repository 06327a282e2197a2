"""The one legality check of every game, in OpenSpiel's shape (``State.apply_action`` checks
the action against ``legal_actions()``, then calls the game's ``_apply_action``).

A game never re-checks: :meth:`Game.apply <companion.engine.game.Game.apply>` calls
:func:`apply_action`, which refuses what the current prompt does not allow, with one refusal
path, and only then calls the game's own ``_apply``. The session applies every live input,
chance outcome and replayed event through it.

What is legal now (the prompt of ``state``):

- nothing once the game is over ("The game is over.");
- at a chance node, only its outcomes' keys: a chance node is the session's to resolve, it
  offers the table no choice (OpenSpiel: a chance node's legal actions are its outcomes);
- otherwise the key of a choice, an out-of-turn one too (:attr:`Prompt.out_of_turn`);
- ``key#n`` for a per-copy choice (:attr:`Choice.per_copy`): copy ``n`` (1-based) of its
  component, ``n`` at most the copies the game's ``pieces`` lists;
- at any moment (a chance node too), a table-check correction (``fix:...``) that the
  game's ``check(state)`` lists now.

Going on playing answers a question (:class:`~companion.engine.core.Implied`): while a
question the game names (its ``going_on``) is open, a key that is none of its answers but is
legal once the question has the answer going on gives (the Dental Tools' "spring") is that
answer and then the key, as one action: :func:`apply_action` applies both, the answer's news
first; a key legal after neither is refused as before, with the same words. Answers follow one
another (the Dental Tools, then the Cricket Cage) up to :data:`GOING_ON_LIMIT`, never past a
chance node (the session's to draw) or the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol

from companion.engine import news
from companion.engine.core import CheckLine, Choice, Implied, Prompt, check_fix, sentence
from companion.errors import RuleViolation
from companion.i18n import Msg, msg


class Game(Protocol):
    """What legality reads of a game (:class:`companion.engine.game.Game` has it all; named
    here so that this module does not import the class built on it)."""

    pieces: tuple[str, ...]

    @property
    def prompt(self) -> Callable[[Any], Prompt]: ...

    @property
    def check(self) -> Callable[[Any], tuple[CheckLine, ...]]: ...

    @property
    def refusal(self) -> Callable[[Any, str | None, str | None], Msg | str | None]: ...

    @property
    def going_on(self) -> Callable[[Any], Implied | None]: ...

    def news(self, state: Any) -> tuple[Any, ...]: ...

    def _apply(self, state: Any, key: str) -> Any: ...


#: The action keys of corrections made from the table check start so.
FIX_PREFIX = "fix:"

#: At most this many open questions one input answers by going on playing (a trap's Dental
#: Tools question, then its Cricket Cage question; Irwin Biddle's, player after player).
GOING_ON_LIMIT = 8


def apply_action(game: Game, state: Any, key: str, prompt: Prompt | None = None) -> Any:
    """The state after ``key``, checked first against the prompt of ``state``
    (``prompt``, when the caller has it already; else ``game.prompt(state)``).

    Raises:
        RuleViolation: ``key`` is not legal now (:func:`check_action`); nothing changes.
    """
    if prompt is None:
        prompt = game.prompt(state)
    if not prompt.over and not key.startswith(FIX_PREFIX):  # the most common actions, found legal at once:
        chance = prompt.chance  # one of the table's choices, or of a chance node's outcomes
        for option in prompt.choices if chance is None else chance.outcomes:
            if option.key == key:
                return game._apply(state, key)
    try:
        check_action(game, state, key, prompt)
    except RuleViolation:
        if key.startswith(FIX_PREFIX):
            raise
        for _, later, later_prompt, said in going_on(game, state, prompt):
            if is_legal(game, later, later_prompt, key):  # the answers going on gives, then the key
                return news.said_first(game._apply(later, key), said)
        raise
    return game._apply(state, key)


def going_on(game: Game, state: Any, prompt: Prompt) -> Iterator[tuple[str, Any, Prompt, tuple[Any, ...]]]:
    """The states the table reaches by going on playing at ``prompt`` (the prompt of
    ``state``): after each answer going on gives (the game's ``going_on``), the answer's key,
    the state it reached, its prompt and the news so far (each answer's line, then its own
    news). Nothing when no question with such an answer is open; stops before a chance node
    and at the end."""
    said: tuple[Any, ...] = ()
    for _ in range(GOING_ON_LIMIT):
        implied = game.going_on(state) if not prompt.over and prompt.chance is None else None
        if implied is None or prompt.choice(implied.key) is None:
            return
        state = game._apply(state, implied.key)  # one of the prompt's choices: legal
        said += (*((implied.line,) if implied.line is not None else ()), *game.news(state))
        prompt = game.prompt(state)
        if prompt.over or prompt.chance is not None:
            return
        yield implied.key, state, prompt, said


def implied_choice(game: Game, state: Any, prompt: Prompt, pick: Callable[[Prompt], Choice | None]) -> Choice | None:
    """The choice an input makes by going on playing at ``prompt`` (the prompt of ``state``),
    when ``pick`` (a prompt's choice for the input: ``lambda p: p.for_component(c)``) finds
    none at ``prompt``: the first ``pick`` finds at a prompt :func:`going_on` reaches, or None.
    None too when that choice's key is legal at a prompt before it (:func:`apply_action`
    would give it there, with another meaning)."""
    before = [prompt]
    for _, _later, later_prompt, _said in going_on(game, state, prompt):
        choice = pick(later_prompt)
        if choice is not None:
            return None if any(p.choice(choice.key) is not None for p in before) else choice
        before.append(later_prompt)
    return None


def check_action(game: Game, state: Any, key: str, prompt: Prompt | None = None) -> None:
    """Refuse ``key`` unless it is legal now (the module docstring lists what is).

    Args:
        game: the game.
        state: its state.
        key: the action key.
        prompt: ``game.prompt(state)`` when the caller has it already.

    Raises:
        RuleViolation: with the game's own reason (:meth:`Game.refusal`) or a general
            sentence that repeats the prompt; "The game is over." once it is.
    """
    prompt = game.prompt(state) if prompt is None else prompt
    if prompt.over:
        raise RuleViolation(msg("The game is over."))
    if not is_legal(game, state, prompt, key):
        raise RuleViolation(refusal(game, state, prompt, key))


def is_legal(game: Game, state: Any, prompt: Prompt, key: str) -> bool:
    """True when ``key`` is legal at ``prompt`` (not over), the prompt of ``state``."""
    if key.startswith(FIX_PREFIX):
        return check_fix(game.check(state), key) is not None
    if prompt.chance is not None:
        return any(outcome.key == key for outcome in prompt.chance.outcomes)
    return prompt.choice(key) is not None or is_copy(game, prompt, key)


def is_copy(game: Game, prompt: Prompt, key: str) -> bool:
    """``key`` is ``choice#n``: copy ``n`` of the component of a per-copy choice, ``n``
    one of its copies (``1 <= n <=`` the times ``game.pieces`` lists the component)."""
    base, sep, copy = key.partition("#")
    choice = prompt.choice(base) if sep else None
    if choice is None or not choice.per_copy or not copy.isdigit() or copy.startswith("0"):
        return False
    return 1 <= int(copy) <= (game.pieces.count(choice.component) or 1)


def refusal(game: Game, state: Any, prompt: Prompt, key: str) -> str:
    """Why ``key`` is refused: a stale correction says so; else the game's reason, else
    "Not now." and the prompt."""
    if key.startswith(FIX_PREFIX):
        return msg("That correction no longer fits the table check: nothing changed. "
                   "Look at the table check again.")
    return game.refusal(state, key, None) or msg("Not now. {prompt}", prompt=sentence(prompt.text))
