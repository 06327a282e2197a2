"""Builds the whole-game table scripts in this folder (one won and one lost game per mode,
for three players; and for two players, who move two hunters each, a won and a lost game
per mode in which the table taps each hunter's mover before touching where it goes).

``PYTHONPATH=. python tests/scripts/creepy_cellar/build.py`` rewrites ``<mode>-won.jsonl``,
``<mode>-lost.jsonl``, ``<mode>-2p-won.jsonl`` and ``<mode>-2p-lost.jsonl``. A won game:
the hunters fetch treasures, carry them to the cellar and leave (in Advanced the header's
stack turns the treasures over in number order); a lost game: nobody goes in and the
ghosts take over. Each is found by trying
seeds in order; the script records the seed, so it replays the same game.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion import script as scripts
from companion.games.creepy_cellar import components as cc
from companion.header import GameHeader
from companion.inputs import Input, Press, Tap, Touch
from companion.session import Session

HERE = Path(__file__).parent
PLAYERS = ["Ada", "Bo", "Cy"]
#: The 2-player games' movers, tagged (option ``mover_tags``): uid -> component.
MOVERS = {f"04CE00000000{i:02X}": cc.hunter_component(colour) for i, colour in enumerate(cc.HUNTER_COLOURS)}
UID = {component: uid for uid, component in MOVERS.items()}


def _goal(state) -> str | None:
    hunter = state.hunters[state.active]
    if hunter.jinxed:
        return hunter.jinxed.split("-")[1]
    if hunter.treasure:
        return "M"
    if not state.treasures and not state.laid and not any(h.treasure for h in state.hunters):
        return "outside"
    free = [r for r in cc.CASTLE if r not in state.taken][: len(state.treasures)]
    if hunter.at in free or not free:
        return hunter.at if free else None
    return min(free, key=lambda r: (state.ghosts_in(r) + 2 * state.hauntings_in(r),
                                    (cc.CASTLE.index(r) - 3 * state.active) % 12))


def _winning(session: Session) -> Input:
    prompt, state = session.prompt, session.state
    keys = [c.key for c in prompt.choices]
    if prompt.for_button("dice") is not None:
        return Press("dice")
    for key in ("drop-off", "pick-up"):
        if key in keys:
            return Touch(key)
    goal = _goal(state)
    if goal and goal != state.hunters[state.active].at and f"move:{goal}" in keys:
        mover = prompt.for_component(cc.hunter_component(state.colour))
        if mover is not None:  # a tagged mover: tap it, then touch the place
            return Tap(UID[mover.component], reader="tiles")
        return Touch(f"move:{goal}")
    for key in ("done-moving", "end-turn"):
        if key in keys:
            return Touch(key)
    return Touch(keys[0])


def _losing(session: Session) -> Input:
    prompt = session.prompt
    if prompt.for_button("dice") is not None:
        return Press("dice")
    keys = [c.key for c in prompt.choices]
    return Touch("end-turn" if "end-turn" in keys else "done-moving" if "done-moving" in keys else keys[0])


def play(mode: str, seed: int, policy, limit: int = 3000, players=None) -> tuple[str, str | None]:
    # the 8th treasure is the last one face-down: a certain draw takes no forced value (issue 31)
    stack = {"treasure": [f"treasure-{k}" for k in range(1, 8)]} if mode == "advanced" else {}
    two = players is not None and len(players) == 2
    options = {"mode": mode} | ({"mover_tags": True} if two else {})
    header = GameHeader.from_json({"game": "creepy_cellar", "players": players or PLAYERS, "seed": seed,
                                   "options": options, "stack": stack, "tags": MOVERS if two else {}})
    session = Session.start(header)
    lines = []
    clock = 0.0
    while not session.prompt.over and len(lines) < limit:
        inp = policy(session)
        clock += 0.5
        lines.append((round(clock, 1), inp))
        assert session.handle(inp).accepted
    return scripts.dump(header, lines), session.state.outcome


def build(mode: str, wanted: str, players=None) -> str:
    policy = _winning if wanted == "won" else _losing
    for seed in range(1, 200):
        text, outcome = play(mode, seed, policy, players=players)
        if outcome == wanted:
            return text
    raise SystemExit(f"no {wanted} game found for {mode}")


if __name__ == "__main__":
    for mode in cc.MODES:
        for wanted in ("won", "lost"):
            (HERE / f"{mode}-{wanted}.jsonl").write_text(build(mode, wanted), encoding="utf-8")
            print(f"{mode}-{wanted}.jsonl", file=sys.stderr)
            name = f"{mode}-2p-{wanted}.jsonl"
            (HERE / name).write_text(build(mode, wanted, ["Ada", "Bo"]), encoding="utf-8")
            print(name, file=sys.stderr)
