"""Builds the House of Spirits table scripts in this directory (whole games).

Run from the repository root: ``PYTHONPATH=. python tests/scripts/house_of_spirits/build.py``.
Each game is played through a real :class:`~companion.session.Session` by a seeded "table"
that presses the dice button or enters a physical die's face, taps card tags (physical
decks) and touches choices, steering towards the ending the script is named for. The
inputs are written as a table script; ``test_house_of_spirits_scripts.py`` replays them
through the daemon.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion import script
from companion.games.house_of_spirits import components as hc
from companion.header import GameHeader
from companion.inputs import Press, Remove, Tap, Touch
from companion.session import Session
from tests.games import hos_checks

HERE = Path(__file__).resolve().parent


def tags() -> dict[str, str]:
    """One 7-byte tag per card (physical decks): 04 48 53 00 00 00 nn."""
    return {f"04485300{n:06X}": hc.component(card) for n, card in enumerate(sorted(hc.CARDS))}


def _weight(key: str, ending: str) -> float:
    if key.startswith("play:"):
        return 8.0 if ending == "plot" else 0.5
    if key == "investigate":
        return 4.0 if ending == "plot" else 0.3
    if key.startswith("attack:"):
        return 1.0 if ending == "plot" else 6.0
    if key.startswith(("use:", "guard:")):
        return 0.6
    return {"cancel": 0.02, "done": 3.0}.get(key, 1.0)


def play(name: str, players: list[str], seed: int, ending: str, options: dict | None = None,
         max_inputs: int = 3000) -> None:
    """Play one game to its end and write ``<name>.jsonl``."""
    options = options or {}
    physical = options.get("decks") == "physical"
    # virtual decks need every card's data entered (issue 10): the content file's own numbers
    header = GameHeader.from_json({"game": "house_of_spirits", "players": players, "seed": seed,
                                   "options": options, "tags": tags() if physical else {},
                                   "content": {} if physical else hos_checks.complete_content()})
    uids = {component: uid for uid, component in header.tags.items()}
    session = Session.start(header)
    rng = random.Random(f"table:{seed}")
    lines, at = [], 0.0
    for _ in range(max_inputs):
        prompt = session.prompt
        if prompt.over:
            break
        choice = rng.choices(prompt.choices, weights=[_weight(c.key, ending) for c in prompt.choices])[0]
        if choice.key.startswith("face:") and rng.random() < 0.75:
            choice = prompt.choice("roll")  # mostly the dice button, sometimes a physical die
        if choice.button:
            inputs = [Press(choice.button)]
        elif choice.component and physical:
            inputs = [Tap(uids[choice.component]), Remove()]
        else:
            inputs = [Touch(choice.key)]
        for inp in inputs:
            at += 0.5
            reply = session.handle(inp)
            assert reply.accepted or reply.ignored, reply.text
            lines.append((at, inp))
    assert session.prompt.over, f"{name}: the game did not end"
    (HERE / f"{name}.jsonl").write_text(script.dump(header, lines), encoding="utf-8")
    view = session.view()
    print(name, len(lines), "inputs;", view["outcome"], view["winners"], "round", view["round"],
          {p: v["score"] for p, v in view["players"].items()}, "plots", len(view["plot_played"]),
          "tally", [v["secret_met"] for v in view["players"].values()])


if __name__ == "__main__":
    play("plot_ending", ["Ada", "Bo", "Cy"], 7, "plot", {"investigate_compare": "ge", "score_floor_zero": True})
    play("eighteen_points", ["Ada", "Bo"], 5, "18")
    # seeds 11 and 14 since issue 19 (a critical hit rolls no defence die): plot endings with the tally
    play("physical_decks", ["Ada", "Bo", "Cy"], 11, "plot",
         {"decks": "physical", "investigate_compare": "ge", "tiebreak": "most_plots"})
    play("secret_cards", ["Ada", "Bo", "Cy"], 14, "plot", {"secret_cards": "companion", "investigate_compare": "ge"})
