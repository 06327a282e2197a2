"""The public view of a Children game: what the shared screen and ``--json`` show.

Never shown: :attr:`~.state.State.pairing` (only stacks already flipped, in ``stacks``),
and nothing about which cards a player holds or which lie under a tablet (the companion
only counts them: ``cards`` and ``left_cards``).
"""

from __future__ import annotations

from typing import TypedDict

from companion.games.children import components as cc
from companion.games.children import grid as gr
from companion.games.children.state import STEP_NUMBER, State, Step

FLOOR_KEYS = cc.FLOOR_KEYS


class GhostView(TypedDict):
    name: str
    enraged: bool


class RoomView(TypedDict):
    """A room on the board (``rooms``)."""
    floor: str
    column: int
    ghosts: list[GhostView]
    players: list[str]
    kitty: bool
    left_cards: int


class PlayerView(TypedDict):
    """A player (``players``): cards and skulls are counts."""
    room: str | None
    cards: int
    skulls: int
    trapped: list[str]
    kitty_card: bool


class ChildrenView(TypedDict):
    """What :func:`view` returns (its docstring says what each key holds)."""
    game: str
    hand_limit: int
    enraged: list[str]
    mansion: dict[str, list[str | None]]
    rooms: dict[str, RoomView]
    players: dict[str, PlayerView]
    turn: str | None
    turn_number: int
    step: int
    actions_left: int
    skull_pool: int
    deck: int
    tablets_left: int
    discard: int
    ghosts_in_deck: int
    set_aside: list[str]
    stacks: dict[str, str]
    kitty: str | None
    final_round: bool
    final_turns: int | None
    outcome: str | None
    winners: list[str]
    rooms_in_play: int
    options: dict[str, object]


def view(state: State) -> ChildrenView:
    """The public state as a JSON-ready dict.

    Returns:
        ``game``; ``hand_limit`` (5 minus the enraged ghosts present); ``enraged`` (names
        of the enraged ghosts in the mansion); ``mansion`` ({floor: [room name or None] × 5},
        floors ``basement``, ``1st``, ``2nd``, ``3rd``); ``rooms`` ({room name: {floor,
        column, ghosts: [{name, enraged}], players, kitty, left_cards}}); ``players``
        ({name: {room, cards (count), skulls, trapped (ghost names), kitty_card}});
        ``turn`` (active player); ``turn_number``; ``step`` (1-5 of the turn guide, 0 at
        setup); ``actions_left``; ``skull_pool``; ``deck`` (cards left), ``tablets_left``,
        ``discard`` (count); ``ghosts_in_deck``; ``set_aside`` (ghost names); ``stacks``
        ({toy: revealed ghost} for flipped stacks only); ``kitty`` (room name or None);
        ``final_round`` (bool) and ``final_turns`` (turns left or None); ``outcome``
        (None, "won", "lost", "tie"); ``winners``; ``rooms_in_play``; ``options``.
    """
    rooms: dict[str, RoomView] = {}
    for f, row in enumerate(state.grid):
        for c, room in enumerate(row):
            if room is None:
                continue
            rooms[state.name(room)] = {
                "floor": FLOOR_KEYS[f], "column": c + 1,
                "ghosts": [{"name": state.name(g.id), "enraged": g.enraged} for g in state.ghosts_in(room)],
                "players": [state.players[p] for p in state.players_in(room)],
                "kitty": state.kitty == room,
                "left_cards": state.left_in(room),
            }
    players: dict[str, PlayerView] = {
        name: {
            "room": state.name(room) if (room := state.where[p]) else None,
            "cards": state.hands[p],
            "skulls": state.skulls[p],
            "trapped": [state.name(g) for g, _ in state.trapped[p]],
            "kitty_card": state.kitty_card == p,
        }
        for p, name in enumerate(state.players)
    }
    return {
        "game": cc.GAME_ID,
        "hand_limit": state.hand_limit,
        "enraged": [state.name(g) for g in state.enraged_present],
        "mansion": {FLOOR_KEYS[f]: [state.name(r) if r else None for r in row] for f, row in enumerate(state.grid)},
        "rooms": rooms,
        "players": players,
        "turn": state.player if state.step not in (Step.SETUP, Step.OVER) else None,
        "turn_number": state.turn,
        "step": STEP_NUMBER.get(state.step, 0),
        "actions_left": state.actions if state.step == Step.ACTIONS else 0,
        "skull_pool": state.skull_pool,
        "deck": state.deck,
        "tablets_left": len(state.tablet_pile),
        "discard": len(state.discard),
        "ghosts_in_deck": len(state.ghost_deck),
        "set_aside": [state.name(g) for g in state.set_aside],
        "stacks": {state.name(t): state.name(g) for t, g in state.flipped},
        "kitty": state.name(state.kitty) if state.kitty else None,
        "final_round": state.final_turns is not None,
        "final_turns": state.final_turns,
        "outcome": state.outcome,
        "winners": list(state.winners),
        "rooms_in_play": len(gr.rooms(state.grid)),
        "options": {k: v for k, v in sorted(state.options.items())},
    }


def setting_up(state: State) -> bool:
    """Before the first turn: the stacks are dealt and Start not yet touched (the view's
    ``turn`` is None then)."""
    return state.step == Step.SETUP
