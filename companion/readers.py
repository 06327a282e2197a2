"""Readers in the table's words (issue 26): a reader role is "cards reader" / "lettore delle
carte", never the config's ``cards``. Virtual readers are named after their role
(:func:`companion.daemon.taps.plan`: ``cards``, ``virtual-tiles``), so a sentence that would
name one says its role in words instead."""

from __future__ import annotations

from companion.i18n import Msg, msg


def role_words(role: str) -> Msg | str:
    """"cards reader" / "lettore delle carte" for role ``cards``; an unknown role as it is."""
    if role == "cards":
        return msg("cards reader")
    if role == "tiles":
        return msg("tiles reader")
    return role


#: The reader roles a config may give (:mod:`companion.config`), which virtual readers are named after.
ROLES = ("cards", "tiles")


def named_role(name: str) -> str | None:
    """The role a reader's name is only made of (``cards``, ``virtual-tiles``), or None."""
    role = name.removeprefix("virtual-")
    return role if role in ROLES else None


def role_named(name: str, role: str | None) -> bool:
    """Reader ``name`` is called only by its ``role`` (a virtual reader): words say it better."""
    return bool(role) and name in (role, f"virtual-{role}")


def not_on(name: str, role: str | None) -> Msg:
    """"not on deck" / "not on the tiles reader": the reader a piece should not have gone on."""
    if role_named(name, role):
        return msg("not on the {reader}", reader=role_words(role))
    return msg("not on {reader}", reader=shown_name(name))


def shown_name(name: str) -> Msg | str:
    """A reader's name as the table reads it: a name the companion gives itself (the shipped
    config's ``cards`` and ``tiles``, a table script's ``table``) in the table's words
    ("carte", "tessere", "tavolo": issue 29, an Italian screen said "sul lettore table"); a
    name the owner chose stays as entered."""
    if name == "table":
        return msg("table")
    if name == "cards":
        return msg("cards")
    if name == "tiles":
        return msg("tiles")
    return name


def owner_named(names, role: str) -> str:
    """" (deck, left)": the readers of ``role`` the owner named, for after the role's words."""
    named = [name for name in sorted(names) if not role_named(name, role)]
    return f" ({', '.join(named)})" if named else ""
