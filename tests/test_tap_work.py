"""The work on a tap's path, counted (issue 35 item 3: tap -> published within 3x the durable
append): the view is built once per tap, and Creepy Cellar's odds meter only for facts it has
not seen (budgets.py's tap run: a Ghost card tapped and undone, over and over)."""

from __future__ import annotations

import copy

from companion.client import Client
from companion.games.creepy_cellar import odds
from companion.header import GameHeader
from companion.inputs import Tap
from tests.collector import Collector

UID = "04B00000000001"


def test_a_tap_builds_one_view_and_a_tap_seen_before_no_odds(daemon, monkeypatch):
    header = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "options": {"ghost_deck": "physical"},
              "stack": {"movement_die": [2] * 8}, "tags": {UID: "creepy_cellar:ghost:room-E"}}
    estimates: list[object] = []

    class Counted(odds._Playout):  # one per estimate worked out
        def __init__(self, *args):
            estimates.append(args)
            super().__init__(*args)

    monkeypatch.setattr(odds, "_Playout", Counted)
    if hasattr(odds, "forget"):  # (none before the meter remembered its estimates)
        odds.forget()
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(header)))
    spec = daemon.session.spec
    views: list[object] = []
    counted = copy.copy(spec)  # the game, counting its views
    counted.view = lambda state: views.append(state) or spec.view(state)
    monkeypatch.setattr(daemon.session, "spec", counted)
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect() as client:
        client.choose("roll")
        views.clear()
        estimates.clear()
        for round_ in range(1, 6):
            daemon.submit(Tap(UID))
            daemon.drain()
            assert daemon.call(lambda: daemon.session.view()["rooms"]["E"]["ghosts"]) == 1
            assert client.request({"cmd": "undo"})["ok"]
            daemon.call(lambda: None)
            assert len(views) == 2 * round_  # the tap's state, the undo's: one view each
        collector.wait_for(lambda m: m.get("type") == "state" and m["view"]["rooms"]["E"]["ghosts"] == 0)
    assert len(estimates) == 1  # the tapped state's, once (was 10: one per view)
