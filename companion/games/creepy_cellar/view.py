"""The public view of a Creepy Cellar game: what the shared screen and ``--json`` show.

Nothing here is hidden information: deck orders do not exist (draws are chance outcomes)
and only the deck sizes are shown.
"""

from __future__ import annotations

from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.rules import State


def view(state: State) -> dict:
    """The public state as a JSON-ready dict.

    Returns:
        ``game``, ``players``, ``turn`` (active player's name), ``turn_number``, ``step``,
        ``die`` (last face or None), ``hauntings`` (on the board), ``haunting_limit`` (8),
        ``rooms`` ({letter: {"ghosts": n, "hauntings": n}} for A–N), ``ghost_king``
        (letter or None), ``locked`` (colour or None), ``outcome`` (None, "won", "lost"),
        ``decks`` (cards left and discarded per deck), ``options``.
    """
    rooms = {
        room: {"ghosts": state.ghosts[i], "hauntings": state.hauntings[i]}
        for i, room in enumerate(cc.ROOMS)
    }
    return {
        "game": cc.GAME_ID,
        "players": list(state.players),
        "turn": state.player,
        "turn_number": state.turn,
        "step": str(state.step),
        "die": state.die,
        "hauntings": state.total_hauntings,
        "haunting_limit": cc.HAUNTING_LIMIT,
        "rooms": rooms,
        "ghost_king": state.king,
        "locked": state.locked,
        "outcome": state.outcome,
        "decks": {
            "ghost": {"left": len(state.ghost_deck), "discarded": len(state.ghost_discard)},
            "king": {"left": len(state.king_deck), "discarded": len(state.king_discard)},
        },
        "options": dict(state.options),
    }


def news(state: State) -> tuple[str, ...]:
    """What the last applied action did, as sentences for the table."""
    return state.news
