"""Printed seat colours (issue 17 item 4): in a game whose pieces print the players' colours
(Creepy Cellar's pawns) each player's colour is their seat's, as the game says it (the
``games`` message's ``seat_colours``, :attr:`companion.engine.game.Game.seat_colours`). No
Kivy import here.
"""

from __future__ import annotations


def seat_colours(game: dict | None, players: list[str]) -> dict[str, str] | None:
    """Player -> palette key for a game (its ``games`` entry) whose pieces print the players'
    colours, in seat order; None for a game where the table chooses."""
    seats = (game or {}).get("seat_colours") or []
    if not seats:
        return None
    return {name: seats[i] for i, name in enumerate(players) if i < len(seats)}
