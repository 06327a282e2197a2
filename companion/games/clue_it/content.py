"""CLUE: IT's printed data the owner enters: the Rumor cards' names and which corner
Locations the secret passages join (issue 19 "CLUE: IT card names").

The rulebook names one kid (Mike Hanlon), one item (the Jack-in-the-Box) and one location
(Derry Back Alley); notes.md 1.3 confirms Bill Denbrough and three more locations (House on
Neibolt Street, the Synagogue, Derry Public Library). Those are the forms' defaults; every
other name is a placeholder ("Kid 3", "Item 2", "Location 5") until the owner enters what
the card says. Which four locations are the corners with secret passages ("If you're in a
Location with a Secret Passage (4 corner Locations), you may use it to move to the
connected Location") is UNKNOWN: the default pairs (:data:`~components.SECRET_PASSAGES`:
Location 5 with 7, 6 with 8) are placeholders, and every location's form says whether a passage leaves it and to where.

Rules over the table's whole data (:func:`check_table`): no two Rumor cards share a name (the
screen tells them apart by name), and the passages join exactly two pairs of four different
locations, each passage entered at both of its ends.

Component ids do not change with the names (``clue_it:kid:kid-3`` stays the id of the card
entered as "Beverly Marsh"), so tags, scripts and snapshots keep working.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.content import ContentError, ContentField, ContentSpec
from companion.games.clue_it import components as ci
from companion.i18n import StandIn, msg

#: The value of the passage field of a location without a secret passage.
NO_PASSAGE = "none"

#: Names printed in the rulebook or confirmed by notes.md 1.3 (not placeholders).
CONFIRMED: frozenset[str] = frozenset({
    "mike-hanlon", "bill-denbrough", "jack-in-the-box", "derry-back-alley",
    "house-on-neibolt-street", "the-synagogue", "derry-public-library"})

#: How many locations have a secret passage ("4 corner Locations").
CORNERS = 4

_NAME = ContentField("name", msg("Name printed on the card"), "text",
                     help=msg("As the Rumor card says it; the screen shows this name."))
_PASSAGE = ContentField(
    "passage", msg("Secret passage to"), "choice", values=(NO_PASSAGE,) + ci.LOCATIONS,
    # the locations' printed names, public (never the Rumor cards' component labels, which
    # hide which card a tag is)
    labels=(msg("none"),) + tuple(ci.card_name(loc) for loc in ci.LOCATIONS),
    help=msg("The location this corner's secret passage leads to, or none; enter it at both ends."))


def card_of(component: str) -> tuple[str, str] | None:
    """``(pile, card)`` of a Rumor card's component id, or None."""
    game, _, rest = component.partition(":")
    pile, _, card = rest.partition(":")
    if game != ci.GAME_ID or pile not in ci.PILES or card not in ci.PILE_CARDS[pile]:
        return None
    return pile, card


def _fields(component: str) -> tuple[ContentField, ...]:
    found = card_of(component)
    if found is None:
        return ()
    return (_NAME, _PASSAGE) if found[0] == "location" else (_NAME,)


def default_passage(card: str) -> str:
    """The content file's passage from location ``card`` (a placeholder), or ``none``."""
    return ci.SECRET_PASSAGES.get(card, NO_PASSAGE)


def _printed(component: str) -> Mapping[str, Any]:
    found = card_of(component)
    if found is None:
        return {}
    pile, card = found
    name = str(ci.card_name(card))
    return {"name": name, "passage": default_passage(card)} if pile == "location" else {"name": name}


def _said(component: str) -> Mapping[str, Any]:
    """A Kid's, Item's or Location's name the companion made ("Kid 3"), as the forms say it
    (words20: "Personaggio 3" on the Italian desk); a name the rulebook prints is as it is."""
    found = card_of(component)
    name = ci.card_name(found[1]) if found is not None else None
    return {"name": name} if isinstance(name, StandIn) else {}


def _placeholder(component: str) -> bool:
    """A name not confirmed, or a location (which corners have passages is UNKNOWN)."""
    found = card_of(component)
    return found is not None and (found[0] == "location" or found[1] not in CONFIRMED)


def check_table(content: Mapping[str, Mapping[str, Any]]) -> None:
    """The whole table's data: names unique, passages two pairs entered at both ends.

    Raises:
        ContentError: two cards with one name; a passage to itself or entered at one end
            only; not exactly four corner locations.
    """
    names: dict[str, str] = {}
    for component, entry in content.items():
        name = str(entry.get("name", "")).casefold()
        if name in names:
            raise ContentError(f"{names[name]} and {component} have the same name {entry['name']!r}: "
                               "the screen tells the cards apart by name")
        names[name] = component
    passages = passages_of(content)
    for card, target in passages.items():
        if target == card:
            raise ContentError(f"the secret passage of {card} leads to itself")
        if passages.get(target) != card:
            raise ContentError(f"the secret passage from {card} to {target} must be entered at "
                               f"{target} too (passage {card})")
    if len(passages) != CORNERS:
        raise ContentError(f"{len(passages)} locations have a secret passage; the board has "
                           f"{CORNERS} corner locations, joined in two pairs")


def passages_of(content: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Location id -> the location its secret passage leads to, from whole-table data."""
    out = {}
    for component, entry in content.items():
        found = card_of(component)
        if found and found[0] == "location" and entry.get("passage", NO_PASSAGE) != NO_PASSAGE:
            out[found[1]] = entry["passage"]
    return out


CONTENT = ContentSpec(fields=_fields, printed=_printed, placeholder=_placeholder, check=check_table, said=_said)


def names_entered(content: Mapping[str, Mapping[str, Any]] | None) -> tuple[tuple[str, str], ...]:
    """The table's entered names (a header's ``content``, already checked) as sorted
    ``(card, name)`` pairs, for the state."""
    pairs = []
    for component, entry in (content or {}).items():
        found = card_of(component)
        if found and isinstance(entry.get("name"), str):
            pairs.append((found[1], entry["name"]))
    return tuple(sorted(pairs))


def passages_entered(content: Mapping[str, Mapping[str, Any]] | None) -> tuple[tuple[str, str], ...]:
    """Every secret passage as sorted ``(from, to)`` pairs, both directions: the table's
    entries over the content file's (placeholder) pairs."""
    whole = {ci.rumor_component(card): {"passage": default_passage(card)} for card in ci.LOCATIONS}
    for component, entry in (content or {}).items():
        if card_of(component) and "passage" in entry:
            whole[component] = {"passage": entry["passage"]}
    return tuple(sorted(passages_of(whole).items()))
