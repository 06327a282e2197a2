"""The Children table check (issue 6 "Table check"): what the companion believes is in the
mansion, and the corrections the table may touch when the real table has drifted.

Lines: each room in play (its ghosts, calm or enraged, the players and Kitty Kitty in it;
read only), each ghost in the mansion, each player's room, each player's skull tokens, Kitty
Kitty's room, the hand limit and the skull pile (read only). Nothing hidden is listed: the
toy -> ghost pairing of unflipped stacks and the cards in hands or under tablets are never
shown (the companion only counts them; notes.md 4.1).

Corrections (``fix:`` keys, applied by :func:`correct` at any moment of a turn):

- ``fix:enraged:<ghost>:1`` / ``:0``: turn a ghost card enraged or calm side up;
- ``fix:ghost:<ghost>:<room>``: a ghost's room (neighbours in the order rooms are listed);
- ``fix:player:<name>:<room>``: a player's figurine (neighbours likewise);
- ``fix:skulls:<name>:+1`` / ``-1``: a skull token from or back to the pile;
- ``fix:kitty:<room>``: Kitty Kitty's room (while she is in the mansion).

A correction only sets what the companion believes, within the bounds the rules keep
("Enraged Ghosts", "Take a Skull Token"): skull tokens 0 to 3 per player, taken from the
pile and given back to it; a ghost is turned enraged only when the hand limit it leaves is
above 0 and no hand is over it (so no cut-down and no ghosts' win follows from a
correction). It never triggers a rule: no trap or run when a figurine is put in a ghost's
room, no entry draw, no stack check; the turn's step and actions left stay as they were.
A figurine that is not in the mansion (not entered yet, or after an emergency escape) is
not moved by a correction: it comes in by the rules.
"""

from __future__ import annotations

from companion.engine.core import CheckLine, Choice
from companion.engine.frozen import replace
from companion.engine.news import cleared, say
from companion.engine.present import present
from companion.errors import RuleViolation
from companion.games.children import grid as gr
from companion.games.children import why
from companion.games.children.state import Ghost, State, Step, put, set_ghosts
from companion.i18n import Msg, msg, nmsg

#: Every correction key starts so.
PREFIX = "fix:"

_MAX_SKULLS = 3  # "You may keep a maximum of 3 Skull Tokens"


def check(state: State) -> tuple[CheckLine, ...]:
    """The table check for ``state`` (see the module docstring); empty at set-up (nothing
    is on the table yet) and once the game is over."""
    if state.step in (Step.SETUP, Step.OVER):
        return ()
    rooms = gr.rooms(state.grid)
    lines = [_room_line(state, room) for room in rooms]
    lines += [_ghost_line(state, ghost, rooms) for ghost in state.ghosts]
    for p, name in enumerate(state.players):
        lines.append(_player_line(state, p, name, rooms))
        lines.append(_skulls_line(state, p, name))
    lines.append(_kitty_line(state, rooms))
    lines.append(CheckLine(msg("Hand limit"), str(state.hand_limit)))
    lines.append(CheckLine(msg("Skull tokens in the pile"), str(state.skull_pool)))
    return tuple(lines)


def correct(state: State, key: str) -> State:
    """Apply the correction ``key`` (one that :func:`check` lists for ``state``).

    Returns the corrected state, its news a sentence starting "Correction:" (and the new
    hand limit when a ghost turned).

    Raises:
        RuleViolation: ``key`` is not a correction the check lists now.
    """
    if not any(fix.key == key for line in check(state) for fix in line.fixes):
        raise RuleViolation(msg("That correction no longer fits the table check: nothing changed. "
                                "Look at the table check again."))
    kind, _, rest = key[len(PREFIX):].partition(":")
    state = cleared(state)
    if kind == "enraged":
        ghost_id, _, side = rest.rpartition(":")
        return _turn(state, ghost_id, side == "1")
    if kind == "ghost":
        ghost_id, _, room = rest.rpartition(":")
        ghost = state.haunting(ghost_id)
        moved = set_ghosts(state, [g for g in state.ghosts if g.id != ghost_id] + [replace(ghost, room=room)])
        return say(moved, msg("Correction: {ghost} is now in the {room} (was in the {before}).",
                              ghost=state.name(ghost_id), room=state.name(room), before=state.name(ghost.room)))
    if kind == "kitty":
        return say(replace(state, kitty=rest),
                   msg("Correction: Kitty Kitty is now in the {room} (was in the {before}).",
                       room=state.name(rest), before=state.name(present(state.kitty, "Kitty Kitty's room"))))
    name, _, arg = rest.rpartition(":")
    p = state.players.index(name)
    if kind == "player":
        before = state.room_of(p)
        return say(replace(state, where=put(state.where, p, arg)),
                   msg("Correction: {player} is now in the {room} (was in the {before}).",
                       player=name, room=state.name(arg), before=state.name(before)))
    step = int(arg)
    state = replace(state, skulls=put(state.skulls, p, state.skulls[p] + step),
                    skull_pool=state.skull_pool - step)
    return say(state, nmsg("Correction: {player} now holds {n} skull token (was {before}).",
                           "Correction: {player} now holds {n} skull tokens (was {before}).", "n",
                           player=name, n=state.skulls[p], before=state.skulls[p] - step))


