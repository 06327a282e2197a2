"""CLUE: IT components: Rumor cards, Intrigue cards, the dice and the board's places.

Sources: clue-kids-of-derry.txt "Components" (7 Kid Movers, 22 Rumor Cards, 23 Intrigue
Cards, 6 Items, 2 Dice; "4 corner Locations" with Secret Passages; the centre) and
notes.md 1.3. Names are the confirmed ones from notes.md 1.3; every other name is a
placeholder ("Kid 3", "Item 2", "Location 5"): the notes mark them UNKNOWN or INFERRED.

Component ids are ``clue_it:<kind>:<card>`` with kind ``kid``, ``item``, ``location`` (the
three Rumor piles) or ``intrigue``; ``<card>`` is the name's slug (``mike-hanlon``).
"""

from __future__ import annotations

from functools import cache

from companion.i18n import Msg, msg, named, stand_in

GAME_ID = "clue_it"


def slug(name: str) -> str:
    """A card name as an id: ``"Jack-in-the-Box"`` -> ``"jack-in-the-box"``."""
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


#: Kids: Mike Hanlon (rulebook) and Bill Denbrough (press text) are confirmed; notes.md 1.3
#: lists the rest of the Losers' Club only as INFERRED, so they are placeholders here.
KID_NAMES: tuple[str, ...] = ("Mike Hanlon", "Bill Denbrough", "Kid 3", "Kid 4", "Kid 5", "Kid 6", "Kid 7")

#: Items: only the Jack-in-the-Box is confirmed (rulebook "Make an Accusation").
ITEM_NAMES: tuple[str, ...] = ("Jack-in-the-Box", "Item 2", "Item 3", "Item 4", "Item 5", "Item 6")

#: Locations: four confirmed (rulebook; syfy.com, comicbook.com via notes.md 1.3), five placeholders.
LOCATION_NAMES: tuple[str, ...] = (
    "Derry Back Alley", "House on Neibolt Street", "The Synagogue", "Derry Public Library",
    "Location 5", "Location 6", "Location 7", "Location 8", "Location 9",
)

KIDS = tuple(slug(n) for n in KID_NAMES)
ITEMS = tuple(slug(n) for n in ITEM_NAMES)
LOCATIONS = tuple(slug(n) for n in LOCATION_NAMES)

#: The three Rumor piles in the order they are sealed ("Distribute Cards").
PILES: tuple[str, ...] = ("kid", "item", "location")
PILE_CARDS: dict[str, tuple[str, ...]] = {"kid": KIDS, "item": ITEMS, "location": LOCATIONS}

#: A card laid face-down in the sealing row that the companion did not read (touched on the
#: screen, no tag tapped): it stands for no card, so nothing shown can tell which it is.
UNREAD = "face-down"

#: 22 Rumor cards, 3 go into the envelope, the other 19 are dealt ("Distribute Cards").
RUMOR_COUNT = 22
ENVELOPE_COUNT = 3

#: Secret passages between the "4 corner Locations" ("Use a Secret Passage"). Which four
#: locations are the corners is UNKNOWN (notes.md 1.3): placeholders, paired across the board.
SECRET_PASSAGES: dict[str, str] = {
    "location-5": "location-7", "location-7": "location-5",
    "location-6": "location-8", "location-8": "location-6",
}

#: Where a mover or item token may stand besides a location.
CENTRE = "centre"
CORRIDOR = "corridor"

#: Faces of each of the 2 dice. The rulebook only says a face shows a Question Mark; the
#: layout is UNKNOWN (notes.md 4.3). INFERRED: the "?" takes the place of the 1.
QUESTION = "?"
DIE_FACES: tuple[str, ...] = (QUESTION, "2", "3", "4", "5", "6")

#: The Intrigue deck: 23 cards ("Components"). Only the Red Balloons are named anywhere
#: (press text, notes.md 1.3); their number and the other cards are UNKNOWN. INFERRED, as
#: in Clue: Discover the Secrets (8 clocks): 8 Red Balloons, the 8th drawn one ends it
#: (house rule ``balloon_rule``); placeholders for 9 kept cards and 6 "Play Immediately".
RED_BALLOON = "red-balloon"
BALLOONS = 8
KEEPERS: tuple[str, ...] = tuple(f"keeper-{i}" for i in range(1, 10))
IMMEDIATES: tuple[str, ...] = tuple(f"immediate-{i}" for i in range(1, 7))
INTRIGUE_COUNT = 23


def intrigue_deck() -> tuple[str, ...]:
    """The 23 Intrigue cards, sorted: 8 × ``red-balloon``, ``keeper-1``…``keeper-9``,
    ``immediate-1``…``immediate-6`` (placeholders, see :data:`BALLOONS`)."""
    return tuple(sorted((RED_BALLOON,) * BALLOONS + KEEPERS + IMMEDIATES))


def intrigue_kinds() -> tuple[str, ...]:
    """Each distinct Intrigue card once, in a stable order."""
    return (RED_BALLOON,) + KEEPERS + IMMEDIATES


