"""Instructions an engine spends on one random legal action, counted by valgrind (issue 35).

Run: ``.venv/bin/python benchmarks/engine_instructions.py [GAME ...] [--base TREE]``
(about 40 s a game and tree; needs ``valgrind``). ``budgets.py``'s engine rows are wall
clock, and this container's speed swings by up to 1.5x a minute apart: the same tree's
figure moved by 50 % between two runs at a load under 1 (notes/speed17.md). An instruction
count does not move with the load, so two trees compare on it exactly.

Each figure is the difference between two runs of :func:`benchmarks.budgets.engine_rate`'s
games (the same seeds, players and options), one of :data:`SHORT` and one of :data:`LONG`
actions, divided by the difference in actions: the interpreter's start and the imports
cancel out. ``--base TREE`` counts another checkout (for example a worktree of the last
stop) with this one's Python, and prints both side by side with their ratio.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHORT, LONG = 500, 2_500

#: The playout, as budgets.py's engine rows play it, stopped after ``n`` actions.
_PLAYOUT = """
import random
from companion.engine import all_games, resolve_options
from companion.engine.playout import random_actions
spec = all_games()[{game!r}]
players, options = ["A", "B", "C"][: max(spec.min_players, 2)], resolve_options(spec, {{}})
rng, actions = random.Random(1), 0
while actions < {n}:
    actions += random_actions(spec, spec.setup(players, options), rng, 400)
print(actions)
"""


def _env(tree: Path, **more: str) -> dict[str, str]:
    """The playout's environment: ``tree`` on the path, and this process's ``PYTHONHASHSEED``
    when it has one (a random hash seed moves Children by several thousand instructions an
    action from run to run: the same seed makes two trees' figures comparable)."""
    seed = os.environ.get("PYTHONHASHSEED")
    return {"PYTHONPATH": str(tree), **more, **({"PYTHONHASHSEED": seed} if seed else {})}


def counted(tree: Path, game: str, n: int) -> tuple[int, int]:
    """(actions played, instructions run) of a playout of at least ``n`` actions in ``tree``."""
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", _PLAYOUT.format(game=game, n=n)],
        env=_env(tree, PATH="/usr/bin:/bin"), cwd=tree,
        capture_output=True, text=True, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if refs is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-500:]}")
    return int(done.stdout.split()[-1]), int(refs.group(1).replace(",", ""))


def per_action(tree: Path, game: str) -> float:
    """Instructions an action of ``game`` in ``tree`` (see the module's docstring). A first
    run outside valgrind writes the bytecode of any module changed since: compiling it inside
    the short run alone once gave a negative figure."""
    subprocess.run([sys.executable, "-c", _PLAYOUT.format(game=game, n=1)], env=_env(tree),
                   cwd=tree, capture_output=True, check=True)
    short, long = counted(tree, game, SHORT), counted(tree, game, LONG)
    return (long[1] - short[1]) / (long[0] - short[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--base", type=Path, help="another checkout to count side by side")
    args = parser.parse_args()
    from companion.engine import all_games

    games = args.games or list(all_games())
    if args.base is None:
        print("| engine | instructions an action |\n|---|---|")
        for game in games:
            print(f"| {game} | {per_action(ROOT, game):,.0f} |", flush=True)
        return
    print(f"| engine | base ({args.base}) | this tree | base / this |\n|---|---|---|---|")
    for game in games:
        base, this = per_action(args.base.resolve(), game), per_action(ROOT, game)
        print(f"| {game} | {base:,.0f} | {this:,.0f} | {base / this:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