# --------------------------------------------------------------------------- lines


def _room_line(state: State, room: str) -> CheckLine:
    parts = [_ghost_text(state, g) for g in state.ghosts_in(room)]
    parts += [state.players[p] for p in state.players_in(room)]
    if state.kitty == room:
        parts.append(msg("Kitty Kitty"))
    return CheckLine(state.name(room), _joined(parts) if parts else msg("empty"))


def _ghost_text(state: State, ghost: Ghost) -> Msg:
    if ghost.enraged:
        return msg("{ghost} (enraged)", ghost=state.name(ghost.id))
    return msg("{ghost} (calm)", ghost=state.name(ghost.id))


def _joined(parts: list) -> Msg | str:
    """Parts joined with commas, each rendered in the table's language."""
    out = parts[0]
    for part in parts[1:]:
        out = msg("{first}, {second}", first=out, second=part)
    return out


def _ghost_line(state: State, ghost: Ghost, rooms: tuple[str, ...]) -> CheckLine:
    fixes = []
    if ghost.enraged:
        fixes.append(Choice(f"fix:enraged:{ghost.id}:0", msg("Calm side up")))
    elif _may_enrage(state):
        fixes.append(Choice(f"fix:enraged:{ghost.id}:1", msg("Enraged side up")))
    fixes += [Choice(f"fix:ghost:{ghost.id}:{room}", msg("To the {room}", room=state.name(room)))
              for room in _neighbours(rooms, ghost.room)]
    side = msg("enraged") if ghost.enraged else msg("calm")
    return CheckLine(state.name(ghost.id), msg("in the {room}, {side}", room=state.name(ghost.room), side=side),
                     tuple(fixes))


def _may_enrage(state: State) -> bool:
    limit = state.hand_limit - 1
    return limit > 0 and all(hand <= limit for hand in state.hands)


def _player_line(state: State, p: int, name: str, rooms: tuple[str, ...]) -> CheckLine:
    room = state.where[p]
    if room is None:
        return CheckLine(name, msg("not in the mansion"))
    fixes = tuple(Choice(f"fix:player:{name}:{target}", msg("To the {room}", room=state.name(target)))
                  for target in _neighbours(rooms, room))
    return CheckLine(name, msg("in the {room}", room=state.name(room)), fixes)


def _skulls_line(state: State, p: int, name: str) -> CheckLine:
    held = state.skulls[p]
    fixes = []
    if held < _MAX_SKULLS and state.skull_pool > 0:
        fixes.append(Choice(f"fix:skulls:{name}:+1", msg("+1 skull token")))
    if held > 0:
        fixes.append(Choice(f"fix:skulls:{name}:-1", msg("−1 skull token")))
    return CheckLine(msg("{player}'s skull tokens", player=name), str(held), tuple(fixes))


def _kitty_line(state: State, rooms: tuple[str, ...]) -> CheckLine:
    if state.kitty is None:
        return CheckLine(msg("Kitty Kitty"), msg("not in the mansion"))
    fixes = tuple(Choice(f"fix:kitty:{target}", msg("To the {room}", room=state.name(target)))
                  for target in _neighbours(rooms, state.kitty))
    return CheckLine(msg("Kitty Kitty"), msg("in the {room}", room=state.name(state.kitty)), fixes)


def _neighbours(rooms: tuple[str, ...], room: str) -> tuple[str, ...]:
    """The rooms before and after ``room`` in ``rooms`` (wrapping), without repeats."""
    if len(rooms) < 2:
        return ()
    here = rooms.index(room)
    before, after = rooms[here - 1], rooms[(here + 1) % len(rooms)]
    return (before,) if before == after else (before, after)


# --------------------------------------------------------------------------- corrections


def _turn(state: State, ghost_id: str, enraged: bool) -> State:
    ghost = state.ghost(ghost_id)
    limit = state.hand_limit
    state = set_ghosts(state, [g for g in state.ghosts if g.id != ghost_id] + [replace(ghost, enraged=enraged)])
    if enraged:
        state = say(state, msg("Correction: {ghost} is now enraged (was calm).", ghost=state.name(ghost_id)))
    else:
        state = say(state, msg("Correction: {ghost} is now calm (was enraged).", ghost=state.name(ghost_id)))
    if state.hand_limit != limit:
        state = say(state, why.hand_limit(msg("The hand limit is now {limit}.", limit=state.hand_limit),
                                          len(state.enraged_present), state.hand_limit))
    return state
