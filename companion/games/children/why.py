"""Children's explanations of its news lines (issue 33 item 1): the hand limit that enraged
ghosts lower, and the cut-downs it forces ("Enraged Ghosts"), with the counts behind them.
The section names are the rule card's (:mod:`companion.games.children.rulecard`)."""

from __future__ import annotations

from companion.engine.why import because
from companion.games.children.rulecard import SECTIONS
from companion.i18n import Msg, nmsg

RULE = {str(section.name): section.name for section in SECTIONS}
ENRAGED = RULE["Enraged Ghosts"]


def _limit_text(enraged: int, limit: int) -> Msg:
    return nmsg("{n} enraged ghost is in the mansion: the hand limit is 5 minus {n}, so {limit}.",
                "{n} enraged ghosts are in the mansion: the hand limit is 5 minus {n}, so {limit}.",
                "n", n=enraged, limit=limit)


def hand_limit(line: Msg, enraged: int, limit: int) -> Msg:
    """The hand limit changed with the enraged ghosts in the mansion."""
    return because(line, ENRAGED, _limit_text(enraged, limit), enraged, limit)


def cut_down(line: Msg, enraged: int, limit: int) -> Msg:
    """Players holding more than the hand limit cut down at once."""
    return because(line, ENRAGED, _limit_text(enraged, limit), enraged, limit)
