"""House of Spirits components: the card list by type, component ids and labels.

Card numbers come from :mod:`content` (rulebook numbers plus named placeholders, notes.md
1.4). Component ids are ``house_of_spirits:<type>:<card id>``, e.g.
``house_of_spirits:item:flashlight``: what an NFC tag on a physical card stands for.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.house_of_spirits.content import Card, default_cards, validate

GAME_ID = "house_of_spirits"

#: Cards a hand may hold, the character and secret victory cards not counted ("Pick up a card").
HAND_LIMIT = 6

#: Points ("Scoring Summary").
KILL_POINTS = 3
PLOT_POINTS = 3
FINAL_PLOT_BONUS = 3
HEAL_POINTS = 1
DEATH_POINTS = -2
SECRET_POINTS = 4
WINNING_SCORE = 18  # "If at any time a player gets 18 points" ("End of the Game")

#: Faces of the six-sided die.
FACES = (1, 2, 3, 4, 5, 6)

_CARDS: tuple[Card, ...] = default_cards()
validate(_CARDS)

#: Every card by id.
CARDS: Mapping[str, Card] = {card.id: card for card in _CARDS}


def ids(kind: str) -> tuple[str, ...]:
    """The ids of every card of one type, in list order."""
    return tuple(card.id for card in _CARDS if card.kind == kind)


def card(card_id: str) -> Card:
    """The card with ``card_id``.

    Raises:
        KeyError: no such card.
    """
    return CARDS[card_id]


def main_cards() -> tuple[str, ...]:
    """The main deck: items and events ("Game Setup" 6; monsters have their own deck, 3)."""
    return ids("item") + ids("event")


def component(card_id: str) -> str:
    """Component id of a card: ``house_of_spirits:item:flashlight``."""
    return f"{GAME_ID}:{CARDS[card_id].kind}:{card_id}"


def all_components() -> frozenset[str]:
    """Every House of Spirits component a tag may stand for (all 72 cards)."""
    return frozenset(component(card_id) for card_id in CARDS)


def label(card_id: str) -> str:
    """A card's name as players say it ("flashlight", "Room 7 (placeholder)")."""
    found = CARDS.get(card_id)
    return found.name if found else card_id


def component_label(component_id: str) -> str:
    """A component id as players say it; unknown shapes come back unchanged."""
    parts = component_id.split(":")
    if len(parts) == 3 and parts[0] == GAME_ID and parts[2] in CARDS:
        return label(parts[2])
    return component_id


def item_bonus(item_id: str, aspect: str, monster: str | None = None) -> int:
    """An item's bonus to ``attack``, ``defence`` or ``investigation``.

    A ``vs`` bonus against ``monster``'s kind replaces the attack bonus: the wooden stake
    "would normally increase her score by 1, but since she is fighting a vampire, it
    increases it by 3" ("Combat Example").
    """
    item = CARDS[item_id]
    if aspect == "attack" and monster is not None:
        kind = CARDS[monster].monster
        if kind in item.vs:
            return item.vs[kind]
    return getattr(item, aspect)


def plot_item_modifier(item_id: str, room: str | None) -> int:
    """A plot item's ± modifier in ``room`` (Ancient Tome: ±2 in the Library, ±1 elsewhere)."""
    modifiers = CARDS[item_id].plot_modifier
    return modifiers.get(room or "", modifiers.get("*", 0))
