"""What the table is told of its readers (issue 30): a reader event that is no input (a card
that cannot be read yet, cards stacked), a reader going offline or coming back, dropping out
and working again; a driver's own sentence in the table's language."""

from __future__ import annotations

from companion import readers
from companion.i18n import Msg, msg


def driver_words(detail: str) -> str:
    """A driver's sentence (a :class:`hardware.errors.Fault`) as a message the table reads in
    its language; any other text as it is (an OS error's own words stay English)."""
    pattern, params = getattr(detail, "pattern", None), getattr(detail, "params", None)
    if isinstance(detail, str) and isinstance(pattern, str) and isinstance(params, dict):
        return Msg(pattern, {key: driver_words(value) for key, value in params.items()})
    return detail


def presence_notice(event, role: str | None) -> Msg | None:
    """What the table is told of a reader event that is no input: a card whose memory does
    not answer yet (hold it still), or several cards on a reader that takes one at a time
    (every reader of these games); None for a tap or a removal (issue 30)."""
    from hardware.nfc.base import CardsStacked, TagUnread

    name, by_role = event.reader, readers.role_named(event.reader, role)
    if isinstance(event, TagUnread):
        if by_role:
            return msg("The card on the {reader} cannot be read yet: hold the card still.",
                       reader=readers.role_words(role))
        return msg("The card on reader {name} cannot be read yet: hold the card still.",
                   name=readers.shown_name(name))
    if isinstance(event, CardsStacked):
        if by_role:
            return msg("{count} cards on the {reader}: lift all but one.", count=len(event.uids),
                       reader=readers.role_words(role)) if len(event.uids) > 2 else \
                msg("Two cards on the {reader}: lift one.", reader=readers.role_words(role))
        if len(event.uids) > 2:
            return msg("{count} cards on reader {name}: lift all but one.", count=len(event.uids),
                       name=readers.shown_name(name))
        return msg("Two cards on reader {name}: lift one.", name=readers.shown_name(name))
    return None


def reader_status(name: str, role: str | None, online: bool, detail: str):
    """"Reader left is working." / "The cards reader is offline: …" (a virtual reader by its
    role in words, :mod:`companion.readers`); a reader that keeps dropping out is told so
    once, and once it has held, that it works again (issue 30)."""
    from hardware.nfc.supervisor import DROPPING_OUT, WORKING_AGAIN

    pattern = getattr(detail, "pattern", None)
    if pattern in (DROPPING_OUT.pattern, WORKING_AGAIN.pattern):
        return flapping_status(name, role, pattern == DROPPING_OUT.pattern)
    if readers.role_named(name, role):
        kind = readers.role_words(role)
        if online:
            return msg("The {reader} is working.", reader=kind)
        return msg("The {reader} is offline: {detail}. Touches still work.", reader=kind, detail=driver_words(detail))
    if online:
        return msg("Reader {name} is working.", name=readers.shown_name(name))
    return msg("Reader {name} is offline: {detail}. Touches still work.", name=readers.shown_name(name),
               detail=driver_words(detail))


def flapping_status(name: str, role: str | None, dropping: bool):
    """"The cards reader keeps dropping out: check its wires." / "… is working again."."""
    if readers.role_named(name, role):
        kind = readers.role_words(role)
        if dropping:
            return msg("The {reader} keeps dropping out: check its wires. Touches still work.", reader=kind)
        return msg("The {reader} is working again.", reader=kind)
    if dropping:
        return msg("Reader {name} keeps dropping out: check its wires. Touches still work.",
                   name=readers.shown_name(name))
    return msg("Reader {name} is working again.", name=readers.shown_name(name))
