"""Creepy Cellar components: rooms, decks, tiles and dice.

Sources: creepy-cellar.txt "Contents" (25 Ghost cards, 14 Ghost King cards A–N, 16 Cellar
cards, 12 Cursed Treasure tiles, 4 Secret Passage tiles, 6 Jinxed Item tiles, 2 Hauntings
added to the base game's 6), "Cursed Treasures" (six powers), "Alternate Modes" (the 8
original treasures), and notes.md 1.5 (rooms A–L on the base board; M and N are inferred to
be the two cellar rooms; ghosts start in C, F, I and L; fight dice faces).
"""

from __future__ import annotations

from functools import lru_cache

from companion.i18n import Msg, msg

GAME_ID = "creepy_cellar"

#: Rooms in letter order. A–L are the base board; M and N the cellar (notes.md 1.5, INFERRED).
ROOMS: tuple[str, ...] = tuple("ABCDEFGHIJKLMN")

#: The base board's rooms (notes.md 1.5 "Board: 12 rooms lettered A–L").
CASTLE: tuple[str, ...] = ROOMS[:12]

#: The two cellar rooms, where treasures are dropped off (notes.md 1.5, INFERRED).
CELLAR_ROOMS: tuple[str, ...] = ("M", "N")

#: Where a hunter can stand, as far as the rules need it: a room, a hallway space, outside.
HALLWAY, OUTSIDE = "hallway", "outside"
PLACES: tuple[str, ...] = ROOMS + (HALLWAY, OUTSIDE)

#: Rooms that hold one ghost at setup (notes.md 1.5, "Setup").
START_GHOSTS: tuple[str, ...] = ("C", "F", "I", "L")

#: Hauntings on the board that end the game: 6 in the base game + 2 in the expansion
#: ("Object of the Game": "before all 8 hauntings are on the board").
HAUNTING_LIMIT = 8

#: Ghosts in one room that are swapped for one haunting (notes.md 1.5, "Ghost placement").
GHOSTS_PER_HAUNTING = 3

#: Ghosts that, sharing a room with the Ghost King, become a haunting ("Ghost King card").
KING_HAUNTING_GHOSTS = 2

DOOR_COLOURS = ("green", "blue")

#: The base game's four movers ("Movers"), one hunter each, in the order they are dealt:
#: hunter i is ``HUNTER_COLOURS[i]`` (red, yellow, blue, green: the four pawns of the base
#: game, unser-spieleabend.de, a source of notes.md 1.5).
HUNTER_COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "green")

#: Each mover as sentences name it ("That is Bo's red hunter").
HUNTER_NAMES = {"red": msg("red hunter"), "yellow": msg("yellow hunter"),
                "blue": msg("blue hunter"), "green": msg("green hunter")}

#: The doors of each colour as sentences name them ("Lock the {doors}", "{doors} are locked").
DOOR_NAMES = {"green": msg("green doors"), "blue": msg("blue doors")}

#: Extra cards flipped by each Draw N + Shuffle card.
DRAW_SHUFFLE = {"draw-2-shuffle": 2, "draw-3-shuffle": 3}

#: Game modes ("Alternate Modes"; the rulebook's "Set Up" is Nightmare mode).
MODES = ("nightmare", "advanced", "basic")

#: Each mode as a sentence names it.
MODE_NAMES = {"nightmare": msg("Nightmare"), "advanced": msg("Advanced"), "basic": msg("Basic")}

#: Rooms that start with a Secret Passage tile ("Set Up": "Add Secret Passage tiles to rooms
#: A, F, G and K").
PASSAGE_ROOMS: tuple[str, ...] = ("A", "F", "G", "K")

#: Jinxed Item tiles, one per room printed on it ("Jinxed Item": B, D, E, H, J and L).
JINXED_ROOMS: tuple[str, ...] = ("B", "D", "E", "H", "J", "L")

#: The six Cursed Treasure powers ("Cursed Treasures", "Quick Reference"), in printed order.
MINUS_ONE = "minus-one"
EXTRA_CARD = "extra-card"
NO_FIGHT_ALONE = "no-fight-alone"
NO_PASSAGE = "no-passage"
ADD_GHOST = "add-ghost"
NO_LEAVE = "no-leave"
POWERS: tuple[str, ...] = (MINUS_ONE, EXTRA_CARD, NO_FIGHT_ALONE, NO_PASSAGE, ADD_GHOST, NO_LEAVE)

#: 12 Cursed Treasure tiles and 6 powers: two tiles of each power (INFERRED from the counts).
CURSED_COPIES = 2

#: What each power does, as the table reads it (translatable messages).
POWER_TEXT = {
    MINUS_ONE: msg("subtract 1 from your movement rolls"),
    EXTRA_CARD: msg("draw one additional Ghost card whenever you draw one; a 6 still draws none"),
    NO_FIGHT_ALONE: msg("you can only fight with another hunter in your room"),
    NO_PASSAGE: msg("you cannot use secret passages"),
    ADD_GHOST: msg("add a ghost to your room at the start of your turn, not in a hallway"),
    NO_LEAVE: msg("you cannot leave a room with a ghost or a haunting in it"),
}

