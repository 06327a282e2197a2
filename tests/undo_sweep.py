"""Random games that undo every input they play (session 17): the undo lines each game says,
to find the ones still generic ("Undo this on the table. It said: ...").

``python -m tests.undo_sweep [games per game]`` prints the generic lines by frequency.
Each accepted input is undone, its lines kept, then played again (the session keeps the
outcomes it drew, so the game goes on the same).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Iterator

from companion.engine import all_games
from companion.header import GameHeader
from companion.inputs import Touch
from companion.session import Session

#: Options that change what the table does physically, per game (each sweep game draws one set).
OPTIONS = {
    "creepy_cellar": ({"ghost_deck": "physical"}, {}),
    "house_of_spirits": ({"decks": "physical"}, {}),
    "clue_it": ({"envelope": "companion"}, {}),
    "children": ({},),
    "ghost_at_home": ({},),
}


def undo_lines(game: str, seed: int, steps: int = 300) -> Iterator[tuple[str, list]]:
    """``(input key, the undo's reply lines)`` for each input of a seeded random game."""
    rng = random.Random(seed)
    players = ["Ada", "Bo", "Cy", "Di"][:rng.choice((2, 3, 4))]
    spec = all_games()[game]
    players = players[:max(spec.min_players, min(len(players), spec.max_players))]
    options = rng.choice(OPTIONS.get(game, ({},)))
    session = Session.start(GameHeader.from_json({"game": game, "players": players, "seed": seed,
                                                  "options": options, "stack": {}}))
    for _ in range(steps):
        choices = [c for c in session.prompt.choices if c.key != "undo"]
        if not choices or session.prompt.over:
            return
        key = rng.choice(choices).key
        if not session.handle(Touch(key)).accepted:
            continue
        reply = session.handle(Touch("undo"))
        yield key, list(reply.news)
        session.handle(Touch(key))


def generic(games: int = 20) -> Counter:
    """Generic undo lines by message id of the instruction they reverse, per game."""
    found: Counter = Counter()
    for game in all_games():
        for seed in range(games):
            for _key, news in undo_lines(game, seed):
                for line in news[1:]:
                    text = getattr(line, "text", line)
                    if getattr(text, "msgid", "").startswith(("Undo this on the table.", "Move it back where",
                                                               "Take back what was put", "Put back what was",
                                                               "Turn it back the way", "Take back the cards",
                                                               "Who went out", "Put the doors back",
                                                               "Undo this set-up", "Undone:")):
                        step = text.params.get("step")
                        said = getattr(getattr(step, "text", step), "msgid", str(step))
                        found[(game, text.msgid.split(".")[0], said)] += 1
                if str(news[0]).endswith("Put back anything you moved for it."):
                    found[(game, "Put back anything you moved for it.", str(news[0]))] += 1
    return found


if __name__ == "__main__":
    for (game, kind, said), n in generic(int(sys.argv[1]) if len(sys.argv) > 1 else 20).most_common():
        print(f"{n:5d}  {game:16s} {kind[:30]:30s} {said}")
