"""What the owner enters from a House of Spirits card at enrollment (issue 10).

No public card list exists (notes.md 1.4): :mod:`.card_data` ships the numbers the rulebook
prints and named placeholders for the rest. This module is the game's
:class:`~companion.engine.content.ContentSpec`: the fields printed on each type of card, the
content file's values as the form's defaults, which cards are placeholders, and the rules
over the table's whole data. :func:`effective_cards` turns the entries a game recorded in
its header into the card data the engine plays with.

What a card shows, per type (house-of-spirits.txt):

* every card: its name;
* character: the sword (attack), shield (defence), magnifying glass (investigation) and
  heart (health) numbers; a special ability ("Character Special Abilities": only Olivia's
  "can re-roll attacks" is described, so that is the only one the companion applies);
* room: its skulls ("Exploring") and the room modifier, "the large number in the
  lower-right corner" ("Playing Plot Cards");
* monster: attack (sword), defence (shield) and health ("Attack a Monster");
* item: bonuses to attack, defence, investigation; wounds it heals ("Heal himself or
  another player"); a stronger attack against one monster (the wooden stake: +3 against
  a vampire, "Combat Example"); as a plot item, a ± modifier that may differ in one room
  (the Ancient Tome: ±2 in the Library, ±1 elsewhere);
* plot: the investigation score ("Investigation") and, for a room or item plot card, the
  rooms or items it lists with their numbers ("the Garage, which is listed as number 3");
  the companion takes a list numbered 1 to 6, one room or item per die face (an
  assumption: the rulebook's examples need 3 and 4);
* event and secret victory cards: a name (their effects are applied by the table).

The card type is the component's (``house_of_spirits:<type>:<card>``): the owner enrolls
each physical card as a card of its type, so the 72 cards by type stay as printed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from companion.engine.content import ContentError, ContentField, ContentSpec
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.card_data import ENTERED, Card, validate
from companion.i18n import Msg, msg, nmsg

#: The value of a choice field that names no card.
NONE = "none"

#: Numbers a room or item plot card lists (one per face of the die).
LIST_NUMBERS = (1, 2, 3, 4, 5, 6)

#: Abilities the companion applies ("Character Special Abilities").
ABILITIES = (NONE, "reroll-attack")

#: The table's entries as a state keeps them: (card id, ((field, value), ...)), sorted.
Entries = tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]


def _names(ids: tuple[str, ...]) -> tuple:
    """The form's words for card ids: "none", then each card's name as players say it."""
    return tuple(msg("none") if card == NONE else hc.label(card) for card in ids)


def _name() -> ContentField:
    return ContentField("name", msg("Name printed on the card"), "text")


def _number(name: str, label: Msg, low: int = 0, high: int = 9, help: str = "") -> ContentField:
    return ContentField(name, label, "int", low=low, high=high, help=help)


def _fields_by_kind() -> dict[str, tuple[ContentField, ...]]:
    monsters = (NONE,) + hc.ids("monster")
    rooms = (NONE,) + hc.ids("room")
    targets = (NONE,) + hc.ids("room") + hc.ids("item")
    return {
        "character": (
            _name(),
            _number("attack", msg("Attack (the number by the sword)")),
            _number("defence", msg("Defence (the number by the shield)")),
            _number("investigation", msg("Investigation (the number by the magnifying glass)")),
            _number("health", msg("Health (the number by the heart)"), low=1),
            ContentField("ability", msg("Special ability the companion applies"), "choice", values=ABILITIES,
                         labels=(msg("none"), msg("re-roll an attack")),
                         help=msg("Only Olivia's re-roll of attacks is in the rulebook; any other ability "
                                  "is applied by the table: choose none.")),
        ),
        "room": (
            _name(),
            _number("skulls", msg("Skulls"), high=6,
                    help=msg("The Vestibule has none; every other room has at least one.")),
            _number("modifier", msg("Room modifier (the large number in the lower-right corner)"), high=6),
        ),
        "monster": (
            _name(),
            _number("attack", msg("Attack (the number by the sword)")),
            _number("defence", msg("Defence (the number by the shield)")),
            _number("health", msg("Health"), low=1),
        ),
        "item": (
            _name(),
            _number("attack", msg("Attack bonus (the number by the sword)")),
            _number("defence", msg("Defence bonus (the number by the shield)")),
            _number("investigation", msg("Investigation bonus (the number by the magnifying glass)")),
            _number("heal", msg("Wounds it heals")),
            ContentField("against", msg("Monster it is stronger against"), "choice", values=monsters,
                         labels=_names(monsters),
                         help=msg("The wooden stake: +3 against a vampire instead of +1.")),
            _number("against_attack", msg("Attack bonus against that monster")),
            _number("plot_modifier", msg("Plot roll modifier (±) as a plot item"), high=6),
            ContentField("plot_room", msg("Room where its plot modifier differs"), "choice", values=rooms,
                         labels=_names(rooms),
                         help=msg("The Ancient Tome: ±2 in the Library, ±1 elsewhere.")),
            _number("plot_room_modifier", msg("Plot roll modifier (±) in that room"), high=6),
        ),
        "plot": (
            _name(),
            _number("score", msg("Investigation score"), high=20,
                    help=msg("An investigation must beat it to take the card.")),
            *(ContentField(f"number_{n}", msg("Room or item listed as number {n}", n=n), "choice", values=targets,
                           labels=_names(targets),
                           help=msg("none where the card lists nothing; a card lists rooms only, or items only."))
              for n in LIST_NUMBERS),
        ),
        "event": (_name(),),
        "secret": (_name(),),
    }


_FIELDS = _fields_by_kind()


def _card_id(component: str) -> str | None:
    parts = component.split(":")
    if len(parts) == 3 and parts[0] == hc.GAME_ID and parts[2] in hc.CARDS and hc.CARDS[parts[2]].kind == parts[1]:
        return parts[2]
    return None


def fields(component: str) -> tuple[ContentField, ...]:
    """The fields printed on ``component``'s card (none for the First Player card or an
    unknown component)."""
    card_id = _card_id(component)
    return _FIELDS.get(hc.CARDS[card_id].kind, ()) if card_id else ()


def printed(component: str) -> dict[str, Any]:
    """The content file's values of ``component`` as form fields (``{}`` if it has none)."""
    card_id = _card_id(component)
    return card_values(hc.CARDS[card_id]) if card_id and fields(component) else {}


