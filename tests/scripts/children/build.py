"""Builds the Children table scripts in this directory (whole games).

Run from the repository root: ``PYTHONPATH=. python tests/scripts/children/build.py``.
Each game is played through a real :class:`~companion.session.Session` by a seeded "table"
that taps every tablet and Children card it draws (one NFC tag per component), taps toys
to trap and devices to use them, and touches the other choices; the seed is the first one
whose game ends the way the script is named for. The inputs are written as a table
script; ``tests/games/test_children_scripts.py`` replays them through the daemon.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion import script
from companion.games.children import components as cc
from companion.header import GameHeader
from companion.inputs import Press, Remove, Tap, Touch
from companion.session import Session

HERE = Path(__file__).resolve().parent

WEIGHTS = {"leave": 0.1, "pickup": 0.3, "escape": 0.02, "done": 2.0, "skull": 0.3, "stay": 0.5}


def tags() -> dict[str, str]:
    """One 7-byte tag per component: 04 43 48 00 00 00 nn."""
    return {f"04434800{n:06X}": component for n, component in enumerate(sorted(cc.all_components()))}


def play(players: list[str], seed: int, options: dict, max_inputs: int = 3000, content: dict | None = None):
    """One game (with the table's printed ``content`` in its header); returns (header,
    lines, final view)."""
    header = GameHeader.from_json({"game": "children", "players": players, "seed": seed,
                                   "options": options, "tags": tags(), "content": content or {}})
    uids = {component: uid for uid, component in header.tags.items()}
    session = Session.start(header)
    rng = random.Random(f"table:{seed}")
    lines, at = [], 0.0
    for _ in range(max_inputs):
        prompt = session.prompt
        if prompt.over:
            break
        choice = rng.choices(prompt.choices, weights=[WEIGHTS.get(c.key, 1.0) for c in prompt.choices])[0]
        if choice.button:
            inputs = [Press(choice.button)]
        elif choice.component:
            inputs = [Tap(uids[choice.component]), Remove()]
        else:
            inputs = [Touch(choice.key)]
        for inp in inputs:
            at += 0.5
            reply = session.handle(inp)
            assert reply.accepted or reply.ignored, reply.text
            lines.append((at, inp))
    return header, lines, session.view()


def build(name: str, players: list[str], outcome: str, options: dict, first_seed: int = 1) -> None:
    for seed in range(first_seed, first_seed + 200):
        header, lines, view = play(players, seed, options)
        if view["outcome"] == outcome and any(p["trapped"] for p in view["players"].values()):
            (HERE / f"{name}.jsonl").write_text(script.dump(header, lines), encoding="utf-8")
            print(name, "seed", seed, len(lines), "inputs;", view["outcome"], view["winners"],
                  "turns", view["turn_number"], {p: len(v["trapped"]) for p, v in view["players"].items()})
            return
    raise SystemExit(f"no seed gives {outcome}")


if __name__ == "__main__":
    build("ghosts_win", ["Ada", "Bo", "Cy"], "lost", {})
    build("players_win", ["Ada", "Bo"], "won", {"nearest_tie": "random", "final_round": "finish_round"})
