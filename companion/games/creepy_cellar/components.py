"""Creepy Cellar components: rooms, the Ghost deck and the Ghost King deck.

Sources: creepy-cellar.txt "Contents" (25 Ghost cards, 14 Ghost King cards A–N, 2 Hauntings
added to the base game's 6) and notes.md 1.5 (rooms A–L on the base board; M and N are
inferred to be the two cellar rooms; ghosts start in C, F, I and L).
"""

from __future__ import annotations

GAME_ID = "creepy_cellar"

#: Rooms in letter order. A–L are the base board; M and N the cellar (notes.md 1.5, INFERRED).
ROOMS: tuple[str, ...] = tuple("ABCDEFGHIJKLMN")

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

#: Extra cards flipped by each Draw N + Shuffle card.
DRAW_SHUFFLE = {"draw-2-shuffle": 2, "draw-3-shuffle": 3}


def ghost_deck(rogue_ghost: str) -> tuple[str, ...]:
    """The 25-card Ghost deck ("Contents"), sorted, as card names.

    Args:
        rogue_ghost: the ``rogue_ghost`` house rule; ``"remove"`` takes both Rogue Ghost
            cards out of the deck (notes.md 3.E F-A1).

    Returns:
        Card names: ``room-A`` … ``room-N``, ``shuffle``, ``draw-2-shuffle``,
        ``draw-3-shuffle``, 2 × ``green-doors-locked``, 2 × ``blue-doors-locked``,
        2 × ``rogue-ghost``, 2 × ``trap-door``.
    """
    cards = [f"room-{room}" for room in ROOMS]
    cards += ["shuffle", "draw-2-shuffle", "draw-3-shuffle"]
    cards += ["green-doors-locked"] * 2 + ["blue-doors-locked"] * 2 + ["trap-door"] * 2
    if rogue_ghost != "remove":
        cards += ["rogue-ghost"] * 2
    return tuple(sorted(cards))


def king_deck() -> tuple[str, ...]:
    """The 14-card Ghost King deck ``king-A`` … ``king-N`` ("Contents")."""
    return tuple(f"king-{room}" for room in ROOMS)


def all_components() -> frozenset[str]:
    """Every Creepy Cellar component a tag may stand for in this slice (cards)."""
    cards = set(ghost_deck("ghost_king"))
    return frozenset({ghost_component(c) for c in cards} | {king_component(c) for c in king_deck()})


def pieces() -> tuple[str, ...]:
    """The tagged cards in the box, one per copy: the 25 Ghost cards, then the 14 Ghost King cards."""
    return tuple(ghost_component(c) for c in ghost_deck("ghost_king")) + tuple(
        king_component(c) for c in king_deck())


def ghost_component(card: str) -> str:
    """Component id of a Ghost card: ``creepy_cellar:ghost:room-H``."""
    return f"{GAME_ID}:ghost:{card}"


def king_component(card: str) -> str:
    """Component id of a Ghost King card: ``creepy_cellar:king:king-E``."""
    return f"{GAME_ID}:king:{card}"


def card_label(card: str) -> str:
    """A card's name as players say it: ``room-H`` -> "Ghost card room H"."""
    if card.startswith("room-"):
        return f"Ghost card room {card[5:]}"
    if card.startswith("king-"):
        return f"Ghost King card {card[5:]}"
    names = {
        "shuffle": "Shuffle card",
        "draw-2-shuffle": "Draw 2 + Shuffle card",
        "draw-3-shuffle": "Draw 3 + Shuffle card",
        "green-doors-locked": "Green Doors Locked card",
        "blue-doors-locked": "Blue Doors Locked card",
        "rogue-ghost": "Rogue Ghost card",
        "trap-door": "Trap Door card",
    }
    return names.get(card, card)


def component_label(component: str) -> str:
    """A component id as players say it; unknown shapes come back unchanged."""
    parts = component.split(":")
    if len(parts) == 3 and parts[0] == GAME_ID and parts[1] in ("ghost", "king"):
        return card_label(parts[2])
    return component


def next_room(room: str, wrap: str) -> str:
    """The next lettered room after ``room`` for the Ghost King ("Ghost King card").

    Args:
        room: a letter A–N.
        wrap: the ``king_wrap`` house rule (notes.md 3.E F-A7): ``"wrap"`` goes N -> A;
            ``"skip_cellar"`` goes L -> A and treats M, N as leading back to A.
    """
    if wrap == "skip_cellar":
        board = ROOMS[:12]
        return board[(board.index(room) + 1) % 12] if room in board else "A"
    return ROOMS[(ROOMS.index(room) + 1) % len(ROOMS)]
