"""The shared engine core: prompts, choices, chance nodes, options and the game registry.

A game is pure and deterministic (OpenSpiel's shape): a :class:`Game` with
``setup(players, options, content) -> state``, ``prompt(state) -> Prompt`` and
``apply(state, action) -> state``, which checks the action against the prompt once, for
every game (:mod:`companion.engine.legality`), then calls the game's own ``_apply``. Chance
outcomes are ordinary actions chosen by the session and recorded in the event log.
"""

from companion.engine.content import ContentError, ContentField, ContentSpec
from companion.engine.core import (
    Chance,
    CheckLine,
    Choice,
    Implied,
    OptionSpec,
    Outcome,
    Prompt,
    resolve_options,
)
from companion.engine.game import Game, GameSpec
from companion.engine.registry import all_games, get_game, known_component, known_piece, split_piece

__all__ = [
    "Chance",
    "CheckLine",
    "Choice",
    "ContentError",
    "ContentField",
    "ContentSpec",
    "Game",
    "GameSpec",
    "Implied",
    "OptionSpec",
    "Outcome",
    "Prompt",
    "all_games",
    "get_game",
    "known_component",
    "known_piece",
    "split_piece",
    "resolve_options",
]
