"""The game header: everything needed to start a game the same way again.

It is the first line of a table script and the ``header`` of a stored game:
``{"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7, "options": {...},
"stack": {"movement_die": [3, 6], "ghost": ["room-C"]}, "tags": {"<UID hex>": "<component>"}}``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from companion.engine import get_game, resolve_options
from companion.engine.registry import UnknownGame
from companion.errors import CompanionError, OptionError
from companion.tags import TagRegistry


class HeaderError(CompanionError, ValueError):
    """A game header that names an unknown game, bad players, options, stack or tags."""


@dataclass(frozen=True)
class GameHeader:
    """A validated game header.

    Attributes:
        game: game id.
        players: names in turn order.
        seed: seeds the session's chance picks (an int or a string).
        options: options and house rules as given (defaults are filled in by the session).
        stack: forced next outcomes per chance source, e.g. ``{"movement_die": [3, 6]}``.
        tags: UID hex -> component id.
    """

    game: str
    players: tuple[str, ...]
    seed: int | str = 0
    options: dict[str, Any] = field(default_factory=dict)
    stack: dict[str, list] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> "GameHeader":
        """Validate a header record.

        Raises:
            HeaderError: with a sentence naming the bad field.
        """
        if not isinstance(raw, dict):
            raise HeaderError("the header is a JSON object")
        try:
            spec = get_game(raw.get("game"))
        except UnknownGame as exc:
            raise HeaderError(str(exc)) from exc
        players = raw.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise HeaderError("'players' is a list of names")
        if not spec.min_players <= len(players) <= spec.max_players:
            raise HeaderError(f"{spec.title} is for {spec.min_players}–{spec.max_players} players")
        seed = raw.get("seed", 0)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise HeaderError("'seed' is an integer or a string")
        try:
            resolve_options(spec, raw.get("options") or {})
            tags = TagRegistry.from_json(raw.get("tags") or {}).to_json()
        except (OptionError, ValueError) as exc:
            raise HeaderError(str(exc)) from exc
        stack = raw.get("stack") or {}
        if not isinstance(stack, dict) or not all(isinstance(v, list) for v in stack.values()):
            raise HeaderError("'stack' maps a chance source to a list of outcomes")
        return cls(spec.id, tuple(players), seed, dict(raw.get("options") or {}), dict(stack), tags)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options,
            "stack": self.stack,
            "tags": self.tags,
        }

    def key(self) -> str:
        """A stable fingerprint: the same header always gives the same key."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]
