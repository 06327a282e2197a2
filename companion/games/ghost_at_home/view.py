"""The public view of a Ghost at Home game: what the shared screen and ``--json`` show.

Hands are numbers only (``hand_sizes``); the discard pile is a number (some of its cards
were discarded face down and stay secret).
"""

from __future__ import annotations

from typing import TypedDict

from companion.engine.present import present
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home import house as hs
from companion.games.ghost_at_home.state import Floor, State, Step


class FloorView(TypedDict):
    """One floor of a house ("1", "2", "3" in ``houses``)."""
    rooms: list[str]
    light: bool
    ghosts: int
    cat: int


class GhostAtHomeView(TypedDict):
    """What :func:`view` returns (its docstring says what each key holds). A house is
    ``{"1": FloorView, "2": ..., "3": ..., "complete": bool}``."""
    game: str
    players: list[str]
    turn: str
    turn_number: int
    step: str
    deciding: str | None
    houses: dict[str, dict[str, FloorView | bool]]
    hand_sizes: dict[str, int]
    deck: int
    discard: int
    escape: str | None
    outcome: str | None
    options: dict[str, object]


def floor_view(floor: Floor) -> FloorView:
    """One floor as the view shows it (public: every card on a house is face up)."""
    return {"rooms": list(floor.rooms), "light": floor.lit, "ghosts": floor.ghosts, "cat": floor.cats}


def view(state: State) -> GhostAtHomeView:
    """The public state as a JSON-ready dict.

    Returns:
        ``game``; ``players``; ``turn`` (the active player's name); ``turn_number``;
        ``step``; ``deciding`` (the player the prompt addresses, who may be out of turn);
        ``houses`` ({player: {"1"/"2"/"3": {"rooms": [card names, left first], "light":
        bool, "ghosts": n, "cat": n}, "complete": bool}}); ``hand_sizes`` ({player: n});
        ``deck`` (cards left); ``discard`` (cards in the discard pile); ``escape`` (the
        escaping player's name, or None); ``outcome`` (None, or the winner's name);
        ``options``.
    """
    houses: dict[str, dict[str, FloorView | bool]] = {}
    for name, house in zip(state.players, state.houses):
        floors: dict[str, FloorView | bool] = {str(n): floor_view(f) for n, f in enumerate(house, 1)}
        houses[name] = {**floors, "complete": hs.complete(house)}
    return {
        "game": gc.GAME_ID,
        "players": list(state.players),
        "turn": state.player,
        "turn_number": state.turn,
        "step": str(state.step),
        "deciding": _deciding(state),
        "houses": houses,
        "hand_sizes": dict(zip(state.players, state.hands)),
        "deck": state.deck,
        "discard": len(state.discard) + state.secret,
        "escape": state.players[state.escaper] if state.escaper is not None else None,
        "outcome": state.outcome,
        "options": dict(state.options),
    }


def _deciding(state: State) -> str | None:
    if state.step == Step.OVER:
        return None
    if state.step == Step.DEFEND:
        return state.players[present(state.target, "the ghost's target")]
    if state.step == Step.ESCAPE:
        return state.players[state.stoppers[0]]
    return state.player
