"""The Ghost at Home board on the real table screen, in Italian (issue 12): a daemon whose
language is Italian plays a few turns; the client (``harness.py page --page table``) opens
the table, as "Continua la partita" on Home does, and saves a screenshot
(``tests/artifacts/ghost-at-home-it.png``)."""

from __future__ import annotations

import pngread
import pytest
from test_table_screen import ARTIFACTS, _share

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.header import GameHeader
from companion.store import EventStore

pytestmark = pytest.mark.ui

TURNS = [
    "room:first-floor", "room:first-floor", "room:second-floor", "done",   # Ada
    "room:first-floor", "room:room-wild-card", "done",                     # Bo
    "light:1", "pay:cat", "pay:ghost", "pay-done", "light-yes",            # Cy
    "cat", "cat-floor:1",                                                  # Ada
    "light:1", "pay:third-floor", "pay:first-floor", "pay-done", "light-yes",  # Bo
    "ghost", "target:Bo", "let-in",                                        # Cy: the ghost stays
]

LIT_FLOOR_RGB = (140, 115, 41)
CAT_RGB = (255, 153, 46)


def test_board_in_italian(harness, tmp_path):
    sock, out = tmp_path / "companion.sock", ARTIFACTS / "ghost-at-home-it.png"
    out.unlink(missing_ok=True)
    store = EventStore(":memory:")
    daemon = Daemon(store, sock, DaemonSettings(language="it"))
    try:
        with DaemonThread(daemon), Client(daemon.socket_path).connect() as client:
            daemon.call(lambda: daemon.start_game(GameHeader.from_json(
                {"game": "ghost_at_home", "players": ["Ada", "Bo", "Cy"], "seed": 1})))
            for key in TURNS:
                assert client.choose(key)["ok"], key
            client.request({"cmd": "state"})
            state = client.state
            ui = harness("page", sock, (800, 480), ARTIFACTS, args=("--page", "table", "--name", out.stem))
            report = ui.finish()
    finally:
        store.close()
    assert report["screen"] == "table" and report["screenshots"] == [str(out)]
    # The long Italian prompt and labels: every choice on screen, none clipped or too small.
    assert (report["small"], report["clipped"], report["out_of_sight"]) == ([], [], [])
    assert state["prompt"]["text"] == ("Ada: gioca carte stanza, un fantasma, un gatto o una carta speciale "
                                       "(toccala sul lettore), accendi una luce, oppure scarta e pesca")
    assert "Accendi la luce del secondo piano" in [c["label"] for c in state["prompt"]["choices"]]
    assert state["view"]["houses"]["Bo"]["1"] == {"rooms": ["first-floor", "room-wild-card"], "light": True,
                                                  "ghosts": 1, "cat": 0}
    assert pngread.size(out) == (800, 480)
    shot = pngread.read(out)
    assert _share(shot, LIT_FLOOR_RGB, step=2) > 0.002  # two lit floors
    assert _share(shot, CAT_RGB, step=2) > 0.0002  # Ada's cat
