"""First-game mode's lessons (issue 33 item 3): the rules card's sections already taught along
the inputs in effect, and that set before each of them, so an undo takes a lesson back with
its input (:func:`companion.engine.lessons.lesson_section` picks the next one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engine.core import Prompt
from companion.engine.lessons import lesson_section
from companion.engine.rulecard import RuleSection
from companion.session.records import Entry


class Lessons:
    """The sections taught so far, in step with the inputs in effect.

    Args:
        sections: the game's rules card (:attr:`~companion.engine.game.Game.rule_sections`).
        on: first-game mode was chosen (off: no lesson is ever given).

    Attributes:
        taught: the names (in English) of the sections taught.
        before: :attr:`taught` before each input in effect still in memory.
    """

    def __init__(self, sections: Sequence[RuleSection], on: bool):
        self.sections, self.on = sections, on
        self.taught: frozenset[str] = frozenset()
        self.before: list[frozenset[str]] = []

    def lesson(self, prompt: Prompt, last: Entry | None) -> RuleSection | None:
        """The section to explain with ``prompt``: the first not yet taught of the chance
        ``last`` (the last input) drew and of the prompt's step; None when off."""
        if not self.on:
            return None
        drawn = [chance["source"] for chance in last.chances] if last is not None else ()
        return lesson_section(self.sections, prompt, drawn, self.taught)

    def took(self, shown: RuleSection | None) -> None:
        """An input was accepted while ``shown`` was the lesson on the table: it is taught."""
        self.before.append(self.taught)
        if shown is not None:
            self.taught = self.taught | {str(shown.name)}

    def back(self) -> None:
        """The last input was undone: what was taught before it."""
        self.taught = self.before.pop()

    def drop(self, count: int) -> None:
        """The oldest ``count`` inputs' states left memory (:meth:`UndoLog.trim`)."""
        del self.before[:count]

    def snapshot(self, depth: int) -> dict[str, Any]:
        """What a snapshot keeps: the sections taught, now and before each of the last
        ``depth`` inputs (nothing when off: those snapshots stay as they were)."""
        if not self.on:
            return {}
        return {"taught": sorted(self.taught),
                "taught_recent": [sorted(t) for t in self.before[len(self.before) - depth:]]}

    def restored(self, body: dict[str, Any], carried: int) -> Lessons:
        """These lessons as a snapshot ``body`` carrying ``carried`` inputs left them.

        Raises:
            KeyError: first-game mode, and the snapshot has no lessons (replay the whole log).
        """
        lessons = Lessons(self.sections, self.on)
        lessons.before = [frozenset()] * carried
        if self.on:
            lessons.taught = frozenset(body["taught"])
            lessons.before = [frozenset(t) for t in body["taught_recent"]]
        return lessons
