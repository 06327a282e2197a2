"""What the table is told while its game is not being saved, and what ``companion play`` says
when it stops then (issue 26; newcomer 19: "disk I/O error" and a full path on the screen,
and "keep the companion on" after it had stopped). One pattern for each, so that the last
word can take the reason back out of the warning in either language."""

from __future__ import annotations

from typing import Any

from companion.i18n import Msg, msg, render


def disk_full() -> Msg:
    """Why, when the disk (or the file-size limit) is full."""
    return msg("the disk is full")


def cannot_write(reason: str) -> Msg:
    """Why, when the store refused a write for another reason (SQLite's words, no path)."""
    return msg("the event store cannot be written ({reason})", reason=reason[:160])


def not_saved(why: Any) -> Msg:
    """The warning of every state while inputs are kept in memory (the screen, the terminal)."""
    return msg("The game is not being saved: {why}. Its inputs are kept in memory and saved as soon as "
               "there is room: keep the companion on.", why=why)


def was_not_saved(why: Any) -> Msg:
    """``companion play``'s last line when it stopped with inputs kept in memory."""
    return msg("The game was not saved: {why}. The inputs kept in memory were lost when the companion stopped.",
               why=why)


def why_of(warning: str, lang: str) -> str | None:
    """The reason inside a rendered :func:`not_saved` ``warning``, or None for another warning
    (a read-only data directory says its own sentence)."""
    mark = "\x00"
    head, _, tail = render(not_saved(mark), lang).partition(mark)
    if len(warning) > len(head) + len(tail) and warning.startswith(head) and warning.endswith(tail):
        return warning[len(head):len(warning) - len(tail)]
    return None
