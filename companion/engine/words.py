"""Words every game says the same way."""

from __future__ import annotations

from collections.abc import Iterable

from companion.i18n import msg


def and_names(names: Iterable[str]) -> str:
    """Names as a sentence lists them: "Ada", "Ada and Bo", "Ada, Bo and Cy"; a message for
    two or more, so "and" is said in the table's language ("Ada, Bo e Cy")."""
    names = tuple(names)
    if len(names) == 1:
        return names[0]
    return msg("{names} and {last}", names=commas(names[:-1]), last=names[-1])


def commas(names: Iterable[str]) -> str:
    """"Ada, Bo, Cy": a name that is a message (a card's stand-in name) stays one, so it
    is said in the table's language too (issue 26); "" for none."""
    names = tuple(names)
    if len(names) <= 1:
        return names[0] if names else ""
    return msg("{first}, {rest}", first=names[0], rest=commas(names[1:]))