def said(component: str) -> dict[str, Any]:
    """The printed values the companion made, as the forms say them (words20): the stand-in
    name of a card the rulebook does not name ("Character 4 (placeholder)": "Personaggio 4
    (segnaposto)"), not the names the rulebook's tables type ("Attic")."""
    card_id = _card_id(component)
    card = hc.CARDS[card_id] if card_id and fields(component) else None
    if card is None or not card.stand_in or not card.name.endswith(" (placeholder)"):
        return {}
    return {"name": msg("{name} (placeholder)", name=card.said)}


def placeholder(component: str) -> bool:
    """The content file's data for ``component`` holds a stand-in (notes.md 1.4)."""
    card_id = _card_id(component)
    return bool(card_id) and hc.CARDS[card_id].placeholder


def card_values(card: Card) -> dict[str, Any]:
    """A card as the values of its form's fields."""
    values: dict[str, Any] = {"name": card.name}
    if card.kind == "character":
        values |= {"attack": card.attack, "defence": card.defence, "investigation": card.investigation,
                   "health": card.health, "ability": card.ability or NONE}
    elif card.kind == "room":
        values |= {"skulls": card.skulls, "modifier": card.modifier}
    elif card.kind == "monster":
        values |= {"attack": card.attack, "defence": card.defence, "health": card.health}
    elif card.kind == "item":
        against = next(iter(card.vs), NONE)
        rooms = [room for room in card.plot_modifier if room != "*"]
        plot_room = rooms[0] if rooms else NONE
        values |= {"attack": card.attack, "defence": card.defence, "investigation": card.investigation,
                   "heal": card.heal, "against": against, "against_attack": card.vs.get(against, 0),
                   "plot_modifier": card.plot_modifier.get("*", 0), "plot_room": plot_room,
                   "plot_room_modifier": card.plot_modifier.get(plot_room, 0)}
    elif card.kind == "plot":
        listed = {number: target for target, number in {**card.rooms, **card.items}.items()}
        values |= {"score": card.plot_score}
        values |= {f"number_{n}": listed.get(n, NONE) for n in LIST_NUMBERS}
    return values


