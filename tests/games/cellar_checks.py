"""Creepy Cellar states to test from, shared by its test files: a new game, actions played
in turn, the board set by room letter, a hunter changed."""

from __future__ import annotations

from dataclasses import replace

from moves import moves

from companion.engine import get_game, resolve_options

SPEC = get_game("creepy_cellar")
ROOMS = "ABCDEFGHIJKLMN"


def new_game(players=("Ada", "Bo"), **options):
    return SPEC.setup(list(players), resolve_options(SPEC, options))


play, keys = moves(SPEC)


def ghosts(state) -> dict[str, int]:
    return {room: n for room, n in zip(ROOMS, state.ghosts) if n}


def hauntings(state) -> dict[str, int]:
    return {room: n for room, n in zip(ROOMS, state.hauntings) if n}


def board(state, ghosts=None, hauntings=None, **changes):
    """``state`` with exactly these ghosts / hauntings per room (letters -> counts)."""
    if ghosts is not None:
        changes["ghosts"] = tuple(ghosts.get(room, 0) for room in ROOMS)
    if hauntings is not None:
        changes["hauntings"] = tuple(hauntings.get(room, 0) for room in ROOMS)
    return replace(state, **changes)


def hunter(state, name: str, **changes):
    """``state`` with hunter ``name`` changed (``at``, ``treasure``, ``jinxed``)."""
    index = state.players.index(name)
    hunters = list(state.hunters)
    hunters[index] = replace(hunters[index], **changes)
    return replace(state, hunters=tuple(hunters))
