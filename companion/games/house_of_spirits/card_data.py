"""House of Spirits card data: the 72 cards, with the numbers the rulebook prints.

Sources: house-of-spirits.txt "Components Included" (72 cards by type) and its worked
examples; notes.md 1.4: **no public card list exists**. Only these numbers are printed in
the rulebook and are marked ``source="rulebook"``:

* Kraig Quartzheim: investigation 3 ("Investigation" example).
* Olivia: attack 2, defence 3, may re-roll attacks ("Combat Example").
* Library: 2 skulls ("Exploring" example). Vestibule: no skulls ("Exploring").
* Garage: room modifier ±2; a room plot card lists the Garage as 3 ("Playing Plot Cards").
* broken mirror +1 and flashlight +2 investigation; wooden stake +1 attack, +3 against a
  vampire; Ancient Tome is a plot item needing a 4, ±2 in the Library, ±1 elsewhere.
* vampire: attack 3, defence 2 ("Combat Example").
* a plot card with investigation score 5 ("Investigation" example).

Every other number, and every card whose name is not printed, is a **placeholder**
(``source="placeholder"``): a clearly named stand-in (``room-07``, ``item-12``,
``monster-04``) with a plausible number the table replaces with the printed one when it
enrolls its cards. :func:`validate` checks the counts by type (72 cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.engine.frozen import derived
from companion.i18n import Msg, Name, msg, named, stand_in

#: Cards per type ("Components Included": 72 cards).
COUNTS: Mapping[str, int] = {
    "character": 6, "room": 15, "plot": 7, "secret": 7, "monster": 10, "item": 22,
    "event": 4, "first-player": 1,
}

RULEBOOK = "rulebook"
PLACEHOLDER = "placeholder"
ENTERED = "entered"  # the table entered what its own copy of the card shows (:mod:`.content`)


#: The stand-in names of the cards the rulebook does not name, by kind, from the number in
#: their id (``item-05``): what the table sees until it enters the printed name.
#: No "(placeholder)" mark in what is said (issue 29 item 9); the card data keeps it
#: (:data:`_DATA_NAMES`: the stored name of a card nobody entered). Each is a
#: :class:`~companion.i18n.StandIn`: the state lists it with its number (issue 27 item 3).
STAND_INS = {
    "character": lambda n: stand_in(msg("Character {n}", n=n), n, it="il"),
    # said as a name in English: "enters Room 5", not "the Room 5" (fresh17); "the Library" keeps it
    "room": lambda n: stand_in(msg("Room {n}", n=n), n, it="la", en=""),
    "plot": lambda n: stand_in(msg("Plot card {n}", n=n), n, it="la"),
    "secret": lambda n: stand_in(msg("Secret victory card {n}", n=n), n, it="la"),
    "monster": lambda n: stand_in(msg("Monster {n}", n=n), n, it="il"),
    "item": lambda n: stand_in(msg("Item {n}", n=n), n, it="l'"),
    "event": lambda n: stand_in(msg("Event {n}", n=n), n, it="l'"),
}

#: The name the card data gives a stand-in, by kind (what :data:`STAND_INS` words).
_DATA_NAMES = {
    "character": "Character {n} (placeholder)", "room": "Room {n} (placeholder)",
    "plot": "Plot card {n} (placeholder)", "secret": "Secret victory condition {n}",
    "monster": "Monster {n} (placeholder)", "item": "Item {n} (placeholder)", "event": "Event {n} (placeholder)",
}


@dataclass(frozen=True)
class Card:
    """One card.

    Attributes:
        id: stable slug, unique among all 72 cards (``flashlight``, ``room-07``).
        kind: ``character``, ``room``, ``plot``, ``secret``, ``monster``, ``item``,
            ``event`` or ``first-player``.
        name: the printed name (a placeholder's says so: "Item 12 (placeholder)").
        source: ``"rulebook"`` when every number used here is printed in the rulebook,
            ``"placeholder"`` when some number is a stand-in to be entered from the card,
            ``"entered"`` when the table entered the card's data (:mod:`.content`).
        attack, defence, investigation: the sword, shield and magnifying-glass numbers
            (for items: the bonus they give).
        health: hearts of a character or monster.
        heal: wounds an item heals (0 for a non-healing item).
        vs: attack against one monster card (and every monster card of the same name), e.g.
            ``{"vampire": 3}``: it replaces ``attack`` ("Combat Example").
        skulls, modifier: a room's skulls and its ± plot-roll modifier.
        plot_modifier: a plot item's ± modifier per room id; key ``"*"`` for other rooms.
        plot_score: a plot card's hidden investigation score.
        rooms, items: a plot card's targets (room or item id -> the number to roll).
        ability: a character's special ability (``"reroll-attack"``), or "".
    """

    id: str
    kind: str
    name: str
    source: str = PLACEHOLDER
    attack: int = 0
    defence: int = 0
    investigation: int = 0
    health: int = 0
    heal: int = 0
    vs: Mapping[str, int] = field(default_factory=dict)
    skulls: int = 0
    modifier: int = 0
    plot_modifier: Mapping[str, int] = field(default_factory=dict)
    plot_score: int = 0
    rooms: Mapping[str, int] = field(default_factory=dict)
    items: Mapping[str, int] = field(default_factory=dict)
    ability: str = ""

    @derived  # every prompt that lists the card says it
    def said(self) -> Msg | str:
        """The name as the companion says it: the rooms, items and monster the rulebook names
        (:data:`RULEBOOK_ROOMS`, :data:`RULEBOOK_CARDS`; issue 26: the set-up said "Vestibolo",
        the board and news "Vestibule"; issue 29: the board read "Library", "flashlight") in
        the table's language, with their articles (:class:`~companion.i18n.Name`);
        so are the stand-ins of cards whose name is not printed ("Character 4");
        every other name as printed or entered (docs/glossary-it.md)."""
        printed = RULEBOOK_ROOMS.get(self.id) or RULEBOOK_CARDS.get(self.id)
        if printed is not None and self.name.casefold() == printed[0].casefold():
            return printed[1]
        number = self.id.rsplit("-", 1)[-1]
        stand_in = STAND_INS.get(self.kind)
        if stand_in is not None and number.isdigit() and _DATA_NAMES[self.kind].format(n=int(number)) == self.name:
            return stand_in(int(number))  # the companion's stand-in, not yet entered: "Personaggio 4"
        return self.name

    @property
    def stand_in(self) -> bool:
        """True while the card's name is the companion's stand-in (nobody entered it)."""
        number = self.id.rsplit("-", 1)[-1]
        return self.kind in _DATA_NAMES and number.isdigit() and (
            _DATA_NAMES[self.kind].format(n=int(number)) == self.name)

    @property
    def placeholder(self) -> bool:
        """True when some number of this card is a stand-in (notes.md 1.4)."""
        return self.source == PLACEHOLDER


def _characters() -> list[Card]:
    cards = [
        # investigation 3 is printed ("Investigation" example); the rest are stand-ins.
        Card("kraig-quartzheim", "character", "Kraig Quartzheim", PLACEHOLDER,
             attack=2, defence=2, investigation=3, health=4),
        # attack 2 and defence 3 and the attack re-roll are printed ("Combat Example").
        Card("olivia", "character", "Olivia", PLACEHOLDER,
             attack=2, defence=3, investigation=2, health=4, ability="reroll-attack"),
        Card("rudolph", "character", "Rudolph", PLACEHOLDER,
             attack=3, defence=2, investigation=2, health=4),
    ]
    stats = [(3, 3, 1, 5), (2, 2, 3, 3), (3, 1, 2, 4)]
    for number, (attack, defence, investigation, health) in enumerate(stats, start=4):
        cards.append(Card(f"character-{number}", "character", f"Character {number} (placeholder)",
                          attack=attack, defence=defence, investigation=investigation, health=health))
    return cards


#: The rooms the rulebook names ("Exploring", "Playing Plot Cards"), said in the table's
#: language while the table has not entered another name for them (the Italian screen read
#: "Library": docs/glossary-it.md), with the article each takes: card id -> (the name as
#: printed, the name said).
RULEBOOK_ROOMS: dict[str, tuple[str, Msg | Name]] = {
    "vestibule": ("Vestibule", named(msg("Vestibule"), it="il")),
    "library": ("Library", named(msg("Library"), it="la")),
    "garage": ("Garage", named(msg("Garage"), it="il")),
    "attic": ("Attic", named(msg("Attic"), it="la")),
}

#: The items and the monster the rulebook names ("Investigation", "Combat Example": the
#: broken mirror, the flashlight, the wooden stake, the Ancient Tome, the vampire), said in
#: the table's language and capitalised as a card's name, in both languages, as the rulebook
#: names a card ("the Ancient Tome card") and its rooms (issue 29: the Italian screen read
#: "broken mirror", "flashlight"; then English prompts said "the flashlight" beside "the
#: Ancient Tome" and "Item 5"). The first of each pair is the data's printed name, as the card
#: prints it (the card data form's name field; newcomer19: the desk showed "broken mirror",
#: the rulebook's running text, beside "Ancient Tome"); a name entered as the older data's
#: lower case ("flashlight") is still this card's name.
RULEBOOK_CARDS: dict[str, tuple[str, Msg | Name]] = {
    "broken-mirror": ("Broken Mirror", named(msg("Broken Mirror"), it="lo")),
    "flashlight": ("Flashlight", named(msg("Flashlight"), it="la")),
    "wooden-stake": ("Wooden Stake", named(msg("Wooden Stake"), it="il")),
    "ancient-tome": ("Ancient Tome", named(msg("Ancient Tome"), it="il")),
    "vampire": ("Vampire", named(msg("Vampire"), it="il")),
}


def _rooms() -> list[Card]:
    cards = [
        Card("vestibule", "room", "Vestibule", RULEBOOK, skulls=0, modifier=0),
        Card("library", "room", "Library", PLACEHOLDER, skulls=2, modifier=1),
        Card("garage", "room", "Garage", PLACEHOLDER, skulls=1, modifier=2),
        Card("attic", "room", "Attic", PLACEHOLDER, skulls=3, modifier=1),
    ]
    skulls = (1, 2, 3, 1, 2, 3, 1, 2, 3, 2, 1)
    for number, skull in enumerate(skulls, start=5):
        cards.append(Card(f"room-{number:02d}", "room", f"Room {number} (placeholder)",
                          skulls=skull, modifier=1 + number % 2))
    return cards


def _plots() -> list[Card]:
    scores = (6, 5, 4, 5, 6, 7, 5)
    cards = []
    for number, score in enumerate(scores, start=1):
        rooms: dict[str, int] = {}
        items: dict[str, int] = {}
        if number == 3:  # a room plot listing the Garage as 3 ("Playing Plot Cards")
            rooms = {"garage": 3, "library": 1, "attic": 5, "room-05": 2, "room-06": 4, "room-07": 6}
        elif number == 5:  # an item plot where the Ancient Tome needs a 4
            items = {"ancient-tome": 4, "item-21": 2, "item-22": 6}
        cards.append(Card(f"plot-{number}", "plot", f"Plot card {number} (placeholder)",
                          plot_score=score, rooms=rooms, items=items))
    return cards


def _monsters() -> list[Card]:
    cards = [Card("vampire", "monster", "Vampire", PLACEHOLDER, attack=3, defence=2, health=2)]
    stats = [(2, 1, 1), (2, 2, 2), (3, 1, 2), (1, 2, 1), (3, 3, 3), (2, 1, 2), (4, 2, 2), (1, 1, 1),
             (3, 2, 3)]
    for number, (attack, defence, health) in enumerate(stats, start=2):
        cards.append(Card(f"monster-{number:02d}", "monster", f"Monster {number} (placeholder)",
                          attack=attack, defence=defence, health=health))
    return cards


def _items() -> list[Card]:
    cards = [
        Card("broken-mirror", "item", "Broken Mirror", RULEBOOK, investigation=1),
        Card("flashlight", "item", "Flashlight", RULEBOOK, investigation=2),
        Card("wooden-stake", "item", "Wooden Stake", RULEBOOK, attack=1, vs={"vampire": 3}),
        Card("ancient-tome", "item", "Ancient Tome", RULEBOOK,
             plot_modifier={"library": 2, "*": 1}),
    ]
    stand_ins = [
        dict(attack=1), dict(attack=2), dict(attack=1), dict(attack=2), dict(attack=1, defence=1),
        dict(defence=1), dict(defence=2), dict(defence=1), dict(defence=2),
        dict(heal=1), dict(heal=2), dict(heal=1), dict(heal=2),
        dict(investigation=1), dict(investigation=2), dict(investigation=1),
        dict(plot_modifier={"*": 1}), dict(plot_modifier={"*": 1}),
    ]
    for number, stats in enumerate(stand_ins, start=5):
        cards.append(Card(f"item-{number:02d}", "item", f"Item {number} (placeholder)", **stats))
    return cards


def _others() -> list[Card]:
    cards = [Card(f"secret-{n}", "secret", f"Secret victory condition {n}") for n in range(1, 8)]
    cards += [Card(f"event-{n}", "event", f"Event {n} (placeholder)") for n in range(1, 5)]
    cards.append(Card("first-player", "first-player", "First Player card", RULEBOOK))
    return cards


def default_cards() -> tuple[Card, ...]:
    """The 72 cards shipped with the companion (rulebook numbers plus placeholders)."""
    return tuple(_characters() + _rooms() + _plots() + _monsters() + _items() + _others())


def validate(cards: tuple[Card, ...]) -> None:
    """Check a card list: unique ids, known kinds, 72 cards by type, consistent targets.

    Raises:
        ValueError: naming the first problem (a duplicate id, a wrong count, a plot target
            that is not a room or item of the list, a Vestibule that is missing).
    """
    ids = Counter(card.id for card in cards)
    doubled = [card for card, n in ids.items() if n > 1]
    if doubled:
        raise ValueError(f"card id {doubled[0]!r} is used twice")
    kinds = Counter(card.kind for card in cards)
    for kind, count in COUNTS.items():
        if kinds.get(kind, 0) != count:
            raise ValueError(f"House of Spirits has {count} {kind} cards, this list has {kinds.get(kind, 0)}")
    unknown = set(kinds) - set(COUNTS)
    if unknown:
        raise ValueError(f"unknown card type {sorted(unknown)[0]!r}")
    by_id = {card.id: card for card in cards}
    if by_id.get("vestibule", Card("", "", "")).kind != "room":
        raise ValueError("the room deck needs the Vestibule (the starting room)")
    for card in cards:
        for room in card.rooms:
            if by_id.get(room, Card("", "", "")).kind != "room":
                raise ValueError(f"{card.name} lists {room!r}, which is not a room card")
        for item in card.items:
            if by_id.get(item, Card("", "", "")).kind != "item":
                raise ValueError(f"{card.name} lists {item!r}, which is not an item card")
