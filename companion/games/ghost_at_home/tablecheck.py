"""The Ghost at Home table check (issue 6 "Table check"), read only: each floor of each
player's house (its ghosts, cats and light), as the companion believes them. Built from the
public view only (hands and the face-down discards are never listed); no corrections yet.
"""

from __future__ import annotations

from companion.engine.core import CheckLine
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.state import State, Step
from companion.games.ghost_at_home.view import floor_view
from companion.i18n import msg, nmsg


def check(state: State) -> tuple[CheckLine, ...]:
    """One line per floor of each house (``{player}: First floor``); empty once the game is over."""
    if state.step == Step.OVER:
        return ()
    lines = []
    for name, house in zip(state.players, state.houses):
        for floor, spot in enumerate(house, 1):
            facts = floor_view(spot)
            value = msg("{ghosts}, {cats}, {light}",
                        ghosts=nmsg("{n} ghost", "{n} ghosts", "n", n=facts["ghosts"]),
                        cats=nmsg("{n} cat", "{n} cats", "n", n=facts["cat"]),
                        light=msg("light on") if facts["light"] else msg("light off"))
            lines.append(CheckLine(msg("{player}: {floor}", player=name, floor=gc.FLOOR_LABELS[floor]), value))
    return tuple(lines)