def pile_of(card: str) -> str:
    """Which Rumor pile ``card`` belongs to (``"kid"``, ``"item"``, ``"location"``).

    Raises:
        KeyError: not a Rumor card.
    """
    for pile, cards in PILE_CARDS.items():
        if card in cards:
            return pile
    raise KeyError(card)


#: Printed names as messages (the Italian table reads them in Italian); a placeholder's
#: number is a parameter ("Kid 3" -> "Ragazzo 3"). A place has the definite article its
#: Italian name takes (:func:`~companion.i18n.named`), so a sentence says "Ada è nel Vicolo
#: di Derry", "verso la Sinagoga" (issue 29); the centre is "il centro" but "al centro" where
#: a place takes "nel" ("Ada è al centro"); a corridor is "un corridoio", said bare. A name the
#: owner entered has no article: the sentences give it a lead ("nel luogo Vicolo Vecchio").
_NAMES: dict[str, Msg] = {
    "mike-hanlon": msg("Mike Hanlon"),
    "bill-denbrough": msg("Bill Denbrough"),
    "jack-in-the-box": msg("Jack-in-the-Box"),
    "derry-back-alley": named(msg("Derry Back Alley"), it="il"),  # il Vicolo di Derry
    "house-on-neibolt-street": named(msg("House on Neibolt Street"), it="la"),  # la Casa di Neibolt Street
    "the-synagogue": named(msg("The Synagogue"), it="la"),  # la Sinagoga
    "derry-public-library": named(msg("Derry Public Library"), it="la"),  # la Biblioteca Pubblica di Derry
    RED_BALLOON: msg("Red Balloon"),
    CENTRE: named(msg("the centre"), it="il", it_nel="al"),  # il centro; "al centro", not "nel centro"
    CORRIDOR: named(msg("a corridor"), it=""),  # said bare: "in un corridoio"
}

#: The article of a location stand-in's Italian name, "il Luogo 5".
_LOCATION_ARTICLES = {"it": "il"}


@cache  # about 4 an action (every prompt naming cards, every news line): each name made once
def card_name(card: str) -> str:
    """A Rumor card's printed name (``mike-hanlon`` -> "Mike Hanlon"), or an Intrigue
    card's label (``keeper-3`` -> "Intrigue card 3 (to keep)"), as a translatable message
    (:func:`companion.i18n.msg`; a Kid, Item or Location the rulebook does not name is a
    :class:`~companion.i18n.StandIn`, "Kid 3"); an unknown id comes back as it is."""
    if card in _NAMES:
        return _NAMES[card]
    kind, _, number = card.rpartition("-")
    if kind == "kid" and card in KIDS:
        return stand_in(msg("Kid {number}", number=int(number)), int(number), it="il")  # "il Personaggio 3"
    if kind == "item" and card in ITEMS:
        return stand_in(msg("Item {number}", number=int(number)), int(number))
    if kind == "location" and card in LOCATIONS:
        return stand_in(msg("Location {number}", number=int(number)), int(number), **_LOCATION_ARTICLES)
    # Not printed anywhere: the card's number and what the rulebook says of it ("Play
    # Immediately", or kept), in the players' words (issue 29: "Keeper 4" was ours)
    if kind == "keeper":
        return msg("Intrigue card {number} (to keep)", number=int(number))
    if kind == "immediate":
        return msg("Intrigue card {number} (Play Immediately)", number=int(number))
    return card


def rumor_component(card: str) -> str:
    """Component id of a Rumor card: ``clue_it:kid:mike-hanlon``."""
    return f"{GAME_ID}:{pile_of(card)}:{card}"


def intrigue_component(card: str) -> str:
    """Component id of an Intrigue card: ``clue_it:intrigue:red-balloon``."""
    return f"{GAME_ID}:intrigue:{card}"


def all_components() -> frozenset[str]:
    """Every component a tag may stand for: 22 Rumor cards and the Intrigue card kinds."""
    rumors = {rumor_component(c) for c in KIDS + ITEMS + LOCATIONS}
    return frozenset(rumors | {intrigue_component(c) for c in intrigue_kinds()})


_RUMOR_CARD = {"kid": msg("A kid Rumor card"), "item": msg("An item Rumor card"),
               "location": msg("A location Rumor card")}


def component_label(component: str) -> str:
    """A component id as the shared screen may say it.

    A Rumor card is never named ("a kid Rumor card"): a tap can be of a face-down card
    (sealing the envelope) or of a card in a hand, and the session puts this label in
    messages for the whole table. Intrigue cards are named.
    """
    parts = component.split(":")
    if len(parts) == 3 and parts[0] == GAME_ID:
        if parts[1] in PILES:
            return _RUMOR_CARD[parts[1]]
        if parts[1] == "intrigue":
            return card_name(parts[2])
    return component


def deal(players: int) -> tuple[int, int]:
    """Cards per player and cards left over ("Distribute Cards": the 19 cards not in the
    envelope are dealt so everyone has an equal number; the rest are left over).

    Args:
        players: 2 to 7.

    Returns:
        ``(each, leftover)``, e.g. ``deal(4) == (4, 3)``.
    """
    dealt = RUMOR_COUNT - ENVELOPE_COUNT
    return dealt // players, dealt % players
