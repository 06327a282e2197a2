"""House of Spirits components: the card list by type, component ids and labels.

Card numbers come from :mod:`content` (rulebook numbers plus named placeholders, notes.md
1.4). Component ids are ``house_of_spirits:<type>:<card id>``, e.g.
``house_of_spirits:item:flashlight``: what an NFC tag on a physical card stands for.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.house_of_spirits.card_data import Card, default_cards, validate
from companion.i18n import Msg, UpperFirst, msg

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


def label(card_id: str) -> Msg | str:
    """A card's name as players say it ("Flashlight", "Room 7")."""
    found = CARDS.get(card_id)
    return found.said if found else card_id


def component_label(component_id: str) -> Msg | str:
    """A component id as the table says it, a noun phrase that reads after "the" ("tap
    the Item card Flashlight", "tap the Room card 7", "tap the Plot card 3");
    unknown shapes come back unchanged."""
    parts = component_id.split(":")
    if len(parts) != 3 or parts[0] != GAME_ID or parts[2] not in CARDS or CARDS[parts[2]].kind != parts[1]:
        return component_id
    kind, card_id = parts[1], parts[2]
    if kind == "first-player":
        return msg("First Player card")
    number = card_id.rsplit("-", 1)[-1]
    if kind in ("plot", "secret", "event"):
        return {"plot": msg("Plot card {n}", n=int(number)), "secret": msg("Secret victory card {n}", n=int(number)),
                "event": msg("Event card {n}", n=int(number))}[kind]
    if card_id == f"{kind}-{number}":  # a stand-in: its name is not printed in the rulebook
        return {"character": msg("Character card {n}", n=int(number)),
                "room": msg("Room card {n}", n=int(number)),
                "monster": msg("Monster card {n}", n=int(number)),
                "item": msg("Item card {n}", n=int(number))}[kind]
    # a printed name as a name ("Item card Flashlight"), not like an id (issue 29), in the
    # table's language ("Carta oggetto Torcia")
    name = UpperFirst(CARDS[card_id].said)
    return {"character": msg("Character card {name}", name=name), "room": msg("Room card {name}", name=name),
            "monster": msg("Monster card {name}", name=name), "item": msg("Item card {name}", name=name)}[kind]


def item_bonus(item_id: str, aspect: str, monster: str | None = None,
               cards: Mapping[str, Card] = CARDS) -> int:
    """An item's bonus to ``attack``, ``defence`` or ``investigation`` (``cards``: the
    game's card data, the content file's by default).

    A ``vs`` bonus against ``monster`` (or a monster card of the same name) replaces the
    attack bonus: the wooden stake "would normally increase her score by 1, but since she
    is fighting a vampire, it increases it by 3" ("Combat Example").
    """
    item = cards[item_id]
    if aspect == "attack" and monster is not None:
        name = cards[monster].name.casefold()
        for target, bonus in item.vs.items():
            if target == monster or cards[target].name.casefold() == name:
                return bonus
    return getattr(item, aspect)


def plot_item_modifier(item_id: str, room: str | None, cards: Mapping[str, Card] = CARDS) -> int:
    """A plot item's ± modifier in ``room`` (Ancient Tome: ±2 in the Library, ±1 elsewhere)."""
    modifiers = cards[item_id].plot_modifier
    return modifiers.get(room or "", modifiers.get("*", 0))
