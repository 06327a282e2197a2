"""The rules card: the rules that matter for the step at hand, in the companion's own words.

A game lists its rulebook's sections as :class:`RuleSection` values (``Game.rule_sections``):
each with the section's name as printed, so that a player can look it up in their own
rulebook, and a summary written for this companion (never the rulebook's text). A section
says which steps it governs, by the keys of the choices the prompt offers and by the chance
source being drawn; :func:`sections_now` picks those of the prompt at hand. Nothing here is
hidden information: a section is chosen by the kind of step, never by a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine.core import Prompt
from companion.i18n import Msg


@dataclass(frozen=True)
class RuleSection:
    """One section of a game's rules.

    Attributes:
        name: the section's name as the rulebook prints it (translated for the table).
        summary: one to three sentences in plain words, readable by a 10-year-old.
        keys: the action keys this section governs, by their first part (``"move"`` for
            ``move:E``); a prompt offering one of them makes the section one for now.
        sources: the chance sources it governs (``"ghost"``: a Ghost card being drawn).
        turn: the section that says how a turn goes: shown when no other section matches.
    """

    name: Msg
    summary: Msg
    keys: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    turn: bool = False


def action_kind(key: str) -> str:
    """The first part of an action key: ``"move:E"`` -> ``"move"``, ``"pick#2"`` -> ``"pick"``."""
    return key.split(":", 1)[0].split("#", 1)[0]


def section_for(sections: Sequence[RuleSection], key: str | None) -> RuleSection | None:
    """The section that governs action ``key`` (by its first part), else the turn's section:
    the ``rule`` of a refusal (issue 33 item 1). None for a game with no rule card."""
    kind = action_kind(key) if key else None
    chosen = [s for s in sections if kind in s.keys] or [s for s in sections if s.turn]
    return chosen[0] if chosen else None


#: More sections than this for one prompt: it is a choice among the turn's actions, which the
#: turn's section explains better than one section per action.
MOST_AT_ONCE = 2


def sections_now(sections: Sequence[RuleSection], prompt: Prompt) -> tuple[RuleSection, ...]:
    """The sections that govern ``prompt``, in the rulebook's order; the turn's section(s)
    when none does, or when the prompt offers the actions of more than
    :data:`MOST_AT_ONCE` sections; none once the game is over."""
    if prompt.over:
        return ()
    kinds = {action_kind(choice.key) for choice in prompt.choices + prompt.out_of_turn}
    source = prompt.chance.source if prompt.chance is not None else None
    chosen = tuple(s for s in sections if kinds.intersection(s.keys) or source in s.sources)
    if chosen and len(chosen) <= MOST_AT_ONCE:
        return chosen
    return tuple(s for s in sections if s.turn) or chosen
