"""A refusal's reason for the table screen: the sentence without the prompt it repeats.

A refused input's sentence ends with what is due now ("Not now. Ada: roll the die.",
"… End turn. Now: Ada: roll the die."), for the terminal, the voice and the log, where
the prompt is not in sight. The table screen shows the prompt beside the refusal: there it
repeated it (issue 29). :func:`reason` is the sentence cut where its ``prompt`` parameter
starts, in any language: the games put the prompt last, as ``{prompt}``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from companion.i18n import LowerFirst, Msg, Name, NewsLine, UpperFirst, render

#: Where the prompt was: nothing a sentence holds.
_CUT = "\x00"

#: What introduced the prompt at the end of a sentence ("… End turn. Now:" / "Ora:").
_LEAD_IN = re.compile(r"(?<=[.!?])\s+[^\s.!?:]+:$")


def reason(text: Any, lang: str = "en", touch: bool = False) -> str:
    """``text`` rendered in ``lang`` (``touch``: see :func:`companion.i18n.render`) without its
    ``prompt`` parameter and what follows it; the whole sentence when it has none, or when
    nothing is left before it."""
    full = str(render(text, lang, touch))
    cut = render(_without_prompt(text), lang, touch)
    if not isinstance(cut, str) or _CUT not in cut:
        return full
    head = _LEAD_IN.sub("", cut.split(_CUT, 1)[0].rstrip())
    if head.endswith(":"):  # "The game moved on before your touch: {prompt}"
        head = head[:-1].rstrip() + "."
    return head if head.strip(" .") else full


def _without_prompt(value: Any) -> Any:
    """``value`` with every ``prompt`` parameter (at any depth) replaced by :data:`_CUT`."""
    if isinstance(value, NewsLine):
        touch = None if value.touch is None else _without_prompt(value.touch)
        return dataclasses.replace(value, text=_without_prompt(value.text), touch=touch)
    if isinstance(value, (LowerFirst, UpperFirst)):
        return type(value)(_without_prompt(value.text))
    if not isinstance(value, Msg) or isinstance(value, Name):
        return value
    params = {key: _CUT if key == "prompt" else _without_prompt(param) for key, param in value.params.items()}
    return Msg(value.msgid, params, value.plural, value.count)