def card_with(card: Card, entry: Mapping[str, Any]) -> Card:
    """``card`` with the entered values of ``entry`` (fields not given keep the card's)."""
    if not entry:
        return card
    v = {**card_values(card), **entry}
    new = replace(card, name=v["name"], source=ENTERED)
    if card.kind in ("character", "monster"):
        new = replace(new, attack=v["attack"], defence=v["defence"], health=v["health"])
    if card.kind == "character":
        new = replace(new, investigation=v["investigation"], ability="" if v["ability"] == NONE else v["ability"])
    elif card.kind == "room":
        new = replace(new, skulls=v["skulls"], modifier=v["modifier"])
    elif card.kind == "item":
        plot_modifier = {"*": v["plot_modifier"]} if v["plot_modifier"] else {}
        if v["plot_room"] != NONE:
            plot_modifier[v["plot_room"]] = v["plot_room_modifier"]
        new = replace(new, attack=v["attack"], defence=v["defence"], investigation=v["investigation"],
                      heal=v["heal"], vs={v["against"]: v["against_attack"]} if v["against"] != NONE else {},
                      plot_modifier=plot_modifier)
    elif card.kind == "plot":
        listed = [(v[f"number_{n}"], n) for n in LIST_NUMBERS if v[f"number_{n}"] != NONE]
        new = replace(new, plot_score=v["score"],
                      rooms={t: n for t, n in listed if hc.CARDS[t].kind == "room"},
                      items={t: n for t, n in listed if hc.CARDS[t].kind == "item"})
    return new


def entries(content: Mapping[str, Mapping[str, Any]] | None) -> Entries:
    """A header's ``content`` (component id -> entered fields) as a state keeps it."""
    found = []
    for component, entry in (content or {}).items():
        card_id = _card_id(component)
        if card_id is None or not fields(component):
            raise ContentError(msg("{component} is not a House of Spirits card with printed data.",
                                   component=component))
        found.append((card_id, tuple(sorted(entry.items()))))
    return tuple(sorted(found))


def effective_cards(kept: Entries) -> dict[str, Card]:
    """Every card id -> the card the game plays with: the content file's, with the entries."""
    entered = dict(kept)
    return {card_id: card_with(card, dict(entered.get(card_id, ()))) for card_id, card in hc.CARDS.items()}


def secrets_to_enter(content: Mapping[str, Mapping[str, Any]] | None) -> int:
    """How many secret victory cards still have the companion's stand-in for a name with the
    table's ``content`` (a header's) over the content file: their text is not printed in the
    rulebook, so only the table can enter it."""
    cards = effective_cards(entries(content))
    return sum(cards[card_id].stand_in for card_id in hc.ids("secret"))


def check(table: Mapping[str, Mapping[str, Any]]) -> None:
    """The rules over a table's whole data (every card's values, entries over the content
    file's): 72 cards by type ("Components Included"), the Vestibule the only room without
    skulls ("It is the only room in the house that has no chance of monster attacks"), a
    plot card lists rooms or items, each at most once ("Playing Plot Cards"), an item's
    bonus against a monster names that monster, its room plot modifier names that room.

    Raises:
        ContentError: naming the first card that breaks a rule.
    """
    cards = dict(hc.CARDS)
    for component, values in table.items():
        card_id = _card_id(component)
        if card_id is not None:
            cards[card_id] = card_with(cards[card_id], values)
    try:
        validate(tuple(cards.values()))
    except ValueError as exc:
        raise ContentError(str(exc)) from exc
    for card in cards.values():
        _check_card(card, table.get(hc.component(card.id), {}))


