"""Build the bundled demo table script (``companion/data/demo.jsonl``).

The demo is an ordinary table script: three players, the virtual Ghost deck, a won fight
now and then, one unknown tag, one undo (the die comes back the same), and the game ends
with the 8th haunting. ``tests/test_demo.py`` checks that the shipped file is exactly what
:func:`build` makes, so the two cannot drift apart.

Regenerate with ``python -m companion.demo > companion/data/demo.jsonl``.
"""

from __future__ import annotations

import random

from companion import script as scripts
from companion.header import GameHeader
from companion.inputs import Input, Press, Tap, Touch
from companion.session import Session

DEMO_SEED = 2048
PLAYERS = ("Ada", "Bo", "Cy")
#: Seconds between inputs: after a press the table reads; before End turn it moves.
AFTER_PRESS, AFTER_TOUCH = 0.9, 1.4
#: An enrolled-nowhere tag tapped once, to show the "unknown tag" message.
STRAY_TAG = "04DEADBEEF0042"


def build(seed: int = DEMO_SEED) -> str:
    """The demo script's text."""
    header = GameHeader.from_json({"game": "creepy_cellar", "players": list(PLAYERS), "seed": seed})
    session = Session.start(header)
    fights = random.Random(f"fights:{seed}")
    lines: list[tuple[float, Input]] = []
    clock = 0.0

    def feed(inp: Input, pause: float) -> None:
        nonlocal clock
        clock += pause
        lines.append((clock, inp))
        session.handle(inp)

    while not session.prompt.over:
        feed(Press("dice"), AFTER_TOUCH)
        if session.state.turn == 2 and len(lines) < 6:
            feed(Touch("undo"), AFTER_PRESS)  # the same die face comes back
            feed(Press("dice"), AFTER_PRESS)
        if session.state.turn == 4 and not any(isinstance(i, Tap) for _, i in lines):
            feed(Tap(STRAY_TAG), AFTER_PRESS)
        if session.prompt.over:
            break
        fight = [c.key for c in session.prompt.choices if c.key.startswith("remove-ghost:")]
        if fight and fights.random() < 0.08:
            feed(Touch(fights.choice(fight)), AFTER_PRESS)
        feed(Touch("end-turn"), AFTER_PRESS)
    return scripts.dump(header, lines)


if __name__ == "__main__":
    print(build(), end="")
