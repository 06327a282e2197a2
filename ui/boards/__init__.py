"""Board widgets per game: each shows a game's public ``view`` dict.

A board is a widget class with a ``view`` ``DictProperty`` and a ``colours`` one (player
name -> palette key, :mod:`companion.palette`; the table screen sets it before the view). Add a game by writing
``ui/boards/<game>.py`` (and its ``ui/kv/<game>.kv``) and naming it in :data:`BOARDS`.
"""

from __future__ import annotations

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
