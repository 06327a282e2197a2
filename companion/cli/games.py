"""``companion games`` and ``companion cards``."""

from __future__ import annotations

import sys


def add_parser(sub) -> None:
    """``games`` and ``cards``."""
    from companion import desk_cli

    games = sub.add_parser("games", help="list the game ids")
    games.set_defaults(run=cmd_games)
    desk_cli.games_arguments(games)
    cards = sub.add_parser("cards", help="a game's card ids and printed names (what companion tap takes)")
    cards.add_argument("game", help="the game id (see companion games)")
    cards.add_argument("--lang", default="en", choices=("en", "it"), help="the names' language (default en)")
    cards.set_defaults(run=cmd_cards)


def cmd_games(args) -> int:
    from companion.engine import all_games

    if getattr(args, "saved", False):
        from companion.desk_cli import saved_command
        return saved_command(args)

    for game_id, spec in all_games().items():
        print(f"{game_id}\t{spec.title}")
    return 0


def cmd_cards(args) -> int:
    """``companion cards GAME``: each component id and its printed name, one a line."""
    from companion.card_names import listing
    from companion.engine.registry import UnknownGame

    try:
        rows = listing(args.game, args.lang)
    except UnknownGame as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    for component, name in rows:
        print(f"{component}\t{name}")
    return 0
