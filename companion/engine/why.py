"""Why a news line happened (issue 33 item 1): the rulebook section behind it, one or two
sentences in the companion's own words, and the inputs the decision used (the die face, the
card drawn, the count that crossed a limit).

An engine attaches it where it makes the decision, as structure: :func:`because` returns the
same news line (a :class:`~companion.i18n.NewsLine`) carrying a :class:`Why`. Nothing here
parses prose. A ``Why`` rides on the line only in memory: the codec and the stored events
never hold it, so golden replays stay as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from companion.engine.frozen import replace
from companion.i18n import Msg, NewsLine, quick_init, render


@quick_init
@dataclass(frozen=True)
class Why:
    """``rule``: the rulebook section's name (a :func:`~companion.i18n.msg` from the game's
    rule card); ``text``: the explanation; ``inputs``: what the decision was made from."""

    rule: Msg
    text: Msg
    inputs: tuple[Any, ...] = ()


def because(line: Msg | NewsLine, rule: Msg, text: Msg, *inputs: Any) -> NewsLine:
    """``line`` (a sentence or a news line) carrying the :class:`Why` (``rule``, ``text``,
    ``inputs``) it was decided by."""
    why = Why(rule, text, inputs)
    # about one an action in every game: a line made at once, or one copy (frozen.replace), not two
    return replace(line, why=why) if isinstance(line, NewsLine) else NewsLine(line, why=why)


def why_of(line: Any) -> Why | None:
    """The :class:`Why` a news line carries, or None (a bare sentence carries none)."""
    return line.why if isinstance(line, NewsLine) else None


#: One entry of the state message's ``why`` (the shape of :data:`companion.messages.WhyEntry`,
#: which imports no engine).
WhyLine = TypedDict("WhyLine", {"rule": str, "text": str, "from": list[Any]})


def why_message(news, lang: str) -> list[WhyLine | None]:
    """The state message's ``why``: one entry per ``news`` line, ``{"rule", "text", "from"}``
    rendered in ``lang``, or None where the line carries no explanation."""
    out: list[WhyLine | None] = []
    for line in news:
        why = why_of(line)
        out.append(None if why is None else {"rule": render(why.rule, lang), "text": render(why.text, lang),
                                             "from": [render(x, lang) for x in why.inputs]})
    return out
