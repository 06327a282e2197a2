"""Saved games and the history of games played, from the event store (issue 34).

:func:`saved` lists every game in the store (game, players, started, last move, in progress
or finished); :func:`history` gives the finished games with their winners, length and the
game's own figures (hauntings, scores), and per player and per game: games played, wins,
average length. A finished game's figures come from replaying its log (the store keeps
inputs, not states). Nothing here shows a running game's hidden information: only a
finished game's public view is read, and only its winners and counts leave this module.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.errors import CompanionError
from companion.store import KEPT, EventStore, GameRecord

log = logging.getLogger(__name__)


def saved(store: EventStore, running: int | None = None) -> list[dict[str, Any]]:
    """Every game in the store, newest first: ``{"id", "game", "title", "players",
    "started", "last_move", "inputs", "status", "running"}``; ``status`` is ``"in
    progress"``, ``"finished"`` or ``"kept"`` (recorded under older rules, read-only)."""
    moves = store.moves()
    games = []
    for record in reversed(store.games()):
        inputs, last = moves.get(record.id, (0, None))
        games.append({"id": record.id, "game": record.game, "title": _title(record.game),
                      "players": list(record.header.get("players") or ()), "started": record.started,
                      "last_move": last, "inputs": inputs, "status": status(record),
                      "running": record.id == running})
    return games


def status(record: GameRecord) -> str:
    if record.outcome is None:
        return "in progress"
    return "kept" if record.outcome == KEPT else "finished"


def _title(game: str) -> str:
    from companion.engine import get_game
    from companion.engine.registry import UnknownGame

    try:
        return get_game(game).title
    except UnknownGame:
        return game


def history(store: EventStore) -> dict[str, Any]:
    """The finished games and their figures: ``{"games": [{"id", "game", "title",
    "players", "started", "ended", "minutes", "outcome", "winners", "figures"}],
    "players": [{"player", "played", "wins", "average_minutes"}], "per_game": [{"game",
    "title", "played", "wins", "average_minutes"}]}`` (``wins`` per game: games with a
    winning player; ``figures``: ``hauntings``, ``scores`` where the game has them)."""
    moves = store.moves()
    games = [finished for record in store.games() if status(record) == "finished"
             for finished in [_cached(store, record, moves.get(record.id, (0, record.started)))]
             if finished is not None]
    return {"games": games, "players": _per(games, "player"), "per_game": _per(games, "game")}


#: Finished games' figures already worked out, by (id, started, events, last move): a game
#: is replayed once per daemon, not at every look at the history (an undo that reopens it
#: changes its key).
_FIGURES: dict[tuple, dict[str, Any] | None] = {}
_FIGURES_KEPT = 5000


def _cached(store: EventStore, record: GameRecord, moves: tuple[int, float]) -> dict[str, Any] | None:
    key = (record.id, record.started, *moves)
    if key not in _FIGURES:
        if len(_FIGURES) >= _FIGURES_KEPT:
            _FIGURES.clear()
        _FIGURES[key] = _finished(store, record, moves[1])
    return _FIGURES[key]


def _finished(store: EventStore, record: GameRecord, ended: float) -> dict[str, Any] | None:
    from companion.session import Session

    try:
        view = Session.resume(store, record).view()
    except CompanionError as exc:  # a game that no longer replays: left out, said in the log
        log.warning("history: game %s left out: %s", record.id, exc)
        return None
    players = list(record.header.get("players") or ())
    return {"id": record.id, "game": record.game, "title": _title(record.game), "players": players,
            "started": record.started, "ended": ended, "minutes": round((ended - record.started) / 60, 1),
            "outcome": record.outcome, "winners": winners(view, players, record.outcome),
            "figures": figures(view, players)}


def winners(view: dict[str, Any], players: list[str], outcome: str | None) -> list[str]:
    """Who won: the view's ``winners``; else a player named as the outcome (CLUE: IT, Ghost
    at Home); else every player of a cooperative game the players ``won`` (Creepy Cellar)."""
    if isinstance(view.get("winners"), list):
        return [p for p in view["winners"] if p in players]
    if outcome in players:
        return [outcome]
    return list(players) if outcome == "won" else []


def figures(view: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """The game's own end figures: ``hauntings`` (Creepy Cellar), ``scores`` (House of Spirits)."""
    found: dict[str, Any] = {}
    if isinstance(view.get("hauntings"), int):
        found["hauntings"] = view["hauntings"]
    seats = view.get("players")
    if isinstance(seats, dict) and all(isinstance((seats.get(p) or {}).get("score"), int) for p in players):
        found["scores"] = {p: seats[p]["score"] for p in players}
    return found


def _per(games: list[dict[str, Any]], by: str) -> list[dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for game in games:
        keys = game["players"] if by == "player" else [game["game"]]
        for key in keys:
            row = rows.setdefault(key, {by: key, **({"title": game["title"]} if by == "game" else {}),
                                        "played": 0, "wins": 0, "minutes": 0.0})
            row["played"] += 1
            row["wins"] += (key in game["winners"]) if by == "player" else bool(game["winners"])
            row["minutes"] += game["minutes"]
    for row in rows.values():
        row["average_minutes"] = round(row.pop("minutes") / row["played"], 1)
    return sorted(rows.values(), key=lambda r: (-r["played"], r[by]))


#: The settings key that remembers the game last put on the table from the saved games
#: (``"<id>@<time>"``), or that the table's game was set aside (``"none@<time>"``).
TABLE_GAME = "table_game"


def started_at(store: EventStore, game_id: int) -> float | None:
    """When the stored game ``game_id`` started (unix seconds), or None: not in the store.

    Raises:
        StoreError: the store cannot be read.
    """
    record = store.game(game_id)
    return record.started if record is not None else None


def remember_table_game(store: EventStore, game_id: int | None, now: float) -> None:
    """Keep which game the owner put on the table (None: they set it aside), so that a
    restart resumes that one and not merely the newest unfinished game.

    Raises:
        StoreError: the write failed.
    """
    store.set_setting(TABLE_GAME, f"{game_id if game_id is not None else 'none'}@{now!r}", now)


def game_to_resume(store: EventStore) -> GameRecord | None:
    """The game a starting daemon resumes: the newest unfinished one, unless the owner chose
    another from the saved games (or set the table's aside) after it started."""
    latest = store.last_unfinished()
    kept = store.setting(TABLE_GAME)
    try:
        chosen, when = (kept or "").split("@")
        chosen_id, when = (None if chosen == "none" else int(chosen)), float(when)
    except ValueError:
        return latest
    if latest is None or latest.started > when:
        return latest
    record = store.game(chosen_id) if chosen_id is not None else None
    return record if record is not None and record.outcome is None else None
