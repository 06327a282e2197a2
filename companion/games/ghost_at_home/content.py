"""Ghost at Home's printed data the owner enters: the light bulbs on each card (issue 12).

"Accendi la luce: Scarta 2 o 3 carte con un totale di almeno 5 icone di lampadine." How many
bulb icons each card shows is not public (notes.md 1.2, 4.2): the content file knows none.
Copies of a card name are printed differently (their artwork differs, and so, probably, do
their bulbs), so a card name that comes in several copies is entered per copy
(:attr:`ContentSpec.per_copy`): ``ghost_at_home:room:first-floor#1`` … ``#12``, in the
enrollment walk's order; a single card (the Light Bulb) under its component id.

Once every card tapped for a light has an entered count, the companion checks the cost
itself (house rule ``light_three_card_rule``); otherwise the table confirms it, or counts
the bulbs (house rule ``light_check``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.content import ContentField, ContentSpec
from companion.games.ghost_at_home import components as gc
from companion.i18n import msg

#: Bulb icons a card may show, fewest and most (a form's range; the rulebook prints no limit,
#: a light needs 5).
LOW, HIGH = 0, 9

BULBS_FIELD = ContentField(
    "bulbs", msg("Light bulb icons printed on this card"), "int", low=LOW, high=HIGH,
    help=msg("Count the bulb icons on this very card (0 if none). They pay for a light: 5 are needed."))


def _fields(component: str) -> tuple[ContentField, ...]:
    return (BULBS_FIELD,) if gc.card_of(component) is not None else ()


def _per_copy(component: str) -> bool:
    card = gc.card_of(component)
    return card is not None and gc.DECK[card] > 1


CONTENT = ContentSpec(
    fields=_fields,
    printed=lambda component: {},  # no count is public: the form starts at "?"
    placeholder=lambda component: gc.card_of(component) is not None,
    per_copy=_per_copy,
)


def bulbs_entered(content: Mapping[str, Mapping[str, Any]] | None) -> tuple[tuple[str, int], ...]:
    """The table's entered bulb counts (a header's ``content``, already checked), as
    ``(piece id, bulbs)`` pairs sorted by piece id, for the state."""
    return tuple(sorted((piece, int(entry["bulbs"])) for piece, entry in (content or {}).items()
                        if isinstance(entry.get("bulbs"), int)))
