"""Ghosts, hauntings and the Ghost King on the board.

notes.md 1.5 "Ghost placement" (three ghosts in a room become a haunting); creepy-cellar.txt
"Ghost King card" ("If the Ghost King is ever in a room with 2 other ghosts, it becomes a
haunting. The Ghost King then moves to the next lettered room."), "Winning the Game" (the
8th haunting loses). House rules: ``haunting_overflow`` (notes.md 3.E F-A11),
``king_haunting`` (F-A6), ``king_wrap`` (F-A7).
"""

from __future__ import annotations

from companion.engine.draft import replace, say
from companion.engine.tuples import put
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar import why
from companion.games.creepy_cellar.state import State, Step
from companion.i18n import Msg, NewsLine, msg, notable, todo


def add_ghost(state: State, room: str) -> State:
    """Place a ghost in ``room``; three in a room become a haunting; two with the King too.

    Returns the new state (``step`` is OVER when this made the 8th haunting).
    """
    index = cc.ROOMS.index(room)
    if state.hauntings[index] and state.options["haunting_overflow"] == "next_room":
        target = cc.next_room(room, "wrap")
        state = say(state, msg("Room {room} already holds a haunting: the ghost goes on to room {target}.",
                               room=room, target=target))
        return add_ghost(state, target)
    count = state.ghosts[index] + 1
    state = say(state, why.placed(todo("place", "Place a ghost in room {room}.", room=room), room, count))
    state = replace(state, ghosts=put(state.ghosts, index, count))
    if count >= cc.GHOSTS_PER_HAUNTING:
        return haunt(state, room, cc.GHOSTS_PER_HAUNTING, why.three_ghosts(
            todo("place", "Three ghosts in room {room} become a haunting: swap them for a haunting.", room=room),
            room), king=False)
    if state.king == room and count >= cc.KING_HAUNTING_GHOSTS:
        return king_haunting(state, room)
    return state


def remove_ghost(state: State, room: str, count: int = 1) -> State:
    """Take ``count`` ghosts off ``room`` (never below zero; the King is not a ghost)."""
    index = cc.ROOMS.index(room)
    return replace(state, ghosts=put(state.ghosts, index, max(0, state.ghosts[index] - count)))


def remove_haunting(state: State, room: str, count: int = 1) -> State:
    """Take ``count`` hauntings off ``room`` (never below zero)."""
    index = cc.ROOMS.index(room)
    return replace(state, hauntings=put(state.hauntings, index, max(0, state.hauntings[index] - count)))


def move_king(state: State, room: str) -> State:
    """Put the Ghost King in ``room`` and settle what that causes."""
    state = replace(state, king=room)
    if state.ghosts[cc.ROOMS.index(room)] >= cc.KING_HAUNTING_GHOSTS:
        return king_haunting(state, room)
    return state


def king_haunting(state: State, room: str) -> State:
    """The King and two ghosts make a haunting; the King moves on (F-A6, F-A7).

    ``king_haunting = ghosts`` (default): the two ghosts are swapped for the haunting.
    ``king_haunting = king``: "it" is the King: a haunting is placed and the two ghosts stay.
    """
    ghosts = state.ghosts[cc.ROOMS.index(room)]
    if state.options["king_haunting"] == "king":
        state = haunt(state, room, 0, why.king_haunting(
            todo("place", "The Ghost King and two ghosts in room {room}: place a haunting there.", room=room),
            room, ghosts), king=True)
    else:
        state = haunt(state, room, cc.KING_HAUNTING_GHOSTS, why.king_haunting(
            todo("place", "The Ghost King and two ghosts in room {room}: swap the ghosts for a haunting.",
                 room=room), room, ghosts), king=True)
    if state.step == Step.OVER:
        return state
    target = cc.next_room(room, state.options["king_wrap"])
    line = why.king_moves_on(todo("move", "The Ghost King moves on to room {room}.", room=target, was=room),
                             room, target)  # was: unsaid, for the undo
    return move_king(say(state, line), target)


def haunt(state: State, room: str, ghosts_used: int, sentence: Msg | NewsLine, king: bool) -> State:
    """Swap ``ghosts_used`` ghosts of ``room`` for one haunting (made by the Ghost King and
    two ghosts: ``king``; else by three ghosts); the 8th ends the game."""
    index = cc.ROOMS.index(room)
    state = replace(
        state,
        ghosts=put(state.ghosts, index, state.ghosts[index] - ghosts_used),
        hauntings=put(state.hauntings, index, state.hauntings[index] + 1),
    )
    # a haunting: what the table remembers, recalled as "Haunting 7 of 8: three ghosts in room H."
    number = state.total_hauntings
    recap = (msg("Haunting {number} of {limit}: the Ghost King in room {room}.", number=number,
                 limit=cc.HAUNTING_LIMIT, room=room) if king else
             msg("Haunting {number} of {limit}: three ghosts in room {room}.", number=number,
                 limit=cc.HAUNTING_LIMIT, room=room))
    state = say(state, notable(sentence, recap))
    if state.total_hauntings >= cc.HAUNTING_LIMIT:
        return say(replace(state, outcome="lost", step=Step.OVER),
                   why.eighth(msg("That is haunting number {number}: the Ghost King wins.",
                                  number=cc.HAUNTING_LIMIT), state.total_hauntings))
    return state
