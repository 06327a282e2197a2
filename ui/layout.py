"""Where the choice buttons go: order and grid shape. No Kivy import here.

Sizes are dp at scale 1 (an 800×480 screen); callers multiply by ``dp(1) * scale``.
"""

from __future__ import annotations

#: Choice keys that get the big button when present (otherwise the first choice does).
PRIMARY_KEYS = ("end-turn", "done-moving")

#: Choice keys that end the game (after a confirming question): drawn in gold, last.
FINAL_KEYS = ("declare-win",)

#: Column counts to try for the grid of secondary choices, fewest (biggest buttons) first.
COLUMNS = (2, 3)

#: Heights of the main button, of a grid row at most and at least, and the gaps.
PRIMARY_HEIGHT, ROW_HEIGHT, MIN_ROW_HEIGHT, GAP = 64, 48, 38, 6

#: Font size (sp at scale 1) of grid buttons by column count.
GRID_FONT = {2: 19, 3: 15}


def order_choices(choices: list[dict]) -> list[dict]:
    """The main choice first, the final ones last, the rest in the daemon's order."""
    primary = [c for c in choices if c["key"] in PRIMARY_KEYS][:1] or choices[:1]
    final = [c for c in choices if c["key"] in FINAL_KEYS and c not in primary]
    rest = [c for c in choices if c not in primary and c not in final]
    return primary + rest + final


def grid_shape(count: int, height: float, unit: float) -> tuple[int, float]:
    """Columns and row height (pixels) for ``count`` secondary buttons under the main one.

    Args:
        count: secondary choices.
        height: pixels the panel has for everything (main button included).
        unit: pixels per dp at scale 1 (``dp(1) * scale``).

    Returns:
        The fewest columns whose rows fit ``height`` at least :data:`MIN_ROW_HEIGHT` tall
        (rows as tall as fit, at most :data:`ROW_HEIGHT`); when none fit, the most
        columns at the minimum height (the panel scrolls).
    """
    room = height - (PRIMARY_HEIGHT + GAP) * unit
    for cols in COLUMNS:
        rows = -(-count // cols)
        row = (room - (rows - 1) * GAP * unit) / rows if rows else 0
        if row >= MIN_ROW_HEIGHT * unit:
            return cols, min(row, ROW_HEIGHT * unit)
    return COLUMNS[-1], MIN_ROW_HEIGHT * unit
