"""Build the bundled demo table script (``companion/data/demo.jsonl``).

The demo is an ordinary table script: three hunters in Nightmare mode with the virtual
decks. Each turn the table presses the dice button, moves its hunter with one touch (to a
room that still holds a cursed treasure, to the cellar with a treasure, to the room of a
Jinxed Item, out of the castle when everything is in), fights with the dice button, drops
off and picks up. There is one unknown tag and one undo (the die comes back the same).
``tests/test_replay.py`` checks that the shipped file is exactly what :func:`build` makes,
so the two cannot drift apart.

Regenerate with ``python -m companion.demo > companion/data/demo.jsonl``.
"""

from __future__ import annotations

from companion import script as scripts
from companion.header import GameHeader
from companion.inputs import Input, Press, Tap, Touch
from companion.session import Session

DEMO_SEED = 2048
PLAYERS = ("Ada", "Bo", "Cy")
#: Seconds before an input: after a press the table reads the news (and a sped-up demo
#: leaves the dice button time to settle); after a touch it goes on.
AFTER_PRESS, AFTER_TOUCH = 1.0, 0.7
#: An enrolled-nowhere tag tapped once, to show the "unknown tag" message.
STRAY_TAG = "04DEADBEEF0042"


def target(view: dict) -> str | None:
    """Where the active hunter heads, from the public view only."""
    me = view["hunters"][view.get("active_hunter", view["turn"])]
    if me["jinxed"]:
        return me["jinxed"].split("-")[1]
    if me["carrying"]:
        return "M"
    if view["treasures_left"] == 0 or not any(r["treasure"] for r in view["rooms"].values()):
        held = any(h["carrying"] for h in view["hunters"].values())
        return "outside" if not held and view["treasures_left"] == 0 else None
    rooms = [(r["ghosts"] + 2 * r["hauntings"], letter)
             for letter, r in view["rooms"].items() if r["treasure"]]
    if me["at"] in {letter for _, letter in rooms}:
        return me["at"]
    rooms.sort()
    return rooms[view["players"].index(view["turn"]) % len(rooms)][1]


def next_input(session: Session) -> Input:
    """The demo table's next input for the current prompt."""
    prompt = session.prompt
    keys = [c.key for c in prompt.choices]
    if prompt.for_button("dice") is not None:
        return Press("dice")
    for key in ("drop-off", "pick-up"):
        if key in keys:
            return Touch(key)
    view = session.view()
    goal = target(view)
    here = view["hunters"][view.get("active_hunter", view["turn"])]["at"]
    if goal and goal != here and f"move:{goal}" in keys:
        return Touch(f"move:{goal}")
    for key in ("done-moving", "end-turn"):
        if key in keys:
            return Touch(key)
    return Touch(keys[0])  # e.g. which ghost a Remove Ghost card takes


def build(seed: int = DEMO_SEED) -> str:
    """The demo script's text."""
    header = GameHeader.from_json({"game": "creepy_cellar", "players": list(PLAYERS), "seed": seed})
    session = Session.start(header)
    lines: list[tuple] = []
    clock = 0.0

    def feed(inp: Input, pause: float, expect: str | None = None) -> None:
        nonlocal clock
        clock += pause
        lines.append((clock, inp, expect))
        session.handle(inp)

    undone = stray = False
    while not session.prompt.over:
        pressed = bool(lines) and isinstance(lines[-1][1], Press)
        feed(next_input(session), AFTER_PRESS if pressed else AFTER_TOUCH)
        inp = lines[-1][1]
        if not undone and session.state.turn == 2 and isinstance(inp, Press):
            undone = True
            feed(Touch("undo"), AFTER_PRESS)  # the same die face comes back
            feed(Press("dice"), AFTER_PRESS)
        if not stray and session.state.turn == 4:
            stray = True
            feed(Tap(STRAY_TAG), AFTER_PRESS, "refused")  # an unknown tag: the table says so
    return scripts.dump(header, lines)


if __name__ == "__main__":
    print(build(), end="")
