"""Children components: ghosts and their toys, room tablets, the 70 Children cards.

The printed content is :file:`content.toml` (the rulebook's facts plus clearly marked
placeholders for what is not public, notes.md 1.1); this module loads it once, lays the
owner's entries over it (:func:`content`, entries from :mod:`.content`), checks its counts
(:func:`validate`) and names every component: ``children:<kind>:<id>`` with kind
``ghost``, ``toy``, ``device``, ``trap``, ``fate`` (the Children cards) or ``tablet``.
The module-level :func:`name`, :func:`tablet`, :func:`beloved_toy` read the content file
only; the rules read a game's own copy through :attr:`.state.State.content`.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from companion.engine.frozen import derived
from companion.i18n import msg, named, stand_in

GAME_ID = "children"

#: Children-card kinds that go to a player's hand (ghosts go to the mansion, fates are
#: resolved at once: "Draw a card from the Children Card draw pile").
HAND_KINDS = ("toy", "device", "trap")
CARD_KINDS = ("ghost", "toy", "device", "trap", "fate")

FLOORS = 4  # basement, 1st, 2nd, 3rd floor ("1. Play a Room Tablet")
COLUMNS = 5  # "All floors of the Thornhill Mansion may have up to 5 rooms"
SIDES = ("left", "right", "up", "down")
#: The floors as the content form and the ``--json`` view name them (floor 0 … 3).
FLOOR_KEYS = ("basement", "1st", "2nd", "3rd")
STEP = {"left": (0, -1), "right": (0, 1), "up": (1, 0), "down": (-1, 0)}
OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}

#: Free Action devices may be played out of turn with a skull ("Take a Skull Token").
FREE_DEVICES = ("catnip", "hatpin", "feather")

#: Ghost cards that are more than one child: sentences about them take plural verbs
#: ("The Twins's beloved toy is the Parasol": "Trapping Ghosts").
PLURAL_GHOSTS = frozenset({"the-twins"})


#: A stand-in name as the content file writes it: "Tablet 2-4 (placeholder)" (floor 2, the
#: fourth), "Ghost 04 (placeholder)", "Toy 05 (placeholder)".
_STAND_IN = re.compile(r"^(?P<kind>Tablet|Ghost|Toy) (?P<n>\d+(?:-\d+)?) \(placeholder\)$")
#: A stand-in toy whose ghost the content file knows: "Toy 03 (placeholder, Penny's toy)".
_BELOVED_STAND_IN = re.compile(r"^Toy (?P<n>\d+) \(placeholder, (?P<ghost>.+)'s toy\)$")


#: The room tablets the rulebook names (content.toml), said in the table's language while
#: the owner has not entered another name for them (issue 29: the Italian board read
#: "Master Bedroom", "Billiards Room"; docs/glossary-it.md), each with the article it takes
#: ("Mettete la Cantina nel seminterrato"): tablet id -> (the name as printed, the name said).
RULEBOOK_ROOMS = {
    "master-bedroom": ("Master Bedroom", named(msg("Master Bedroom"), it="la")),
    "wash-room": ("Wash Room", named(msg("Wash Room"), it="il")),
    "dormitory": ("Dormitory", named(msg("Dormitory"), it="il")),
    "parlor": ("Parlor", named(msg("Parlor"), it="il")),
    "billiards-room": ("Billiards Room", named(msg("Billiards Room"), it="la")),
    "kitchen": ("Kitchen", named(msg("Kitchen"), it="la")),
    "wine-cellar": ("Wine Cellar", named(msg("Wine Cellar"), it="la")),
    "spire": ("Spire", named(msg("Spire"), it="la")),
}

#: The Children cards the rulebook names, said in the table's language with their article
#: (issue 29 item 8: "Usa la Gabbia dei grilli", not "Usa Cricket Cage"). The only edition
#: is printed in English, and a player finds a card in their hand by its picture as much as
#: by its words: each Italian name says what the picture shows, and the printed name stays
#: where a player matches the card (the card data form, the rule card's list, and
#: docs/glossary-it.md). The ghosts' and Irwin Biddle's and Kitty Kitty's names are proper
#: names and stay as printed. Card id -> (the name as printed, the name said).
RULEBOOK_CARDS = {
    "teddy-bear": ("Teddy Bear", named(msg("Teddy Bear"), it="l'")),
    "parasol": ("Parasol", named(msg("Parasol"), it="il")),
    "catnip": ("Catnip", named(msg("Catnip"), it="l'")),
    "hatpin": ("Hatpin", named(msg("Hatpin"), it="lo")),
    "feather": ("Feather", named(msg("Feather"), it="la")),
    "secret-passage": ("Secret Passage", named(msg("Secret Passage"), it="il")),
    "snow-globe": ("Snow Globe", named(msg("Snow Globe"), it="la")),
    "cricket-cage": ("Cricket Cage", named(msg("Cricket Cage"), it="la")),
    "music-box": ("Music Box", named(msg("Music Box"), it="il")),
    "medico-della-peste": ("Medico Della Peste", named(msg("Medico Della Peste"), it="il")),
    "dental-tools": ("Dental Tools", named(msg("Dental Tools"), it="gli")),
    "toad": ("Toad", named(msg("Toad"), it="il")),
    "mouse": ("Mouse", named(msg("Mouse"), it="il")),
    "crickets": ("Crickets", named(msg("Crickets"), it="i")),
    "ravens-skull": ("Raven's Skull", named(msg("Raven's Skull"), it="il")),
    "voodoo-doll": ("Voodoo Doll", named(msg("Voodoo Doll"), it="la")),
    "house-settles": ("House Settles", named(msg("House Settles"))),  # a clause: "la carta La casa si assesta"
}


@lru_cache(maxsize=256)  # a name is said on every prompt that lists its card or tablet
def said(name: str) -> str:
    """``name`` as the companion says it: a stand-in of the content file in the table's
    language (issue 26: the news said "Tablet 0-2" in Italian where the board said "Tessera
    0-2"), without the content file's mark (issue 29 item 9: a stand-in never shows
    "(placeholder)"), with the article a sentence may ask for (:class:`~companion.i18n.Name`:
    "la Tessera 0-2", "il Fantasma 04"): "Tessera 0-2", "Fantasma 04", "Giocattolo 05", each
    a :class:`~companion.i18n.StandIn` with its number (the state lists it, issue 27 item 3);
    any other name as it is."""
    match = _STAND_IN.match(name)
    if match is None:
        beloved = _BELOVED_STAND_IN.match(name)
        if beloved is None:
            return name
        return stand_in(msg("Toy {n} ({ghost}'s toy)", n=beloved["n"], ghost=beloved["ghost"]), beloved["n"], it="il",
                        en="")
    if match["kind"] == "Ghost":
        return stand_in(msg("Ghost {n}", n=match["n"]), match["n"], it="il")
    # a toy and a tablet are said as names in English: "enters Tablet 3-3" (words19), "and Toy 09
    # into your hand" (words20), as House of Spirits' "Room 5"; the rulebook says "the" before a
    # printed name ("the Wash Room", "the Billiards Room Tablet", "the Teddy Bear")
    if match["kind"] == "Toy":
        return stand_in(msg("Toy {n}", n=match["n"]), match["n"], it="il", en="")
    return stand_in(msg("Tablet {n}", n=match["n"]), match["n"], it="la", en="")


@dataclass(frozen=True)
class Tablet:
    """A room tablet: its floor (0 basement … 3 third floor), the sides with a door or
    trapdoor (``left``/``right`` doors, ``up``/``down`` trapdoors) and the spectral-flow
    arrows; ``placeholder`` when not printed in the rulebook."""

    id: str
    name: str
    floor: int
    doors: frozenset[str]
    arrows: frozenset[str]
    placeholder: bool = False


@dataclass(frozen=True)
class Card:
    """One kind of Children card: ``kind`` (ghost, toy, device, trap, fate), printed name,
    copies in the deck; a ghost's beloved ``toy``; a device's ``timing`` (free/turn)."""

    id: str
    kind: str
    name: str
    copies: int = 1
    toy: str = ""
    timing: str = ""
    placeholder: bool = False


@dataclass(frozen=True)
class Content:
    """The content of one edition, with the table's entries (what is printed on its own
    copy) over the content file: tablets, card kinds, ghosts and toys in file order, skulls."""

    tablets: dict[str, Tablet]
    cards: dict[str, Card]
    ghosts: tuple[str, ...]
    toys: tuple[str, ...]
    skulls: int

    def total_cards(self) -> int:
        return sum(c.copies for c in self.cards.values())

    def name(self, item: str) -> str:
        """The printed name of a card or tablet id (``item`` itself when unknown); a room the
        rulebook names (:data:`RULEBOOK_ROOMS`) and a stand-in the owner has not replaced
        yet in words, in the table's language (:func:`said`); a name the owner entered as
        entered. Looked up in :attr:`names` (the prompts name a card or room about ten times an
        action)."""
        return self.names.get(item, item)

    @derived
    def names(self) -> dict[str, str]:
        """:meth:`name` of every card and tablet, worked out once for this content."""
        names = {}
        for item, tablet in self.tablets.items():
            printed = RULEBOOK_ROOMS.get(item)
            names[item] = printed[1] if printed is not None and tablet.name == printed[0] else said(tablet.name)
        for item, card_ in self.cards.items():  # a card's id over a tablet's, as name() looked them up
            known = RULEBOOK_CARDS.get(item)
            names[item] = known[1] if known is not None and card_.name == known[0] else said(card_.name)
        return names

    @derived
    def traps(self) -> tuple[str, ...]:
        """The trap cards' ids, in content order (asked after every pickup)."""
        return tuple(c for c, card in self.cards.items() if card.kind == "trap")

    def tablet(self, tablet_id: str) -> Tablet:
        return self.tablets[tablet_id]

    def beloved_toy(self, ghost: str) -> str:
        """The toy printed on a ghost card ("Ghost Cards": the toy needed to trap it)."""
        return self.cards[ghost].toy

    def ghost_of_toy(self, toy: str) -> str:
        """The ghost whose beloved toy is ``toy``."""
        return next(g for g in self.ghosts if self.cards[g].toy == toy)


