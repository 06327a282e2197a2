"""Board widgets per game: each shows a game's public ``view`` dict.

A board is a widget class with a ``view`` ``DictProperty`` and a ``colours`` one (player
name -> palette key, :mod:`companion.palette`; the table screen sets it before the view). Add a game by writing
``ui/boards/<game>.py`` (and its ``ui/kv/<game>.kv``) and naming it in :data:`BOARDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

#: Game id -> "module:Class" of its board widget (imported when first needed).
BOARDS: dict[str, str] = {
    "creepy_cellar": "ui.boards.creepy_cellar:CellarBoard",
    "ghost_at_home": "ui.boards.ghost_at_home:GhostAtHomeBoard",
    "children": "ui.boards.children:ChildrenBoard",
}

#: The board for games without their own: the view as text.
FALLBACK = "ui.boards.generic:GenericBoard"


def board_class(game_id: str) -> type:
    """The board widget class for ``game_id`` (the generic one for unknown games)."""
    module, _, name = BOARDS.get(game_id, FALLBACK).partition(":")
    return getattr(import_module(module), name)


class PlacePicks:
    """Mixin for a board whose places (rooms, locations, tablets) can be touched to pick a
    choice (issue 17 item 3). A board implements :meth:`place_for_choice` and calls
    :meth:`pick` when a place is touched (and may highlight the places in ``picks``); the
    table screen sets :attr:`picks` and :attr:`pick_callback` after every state.

    Attributes:
        picks: place id -> the choice key touching it picks (set by :func:`set_picks`).
        pick_callback: ``callback(key)`` (the app's ``choose``), or None.
    """

    picks: dict[str, str] = {}
    pick_callback: Callable[[str], None] | None = None

    def place_for_choice(self, key: str) -> str | None:
        """The place on this board that choice ``key`` names ("move:E" -> "E"), or None."""
        return None

    def show_picks(self) -> None:
        """Redraw after :attr:`picks` changed (default: nothing)."""

    def pick(self, place: str) -> bool:
        """Place ``place`` was touched: pick its choice; False when it picks nothing now."""
        key = self.picks.get(place)
        if key is None or self.pick_callback is None:
            return False
        self.pick_callback(key)
        return True


def set_picks(board, choices: list[dict], callback: Callable[[str], None] | None) -> dict[str, str]:
    """Tell ``board`` which of ``choices`` are places on it (the first choice naming a place
    wins) and whom to call when one is touched; returns place -> key. A board without
    :class:`PlacePicks` is left alone."""
    if not isinstance(board, PlacePicks):
        return {}
    picks: dict[str, str] = {}
    for choice in choices:
        place = board.place_for_choice(str(choice.get("key", "")))
        if place is not None and place not in picks:
            picks[place] = choice["key"]
    board.pick_callback = callback
    if picks != board.picks:
        board.picks = picks
        board.show_picks()
    return picks
