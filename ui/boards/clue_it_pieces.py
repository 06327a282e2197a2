"""CLUE: IT's pieces as both its board (:mod:`ui.boards.clue_it`) and its legends
(:mod:`ui.boards.clue_it_legend`) draw them: the Kids' and items' colours, and whose Kid is whose.
No Kivy here."""

from __future__ import annotations

#: Item tokens: white icons on a dark round token (gold fell within 8 ΔE' of the yellow
#: player's pawn for a deuteranope: tests/ui/test_colour_blind.py).
ITEM_COLOUR = (1.0, 1.0, 1.0, 1)
#: A Kid no player plays: a pale blue pawn.
KID_COLOUR = (0.75, 0.85, 1.0, 1)


def kid_owner(view: dict) -> dict[str, str]:
    """Kid name -> the player playing that Kid."""
    return {kid: player for player, kid in (view.get("kids") or {}).items() if kid}