#: An entry of the table's printed data in the state: ``(component id, ((field, value), ...))``,
#: sorted, lists as tuples (hashable, JSON round trip through :mod:`.codec`).
Entries = tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]


def _raw() -> dict[str, Any]:
    text = resources.files("companion.games.children").joinpath("content.toml").read_text("utf-8")
    return tomllib.loads(text)


@lru_cache(maxsize=64)
def content(edition: str = "rulebook", entries: Entries = ()) -> Content:
    """The content of ``edition`` (``rulebook``: 20 tablets, 70 cards, 8 skulls;
    ``publisher``: 18/68/12, notes.md 3.A C-A21), with ``entries`` (what the owner entered
    as printed on the table's copy, :func:`.content.entries_of`) over :file:`content.toml`.

    Raises:
        KeyError: an unknown edition.
    """
    base = _file_content(edition)
    if not entries:
        return base
    tablets, cards = dict(base.tablets), dict(base.cards)
    for component_id, fields in entries:
        kind, item = component_id.split(":")[1:]
        entry = dict(fields)
        if kind == "tablet" and item in tablets:
            tablets[item] = _entered_tablet(tablets[item], entry)
        elif kind in ("ghost", "toy") and item in cards:
            old = cards[item]
            cards[item] = replace(old, name=entry.get("name", old.name), toy=entry.get("toy", old.toy),
                                  placeholder=False)
    return replace(base, tablets=tablets, cards=cards)


