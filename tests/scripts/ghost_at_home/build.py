"""Builds the Ghost at Home table scripts in this directory (whole games).

Run from the repository root: ``PYTHONPATH=. python tests/scripts/ghost_at_home/build.py``.
Each game is a list of choice keys played through a real :class:`~companion.session.Session`
(every key must be accepted). A choice that a card's tag picks is written as a tap of that
card (one tag per copy in the header, as an enrolled deck would have), every other choice
as a touch. ``tests/games/test_ghost_at_home_scripts.py`` replays them through the daemon.
"""

from __future__ import annotations

from pathlib import Path

from companion import script
from companion.engine import get_game
from companion.games.ghost_at_home import components as gc
from companion.header import GameHeader
from companion.inputs import Tap, Touch
from companion.session import Session

HERE = Path(__file__).resolve().parent


def tags() -> dict[str, str]:
    """One 7-byte tag per card copy (53): 04 47 48 00 00 00 nn."""
    return {f"04474800{n:06X}": component for n, component in enumerate(gc.pieces())}


def piece_tags() -> dict[str, str]:
    """One tag per card copy, enrolled as the enrollment walk does when card data is entered
    per copy: ``ghost_at_home:room:first-floor#1`` … (a single card: its component id)."""
    from companion.enrollment import start

    return {f"04474801{n:06X}": piece for n, piece in enumerate(start(get_game(gc.GAME_ID)).pieces)}


#: The bulb icons the owner entered for some of their cards (card data, per copy).
CARD_DATA = {"ghost_at_home:cat:cat#6": 3, "ghost_at_home:ghost:ghost#7": 2, "ghost_at_home:ghost:ghost#8": 1}


#: Two players, default house rules: a stopped escape (one ghost, let in), a light paid
#: and confirmed by the table, an escape stopped by the second of two ghosts after a cat
#: cancelled the first, then an escape nobody stops.
TWO_PLAYERS = [
    "room:first-floor", "room:first-floor", "room:second-floor", "done",        # Ada
    "room:first-floor", "room:first-floor", "done",                             # Bo
    "room:second-floor", "room:third-floor", "room:third-floor", "done",        # Ada escapes
    "stop",                                                                     # Bo stops her (no cards: no defence)
    "light:1", "pay:cat", "pay:ghost", "pay-done", "light-yes",                 # Bo
    "room:third-floor", "room:third-floor", "done",                             # Ada escapes
    "stop", "defend", "stop",                                                   # two ghosts
    "discard", "discard-n:2",                                                   # Bo
    "room:third-floor", "room:third-floor", "done",                             # Ada escapes
    "pass",                                                                     # Ada wins
]

#: Three players, house rules escape_stop=floor_removed, light_check=count,
#: cat_granularity=room: cats on the floor and from the hand, a counted light, Lightning,
#: the Light Bulb, a stopped escape and one that a cat saves.
THREE_PLAYERS = [
    "room:first-floor", "room:first-floor", "done",                             # Ada
    "room:first-floor", "done",                                                 # Bo
    "room:first-floor", "room:first-floor", "room:second-floor", "done",        # Cy
    "cat", "cat-floor:1",                                                       # Ada
    "ghost", "target:Ada",                                                      # Bo: the cat cancels it
    "light:2", "pay:first-floor", "bulbs:3", "pay:second-floor", "bulbs:1",     # Cy: 4 bulbs …
    "pay:cat", "bulbs:2", "pay-done",                                           # … then 6
    "special:lightning", "bolt:Cy",                                             # Ada
    "ghost", "target:Cy", "let-in",                                             # Bo clears Cy's 2nd floor
    "special:light-bulb", "bulb:2",                                             # Cy
    "room:second-floor", "room:second-floor", "room:third-floor", "done",       # Ada
    "room:first-floor", "room:second-floor", "done",                            # Bo
    "discard", "discard-n:3",                                                   # Cy
    "room:third-floor", "done",                                                 # Ada escapes
    "stop", "let-in",                                                           # Bo removes a floor
    "discard", "discard-n:1",                                                   # Bo
    "room:second-floor", "done",                                                # Cy
    "room:third-floor", "room:third-floor", "done",                             # Ada escapes again
    "pass", "stop", "defend",                                                   # a cat saves her
]

#: The two-player game with the table's card data: Bo pays his light with three cards whose
#: bulbs are entered (cat copy 6: 3, ghost copy 8: 1, ghost copy 7: 2). After the first two
#: (4 bulbs) the companion offers no "Pay"; with the third (6) it lights the floor itself,
#: without asking the table.
CARD_DATA_GAME = [key for key in TWO_PLAYERS[:12]] + [
    "light:1", "pay:cat#6", "pay:ghost#8", "pay:ghost#7", "pay-done",          # Bo: 3 + 1 + 2
] + TWO_PLAYERS[17:]

GAMES = {
    "two_players": (["Ada", "Bo"], {}, TWO_PLAYERS),
    "card_data": (["Ada", "Bo"], {}, CARD_DATA_GAME),
    "three_players": (["Ada", "Bo", "Cy"],
                      {"escape_stop": "floor_removed", "light_check": "count", "cat_granularity": "room"},
                      THREE_PLAYERS),
}


def build(name: str) -> str:
    """The script text of game ``name``; raises AssertionError if a key is refused."""
    players, options, keys = GAMES[name]
    extra = {"tags": piece_tags(), "content": {p: {"bulbs": n} for p, n in CARD_DATA.items()}} \
        if name == "card_data" else {"tags": tags()}
    header = GameHeader.from_json({"game": gc.GAME_ID, "players": players, "seed": 12,
                                   "options": options, **extra})
    session = Session.start(header)
    used: set[str] = set()
    lines = []
    for n, key in enumerate(keys, 1):
        base, _, copy = key.partition("#")
        choice = session.prompt.choice(base)
        assert choice is not None, f"{name}: input {n} {key!r} is not offered: {session.prompt.text}"
        if choice.component:
            wanted = f"{choice.component}#{copy}" if copy else None
            uid = next(u for u, c in sorted(header.tags.items())
                       if u not in used and (c == wanted if wanted else c.partition("#")[0] == choice.component))
            used.add(uid)  # a card played stays played: no tag is tapped twice
            inp = Tap(uid, "table")
        else:
            inp = Touch(key)
        reply = session.handle(inp)
        assert reply.accepted, f"{name}: input {n} {key!r}: {reply.text}"
        lines.append((float(n), inp))
    assert session.prompt.over, f"{name} does not end"
    return script.dump(header, lines)


if __name__ == "__main__":
    for game in GAMES:
        (HERE / f"{game}.jsonl").write_text(build(game))
        print("wrote", game)
