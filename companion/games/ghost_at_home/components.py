"""Ghost at Home components: the 53 cards and the houses.

Source: ``haunted-house-escape.it.txt`` "Carte" (46 basic cards: 12 primo piano, 10 secondo
piano, 10 terzo piano, 8 fantasma, 6 gatto; 7 special cards: 1 buca nello spazio temporale,
1 lampadina, 1 cibo per gatti, 1 ascensore, 1 fulmine, 2 jolly della stanza) and "Inizio del
round" (a house of 3 dark floor cards and a roof card each); notes.md 1.2 (the artwork of a
room card does not matter, only its floor; bulb icons per card are UNKNOWN).

Component ids are ``ghost_at_home:<kind>:<name>``: ``room`` (``first-floor``,
``second-floor``, ``third-floor``), ``ghost:ghost``, ``cat:cat`` and ``special:<card>``.
Copies of a card share one id (their artwork differs, their rules do not), so a tap of any
first-floor room card is ``ghost_at_home:room:first-floor``. Their light bulbs may differ
too: each copy is enrolled as its own *piece* ``ghost_at_home:room:first-floor#3`` (copy 3
of 12, :mod:`companion.games.ghost_at_home.content`), so a tap of it also says which copy.
"""

from __future__ import annotations

from companion.i18n import Msg, Name, msg, named

GAME_ID = "ghost_at_home"

#: Floors of a house, bottom to top, and room spaces per floor (left, right).
FLOORS = 3
ROOMS_PER_FLOOR = 2

#: Cards dealt to each player and the hand a player refills to ("Inizio del round", "Fine del turno").
HAND = 3

FIRST, SECOND, THIRD = "first-floor", "second-floor", "third-floor"
GHOST, CAT = "ghost", "cat"
HOLE, BULB, FOOD, ELEVATOR, LIGHTNING, WILD = (
    "time-space-hole", "light-bulb", "cat-food", "elevator", "lightning", "room-wild-card")

#: Card name -> copies in the deck ("Carte"): 46 basic + 7 special = 53.
DECK: dict[str, int] = {
    FIRST: 12, SECOND: 10, THIRD: 10, GHOST: 8, CAT: 6,
    HOLE: 1, BULB: 1, FOOD: 1, ELEVATOR: 1, LIGHTNING: 1, WILD: 2,
}
DECK_SIZE = sum(DECK.values())

#: Room cards by the floor (1–3) they fill ("conta solo il pavimento della carta").
ROOM_FLOOR: dict[str, int] = {FIRST: 1, SECOND: 2, THIRD: 3}

#: The special cards ("Gioca una carta speciale").
SPECIALS: tuple[str, ...] = (HOLE, BULB, FOOD, ELEVATOR, LIGHTNING, WILD)

#: Component kind of each card.
KIND: dict[str, str] = {FIRST: "room", SECOND: "room", THIRD: "room", GHOST: "ghost", CAT: "cat",
                        **{card: "special" for card in SPECIALS}}

#: Bulb icons per card name, where every copy shows the same number; None: UNKNOWN (notes.md
#: 1.2: the per-card counts are not public). The owner of a set enters what each of their
#: cards shows (card data, per copy: :mod:`companion.games.ghost_at_home.content`); for a
#: card without an entry the table confirms a light's cost (house rule ``light_check``) or
#: enters the count of each card it discards.
BULBS: dict[str, int | None] = {card: None for card in DECK}


#: Card names as players say them (messages: the Italian rulebook's words in Italian), each
#: with the article a sentence may ask for (:class:`~companion.i18n.Name`: "Gioca il Fulmine").
CARD_NAMES: dict[str, Msg | Name] = {
    FIRST: named(msg("first-floor room card"), it="la"),
    SECOND: named(msg("second-floor room card"), it="la"),
    THIRD: named(msg("third-floor room card"), it="la"),
    GHOST: named(msg("ghost card"), it="la"),
    CAT: named(msg("cat card"), it="la"),
    HOLE: named(msg("Time-Space Hole"), it="il"),
    BULB: named(msg("Light Bulb"), it="la"),
    FOOD: named(msg("Cat Food"), it="il"),
    ELEVATOR: named(msg("Elevator"), it="l'"),
    LIGHTNING: named(msg("Lightning"), it="il"),
    WILD: named(msg("Room Wild Card"), it="il"),
}