def _entered_tablet(old: Tablet, entry: Mapping[str, Any]) -> Tablet:
    doors = set(entry.get("doors", old.doors & {"left", "right"}))
    doors |= set(entry.get("trapdoors", old.doors & {"up", "down"}))
    floor = FLOOR_KEYS.index(entry["floor"]) if "floor" in entry else old.floor
    return Tablet(old.id, entry.get("name", old.name), floor, frozenset(doors),
                  frozenset(entry.get("arrows", old.arrows)), placeholder=False)


@cache
def _file_content(edition: str) -> Content:
    raw = _raw()
    ed = raw["edition"][edition]
    cards: dict[str, Card] = {}
    for g in raw["ghost"]:
        cards[g["id"]] = Card(g["id"], "ghost", g["name"], 1, toy=g["toy"],
                              placeholder=g.get("placeholder", False) or g.get("toy_placeholder", False))
    for tid, name in raw["toys"].items():
        cards[tid] = Card(tid, "toy", name, 1, placeholder="placeholder" in name)
    for kind, section in (("device", "devices"), ("trap", "traps"), ("fate", "fates")):
        for cid, body in raw[section].items():
            cards[cid] = Card(cid, kind, body["name"], body["copies"], timing=body.get("timing", ""),
                              placeholder=True)
    for cid in ed["remove_cards"]:
        old = cards[cid]
        cards[cid] = Card(old.id, old.kind, old.name, old.copies - 1, old.toy, old.timing, True)
    tablets = {
        t["id"]: Tablet(t["id"], t["name"], t["floor"], frozenset(t["doors"]), frozenset(t["arrows"]),
                        # every side the rulebook does not state is a placeholder (content.toml)
                        t.get("placeholder", False) or set(t.get("stated", ())) != set(SIDES) | {"arrows"})
        for t in raw["tablet"] if t["id"] not in ed["remove_tablets"]
    }
    ghosts = tuple(g["id"] for g in raw["ghost"])
    toys = tuple(raw["toys"])
    return Content(tablets, cards, ghosts, toys, ed["skulls"])


