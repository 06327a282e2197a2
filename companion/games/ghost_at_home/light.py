"""The cost of turning on a light ("Accendi la luce").

"Scarta 2 o 3 carte con un totale di almeno 5 icone di lampadine. È anche possibile scartare
una carta con 0 icone di lampadine, se le altre due carte hanno almeno 5 icone di lampadine in
totale." Which three-card discards count is house rule ``light_three_card_rule`` (notes.md
3.B G-A3).
"""

from __future__ import annotations

from collections.abc import Sequence

#: Bulb icons the discarded cards must show at least.
LIGHT_COST = 5

#: Cards a light costs, fewest and most.
MIN_CARDS, MAX_CARDS = 2, 3


def light_paid(bulbs: Sequence[int], rule: str = "sum") -> bool:
    """Whether discarding cards showing ``bulbs`` icons pays for a light.

    Args:
        bulbs: bulb icons on each discarded card (2 or 3 numbers, each 0 or more).
        rule: ``light_three_card_rule``: ``"sum"`` (any 2 or 3 cards totalling at least 5)
            or ``"zero_plus_pair"`` (3 cards only when one shows 0 and the other two total
            at least 5).

    Returns:
        True when paid: 3+2 yes; 3+1 no; 4+1+0 yes under both rules; 2+2+1 only under ``sum``.
    """
    if not MIN_CARDS <= len(bulbs) <= MAX_CARDS or any(b < 0 for b in bulbs):
        return False
    if len(bulbs) == 3 and rule == "zero_plus_pair":
        ordered = sorted(bulbs)
        return ordered[0] == 0 and ordered[1] + ordered[2] >= LIGHT_COST
    return sum(bulbs) >= LIGHT_COST
