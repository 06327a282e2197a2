"""The Creepy Cellar table check (issue 6 "Table check"): what the companion believes is on
the board, and the corrections the table may touch when the real board has drifted.

Lines: one per room A–N (ghosts and hauntings), the hauntings on the board (read only), the
Ghost King's room, each hunter's place, the locked doors, and (read only) the secret passage
tiles and the cellar. Nothing hidden is listed: face-down treasures and deck contents are
not shown (the view shows the same facts).

Corrections (``fix:`` keys, applied by :func:`correct` at any step of a turn):

- ``fix:ghosts:<room>:+1`` / ``-1``: one ghost more or fewer in a room;
- ``fix:hauntings:<room>:+1`` / ``-1``: one haunting more or fewer;
- ``fix:king:<room>``: the Ghost King's room, any room he may stand in, in one touch (issue
  17 item 9; once on the board he never leaves it, "Cellar Cards", so there is no
  correction to "off the board");
- ``fix:hunter:<colour>:<place>``: a hunter's place, any of outside, hallway, A–N, in one
  touch; ``<colour>`` is the hunter's mover (``red``, ``yellow``, ``blue``,
  ``green``, dealt in turn order), a key that stays the same however many hunters each
  player moves;
- ``fix:locked:<colour>`` / ``fix:locked:none``: which doors are locked.

A correction only sets what the companion believes, within the bounds the rules keep (notes
1.5 "Ghost placement", "Ghost King card", "Winning the Game"): never below zero, at most 2
ghosts in a room (3 would already be a haunting), at most 1 beside the Ghost King, the King
never moved into a room with 2 ghosts, at most 7 hauntings on the board (the 8th ends the
game). It never triggers a rule: no haunting is made, nothing is drawn, the turn's step and
movement points stay as they were. While a Remove Ghost card waits for the table's pick the
last ghost on the board cannot be corrected away (the card would have nothing to remove).
"""

from __future__ import annotations

from companion.engine.core import CheckLine, Choice
from companion.engine.frozen import replace
from companion.engine.news import cleared, say
from companion.engine.tuples import put
from companion.errors import RuleViolation
from companion.games.creepy_cellar import checks
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.state import State, Step, with_hunter
from companion.games.creepy_cellar.view import hunter_key
from companion.i18n import Msg, msg, nmsg

#: Every correction key starts so.
PREFIX = "fix:"

#: Where a hunter can stand, in the order the check steps through them.
_PLACE_ORDER: tuple[str, ...] = (cc.OUTSIDE, cc.HALLWAY) + cc.ROOMS

#: The most ghosts a room holds between two actions (three become a haunting).
_MAX_GHOSTS = cc.GHOSTS_PER_HAUNTING - 1

#: The most ghosts beside the Ghost King (two with him become a haunting).
_MAX_GHOSTS_WITH_KING = cc.KING_HAUNTING_GHOSTS - 1

_UNLOCKED = "none"


def check(state: State) -> tuple[CheckLine, ...]:
    """The table check for ``state``: room lines A–N, hauntings, Ghost King, hunters,
    locked doors, passages and cellar (see the module docstring). Empty once the game is over."""
    if state.step == Step.OVER:
        return ()
    lines = [_room_line(state, room) for room in cc.ROOMS]
    lines.append(CheckLine(msg("Hauntings on the board"),
                           msg("{count} of {limit}", count=state.total_hauntings, limit=cc.HAUNTING_LIMIT)))
    lines.append(_king_line(state))
    lines += [_hunter_line(state, index) for index in range(len(state.hunters))]
    lines.append(_locked_line(state))
    if state.mode == "nightmare":
        lines.append(CheckLine(msg("Secret passage tiles"), _rooms_text(state.passages)))
    lines.append(CheckLine(msg("Treasures in the cellar"),
                           msg("{count} of {slots}", count=len(state.cellar), slots=state.total_treasures)))
    return tuple(lines)


def correct(state: State, key: str) -> State:
    """Apply the correction ``key`` (one that :func:`check` lists for ``state``).

    Returns the corrected state, its news one sentence starting "Correction:".

    Raises:
        RuleViolation: ``key`` is not a correction the check lists now (a stale check, a
            count out of bounds, the game over).
    """
    if not any(fix.key == key for line in check(state) for fix in line.fixes):
        raise RuleViolation(msg("That correction no longer fits the table check: nothing changed. "
                                "Look at the table check again."))
    state = _corrected(cleared(state), key)
    if checks.won(state):  # "Winning the Game": the win is checked after a correction too
        return say(replace(state, outcome="won", step=Step.OVER),
                   msg("All the treasures are in the cellar and every hunter is out: the hunters win!"))
    return state


def _corrected(state: State, key: str) -> State:
    kind, _, rest = key[len(PREFIX):].partition(":")
    if kind in ("ghosts", "hauntings"):
        room, _, step = rest.partition(":")
        return _count(state, kind, room, int(step))
    if kind == "king":
        before = state.king
        return say(replace(state, king=rest),
                   msg("Correction: the Ghost King is now {now} (was {before}).",
                       now=_king_text(rest), before=_king_text(before)))
    if kind == "hunter":
        name, _, place = rest.rpartition(":")
        index = list(cc.HUNTER_COLOURS[:len(state.hunters)]).index(name)
        before = state.hunters[index].at
        return say(with_hunter(state, index, at=place),
                   msg("Correction: {player} is now {now} (was {before}).",
                       player=_hunter_name(state, index), now=cc.place_text(place),
                       before=cc.place_text(before)))
    colour = None if rest == _UNLOCKED else rest
    before = state.locked
    return say(replace(state, locked=colour),
               msg("Correction: {now} (was: {before}).", now=_locked_text(colour), before=_locked_text(before)))