def validate(edition: str = "rulebook", entries: Entries = ()) -> list[str]:
    """Problems with the content of ``edition`` and the table's ``entries`` (empty when it
    is sound): 13 ghost/toy pairs, every toy the beloved toy of exactly one ghost, tablets
    per floor, sides and arrows known, names told apart, card total ("Components": 20
    tablets, 5 per floor, 70 cards for the rulebook edition). Each problem is a sentence
    for the owner (:func:`~companion.i18n.msg`)."""
    raw = _raw()
    c = content(edition, entries)
    counts = raw["counts"]
    problems = _pair_problems(c, counts["pairs"]) + _tablet_problems(c)
    per_floor = Counter(t.floor for t in c.tablets.values())
    if edition == "rulebook":
        problems += _rulebook_count_problems(c, counts, per_floor)
    if any(n > COLUMNS for n in per_floor.values()):
        problems.append(msg("More tablets on a floor than its 5 rooms."))
    return problems + _name_problems(c)


def _pair_problems(c: Content, pairs: int) -> list[str]:
    """The ghost/toy pairs: ``pairs`` of each, every toy the beloved toy of exactly one ghost."""
    problems = []
    if len(c.ghosts) != pairs or len(c.toys) != pairs:
        problems.append(msg("{ghosts} ghosts and {toys} toys, not {pairs}.", ghosts=len(c.ghosts),
                            toys=len(c.toys), pairs=pairs))
    beloved = Counter(c.cards[g].toy for g in c.ghosts)
    for toy in c.toys:
        if beloved[toy] != 1:
            problems.append(msg("The {toy} is the beloved toy of {n} ghosts; every toy is the beloved toy "
                                "of exactly one ghost.", toy=c.name(toy), n=beloved[toy]))
    return problems


