"""The House of Spirits table check (issue 6 "Table check"), read only: the room in play,
each monster's health, each player's wounds and score, as the companion believes them.
Built from the public view only (hands and secret victory cards are never listed); no
corrections yet.
"""

from __future__ import annotations

from companion.engine.core import CheckLine
from companion.games.house_of_spirits.state import State
from companion.games.house_of_spirits.view import view
from companion.i18n import msg, nmsg


def check(state: State) -> tuple[CheckLine, ...]:
    """The room, the monsters in play, then one line per player; empty before the first
    round and once the game is over."""
    public = view(state)
    if not public["round"] or public["outcome"] is not None:
        return ()
    lines = []
    if public["room"] is not None:
        lines.append(CheckLine(msg("Room in play"), public["room"]["name"]))
    for card in public["in_play"]:
        if card["kind"] == "monster" and "health" in card and "max_health" in card:  # a monster's has both
            numbers = {"health": card["health"], "max": card["max_health"]}
            if card.get("stand_in_numbers"):  # the content file's health, not the card's (words19)
                lines.append(CheckLine(card["name"], msg("placeholder health {health} of {max}", **numbers)))
            else:
                lines.append(CheckLine(card["name"], msg("health {health} of {max}", **numbers)))
    for name, player in public["players"].items():
        value = msg("{wounds}, {points}",
                    wounds=nmsg("{n} wound", "{n} wounds", "n", n=player["wounds"]),
                    points=nmsg("{n} point", "{n} points", "n", n=player["score"]))
        lines.append(CheckLine(name, msg("dead") if player["dead"] else value))
    return tuple(lines)