# --------------------------------------------------------------------------- lines


def _room_line(state: State, room: str) -> CheckLine:
    ghosts, hauntings = state.ghosts_in(room), state.hauntings_in(room)
    fixes = []
    if ghosts < _ghost_limit(state, room):
        fixes.append(Choice(f"fix:ghosts:{room}:+1", msg("+1 ghost")))
    if ghosts > 0 and not (state.step == Step.REMOVE and sum(state.ghosts) == 1):
        fixes.append(Choice(f"fix:ghosts:{room}:-1", msg("−1 ghost")))
    if state.total_hauntings < cc.HAUNTING_LIMIT - 1:
        fixes.append(Choice(f"fix:hauntings:{room}:+1", msg("+1 haunting")))
    if hauntings > 0:
        fixes.append(Choice(f"fix:hauntings:{room}:-1", msg("−1 haunting")))
    return CheckLine(_room_name(room), _room_value(ghosts, hauntings), tuple(fixes))


def _room_value(ghosts: int, hauntings: int) -> Msg:
    ghost_text = nmsg("{n} ghost", "{n} ghosts", "n", n=ghosts)
    if not hauntings:
        return ghost_text
    return msg("{ghosts}, {hauntings}", ghosts=ghost_text,
               hauntings=nmsg("{n} haunting", "{n} hauntings", "n", n=hauntings))


def _ghost_limit(state: State, room: str) -> int:
    return _MAX_GHOSTS_WITH_KING if state.king == room else _MAX_GHOSTS


def _king_line(state: State) -> CheckLine:
    # Once on the board the King never leaves it ("Cellar Cards"): "off" is only where he starts.
    # Every room he may stand in (not one with 2 ghosts: that would be a haunting), in one touch.
    fixes = tuple(Choice(f"fix:king:{room}", msg("To room {room}", room=room)) for room in cc.ROOMS
                  if room != state.king and state.ghosts_in(room) <= _MAX_GHOSTS_WITH_KING)
    return CheckLine(msg("Ghost King"), _king_text(state.king), fixes)


def _hunter_line(state: State, index: int) -> CheckLine:
    name = hunter_key(state, index)
    colour = cc.HUNTER_COLOURS[index]
    at = state.hunters[index].at
    fixes = [Choice(f"fix:hunter:{colour}:{target}", _place_button(target))
             for target in _PLACE_ORDER if target != at]  # any place in one touch
    if len(state.hunters) > len(state.players):  # two each: "Ada's blue hunter"
        label = _hunter_name(state, index)
    else:
        label = msg("{player}'s hunter", player=name)
    return CheckLine(label, cc.place_text(at), tuple(fixes))


def _hunter_name(state: State, index: int) -> Msg | str:
    """"Ada", or "Ada's blue hunter" when players move two hunters each."""
    if len(state.hunters) == len(state.players):
        return state.owner(index)
    return msg("{player}'s {hunter}", player=state.owner(index),
               hunter=cc.HUNTER_NAMES[cc.HUNTER_COLOURS[index]])


def _locked_line(state: State) -> CheckLine:
    options = (_UNLOCKED,) + cc.DOOR_COLOURS
    current = state.locked or _UNLOCKED
    fixes = tuple(Choice(f"fix:locked:{option}", _locked_button(option))
                  for option in options if option != current)
    return CheckLine(msg("Locked doors"), _locked_text(state.locked), fixes)


# --------------------------------------------------------------------------- corrections


def _count(state: State, kind: str, room: str, step: int) -> State:
    index = cc.ROOMS.index(room)
    values = state.ghosts if kind == "ghosts" else state.hauntings
    before = values[index]
    values = put(values, index, before + step)
    state = replace(state, **{kind: values})
    if kind == "ghosts":
        text = msg("Correction: room {room} now has {now} (was {before}).", room=room,
                   now=nmsg("{n} ghost", "{n} ghosts", "n", n=before + step), before=before)
    else:
        text = msg("Correction: room {room} now has {now} (was {before}).", room=room,
                   now=nmsg("{n} haunting", "{n} hauntings", "n", n=before + step),
                   before=before)
    return say(state, text)


# --------------------------------------------------------------------------- words


def _room_name(room: str) -> Msg:
    return msg("Cellar {room}", room=room) if room in cc.CELLAR_ROOMS else msg("Room {room}", room=room)


def _rooms_text(rooms: tuple[str, ...]) -> Msg:
    return msg("rooms {rooms}", rooms=", ".join(rooms)) if rooms else msg("none left")


def _king_text(room: str | None) -> Msg:
    return msg("off the board") if room is None else msg("in room {room}", room=room)


def _place_button(place: str) -> Msg:
    if place == cc.HALLWAY:
        return msg("To the hallway")
    if place == cc.OUTSIDE:
        return msg("Outside")
    if place in cc.CELLAR_ROOMS:
        return msg("To cellar {room}", room=place)
    return msg("To room {room}", room=place)


def _locked_text(colour: str | None) -> Msg:
    if colour is None:
        return msg("no doors are locked")
    return msg("the {doors} are locked", doors=cc.DOOR_NAMES[colour])


def _locked_button(option: str) -> Msg:
    if option == _UNLOCKED:
        return msg("Unlock all")
    return msg("Lock the {doors}", doors=cc.DOOR_NAMES[option])