def _tablet_problems(c: Content) -> list[str]:
    """Tablets on a floor that does not exist, or with doors or arrows on unknown sides."""
    return [msg("The {room} has a bad floor, door or arrow.", room=c.name(t.id)) for t in c.tablets.values()
            if not 0 <= t.floor < FLOORS or not t.doors <= set(SIDES) or not t.arrows <= set(SIDES)]


def _rulebook_count_problems(c: Content, counts: Mapping[str, int], per_floor: Counter) -> list[str]:
    """The rulebook's "Components" counts: tablets in all, tablets per floor, Children cards."""
    problems = []
    if len(c.tablets) != counts["tablets"]:
        problems.append(msg("{n} tablets, not {total}.", n=len(c.tablets), total=counts["tablets"]))
    for f in range(FLOORS):
        if per_floor[f] != counts["tablets_per_floor"]:
            problems.append(msg("The {floor} has {n} tablets; every floor has {per_floor}.",
                                floor=floor_name(f), n=per_floor[f],
                                per_floor=counts["tablets_per_floor"]))
    if c.total_cards() != counts["cards"]:
        problems.append(msg("{n} Children cards, not {total}.", n=c.total_cards(), total=counts["cards"]))
    return problems


def _name_problems(c: Content) -> list[str]:
    """Tablets, ghosts or toys that share a name (each kind on its own)."""
    problems = []
    for names in ([t.name for t in c.tablets.values()], [c.name(g) for g in c.ghosts], [c.name(t) for t in c.toys]):
        for name_, n in sorted(Counter(names).items()):
            if n > 1:
                problems.append(msg("{n} components are named {name}; each needs its own name.", n=n, name=name_))
    return problems


@cache  # a label of every placement choice: the four sentences, made once
def floor_name(floor: int) -> str:
    """A floor as players say it ("the basement", "the 2nd floor")."""
    return (msg("basement"), msg("1st floor"), msg("2nd floor"), msg("3rd floor"))[floor]


@cache
def on_floor(floor: int) -> str:
    """Where on a floor, with the right preposition: "in the basement", "on the 2nd floor"."""
    return (msg("in the basement"), msg("on the 1st floor"), msg("on the 2nd floor"), msg("on the 3rd floor"))[floor]


# --------------------------------------------------------------------------- names


def card(card_id: str) -> Card:
    """The card kind ``card_id`` (any edition: the rulebook edition has every kind)."""
    return content("rulebook").cards[card_id]


def tablet(tablet_id: str) -> Tablet:
    return content("rulebook").tablets[tablet_id]


def name(item: str) -> str:
    """The printed name of a card or tablet id (:meth:`Content.name`)."""
    return content("rulebook").name(item)


def beloved_toy(ghost: str) -> str:
    """The toy printed on a ghost card ("Ghost Cards": the toy needed to trap it)."""
    return card(ghost).toy


def component(item: str) -> str:
    """Component id of a card or tablet: ``children:toy:teddy-bear``, ``children:tablet:spire``."""
    kind = "tablet" if item in content("rulebook").tablets else card(item).kind
    return f"{GAME_ID}:{kind}:{item}"


def component_label(component_id: str) -> str:
    """A component as players say it ("Teddy Bear"); unknown shapes come back unchanged."""
    parts = component_id.split(":")
    if len(parts) == 3 and parts[0] == GAME_ID:
        return name(parts[2])
    return component_id


def all_components() -> frozenset[str]:
    """Every component a tag may stand for: each card kind and each tablet."""
    c = content("rulebook")
    return frozenset(component(i) for i in list(c.cards) + list(c.tablets))


def pieces(edition: str = "rulebook") -> tuple[str, ...]:
    """The tagged pieces in box order, one per copy: the Children cards (ghosts, toys,
    devices, traps, fates), then the room tablets floor by floor."""
    c = content(edition)
    out: list[str] = []
    for kind in CARD_KINDS:
        for cid, k in c.cards.items():
            if k.kind == kind:
                out += [component(cid)] * k.copies
    for t in sorted(c.tablets.values(), key=lambda t: t.floor):
        out.append(component(t.id))
    return tuple(out)
