"""Proof that :func:`companion.protocol.encode` (msgspec) writes exactly the bytes of
:func:`companion.protocol.json_line` (``json.dumps``) on every message the daemon sends
(issue 35 item 3): every bundled table script and golden replay through the real daemon
(every state, notice and flash it broadcast), and session playouts
of every game (random legal presses and touches with undos, each state message in both
languages, with a client's touch flag on and off). Prints the counts; exits 1 on the first
difference, printing both lines.

Run: ``python benchmarks/encode_equality.py [PLAYOUTS_PER_GAME]`` (default 8).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import protocol, script  # noqa: E402
from companion.daemon import hub, publisher  # noqa: E402
from companion.engine import all_games  # noqa: E402
from companion.header import GameHeader  # noqa: E402
from companion.inputs import Press, Touch  # noqa: E402
from companion.replay import replay  # noqa: E402
from companion.session import Session  # noqa: E402
from tests.golden_replays import ROOT, scripts  # noqa: E402

checked = {"messages": 0, "via json": 0}


def same(message) -> None:
    fast, reference = protocol.encode(message), protocol.json_line(message)
    checked["messages"] += 1
    checked["via json"] += fast == reference and protocol._may_differ(fast)
    if fast != reference:
        print("DIFFERENT\n", fast[:2000], "\n", reference[:2000])
        sys.exit(1)


def _watch_daemon() -> None:
    broadcast, state = hub.ClientHub.broadcast, publisher.StatePublisher.state

    def watched_broadcast(self, message):
        same(message)
        return broadcast(self, message)

    def watched_state(self, *args, **kwargs):
        message = state(self, *args, **kwargs)
        same(message)
        return message

    hub.ClientHub.broadcast, publisher.StatePublisher.state = watched_broadcast, watched_state


def golden_scripts() -> int:
    _watch_daemon()
    names = scripts()
    for name in names:
        loaded = script.load(ROOT / name)
        replay(loaded)
    return len(names)


def playouts(per_game: int) -> int:
    games = all_games()
    for game_id, spec in games.items():
        for seed in range(per_game):
            rng = random.Random(f"encode:{game_id}:{seed}")
            count = rng.randint(spec.min_players, spec.max_players)
            header = GameHeader.from_json({"game": game_id, "players": ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"][:count],
                                           "seed": seed, "options": {}})
            session = Session.start(header)
            recent: list[str] = []
            for _ in range(150):
                for lang in ("en", "it"):
                    same(protocol.state_message(session, recent, (), lang, rng.random() < .5))
                prompt = session.prompt
                if prompt.over:
                    break
                if rng.random() < .1:
                    session.handle(Touch("undo"))
                    continue
                choice = rng.choice(prompt.choices)
                reply = session.handle(Press(choice.button) if choice.button else Touch(choice.key))
                recent = (recent + list(reply.news))[-12:]
    return len(games) * per_game


def main() -> None:
    per_game = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    replayed = golden_scripts()
    played = playouts(per_game)
    print(f"{checked['messages']:,} messages byte-identical ({replayed} scripts replayed through the daemon, "
          f"{played} session playouts); {checked['via json']:,} took the json path")


if __name__ == "__main__":
    main()
