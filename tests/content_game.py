"""A tiny game with printed data to enter, for the content tests (not registered in the product).

Three lamp cards whose bulbs are printed on them (placeholders: 1 each), one ghost card
with nothing to enter, and three copies of a "bulb card" whose copies differ in print (their
data is entered per copy: ``lamps:bulb:card#1`` ...). Its state is the content it was set
up with and the copies tapped, so a test sees exactly what reached the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import Choice, ContentError, ContentField, ContentSpec, GameSpec, Prompt

GAME = "lamps"
LAMPS = tuple(f"{GAME}:lamp:{n}" for n in ("a", "b", "c"))
GHOST = f"{GAME}:ghost:ghost"
CARD = f"{GAME}:bulb:card"


@dataclass(frozen=True)
class State:
    bulbs: tuple[tuple[str, int], ...]
    card_bulbs: tuple[tuple[str, int], ...] = ()
    paid: tuple[str, ...] = ()


def _fields(component: str):
    if component == CARD:
        return (ContentField("bulbs", "Bulbs printed on the card", "int", low=0, high=5),)
    if component in LAMPS:
        return (ContentField("bulbs", "Bulbs printed on the card", "int", low=0, high=5),
                ContentField("colour", "Frame colour", "choice", values=("red", "blue")),
                ContentField("name", "Printed name", "text"))
    return ()


def _check(table):
    if sum(entry["bulbs"] for entry in table.values()) > 12:
        raise ContentError("the three lamps show at most 12 bulbs together")


def setup(players, options, content=None):
    table = {c: {"bulbs": 1, **(content or {}).get(c, {})} for c in LAMPS}
    cards = tuple((piece, entry["bulbs"]) for piece, entry in sorted((content or {}).items())
                  if piece.startswith(CARD + "#"))
    return State(tuple((c, table[c]["bulbs"]) for c in LAMPS), cards)


def prompt(state):
    return Prompt("Tap a bulb card", choices=(Choice("pay", "Bulb card", component=CARD, per_copy=True),))


def apply(state, key):
    base, _, copy = key.partition("#")
    if base != "pay":
        from companion.errors import RuleViolation
        raise RuleViolation("no such action")
    known = dict(state.card_bulbs).get(f"{CARD}#{copy}") if copy else None
    return State(state.bulbs, state.card_bulbs, state.paid + (f"copy {copy}: {known}" if copy else "unknown copy",))


CONTENT = ContentSpec(fields=_fields,
                      printed=lambda c: {"bulbs": 1, "colour": "red", "name": c[-1]} if c in LAMPS else {},
                      placeholder=lambda c: c in LAMPS,
                      check=lambda table: _check({c: e for c, e in table.items() if c in LAMPS}),
                      per_copy=lambda c: c == CARD)

SPEC = GameSpec(
    id=GAME, title="Lamps", min_players=1, max_players=4, options=(), setup=setup,
    prompt=prompt, apply=apply, view=lambda state: {"bulbs": dict(state.bulbs), "paid": list(state.paid)},
    news=lambda state: (), components=frozenset(LAMPS + (GHOST, CARD)), pieces=LAMPS + (GHOST,) + (CARD,) * 3,
    content=CONTENT,
)
