"""Board widgets per game: each shows a game's public ``view`` dict.

A board is a widget class with a ``view`` ``DictProperty``, a ``colours`` one (player
name -> palette key, :mod:`companion.palette`; the table screen sets it before the view),
where it names cards a ``stand_ins`` one (the state's: a stand-in's name -> its number)
and ``game`` (the game id whose views it reads). Add a game by writing
``ui/boards/<game>.py`` (and its ``ui/kv/<game>.kv``) and naming it in :data:`BOARDS`.

:func:`update` hands a view to a board and never lets a board's error reach the app: a
view the board cannot draw is logged and the table screen shows the neutral
:data:`FALLBACK` board instead (the game goes on; the prompt and choices still work).
"""

from __future__ import annotations

import logging
import traceback
import weakref
from collections.abc import Callable
from importlib import import_module

log = logging.getLogger(__name__)

#: Game id -> "module:Class" of its board widget (imported when first needed).
BOARDS: dict[str, str] = {
    "creepy_cellar": "ui.boards.creepy_cellar:CellarBoard",
    "ghost_at_home": "ui.boards.ghost_at_home:GhostAtHomeBoard",
    "children": "ui.boards.children:ChildrenBoard",
    "house_of_spirits": "ui.boards.house_of_spirits:HouseOfSpiritsBoard",
    "clue_it": "ui.boards.clue_it:ClueBoard",
}

#: The neutral board: for games without their own and for views a board cannot draw.
FALLBACK = "ui.boards.generic:GenericBoard"


def _load(path: str) -> type:
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def board_class(game_id: str) -> type:
    """The board widget class for ``game_id`` (the neutral one for unknown games)."""
    return _load(BOARDS.get(game_id, FALLBACK))


def fallback_class() -> type:
    """The neutral board's class."""
    return _load(FALLBACK)


def understands(board, view: dict) -> bool:
    """``board`` reads views of ``view``'s game (a view without ``game`` is any game's)."""
    game = getattr(board, "game", None)
    return not game or view.get("game") in (None, game)


def update(board, view: dict, colours: dict, stand_ins: dict | None = None) -> bool:
    """Give ``board`` the player ``colours`` and the state's ``stand_ins`` (name as shown ->
    number, to a board that draws them) and then ``view``. False (and a log line) when
    the view is another game's or the board failed to draw it; True when it is shown."""
    if not understands(board, view):
        log.warning("the %s board got a view of %r; showing the neutral board",
                    type(board).__name__, view.get("game"))
        return False
    try:
        if hasattr(board, "colours"):
            board.colours = dict(colours)  # before the view; unchanged: no redraw
        if hasattr(board, "stand_ins"):
            board.stand_ins = dict(stand_ins or {})
        board.view = dict(view)
    except Exception:
        _log_error("the %s board could not draw the view of %r; showing the neutral board",
                   type(board).__name__, view.get("game"))
        return False
    return True


def _log_error(message: str, *args) -> None:
    """Log the error being handled, its traceback as text: Kivy's log history keeps the
    last 100 records, and a record's traceback holds its frames, which hold the board (an
    error in a board's drawing kept that board alive after its game left, issue 29 item 11)."""
    log.error(message + "\n%s", *args, traceback.format_exc().rstrip())


def watch_language(board) -> None:
    """Redraw ``board`` (its ``on_view``) after every language switch while it is on the
    screen; a board that cannot draw its view then only logs it (the table screen already
    shows the neutral board for that view). The translator holds ``board`` weakly and drops
    the listener with it: a board made for its game is freed when its game leaves (issue 29
    item 11)."""
    ref = weakref.ref(board)

    def redraw(_lang: str) -> None:
        shown = ref()
        if shown is None or shown.parent is None:
            return
        try:
            shown.on_view()
        except Exception:
            _log_error("the %s board could not redraw in the new language", type(shown).__name__)

    board.tr.on_switch(redraw, owner=board)


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

    def place_for(self, choice: dict) -> str | None:
        """The place on this board that ``choice`` names, or None: by its key (the default,
        :meth:`place_for_choice`); a board whose places the keys do not name (a view that
        shows names, not ids) reads the choice's label too."""
        return self.place_for_choice(str(choice.get("key", "")))

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
        place = board.place_for(choice)
        if place is not None and place not in picks:
            picks[place] = choice["key"]
    board.pick_callback = callback
    if picks != board.picks:
        board.picks = picks
        board.show_picks()
    return picks


def picks_at(widget, place: str, touch) -> bool:
    """A touch on ``widget`` (the tile of ``place``): the nearest :class:`PlacePicks` board
    above it picks the place's choice; False when the touch is elsewhere or picks nothing
    (the tile then handles the touch as usual)."""
    if not widget.collide_point(*touch.pos):
        return False
    board = widget.parent
    while board is not None and not isinstance(board, PlacePicks):
        board = board.parent
    return board is not None and board.pick(place)