#: The original game's treasures ("Alternate Modes": "use the original 8 treasures").
ORIGINAL_TREASURES = 8

#: The Cellar deck: 16 cards ("Contents"). "Cursed Item" (Contents) and "Jinxed Item"
#: (Cellar Cards) name the same card; so do "Extra Movement" and "Free movement"
#: (notes.md 3.E F-A2, F-A13).
CELLAR_DECK_COUNTS = {
    "plus-ghost": 4,
    "jinxed-item": 6,
    "remove-ghost": 2,
    "unlock-doors": 2,
    "free-movement": 2,
}

#: One fight die: 3 ghost faces, 2 haunting faces, 1 blank (notes.md 1.5 "Fight dice").
FIGHT_DIE = {"ghost": 3, "haunting": 2, "blank": 1}


def hunters_per_player(players: int) -> int:
    """Hunters each player moves: two in a 2-player game ("With 2 players, each controls 2
    hunters", notes.md 1.5 "Setup"), otherwise one."""
    return 2 if players == 2 else 1


def hunter_component(colour: str) -> str:
    """Component id of a hunter's mover: ``creepy_cellar:hunter:red``."""
    return component("hunter", colour)


def ghost_deck(rogue_ghost: str, mode: str = "nightmare", king_cards: bool = True) -> tuple[str, ...]:
    """The Ghost deck for a mode, sorted, as card names ("Contents", "Alternate Modes").

    Args:
        rogue_ghost: the ``rogue_ghost`` house rule; ``"remove"`` takes both Rogue Ghost
            cards out of the deck (notes.md 3.E F-A1).
        mode: ``"basic"`` removes the four Doors Locked and the two Draw + Shuffle cards.
        king_cards: False takes out the cards that need the Ghost King deck (Rogue Ghost,
            Trap Door): house rule ``basic_uses_king_and_cellar_decks`` (notes.md 3.E F-A9).

    Returns:
        Card names: ``room-A`` … ``room-N``, ``shuffle``, ``draw-2-shuffle``,
        ``draw-3-shuffle``, 2 × ``green-doors-locked``, 2 × ``blue-doors-locked``,
        2 × ``rogue-ghost``, 2 × ``trap-door`` (25 in all, in Nightmare and Advanced).
    """
    cards = [f"room-{room}" for room in ROOMS] + ["shuffle"]
    if mode != "basic":
        cards += ["draw-2-shuffle", "draw-3-shuffle"]
        cards += ["green-doors-locked"] * 2 + ["blue-doors-locked"] * 2
    if king_cards:
        cards += ["trap-door"] * 2
        if rogue_ghost != "remove":
            cards += ["rogue-ghost"] * 2
    return tuple(sorted(cards))


def king_deck() -> tuple[str, ...]:
    """The 14-card Ghost King deck ``king-A`` … ``king-N`` ("Contents")."""
    return tuple(f"king-{room}" for room in ROOMS)


def cellar_deck() -> tuple[str, ...]:
    """The 16 Cellar cards, sorted ("Contents", "Cellar Cards")."""
    return tuple(sorted(card for card, n in CELLAR_DECK_COUNTS.items() for _ in range(n)))


@lru_cache(maxsize=8)  # asked at every prompt (how many treasures the cellar needs)
def treasure_pool(mode: str) -> tuple[str, ...]:
    """The face-down treasures of a mode, sorted, as treasure names.

    Nightmare: 12 cursed treasures, two of each power (``cursed-minus-one`` …). Advanced:
    the 8 original treasures with their numbers ``treasure-1`` … ``treasure-8``. Basic:
    8 × ``treasure`` ("Ignore the numbers printed on the treasure tokens").
    """
    if mode == "nightmare":
        return tuple(sorted(f"cursed-{p}" for p in POWERS for _ in range(CURSED_COPIES)))
    if mode == "advanced":
        return tuple(f"treasure-{n}" for n in range(1, ORIGINAL_TREASURES + 1))
    return ("treasure",) * ORIGINAL_TREASURES


def power_of(treasure: str | None) -> str | None:
    """The cursed power of a treasure name (``cursed-add-ghost`` -> ``add-ghost``), or None."""
    if treasure and treasure.startswith("cursed-"):
        return treasure[len("cursed-"):]
    return None


def treasure_number(treasure: str) -> int | None:
    """The printed number of an Advanced-mode treasure (``treasure-3`` -> 3), or None."""
    head, _, number = treasure.partition("-")
    return int(number) if head == "treasure" and number.isdigit() else None


def all_components() -> frozenset[str]:
    """Every Creepy Cellar component a tag may stand for: cards and tiles."""
    ids = {ghost_component(c) for c in ghost_deck("ghost_king")}
    ids |= {king_component(c) for c in king_deck()}
    ids |= {component("cellar", c) for c in CELLAR_DECK_COUNTS}
    ids |= {component("treasure", t) for mode in MODES for t in treasure_pool(mode)}
    ids |= {component("jinxed", f"jinxed-{room}") for room in JINXED_ROOMS}
    ids |= {hunter_component(colour) for colour in HUNTER_COLOURS}
    return frozenset(ids)


