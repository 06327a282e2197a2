"""Printed seat colours (issue 17 item 4): in Creepy Cellar a player's colour is the colour
of their hunter's pawn (rulebook "Set Up": red, yellow, blue, green, in seat order; with 2
players each moves two, Ada red and blue, Bo yellow and green: her colour is her first
pawn's). The palette (:mod:`companion.palette`, Okabe–Ito) has no pure red or green: its
nearest colours stand for them. No Kivy import here.
"""

from __future__ import annotations

#: Pawn colour -> palette key.
HUNTER_PALETTE = {"red": "vermillion", "yellow": "yellow", "blue": "blue", "green": "bluish_green"}

#: Game id -> palette keys by seat (player 1, 2, ...): the game's printed colours.
SEATS = {"creepy_cellar": tuple(HUNTER_PALETTE.values())}


def seat_colours(game: str, players: list[str]) -> dict[str, str] | None:
    """Player -> palette key for a game whose pieces print the players' colours, in seat
    order; None for a game where the table chooses."""
    seats = SEATS.get(game)
    if seats is None:
        return None
    return {name: seats[i] for i, name in enumerate(players) if i < len(seats)}


def printed_colours(game: str, view: dict) -> dict[str, str]:
    """Player -> palette key read from a game's view (Creepy Cellar: each player's first
    hunter's pawn colour); {} for other games, and for a view that is not this game's (a
    state message can name the next game while it still carries the last one's view)."""
    hunters = view.get("hunters") if game == "creepy_cellar" else None
    if not isinstance(hunters, dict) or view.get("game", game) != game:
        return {}
    colours: dict[str, str] = {}
    for hunter in hunters.values():
        if not isinstance(hunter, dict):
            continue
        key = HUNTER_PALETTE.get(str(hunter.get("colour", "")))
        player = str(hunter.get("player", ""))
        if key and player and player not in colours:
            colours[player] = key
    return colours
