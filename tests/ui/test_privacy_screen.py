"""The privacy screen (issues 6 and 11) in a real Kivy window under Xvfb, with real touches,
against a real daemon playing CLUE: IT: the table only says whose screen it is; the cover,
the kept Intrigue card, an accusation (kid, item, location, check) and the idle hide.
Screenshots ``tests/artifacts/<size>/privacy-*.png`` at 800×480 and 720×1280."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pngread
import pytest
from test_table_screen import ARTIFACTS

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.games.clue_it import components as ci
from companion.header import GameHeader
from companion.store import EventStore

pytestmark = pytest.mark.ui

PANELS = {"800x480": ((800, 480), 5.24), "720x1280": ((720, 1280), 8.26)}

SHOTS = ["privacy-table", "privacy-cover", "privacy-card", "privacy-accuse", "privacy-confirm",
         "privacy-who", "privacy-cover-it"]

HEADER = {"game": "clue_it", "players": ["Ada", "Bo"], "seed": 1,
          "options": {"intrigue_deck": "virtual", "envelope": "companion"},
          "stack": {"dice": ["6", "4", "?", "3", "4", "5"], "envelope": [1, 1, 1], "intrigue": ["keeper-4"]}}


@contextlib.contextmanager
def clue_at_the_kept_card(sock: Path, **options):
    """A daemon whose CLUE: IT game waits for Ada to see the Intrigue card she keeps;
    ``options``: the daemon's settings (``phones=``: :class:`DaemonSettings`)."""
    store = EventStore(":memory:")
    daemon = Daemon(store, sock, DaemonSettings(**options))
    try:
        with DaemonThread(daemon):
            daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
            keys = ["kid:kid-3", "kid:kid-4"] + [f"seal:{c}" for p in ci.PILES for c in ci.PILE_CARDS[p]]
            with Client(sock).connect() as client:
                for key in keys + ["dealt", "rolloff", "roll"]:
                    assert client.choose(key)["ok"], key
            yield daemon
    finally:
        store.close()


@pytest.mark.parametrize("panel", list(PANELS))
def test_privacy_screen_flow_with_real_touches(harness, tmp_path, panel):
    size, px_per_mm = PANELS[panel]
    sock = tmp_path / "companion.sock"
    with clue_at_the_kept_card(sock) as daemon:
        ui = harness("privacy", sock, size, ARTIFACTS / panel, px_per_mm=px_per_mm)
        ui.expect("ACCUSED", timeout=90)
        eliminated = daemon.call(lambda: daemon.session.state.eliminated)
        report = ui.finish(timeout=60)

    # The shared table: whose screen it is, never the card.
    assert "Ada: take the screen, others look away" in report["table_texts"]
    assert not [t for t in report["table_texts"] + report["cover_texts"] if "(to keep)" in t]
    assert "Only Ada looks — tap to show" in report["cover_texts"]
    # Behind the cover: the kept card, then back to the table.
    assert any("Intrigue card 4 (to keep)" in t for t in report["card_texts"])
    assert not [t for t in report["after_hide"]["texts"] if "(to keep)" in t]
    # The accusation: only the public "Start again" on the table; the picks reviewed privately.
    assert report["accuse_table_choices"] == ["accuse-restart"]
    assert report["accuse_take_shown"] is False  # the picks opened at once (issue 29: one "take the screen")
    assert any("Kid 5, Item 2, Location 9" in t for t in report["confirm_texts"])
    assert eliminated == (True, False)
    assert "Ada's accusation is wrong: Ada is out of the game." in report["after_check"]["news"]
    # Secret cards at any time, hidden again when idle.
    assert "Ada" in report["who"] and "Bo" not in report["who"]  # only Ada keeps a card
    assert any("Intrigue card 4 (to keep)" in t for t in report["secret_texts"])
    assert report["idle_hidden"] is True
    assert report["secret_button_it"] == "Carte segrete (guardi solo tu)"
    assert "Guarda solo Ada — tocca per mostrare" in report["cover_it"]
    names = [p.rsplit("/", 1)[-1] for p in report["screenshots"]]
    assert names == [f"{n}.png" for n in SHOTS]
    for shot in report["screenshots"]:
        assert pngread.size(shot) == size
    assert {k: v for k, v in report["small"].items() if v} == {}
    assert {k: v for k, v in report["clipped"].items() if v} == {}