#: Each card with its article, at the start of a sentence ("Il Fulmine", "La carta gatto"):
#: Italian articles differ by card (issue 19 "Articles and genders in refusals").
THE_CARD: dict[str, Msg] = {
    FIRST: msg("The first-floor room card"),
    SECOND: msg("The second-floor room card"),
    THIRD: msg("The third-floor room card"),
    GHOST: msg("The ghost card"),
    CAT: msg("The cat card"),
    HOLE: msg("The Time-Space Hole"),
    BULB: msg("The Light Bulb"),
    FOOD: msg("The Cat Food"),
    ELEVATOR: msg("The Elevator"),
    LIGHTNING: msg("The Lightning"),
    WILD: msg("The Room Wild Card"),
}

#: Each card on a button (a choice: "Ghost card" beside "Room A", screen20b): a capital
#: like every other button; the printed names already start with one.
CARD_LABELS: dict[str, Msg | Name] = {
    **CARD_NAMES,
    FIRST: msg("First-floor room card"),
    SECOND: msg("Second-floor room card"),
    THIRD: msg("Third-floor room card"),
    GHOST: msg("Ghost card"),
    CAT: msg("Cat card"),
}

#: Floors 1–3 as players say them.
FLOOR_NAMES: dict[int, Msg] = {1: msg("first floor"), 2: msg("second floor"), 3: msg("third floor")}

#: Floors 1–3 on a button.
FLOOR_LABELS: dict[int, Msg] = {1: msg("First floor"), 2: msg("Second floor"), 3: msg("Third floor")}


def card_name(card: str) -> Msg | Name:
    """A card as players name it: ``first-floor`` -> "first-floor room card" ("carta stanza
    del primo piano")."""
    return CARD_NAMES[card]


def card_label(card: str) -> Msg | Name:
    """A card on a button: ``ghost`` -> "Ghost card" ("Carta fantasma")."""
    return CARD_LABELS[card]


def floor_name(floor: int) -> Msg:
    """Floor 1–3 inside a sentence: "first floor" ("primo piano"; sentences add the article)."""
    return FLOOR_NAMES[floor]


def floor_label(floor: int) -> Msg:
    """Floor 1–3 on a button: "First floor" ("Primo piano")."""
    return FLOOR_LABELS[floor]


def component(card: str) -> str:
    """Component id of a card: ``ghost_at_home:room:first-floor``, ``ghost_at_home:special:elevator``."""
    return f"{GAME_ID}:{KIND[card]}:{card}"


def card_of(component_id: str) -> str | None:
    """The card name of a component id (``ghost_at_home:room:first-floor`` -> ``first-floor``),
    or None for anything else."""
    parts = component_id.split(":")
    if len(parts) == 3 and parts[0] == GAME_ID and parts[2] in DECK and KIND[parts[2]] == parts[1]:
        return parts[2]
    return None


def piece(card: str, copy: int | None) -> str | None:
    """The id a card's printed data is entered under: copy ``copy`` (1-based) of a card that
    comes in several copies (``ghost_at_home:room:first-floor#3``), the component id of a
    single card; None when it is not known which copy it is."""
    if DECK[card] == 1:
        return component(card)
    return f"{component(card)}#{copy}" if copy else None


def all_components() -> frozenset[str]:
    """Every Ghost at Home component a tag may stand for (one id per card name)."""
    return frozenset(component(card) for card in DECK)


def pieces() -> tuple[str, ...]:
    """The tagged cards in the box, one per copy (53), in "Carte" order."""
    return tuple(component(card) for card, copies in DECK.items() for _ in range(copies))


def component_label(component_id: str) -> str:
    """A component id as players say it; unknown shapes come back unchanged."""
    parts = component_id.split(":")
    if len(parts) == 3 and parts[0] == GAME_ID and parts[2] in DECK and KIND[parts[2]] == parts[1]:
        return card_name(parts[2])
    return component_id
