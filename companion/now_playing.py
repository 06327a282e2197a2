"""The game on the table, as every state carries it (newcomer20 finding 15): its number in the
store, its game, title, players and inputs so far, and the one line every client says when it
changes (a game resumed from the owner's desk or the table screen's Saved games, or a new game
started from another screen): "Now playing Children, game no. 5 (Ada, Bo), after 40 inputs."

A client keys on the number changing from one state to the next (:func:`switched`): the daemon
sends the structure, and each client says it in the table's language with :func:`now_playing`.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import msg, nmsg


def table_game(session) -> dict[str, Any] | None:
    """The state's ``table_game``: ``{"id": its number in the store, "game": the game's id,
    "title", "players": [names in turn order], "inputs": inputs played so far}``, or None (no
    game on the table, or one outside a store)."""
    if session is None or session.game_id is None:
        return None
    return {"id": session.game_id, "game": session.spec.id, "title": session.spec.title,
            "players": list(session.header.players), "inputs": session.position}


def switched(before: dict[str, Any] | None, state: dict[str, Any]) -> bool:
    """Whether ``state`` puts another game on the table than ``before`` (a client's previous
    state; None: its first, which is no switch) did."""
    if before is None:
        return False
    game = state.get("table_game")
    if not isinstance(game, dict) or not isinstance(game.get("id"), int):
        return False
    return game["id"] != (before.get("table_game") or {}).get("id")


def now_playing(game: dict[str, Any]):
    """The line for ``game`` (a state's ``table_game``), a :func:`~companion.i18n.msg` to render."""
    players = ", ".join(str(name) for name in game.get("players") or [])
    inputs = game.get("inputs") if isinstance(game.get("inputs"), int) else 0
    if not inputs:
        return msg("Now playing {title}, game no. {number} ({players}): a new game.", title=game.get("title") or "",
                   number=game.get("id"), players=players)
    return nmsg("Now playing {title}, game no. {number} ({players}), after {n} input.",
                "Now playing {title}, game no. {number} ({players}), after {n} inputs.", "n",
                title=game.get("title") or "", number=game.get("id"), players=players, n=inputs)


#: Said before a resumed game's recap (the daemon's own words after a restart, in its log).
RECAP = msg("Before the stop the table was told this (skip what is done already):")