def component(kind: str, name: str) -> str:
    """Component id ``creepy_cellar:<kind>:<name>``."""
    return f"{GAME_ID}:{kind}:{name}"


def pieces() -> tuple[str, ...]:
    """The tagged cards and tiles in the box, one per copy, in the order the enrollment walk
    asks for them: the 25 Ghost cards, the 14 Ghost King cards, the 16 Cellar cards, the 8
    numbered treasures, the 12 Cursed Treasures, the 6 Jinxed Item tiles ("Contents") and
    the base game's 4 movers (a tag under each mover lets the table tap a hunter to report
    its move)."""
    cellar = tuple(component("cellar", c) for c, n in CELLAR_DECK_COUNTS.items() for _ in range(n))
    treasures = tuple(component("treasure", t) for t in treasure_pool("advanced") + treasure_pool("nightmare"))
    return (tuple(ghost_component(c) for c in ghost_deck("ghost_king"))
            + tuple(king_component(c) for c in king_deck()) + cellar + treasures
            + tuple(component("jinxed", f"jinxed-{room}") for room in JINXED_ROOMS)
            + tuple(hunter_component(colour) for colour in HUNTER_COLOURS))


def ghost_component(card: str) -> str:
    """Component id of a Ghost card: ``creepy_cellar:ghost:room-H``."""
    return component("ghost", card)


def king_component(card: str) -> str:
    """Component id of a Ghost King card: ``creepy_cellar:king:king-E``."""
    return component("king", card)


_NAMES = {
    "shuffle": msg("Shuffle card"),
    "draw-2-shuffle": msg("Draw 2 + Shuffle card"),
    "draw-3-shuffle": msg("Draw 3 + Shuffle card"),
    "green-doors-locked": msg("Green Doors Locked card"),
    "blue-doors-locked": msg("Blue Doors Locked card"),
    "rogue-ghost": msg("Rogue Ghost card"),
    "trap-door": msg("Trap Door card"),
    "plus-ghost": msg("+Ghost card"),
    "jinxed-item": msg("Jinxed Item card"),
    "remove-ghost": msg("Remove Ghost card"),
    "unlock-doors": msg("Unlock All Doors card"),
    "free-movement": msg("Free Movement card"),
    "treasure": msg("treasure"),
}


@lru_cache(maxsize=512)
def card_label(card: str) -> Msg | str:
    """A card or tile name as players say it, a translatable message: ``room-H`` -> "Ghost
    card room H". An unknown name comes back unchanged (a plain ``str``). Cached: a
    physical-deck prompt names every card left (issue 9, tap -> published)."""
    if card.startswith("room-"):
        return msg("Ghost card room {room}", room=card[5:])
    if card.startswith("king-"):
        return msg("Ghost King card {room}", room=card[5:])
    if card.startswith("jinxed-") and card != "jinxed-item":
        return msg("Jinxed Item for room {room}", room=card[7:])
    if (power := power_of(card)) is not None:
        return msg("Cursed Treasure ({power})", power=POWER_TEXT[power])
    if (number := treasure_number(card)) is not None:
        return msg("treasure {number}", number=number)
    return _NAMES.get(card, card)


def component_label(component_id: str) -> Msg | str:
    """A component id as players say it (a translatable message); unknown shapes come back
    unchanged."""
    parts = component_id.split(":")
    if len(parts) == 3 and parts[0] == GAME_ID and parts[1] == "hunter" and parts[2] in HUNTER_NAMES:
        return HUNTER_NAMES[parts[2]]
    if len(parts) == 3 and parts[0] == GAME_ID:
        return card_label(parts[2])
    return component_id


def next_room(room: str, wrap: str) -> str:
    """The next lettered room after ``room`` for the Ghost King ("Ghost King card").

    Args:
        room: a letter A–N.
        wrap: the ``king_wrap`` house rule (notes.md 3.E F-A7): ``"wrap"`` goes N -> A;
            ``"skip_cellar"`` goes L -> A and treats M, N as leading back to A.
    """
    if wrap == "skip_cellar":
        return CASTLE[(CASTLE.index(room) + 1) % 12] if room in CASTLE else "A"
    return ROOMS[(ROOMS.index(room) + 1) % len(ROOMS)]


@lru_cache(maxsize=64)  # a place per room, hallway and outside: made once, not at every prompt
def place_text(place: str) -> Msg:
    """Where a hunter stands, as the table hears it ("in room C", "in a hallway", "outside",
    "in cellar room M")."""
    if place == HALLWAY:
        return msg("in a hallway")
    if place == OUTSIDE:
        return msg("outside")
    if place in CELLAR_ROOMS:
        return msg("in cellar room {room}", room=place)
    return msg("in room {room}", room=place)
