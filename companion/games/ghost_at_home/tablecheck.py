"""The Ghost at Home table check (issue 6 "Table check"): each floor of each player's house
(its ghosts, cats and light), as the companion believes them, and the corrections the table
may touch when the real houses have drifted. Built from the public view only (hands and the
face-down discards are never listed).

Corrections (``fix:`` keys, applied by :func:`correct`, between two actions: at the start of
a player's action, ``Step.TURN``), ``<p>`` the player's seat (0 first):

- ``fix:light:<p>:<floor>:on`` / ``:off``: the floor's light, on only where the rules could
  have lit it ("Tutti i piani inferiori devono essere esplorati completamente"), off only
  where no ghost stands (a ghost on a dark floor would have cleared it);
- ``fix:ghost:<p>:<floor>:-1`` / ``fix:cat:<p>:<floor>:-1``: a ghost or cat card the house
  no longer holds; it goes to the discard pile (face up, as a ghost or cat played is).

A correction only sets what the companion believes; it never triggers a rule (nothing is
cleared, nobody draws, the turn stays the same player's).
"""

from __future__ import annotations

from companion.engine.core import CheckLine, Choice
from companion.engine.frozen import replace
from companion.errors import RuleViolation
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home import house as hs
from companion.games.ghost_at_home.state import Floor, State, Step
from companion.i18n import msg, nmsg

#: Every correction key starts so.
PREFIX = "fix:"


def check(state: State) -> tuple[CheckLine, ...]:
    """One line per floor of each house (``{player}: First floor``); empty once the game is over."""
    if state.step == Step.OVER:
        return ()
    return tuple(_line(state, p, floor) for p in range(len(state.players)) for floor in range(1, gc.FLOORS + 1))


def correct(state: State, key: str) -> State:
    """Apply the correction ``key`` (one that :func:`check` lists for ``state``).

    Returns the corrected state, its news one sentence starting "Correction:".

    Raises:
        RuleViolation: ``key`` is not a correction the check lists now.
    """
    if not any(fix.key == key for line in check(state) for fix in line.fixes):
        raise RuleViolation(msg("That correction no longer fits the table check: nothing changed. "
                                "Look at the table check again."))
    kind, seat, number, arg = key[len(PREFIX):].split(":")
    p, floor = int(seat), int(number)
    spot = state.house(p)[floor - 1]
    where = msg("{player}: {floor}", player=state.players[p], floor=gc.FLOOR_LABELS[floor])
    state = replace(state, news=())
    if kind == "light":
        fixed = state.with_floor(p, floor, replace(spot, lit=arg == "on"))
        now = msg("light on") if arg == "on" else msg("light off")
        return _say(fixed, msg("Correction: {where}, {now}.", where=where, now=now))
    fixed = state.with_floor(p, floor, _one_less(spot, kind))
    fixed = replace(fixed, discard=tuple(sorted(fixed.discard + (kind,))))
    counted = _count(fixed.house(p)[floor - 1], kind)
    return _say(fixed, msg("Correction: {where}, now {count}; the card is on the discard pile.",
                           where=where, count=counted))


def _line(state: State, p: int, floor: int) -> CheckLine:
    spot = state.house(p)[floor - 1]
    value = msg("{ghosts}, {cats}, {light}", ghosts=_count(spot, gc.GHOST), cats=_count(spot, gc.CAT),
                light=msg("light on") if spot.lit else msg("light off"))
    label = msg("{player}: {floor}", player=state.players[p], floor=gc.FLOOR_LABELS[floor])
    return CheckLine(label, value, _fixes(state, p, floor, spot) if state.step == Step.TURN else ())


def _fixes(state: State, p: int, floor: int, spot: Floor) -> tuple[Choice, ...]:
    key = f"{PREFIX}{{kind}}:{p}:{floor}:{{arg}}"
    fixes = []
    if hs.can_light(state.house(p), floor):
        fixes.append(Choice(key.format(kind="light", arg="on"), msg("Light on")))
    elif spot.lit and not spot.ghosts:
        fixes.append(Choice(key.format(kind="light", arg="off"), msg("Light off")))
    if spot.ghosts:
        fixes.append(Choice(key.format(kind=gc.GHOST, arg="-1"), msg("−1 ghost")))
    if spot.cats:
        fixes.append(Choice(key.format(kind=gc.CAT, arg="-1"), msg("−1 cat")))
    return tuple(fixes)


def _one_less(spot: Floor, kind: str) -> Floor:
    return replace(spot, ghosts=spot.ghosts - 1) if kind == gc.GHOST else replace(spot, cats=spot.cats - 1)


def _count(spot: Floor, kind: str):
    if kind == gc.GHOST:
        return nmsg("{n} ghost", "{n} ghosts", "n", n=spot.ghosts)
    return nmsg("{n} cat", "{n} cats", "n", n=spot.cats)


def _say(state: State, text) -> State:
    return replace(state, news=state.news + (text,))
