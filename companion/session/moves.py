"""One action and the chance outcomes it draws, as the session plays it live and replays it
from the log: every key (the input's action, then each outcome) is checked against the
prompt of the state it is played on (the engine's one legality check,
:mod:`companion.engine.legality`), so a log the rules no longer allow does not replay.

A live input's chance nodes take the outcomes its undone twin drew first (undo never
re-rolls), then the picker's (:class:`~companion.chance.ChancePicker`: the script's stack,
then the seeded generator).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.chance import ChancePicker
from companion.engine import Game, Prompt
from companion.engine.legality import apply_action
from companion.session.records import Entry


class Moves:
    """Plays actions with their chance outcomes.

    Args:
        spec: the game.
        picker: the game's chance picker (counted as outcomes are drawn or replayed).
        prompt_of: the prompt of a state (computed once per state: :mod:`companion.session.views`).
    """

    def __init__(self, spec: Game, picker: ChancePicker, prompt_of: Callable[[Any], Prompt]):
        self._spec, self._picker, self._prompt_of = spec, picker, prompt_of

    def apply(self, state: Any, key: str) -> Any:
        """The state after ``key``: the engine checks it against the prompt of ``state``, then
        the game applies it. Raises RuleViolation, with the sentence for the table."""
        return apply_action(self._spec, state, key, self._prompt_of(state))

    def play(self, state: Any, action: str, cached: list[dict[str, str]]) -> tuple[Any, list, tuple]:
        """``action`` played live on ``state`` (``cached``: the outcomes it drew when last undone
        here); returns the state reached, the news said and the chance outcomes drawn.

        Raises:
            RuleViolation: the action is refused (nothing was picked: the caller restores the picker).
            StackError: a forced outcome is impossible.
        """
        state = self.apply(state, action)
        news = list(self._spec.news(state))
        chances = []
        while (chance := self._prompt_of(state).chance) is not None:
            outcome, origin = self._pick(chance, cached)
            # Count each pick before the next one: every pick gets its own stack item and
            # its own RNG pick number, as when the log is replayed.
            self._picker.record(chance.source, origin)
            state = self.apply(state, outcome.key)
            news += self._spec.news(state)
            chances.append({"source": chance.source, "key": outcome.key, "origin": origin})
        return state, news, tuple(chances)

    def replay(self, state: Any, entry: Entry) -> tuple[Any, list]:
        """``entry`` played again on ``state`` from the log, with the outcomes it recorded;
        returns the state reached and the news said.

        Raises:
            RuleViolation, LookupError, ValueError, TypeError: the entry does not replay.
        """
        state = self.apply(state, entry.action)
        news = list(self._spec.news(state))  # the state's own lines: no work (Game.news)
        for chance in entry.chances:
            state = self.apply(state, chance["key"])
            news += self._spec.news(state)
            self._picker.record(chance["source"], chance["origin"])
        if self._spec.prompt(state).chance:
            raise ValueError("the recorded chance outcomes stop short")
        return state, news

    def _pick(self, chance, cached: list[dict[str, str]]):
        while cached:
            recorded = cached.pop(0)
            outcome = chance.find(recorded["key"])
            if recorded["source"] == chance.source and outcome is not None:
                return outcome, "redo"
        return self._picker.pick(chance)
