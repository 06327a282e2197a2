"""A tiny game with printed data to enter, for the content tests (not registered in the product).

Three lamp cards whose bulbs are printed on them (placeholders: 1 each) and one ghost card
with nothing to enter. Its state is the content it was set up with, so a test sees exactly
what reached the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import ContentError, ContentField, ContentSpec, GameSpec, Prompt

GAME = "lamps"
LAMPS = tuple(f"{GAME}:lamp:{n}" for n in ("a", "b", "c"))
GHOST = f"{GAME}:ghost:ghost"


@dataclass(frozen=True)
class State:
    bulbs: tuple[tuple[str, int], ...]


def _fields(component: str):
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
    return State(tuple((c, table[c]["bulbs"]) for c in LAMPS))


CONTENT = ContentSpec(fields=_fields, printed=lambda c: {"bulbs": 1, "colour": "red", "name": c[-1]} if c in LAMPS else {},
                      placeholder=lambda c: c in LAMPS, check=_check)

SPEC = GameSpec(
    id=GAME, title="Lamps", min_players=1, max_players=4, options=(), setup=setup,
    prompt=lambda state: Prompt("Nothing to do", over=False, choices=()),
    apply=lambda state, key: state, view=lambda state: {"bulbs": dict(state.bulbs)},
    news=lambda state: (), components=frozenset(LAMPS + (GHOST,)), pieces=LAMPS + (GHOST,),
    content=CONTENT,
)
