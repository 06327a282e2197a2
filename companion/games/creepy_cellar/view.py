"""The public view of a Creepy Cellar game: what the shared screen and ``--json`` show.

Nothing here is hidden information: deck orders do not exist (draws are chance outcomes),
only deck sizes are shown, and a face-down treasure is only counted.
"""

from __future__ import annotations

import functools
from typing import TypedDict

from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.fight import fight_odds
from companion.games.creepy_cellar.odds import odds_haunting
from companion.games.creepy_cellar.state import State, Step
from companion.i18n import Msg, msg

#: The odds meter is in every view of a game going on (issue 4 "Odds meter"): the odds of a
#: new haunting before the active player's next turn, from where the game stands. (Issue 31:
#: only the roll's view had it, so a screen that came up mid-turn, as after every resume,
#: showed none until the next roll.)


class RoomView(TypedDict):
    """A room A-N (``rooms``)."""
    ghosts: int
    hauntings: int
    treasure: bool
    passage: bool
    laid: str | None


class HunterView(TypedDict):
    """A hunter (``hunters``)."""
    at: str
    carrying: str | None
    power: str | None
    jinxed: str | None
    player: str
    colour: str


class FightView(TypedDict):
    room: str
    dice: list[str]


class FightOdds(TypedDict):
    any: float
    clear: float


class CreepyCellarView(TypedDict):
    """What :func:`view` returns (its docstring says what each key holds)."""
    game: str
    mode: str
    players: list[str]
    turn: str
    turn_number: int
    step: str
    die: int | None
    moves: int
    hauntings: int
    haunting_limit: int
    rooms: dict[str, RoomView]
    ghost_king: str | None
    locked: str | None
    hunters: dict[str, HunterView]
    active_hunter: str
    carried: dict[str, str]
    cellar: list[str]
    cellar_slots: int
    passages: list[str]
    treasures_left: int
    fight: FightView | None
    fight_odds: FightOdds | None
    odds_haunting: float | None
    outcome: str | None
    decks: dict[str, dict[str, int]]
    options: dict[str, object]


def view(state: State) -> CreepyCellarView:
    """The public state as a JSON-ready dict: :func:`view_first` with :func:`later`'s figure.

    Returns:
        ``game``, ``mode`` (nightmare, advanced, basic), ``players``, ``turn`` (active
        player's name), ``turn_number``, ``step``, ``die`` (last face or None), ``moves``
        (movement points left), ``hauntings`` (on the board), ``haunting_limit`` (8),
        ``rooms`` ({letter: {"ghosts": n, "hauntings": n, "treasure": bool, "passage":
        bool, "laid": treasure or None}} for A–N; ``treasure`` is a face-down tile still in
        the room, Nightmare only; ``laid`` a treasure put back face-up, Advanced only),
        ``ghost_king`` (letter or None), ``locked`` (colour or None), ``hunters`` ({name:
        {"at": place, "carrying": treasure or None, "power": cursed power or None,
        "jinxed": tile or None, "player": name, "colour": mover colour}}, in mover order;
        the key is the player's name, or ``"Ada (red)"`` when players move two hunters
        each), ``active_hunter`` (the key of the hunter whose turn it is), ``carried`` ({hunter key:
        the treasure it carries, in words} for the hunters carrying one), ``cellar`` (treasures in
        slot order), ``cellar_slots``
        (how many), ``passages`` (rooms with a tile), ``treasures_left`` (not yet in the
        cellar), ``fight`` (last fight {"room", "dice"} this turn, or None), ``fight_odds``
        ({"any", "clear"} before a fight roll, or None), ``odds_haunting`` (the odds
        meter before each roll: P(a new haunting before the active player's next turn); None
        at other steps and after the end; None in a ``state`` message, whose ``later``
        message brings it), ``outcome`` (None, "won", "lost"), ``decks``
        (cards left and discarded per deck), ``options``.
    """
    shown = view_first(state)
    shown.update(later(state))  # type: ignore[typeddict-item]  # its one key, in its place
    return shown


def view_first(state: State) -> CreepyCellarView:
    """:func:`view` with ``odds_haunting`` None: the ``state`` message carries it so, and the
    ``later`` message that follows carries the figure (issue 35 item 3: the meter's playouts
    are off a tap's path to the screens). Built on every tap's path: what depends on the
    players alone (the hunters' keys, owners and colours) is worked out once per table
    (:func:`_seats`), and the rooms' membership tests use sets (tap21)."""
    rooms = _rooms(state.ghosts, state.hauntings, state.mode == "nightmare", state.taken, state.passages, state.laid)
    seats = _seats(state.players, len(state.hunters))
    hunters: dict[str, HunterView] = {
        key: {"at": h.at, "carrying": h.treasure, "power": h.power,
              "jinxed": h.jinxed, "player": owner, "colour": colour}
        for (key, owner, colour), h in zip(seats, state.hunters)
    }
    return {
        "game": cc.GAME_ID,
        "mode": state.mode,
        "players": list(state.players),
        "turn": state.player,
        "turn_number": state.turn,
        "step": str(state.step),
        "die": state.die,
        "moves": state.moves,
        "hauntings": state.total_hauntings,
        "haunting_limit": cc.HAUNTING_LIMIT,
        "rooms": rooms,
        "ghost_king": state.king,
        "locked": state.locked,
        "hunters": hunters,
        "active_hunter": seats[state.active][0],
        "carried": {seat[0]: _treasure_name(h.treasure)
                    for seat, h in zip(seats, state.hunters) if h.treasure},
        "cellar": list(state.cellar),
        "cellar_slots": state.total_treasures,
        "passages": list(state.passages),
        "treasures_left": state.total_treasures - len(state.cellar),
        "fight": {"room": state.fight[0], "dice": list(state.fight[1:])} if state.fight else None,
        "fight_odds": _fight_odds(state),
        "odds_haunting": None,  # later()'s
        "outcome": state.outcome,
        "decks": {
            "ghost": {"left": len(state.ghost_deck), "discarded": len(state.ghost_discard)},
            "king": {"left": len(state.king_deck), "discarded": len(state.king_discard)},
            "cellar": {"left": len(state.cellar_deck), "discarded": len(state.cellar_discard)},
            "jinxed": {"left": len(state.jinxed_pile)},
        },
        "options": dict(state.options),
    }