def _check_card(card: Card, values: Mapping[str, Any]) -> None:
    if card.kind == "room":
        if card.id == "vestibule" and card.skulls:
            raise ContentError(msg("{card} shows no skulls: it is the only room with no chance of monsters.",
                                   card=card.said))
        if card.id != "vestibule" and not card.skulls:
            raise ContentError(msg("{card} has no skulls, but only the Vestibule has none: enter its skulls.",
                                   card=card.said))
    elif card.kind == "plot":
        if card.rooms and card.items:
            raise ContentError(msg("{card} lists rooms and items: a plot card lists rooms, or items.",
                                   card=card.said))
        listed = [values.get(f"number_{n}", NONE) for n in LIST_NUMBERS]
        named = [target for target in listed if target != NONE]
        if len(set(named)) != len(named):
            raise ContentError(msg("{card} lists the same card under two numbers.", card=card.said))
    elif card.kind == "item":
        if (values.get("against", NONE) == NONE) != (not values.get("against_attack", 0)):
            raise ContentError(msg("{card}: a bonus against a monster needs both the monster and the bonus.",
                                   card=card.said))
        if values.get("plot_room", NONE) == NONE and values.get("plot_room_modifier", 0):
            raise ContentError(msg("{card}: a plot modifier for one room needs that room.", card=card.said))


CONTENT = ContentSpec(fields=fields, printed=printed, placeholder=placeholder, check=check, said=said)


# --------------------------------------------------------------------------- virtual decks

#: Card types of each deck the companion may draw ("Game Setup" 1-4, 6).
DECK_KINDS: Mapping[str, tuple[str, ...]] = {
    "character": ("character",), "room": ("room",), "monster": ("monster",), "plot": ("plot",),
    "main": ("item", "event"),
}


def placeholder_count(kept: Entries, deck: str, monsters_in_main: bool = False) -> int:
    """Cards of ``deck`` whose data is still the content file's placeholder (no entry)."""
    placeholders = _placeholders(deck, monsters_in_main)
    return len(placeholders - {card_id for card_id, _ in kept}) if kept else len(placeholders)


@cache  # asked at every draw
def _placeholders(deck: str, monsters_in_main: bool) -> frozenset[str]:
    """The content file's placeholder cards of ``deck``."""
    kinds = DECK_KINDS[deck] + (("monster",) if deck == "main" and monsters_in_main else ())
    return frozenset(card.id for card in hc.CARDS.values() if card.kind in kinds and card.placeholder)


@lru_cache(maxsize=256)  # asked at every draw (the prompt, the undo): its sentence made once per table's data
def why_tapped(kept: Entries, deck: str, monsters_in_main: bool = False) -> Msg | None:
    """Why the companion cannot draw ``deck`` itself (cards still hold placeholder numbers:
    a virtual draw would play a card that is not printed), or None when it can."""
    n = placeholder_count(kept, deck, monsters_in_main)
    if not n:
        return None
    counts = {  # only the deck's own sentence is made
        "character": lambda: nmsg("{n} character card still holds placeholder numbers",
                                  "{n} character cards still hold placeholder numbers", "n", n=n),
        "room": lambda: nmsg("{n} room card still holds placeholder numbers",
                             "{n} room cards still hold placeholder numbers", "n", n=n),
        "monster": lambda: nmsg("{n} monster card still holds placeholder numbers",
                                "{n} monster cards still hold placeholder numbers", "n", n=n),
        "plot": lambda: nmsg("{n} plot card still holds placeholder numbers",
                             "{n} plot cards still hold placeholder numbers", "n", n=n),
        "main": lambda: nmsg("{n} main-deck card still holds placeholder numbers",
                             "{n} main-deck cards still hold placeholder numbers", "n", n=n),
    }
    return msg("{cards}: enter them at enrollment, or tap the physical cards.", cards=counts[deck]())
