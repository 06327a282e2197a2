"""The RSS of one process that plays every engine in turn, as a daemon plays game after game.

Run: ``.venv/bin/python benchmarks/engine_memory.py [ACTIONS]`` (40,000 random legal actions an
engine by default; about a minute). The engines keep stores of choices, prompts and sentences
between states (issue 35); each is process-wide and bounded, and this prints what they add up
to: the RSS after the imports, then after each engine's games (2 to 4 players, random house
rules on every other game).
"""

from __future__ import annotations

import random
import sys

from companion.engine import all_games, resolve_options
from companion.engine.playout import random_actions


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024


def play(game_id: str, actions: int) -> None:
    spec, rng, played = all_games()[game_id], random.Random(2), 0
    while played < actions:
        given = {o.name: rng.choice(list(o.values)) for o in spec.options if o.values} if played % 2 else {}
        try:
            options = resolve_options(spec, given)
        except ValueError:  # house rules that exclude each other: the defaults
            options = resolve_options(spec, {})
        players = ["A", "B", "C", "D"][: rng.randint(spec.min_players, min(4, spec.max_players))]
        played += random_actions(spec, spec.setup(players, options), rng, 400)


def main() -> None:
    actions = int(sys.argv[1]) if len(sys.argv) > 1 else 40_000
    print(f"| after | RSS MB |\n|---|---|\n| imports | {rss_mb():.1f} |")
    for game_id in all_games():
        play(game_id, actions)
        print(f"| {game_id}, {actions:,} actions | {rss_mb():.1f} |", flush=True)


if __name__ == "__main__":
    main()