_CASTLE = frozenset(cc.CASTLE)


@functools.lru_cache(maxsize=16)
def _rooms(ghosts: tuple[int, ...], hauntings: tuple[int, ...], nightmare: bool, taken: tuple[str, ...],
           passages: tuple[str, ...], laid_out: tuple[str, ...]) -> dict[str, RoomView]:
    """The view's ``rooms``, made once for the same board (most inputs leave it as it was: a
    tap's view is built on its path to the screens, tap21). The same dict is in several views:
    callers must not modify a view (``Game.view`` gives a read-only Mapping)."""
    laid = {item[0]: item[2:] for item in reversed(laid_out)}  # State.laid_in's, once (the first wins)
    taken_rooms, passage_rooms = frozenset(taken), frozenset(passages)
    return {
        room: {
            "ghosts": ghosts[i],
            "hauntings": hauntings[i],
            "treasure": nightmare and room in _CASTLE and room not in taken_rooms,
            "passage": room in passage_rooms,
            "laid": laid.get(room),
        }
        for i, room in enumerate(cc.ROOMS)
    }


@functools.lru_cache(maxsize=16)
def _seats(players: tuple[str, ...], hunters: int) -> tuple[tuple[str, str, str], ...]:
    """Each hunter's (key, owner, mover colour), in mover order, for ``players`` moving
    ``hunters`` hunters: :func:`hunter_key`, :meth:`State.owner` and its colour, which depend
    on the players alone."""
    return tuple((_hunter_key(players, hunters, i), players[i % len(players)], cc.HUNTER_COLOURS[i])
                 for i in range(hunters))


def later(state: State) -> dict[str, float | None]:
    """The view's slow figure, sent after the state (:meth:`companion.engine.game.Game.later`):
    ``odds_haunting``, the odds meter's playouts over public facts only (None once it is over)."""
    return {"odds_haunting": round(odds_haunting(state), 3) if state.outcome is None else None}


def hunter_key(state: State, index: int) -> str:
    """Hunter ``index`` as the view names it: its player's name, or ``"Ada (red)"`` in a
    2-player game (two hunters each)."""
    return _hunter_key(state.players, len(state.hunters), index)


def _hunter_key(players: tuple[str, ...], hunters: int, index: int) -> str:
    """:func:`hunter_key` from the players and the hunter count alone (:func:`_seats` too)."""
    name = players[index % len(players)]  # State.owner
    return name if hunters == len(players) else f"{name} ({cc.HUNTER_COLOURS[index]})"


def _treasure_name(treasure: str) -> str:
    """A carried treasure in a few words for the board: "Cursed Treasure", "treasure 3",
    "treasure" (its power is in the rules' own sentences)."""
    if cc.power_of(treasure) is not None:
        return msg("Cursed Treasure")
    return cc.card_label(treasure)


def _fight_odds(state: State) -> FightOdds | None:
    if state.step != Step.FIGHT:
        return None
    room = state.hunter.at
    any_beaten, cleared = fight_odds(state.ghosts_in(room), state.hauntings_in(room),
                                     state.hunters_at(room),
                                     bool(state.options["haunting_face_beats_ghost"]))
    return {"any": round(float(any_beaten), 3), "clear": round(float(cleared), 3)}


def status_line(state: State) -> Msg:
    """The counters the terminal view prints before the prompt (:meth:`Game.status_line`):
    hauntings on the board of the limit, where the Ghost King is, which doors are locked."""
    return _status_line(state.total_hauntings, state.king, state.locked)


@functools.lru_cache(maxsize=64)
def _status_line(hauntings: int, king: str | None, locked: str | None) -> Msg:
    """:func:`status_line`'s sentence, one object for the same counters (a tap's state renders
    it by its identity: ``i18n.render``'s memo, tap21)."""
    return msg("[hauntings {hauntings}/{limit} | King {king} | locked {locked}]",
               hauntings=hauntings, limit=cc.HAUNTING_LIMIT, king=king or "-",
               locked=cc.DOOR_NAMES.get(locked, locked) if locked else "-")
