"""First-game mode (issue 33 item 3): the first time each kind of step comes up, the prompt
comes with a short lesson, the rules card's summary of that step's section in plain words.

The kind of a step is the rules card's section (:mod:`companion.engine.rulecard`): the
section a prompt's choices or chance source select, or the section of the chance drawn by
the input just made (a Ghost card the companion drew). A section is taught once per game:
the session keeps the names already taught along the recorded inputs (so a replay teaches
the same lessons, and an undo brings a lesson back). Nothing here is hidden information:
a section is chosen by the kind of step, never by a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from companion.engine.core import Prompt
from companion.engine.rulecard import RuleSection, sections_now
from companion.i18n import Msg, NewsLine


def lesson_section(sections: Sequence[RuleSection], prompt: Prompt, drawn: Iterable[str],
                   taught: frozenset[str]) -> RuleSection | None:
    """The section to teach with ``prompt``: the first not yet ``taught`` among the sections of
    the chance sources just ``drawn`` and then those governing the prompt; None when all are
    taught, or the game is over."""
    if prompt.over:
        return None
    sources = set(drawn)
    candidates = [s for s in sections if sources.intersection(s.sources)]
    candidates += sections_now(sections, prompt)
    return next((s for s in candidates if str(s.name) not in taught), None)


def what_for(line: NewsLine, purpose: Msg) -> NewsLine:
    """``line`` (a set-up step of the checklist, a :func:`~companion.i18n.todo` line) carrying
    what the step is for, in plain words: first-game mode shows it under the step (issue 33
    item 3). Like a news line's ``why``, it rides on the line only in memory (the codec and
    stored events never hold it): the engine makes the checklist again on a replay."""
    return replace(line, purpose=purpose)


def purpose_of(line: object) -> Msg | None:
    """What a set-up step is for (:func:`what_for`), or None."""
    return line.purpose if isinstance(line, NewsLine) else None
