"""What the owner enters as printed on their copy of Children (issue 5, ``docs/content.md``).

The rulebook prints only a few ghosts, toys and tablets (notes.md 1.1); ``content.toml``
holds them and clearly marked placeholders for the rest. When a tablet, ghost card or toy
card is enrolled, the owner enters what is printed on it:

* a room tablet ("Mansion Room Tablets": "marked with its name, doors and trapdoors, and
  spectral flow arrows"; "Place the Room Tablet … on its designated floor (written on the
  Room Tablet)"): its name, its floor, the doors on its left and right sides, the trapdoors
  in its ceiling (up) and floor (down), and the sides its spectral-flow arrows point to;
* a ghost card ("Ghost Cards": "the child's name, and an icon of the child's beloved
  toy"): its name and its toy;
* a toy card: its name.

The table's entries over the content file must still make a whole game
(:func:`check`: 20 tablets, 5 per floor, 13 ghost/toy pairs, every toy the beloved toy
of one ghost, names told apart). A game keeps its entries in its state
(:attr:`~.state.State.printed`, from the header's ``content``), so it replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.content import ContentError, ContentField, ContentSpec
from companion.games.children import components as cc
from companion.i18n import msg

DOOR_SIDES = ("left", "right")
TRAPDOOR_SIDES = ("up", "down")


def _kind(component: str) -> tuple[str, str]:
    parts = component.split(":")
    if len(parts) != 3 or parts[0] != cc.GAME_ID:
        return "", ""
    return parts[1], parts[2]


#: A tablet's sides and floors in words on the form (issue 29: not "1st", "left" as keys).
_WORDS = {"basement": msg("basement"), "1st": msg("first floor"), "2nd": msg("second floor"),
          "3rd": msg("third floor"), "left": msg("left"), "right": msg("right"), "up": msg("up"),
          "down": msg("down")}


def _words(keys: tuple[str, ...]) -> tuple:
    return tuple(_WORDS[key] for key in keys)


def fields(component: str) -> tuple[ContentField, ...]:
    """The form of ``component``: a tablet, a ghost card or a toy card (nothing for the
    devices, traps and fates: their names are in the rulebook)."""
    kind, item = _kind(component)
    base = cc.content()
    if kind == "tablet" and item in base.tablets:
        return (
            ContentField("name", msg("Room name"), "text"),
            ContentField("floor", msg("Floor"), "choice", values=cc.FLOOR_KEYS, labels=_words(cc.FLOOR_KEYS),
                         help=msg("The floor written on the tablet: basement, 1st, 2nd or 3rd.")),
            ContentField("doors", msg("Doors"), "flags", values=DOOR_SIDES, labels=_words(DOOR_SIDES),
                         help=msg("The sides with a door: left, right.")),
            ContentField("trapdoors", msg("Trapdoors"), "flags", values=TRAPDOOR_SIDES, labels=_words(TRAPDOOR_SIDES),
                         help=msg("A trapdoor up (in the ceiling) or down (in the floor).")),
            ContentField("arrows", msg("Spectral flow arrows"), "flags", values=cc.SIDES, labels=_words(cc.SIDES),
                         help=msg("The sides the ghostly arrows point to: where ghosts may drift.")),
        )
    if kind == "ghost" and item in base.ghosts:
        return (ContentField("name", msg("Ghost's name"), "text"),
                ContentField("toy", msg("Beloved toy"), "choice", values=base.toys,
                             labels=tuple(base.name(toy) for toy in base.toys),
                             help=msg("The toy printed on the card: the one that traps this ghost.")))
    if kind == "toy" and item in base.toys:
        return (ContentField("name", msg("Toy's name"), "text"),)
    return ()


def printed(component: str) -> dict[str, Any]:
    """What ``content.toml`` says is printed on ``component`` (the form's defaults)."""
    kind, item = _kind(component)
    base = cc.content()
    if kind == "tablet" and item in base.tablets:
        t = base.tablets[item]
        return {"name": t.name, "floor": cc.FLOOR_KEYS[t.floor],
                "doors": [s for s in DOOR_SIDES if s in t.doors],
                "trapdoors": [s for s in TRAPDOOR_SIDES if s in t.doors],
                "arrows": [s for s in cc.SIDES if s in t.arrows]}
    if kind == "ghost" and item in base.ghosts:
        return {"name": base.cards[item].name, "toy": base.cards[item].toy}
    if kind == "toy" and item in base.toys:
        return {"name": base.cards[item].name}
    return {}


def placeholder(component: str) -> bool:
    """``content.toml``'s data for ``component`` is (at least in part) a placeholder: every
    tablet side the rulebook does not state, the ten unnamed ghosts, eleven toys, Penny's toy."""
    kind, item = _kind(component)
    base = cc.content()
    if kind == "tablet" and item in base.tablets:
        return base.tablets[item].placeholder
    if kind in ("ghost", "toy") and item in base.cards:
        return base.cards[item].placeholder
    return False


def entries_of(content: Mapping[str, Mapping[str, Any]] | None) -> cc.Entries:
    """The table's entries (a header's ``content``: ``{component: {field: value}}``) in
    the state's form: sorted pairs, lists as tuples, only the fields that differ from
    ``content.toml`` (so a snapshot carries no more than it must)."""
    out = []
    for component, entry in (content or {}).items():
        file = printed(component)
        fields_ = tuple(sorted((name, tuple(v) if isinstance(v, list) else v)
                               for name, v in entry.items() if v != file.get(name)))
        if fields_:
            out.append((component, fields_))
    return tuple(sorted(out))


def problems(content: Mapping[str, Mapping[str, Any]] | None, edition: str = "rulebook") -> list[str]:
    """Why the table's entries over ``content.toml`` do not make a whole game of
    ``edition`` (empty when they do): :func:`.components.validate`."""
    return cc.validate(edition, entries_of(content))


def check(table: Mapping[str, Mapping[str, Any]]) -> None:
    """The whole table's data (every entry merged over what is printed) still makes the
    game of the Components list ("Components", "Card Reference").

    Raises:
        ContentError: the first problem, e.g. "The basement has 6 tablets; every floor has 5.".
    """
    found = problems(table)
    if found:
        raise ContentError(found[0])


CONTENT = ContentSpec(fields=fields, printed=printed, placeholder=placeholder, check=check)
