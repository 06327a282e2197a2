"""What a table tells the venue: cut from the public ``state`` message the daemon sends its
screens, key by key from a list (never the view as a whole), so a hand, the envelope or a
secret card cannot reach the broker even when a game's view grows a new key. Pure: no MQTT.

:func:`public_state` is the retained ``<prefix>/<table>/state`` payload; :func:`events`
compares two of them and names what a venue reacts to (``<prefix>/<table>/event``).
"""

from __future__ import annotations

from typing import Any

#: Per game: the view's headline figures (a number, or ``{player: number}``) a venue sees.
FIGURES: dict[str, tuple[str, ...]] = {
    "creepy_cellar": ("hauntings", "haunting_limit", "treasures_left"),
    "house_of_spirits": (),
    "clue_it": ("balloons",),
    "ghost_at_home": ("deck",),
    "children": ("skull_pool", "tablets_left", "deck"),
}
#: Per game: a number each player has in the view's ``players`` table, shown as scores.
SCORES: dict[str, str] = {"house_of_spirits": "score", "children": "skulls"}
#: The event names (the ``event`` key of an ``<prefix>/<table>/event`` message).
EVENTS = ("game_started", "game_over", "haunting", "reader_offline", "reader_online", "staff_called",
          "staff_acknowledged", "staff_message")


def public_state(state: dict[str, Any], table: str, game_id: int | None = None,
                 started: float | None = None) -> dict[str, Any]:
    """The venue's view of one table from its ``state`` message.

    Keys: ``table``, ``game`` (id or None), ``title``, ``game_id`` (the table's own number
    for the game, to tell a new game from the same one), ``started`` (unix seconds), ``players``,
    ``turn`` (whose turn), ``round`` (the view's turn or round number), ``figures`` (the
    headline numbers: hauntings, balloons...), ``scores`` ({player: number}), ``readers``
    ({name: online}), ``readers_ok``, ``over``, ``winner`` (names, or the outcome's word),
    ``staff`` ({called, since, message}), ``revision``.
    """
    view = state.get("view") or {}
    prompt = state.get("prompt") or {}
    game = state.get("game")
    readers = {name: bool(r.get("online")) for name, r in (state.get("readers") or {}).items()}
    over = bool(prompt.get("over"))
    return {
        "table": table, "game": game, "title": state.get("title") or "", "game_id": game_id, "started": started,
        "players": _players(view), "turn": prompt.get("player") or _text(view.get("turn")),
        "round": _number(view.get("turn_number", view.get("round"))),
        "figures": {key: view[key] for key in FIGURES.get(game, ()) if _number(view.get(key)) is not None},
        "scores": _scores(view, SCORES.get(game)),
        "readers": readers, "readers_ok": all(readers.values()),
        "over": over, "winner": _winner(view) if over else None,
        "staff": dict(state.get("staff") or {"called": False, "since": None, "message": None}),
        "revision": state.get("revision"),
    }


def _players(view: dict[str, Any]) -> list[str]:
    players = view.get("players")
    if isinstance(players, dict):
        return [str(name) for name in players]
    return [str(name) for name in players] if isinstance(players, list) else []


def _scores(view: dict[str, Any], key: str | None) -> dict[str, Any]:
    players = view.get("players")
    if key is None or not isinstance(players, dict):
        return {}
    return {str(name): row[key] for name, row in players.items()
            if isinstance(row, dict) and _number(row.get(key)) is not None}


def _winner(view: dict[str, Any]) -> list[str] | str | None:
    winners = view.get("winners")
    if isinstance(winners, list):
        return [str(w) for w in winners]
    outcome = view.get("outcome")
    return _text(outcome)


def _number(value: Any) -> int | float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def events(before: dict[str, Any] | None, after: dict[str, Any], now: float) -> list[dict[str, Any]]:
    """What happened between two public states (``before`` None: the first one seen, which
    starts nothing: a resumed game is not a new one). Each ``{"event", "table", "at", ...}``."""
    if before is None:
        return []
    table = after["table"]
    found: list[dict[str, Any]] = []

    def add(name: str, **details: Any) -> None:
        found.append({"event": name, "table": table, "at": round(now, 3), **details})

    same = after["game_id"] == before["game_id"]
    if after["game"] is not None and not same:
        add("game_started", game=after["game"], title=after["title"], players=after["players"])
    if same:
        _hauntings(before, after, add)
    if after["over"] and not (same and before["over"]):
        duration = round(now - after["started"]) if after.get("started") else None
        add("game_over", game=after["game"], winner=after["winner"], duration=duration)
    for name, online in after["readers"].items():
        if before["readers"].get(name, True) != online:
            add("reader_online" if online else "reader_offline", reader=name)
    _staff(before["staff"], after["staff"], add)
    return found


def _hauntings(before: dict[str, Any], after: dict[str, Any], add) -> None:
    was, now = before["figures"].get("hauntings"), after["figures"].get("hauntings")
    if isinstance(was, int) and isinstance(now, int) and now > was:
        add("haunting", hauntings=now, new=now - was, limit=after["figures"].get("haunting_limit"))


def _staff(before: dict[str, Any], after: dict[str, Any], add) -> None:
    if after.get("called") and not before.get("called"):
        add("staff_called", since=after.get("since"))
    elif before.get("called") and not after.get("called"):
        add("staff_acknowledged")
    if after.get("message") and after.get("message") != before.get("message"):
        add("staff_message", message=after["message"])
